// The exploded view: a plan transform that shows every render target of a plan (each plane a
// subtree was flattened into, and the output) as a card of its own, hanging in 3D.
//
// Each target's texels are placed in the output's 3D space unflattened (TargetPlacements in
// Explode+Placement.swift: texels -> the sampling quad's local rect -> its matrix before
// flattening -> the parent's placement), so a card lies in the plane where Core Animation's 3D
// puts the layer (the Conundrum's green face turned with the box, not the parallelogram it
// draws on the output). Each card is pulled off along its OWN plane's normal, towards the
// viewer, by `level * spacing` (the level is the depth in the target tree: the output 0, a
// plane drawn in it 1, ...; a mask or shadow blur sits half a level nearer the plane that
// draws it, behind the layer's own plane, which it would otherwise cover). The cards are no
// longer parallel, so they are drawn as the members of one 3D context: depth-ordered, and
// split where they cross, by the compositor's own orderContext (DepthOrder.swift). A
// perspective camera turns the stack; each card is drawn over a faint backing, outlined, with
// the split pieces of its quads outlined in another color; labels go on top, facing the viewer.
// Row vectors throughout: p' = p * M, pixel = (X/W, Y/W), y down, z towards the viewer.
import QuartzCore

/// Settings of an exploded view (see `Compositor.explode`).
public struct ExplodeOptions: Sendable {
    /// How far apart the planes are: 0 is the plan as drawn, 1 the full view (the spacing
    /// between depth levels is `amount * 0.5 * max(width, height) / deepest level`). Above 1
    /// the planes spread further; the camera's turn is eased in over 0...1.
    public var amount: Double
    /// The turn of the whole stack about the output's centre (an orthonormal rotation), or
    /// nil for `ExplodeOptions.defaultTurn(amount, facing:)` of the cards' normals, then `extraTurn`.
    public var turn: CATransform3D?
    /// With no `turn`: a further turn after the default one (the demo's trackball).
    public var extraTurn = CATransform3DIdentity
    /// The text size of the labels, in output pixels (kept within 4...200; not a number: 13).
    public var labelSize: Double = 13

    /// Options with an amount and a turn (nil: the default view).
    public init(amount: Double = 1, turn: CATransform3D? = nil) {
        self.amount = amount
        self.turn = turn
    }

    /// The default camera turn at `amount` (eased in over 0...1): 30 degrees about y, then 20
    /// about x, so the planes' offsets read as a stack seen from the side and above. Each turn
    /// goes the way (of the four) that shows the least face-on of `normals` (unit plane normals,
    /// z towards the viewer) most face-on, so a plane turned away from the screen is not seen
    /// edge-on; on ties, or with no normals: -30 and -20 degrees.
    public static func defaultTurn(_ amount: Double, facing normals: [SIMD3<Double>] = []) -> CATransform3D {
        func turn(_ s: (y: Double, x: Double), _ e: Double) -> CATransform3D {
            CATransform3DConcat(CATransform3DMakeRotation(s.y * 30 * e * .pi / 180, 0, 1, 0),
                                CATransform3DMakeRotation(s.x * 20 * e * .pi / 180, 1, 0, 0))
        }
        var best = (y: -1.0, x: -1.0), score = -Double.infinity
        for s in [(y: -1.0, x: -1.0), (1, -1), (-1, 1), (1, 1)] {
            let m = Mat4(turn(s, 1))
            // A normal is a direction (w = 0): its turned z is how face-on its card is seen.
            let worst = normals.map { $0.x * m.r0.z + $0.y * m.r1.z + $0.z * m.r2.z }.min() ?? 0
            if worst > score + 1e-9 { score = worst; best = s }
        }
        return turn(best, smoothstep(amount))
    }
}

/// 3t^2 - 2t^3 of t clamped to 0...1.
func smoothstep(_ t: Double) -> Double {
    let x = t.isFinite ? min(max(t, 0), 1) : 0
    return x * x * (3 - 2 * x)
}

extension Compositor {
    /// The exploded view of `plan`: its targets, then a new output of the same size where each
    /// of the plan's targets (the old output included) is a card in 3D (see the top of
    /// Explode.swift). Each card is drawn as a quad of role "plane" named after the target's
    /// caption, with its backing ("backing"), outline ("outline") and its split pieces'
    /// outlines ("split-outline"), all in pieces where the cards cross (they are depth-sorted
    /// and split as one 3D context); then, over all cards and facing the viewer, one label per
    /// card ("label" over a "label-back") above its topmost corner. Everything but the old
    /// output's image fades in over amounts 0...0.3, so at amount 0 only the old output is
    /// drawn, texel for pixel: the same image as the plan.
    public func explode(_ plan: RenderPlan, options o: ExplodeOptions = ExplodeOptions()) -> RenderPlan {
        guard let out = plan.targets.last else { return plan }
        let amount = o.amount.isFinite ? max(o.amount, 0) : 0
        let fade = Float(smoothstep(amount / 0.3))
        let layout = ExplodeLayout(plan, amount: amount, turn: o.turn, extraTurn: o.extraTurn)
        let w = Double(out.width), h = Double(out.height)

        let builder = PlanBuilder(options: options)
        builder.targets = plan.targets
        builder.images = plan.images
        builder.unflattened = plan.unflattened
        builder.targets[plan.outputIndex].label = out.label + " (as drawn)"
        let owner = ObjectIdentifier(builder)
        var items: [Item] = []

        // Every card is a member of one 3D context in the camera's space: its items (in the
        // card's texels) and the map into that space.
        var cards: [(items: [Item], m: Mat4, anchor: SIMD2<Double>?)] = []
        var polygons: [DrawPolygon] = []
        for c in layout.cards {
            let i = c.index, space = c.space, m = c.matrix
            let t = plan.targets[i]
            let box = Box(minX: 0, minY: 0, maxX: Double(t.width), maxY: Double(t.height))
            let isOutput = i == plan.outputIndex
            let name = t.kind.caption
            var quads: [DrawQuad] = []
            if !isOutput {
                quads.append(plain(name, "backing", box, fill: .color(PremultipliedColor(0.55, 0.75, 1, 1) * 0.12)))
            }
            var card = plain(name, "plane", box, fill: .target(index: i, uv: Box(minX: 0, minY: 0, maxX: 1, maxY: 1)))
            card.antialiasedEdges = amount > 0 ? .all : []
            quads.append(card)
            quads += outline(box.corners, name: name, role: "outline", color: PremultipliedColor(0.3, 0.8, 1, 1), place: m)
            for q in t.quads where q.isSplit {
                // The piece's visible part: its rect cut by its clips, in the target's texels.
                let poly = clip(q.rect.corners, q.clips).map { q.matrix.project($0) }
                quads += outline(poly, name: name, role: "split-outline", color: PremultipliedColor(1, 0.55, 0.1, 1), place: m)
            }
            var items: [Item] = []
            for var q in quads {
                // Everything but the output's own image fades in with the amount.
                if !(isOutput && q.role == "plane") { q.opacity *= fade }
                guard q.opacity > 0 else { continue }
                // Texels the plan draws behind the eye show nowhere: they stay clipped.
                let eye = q.matrix.concatenating(space).inFrontOfEye
                if !(eye.a == 0 && eye.b == 0 && eye.c > 0) { q.clips.append(eye) }
                items.append(Item(quad: q, owner: owner))
            }
            // The part in front of both eyes (the scene's and the camera's) is what gets sorted.
            let visible = clip(box.corners, [space.inFrontOfEye, m.inFrontOfEye])
            guard !items.isEmpty, let poly = DrawPolygon(member: cards.count, matrix: m, local: visible) else { continue }
            // The label hangs above the card's topmost visible corner, facing the viewer.
            let top = visible.map { m.project($0) }.min { $0.y != $1.y ? $0.y < $1.y : $0.x < $1.x }
            polygons.append(poly)
            cards.append((items, m, top))
        }
        var pieces = [Int](repeating: 0, count: cards.count)
        for p in polygons { pieces[p.member] += 1 }
        var anchors: [(String, SIMD2<Double>)] = [], labeled = Set<Int>()
        for fragment in orderContext(polygons, planeToTarget: .identity) {
            let card = cards[fragment.member]
            let split = !fragment.clips.isEmpty || pieces[fragment.member] > 1
            for item in card.items {
                var it = item
                // The fragment's half-planes are in the card's texels: pulled back into the item.
                for cut in fragment.clips { it.clips.append(it.matrix.pullBack(cut)) }
                // Flattened into the output; the z row is never read for a plane's points (cleared).
                it.matrix = it.matrix.concatenating(card.m).flattened
                it.matrix.r2 = .zero
                it.isSplit = split
                items.append(it)
            }
            // Labels in the order the cards are first drawn (the farthest claims its place first).
            if let a = card.anchor, labeled.insert(fragment.member).inserted, let name = card.items.first?.layerName { anchors.append((name, a)) }
        }
        // Labels last, over every card, in output pixels, each clear of the labels placed before it.
        var placed: [Box] = []
        for (name, anchor) in anchors {
            var quads = label(name, size: o.labelSize.isNaN ? 13 : min(max(o.labelSize, 4), 200), builder: builder)
            guard let pill = quads.first?.rect else { continue }
            var x = (anchor.x - pill.minX).rounded(), y = (anchor.y - 4 - pill.maxY).rounded()
            x = min(max(x, 2 - pill.minX), w - 2 - pill.maxX)
            y = min(max(y, 2 - pill.minY), h - 2 - pill.maxY)
            // The nearest free place below or above, within the image (else where it was).
            func free(_ y: Double) -> Bool {
                guard y + pill.minY >= 0, y + pill.maxY <= h else { return false }
                let here = pill.offsetBy(SIMD2(x, y))
                return !placed.contains { !intersection($0, here).isEmpty }
            }
            let step = pill.height + 2
            if !free(y), let k = (1...20).flatMap({ [Double($0), -Double($0)] }).first(where: { free(y + $0 * step) }) { y += k * step }
            placed.append(pill.offsetBy(SIMD2(x, y)))
            for k in quads.indices {
                quads[k].matrix = .translation(x, y)
                quads[k].opacity *= fade
                if quads[k].opacity > 0 { items.append(Item(quad: quads[k], owner: owner)) }
            }
        }
        let clear = plan.targets[plan.outputIndex].clearColor * (1 - fade) + PremultipliedColor(0.12, 0.13, 0.15, 1) * fade
        builder.addTarget(label: "exploded", width: out.width, height: out.height, clear: clear, items: items, planeToTarget: .identity)
        return RenderPlan(targets: builder.targets, images: builder.images, unflattened: builder.unflattened)
    }
}

/// The overlap of two boxes (empty when they do not meet).
private func intersection(_ a: Box, _ b: Box) -> Box {
    Box(minX: max(a.minX, b.minX), minY: max(a.minY, b.minY), maxX: min(a.maxX, b.maxX), maxY: min(a.maxY, b.maxY))
}
