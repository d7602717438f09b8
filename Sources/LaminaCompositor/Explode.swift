// The exploded view: a plan transform that shows every render target of a plan (each plane a
// subtree was flattened into, and the output) as a card of its own, hanging in 3D.
//
// Each target's texels are placed in the output by the chain of quads that sample it (a 2D
// projective map, the texel-to-local map of the sampling quad's uv, then its matrix, then
// its parent's placement). The explode lifts that map off the output plane along the
// output's normal by `level * spacing` (the level is the depth in the target tree: the output 0,
// a plane drawn in it 1, ...; a mask or shadow blur sits half a level nearer the plane that
// draws it, behind the layer's own plane, which it would otherwise cover). It turns the stack
// with a perspective camera and draws each card over a faint backing, outlined and labeled,
// with the split pieces of its quads outlined in another color.
// Row vectors throughout: p' = p * M, pixel = (X/W, Y/W), y down, z towards the viewer.
import QuartzCore

/// Settings of an exploded view (see `Compositor.explode`).
public struct ExplodeOptions: Sendable {
    /// How far apart the planes are: 0 is the plan as drawn, 1 the full view (the spacing
    /// between depth levels is `amount * 0.5 * max(width, height) / deepest level`). Above 1
    /// the planes spread further; the camera's turn is eased in over 0...1.
    public var amount: Double
    /// The turn of the whole stack about the output's centre (an orthonormal rotation), or
    /// nil for `ExplodeOptions.defaultTurn(amount)`.
    public var turn: CATransform3D?
    /// The text size of the labels, in output pixels (kept within 4...200; not a number: 13).
    public var labelSize: Double = 13

    /// Options with an amount and a turn (nil: the default view).
    public init(amount: Double = 1, turn: CATransform3D? = nil) {
        self.amount = amount
        self.turn = turn
    }

    /// The default camera turn at `amount` (eased in over 0...1): 30 degrees about y, then
    /// 20 about x, so the planes' offsets along z read as a stack seen from the side and above.
    public static func defaultTurn(_ amount: Double) -> CATransform3D {
        let e = smoothstep(amount)
        return CATransform3DConcat(CATransform3DMakeRotation(-30 * e * .pi / 180, 0, 1, 0),
                                   CATransform3DMakeRotation(-20 * e * .pi / 180, 1, 0, 0))
    }
}

/// 3t^2 - 2t^3 of t clamped to 0...1.
func smoothstep(_ t: Double) -> Double {
    let x = t.isFinite ? min(max(t, 0), 1) : 0
    return x * x * (3 - 2 * x)
}

/// Where each target of a plan shows in the output, and how deep it sits in the target tree.
public struct TargetPlacements: Sendable {
    /// Per target: its texels -> output pixels (flattened, row vectors), nil when nothing samples it.
    public let toOutput: [Mat4?]
    /// Per target: 0 for the output, 1 + the depth of the shallowest target that samples it.
    public let depth: [Int]

    /// The placements of `plan`'s targets.
    public init(_ plan: RenderPlan) {
        let n = plan.targets.count
        var place = [Mat4?](repeating: nil, count: n), depth = [Int](repeating: Int.max, count: n)
        guard n > 0 else { toOutput = []; self.depth = []; return }
        place[n - 1] = .identity
        depth[n - 1] = 0
        // Targets come in dependency order (sampled before sampling), so walking down from the
        // output reaches every target after all the targets that sample it.
        for i in stride(from: n - 1, through: 0, by: -1) {
            guard let parent = place[i] else { continue }
            let t = plan.targets[i]
            func reach(_ j: Int, _ m: Mat4) {
                guard j >= 0, j < i, depth[i] + 1 < depth[j] else { return }
                depth[j] = depth[i] + 1
                place[j] = m
            }
            for q in t.quads {
                var refs: [(Int, Box)] = []
                if case .target(let j, let uv) = q.fill { refs.append((j, uv)) }
                if let m = q.maskTexture { refs.append((m.index, m.uv)) }
                for (j, uv) in refs where j >= 0 && j < i {
                    let tj = plan.targets[j]
                    guard let a = Self.texelsToRect(width: tj.width, height: tj.height, uv: uv, rect: q.rect) else { continue }
                    reach(j, a.concatenating(q.matrix.flattened).concatenating(parent))
                }
            }
            // A blur's source is on the blur's texel grid.
            if let b = t.blur, let m = place[i] { reach(b.source, m) }
        }
        toOutput = place
        self.depth = depth.map { $0 == Int.max ? 0 : $0 }
    }

    /// The affine map from a target's texels to the local rect a quad stretches `uv` over.
    private static func texelsToRect(width: Int, height: Int, uv: Box, rect: Box) -> Mat4? {
        guard uv.width > 0, uv.height > 0, width > 0, height > 0 else { return nil }
        let sx = rect.width / (uv.width * Double(width)), sy = rect.height / (uv.height * Double(height))
        let m = Mat4.scale(sx, sy).concatenating(.translation(rect.minX - uv.minX * rect.width / uv.width,
                                                              rect.minY - uv.minY * rect.height / uv.height))
        return m.fields.allSatisfy(\.isFinite) ? m : nil
    }
}

extension Mat4 {
    /// The flattened plane map lifted off the output plane to height z: (X, Y, z*W, W).
    func lifted(_ z: Double) -> Mat4 {
        var m = flattened
        m.r0.z = z * m.r0.w; m.r1.z = z * m.r1.w; m.r3.z = z * m.r3.w
        return m
    }
}

extension Compositor {
    /// The exploded view of `plan`: its targets, then a new output of the same size where each
    /// of the plan's targets (the old output included) is a card in 3D (see the top of
    /// Explode.swift). Each card is drawn as a quad of role "plane" named after the target's
    /// caption, with its backing ("backing"), outline ("outline") and its split pieces'
    /// outlines ("split-outline"); then, over all cards and facing the viewer, one label per
    /// card ("label" over a "label-back") above its topmost corner. Everything but the old
    /// output's image fades in over amounts 0...0.3, so at amount 0 only the old output is
    /// drawn, texel for pixel: the same image as the plan.
    public func explode(_ plan: RenderPlan, options o: ExplodeOptions = ExplodeOptions()) -> RenderPlan {
        guard let out = plan.targets.last else { return plan }
        let amount = o.amount.isFinite ? max(o.amount, 0) : 0
        let fade = Float(smoothstep(amount / 0.3))
        let places = TargetPlacements(plan)
        let w = Double(out.width), h = Double(out.height), side = max(w, h)
        let deepest = max(1, places.depth.max() ?? 1)
        let spacing = amount * 0.5 * side / Double(deepest)
        let level = plan.targets.indices.map { i -> Double in
            switch plan.targets[i].kind {
            case .mask, .shadow: return Double(places.depth[i]) - 0.5
            default: return Double(places.depth[i])
            }
        }
        let zMid = spacing * Double(deepest) / 2
        // The camera: the stack's middle at the origin, turned, shrunk to leave room for
        // the turned stack, seen from 3 * side away, put back at the output's centre.
        let turn = Mat4(o.turn ?? ExplodeOptions.defaultTurn(amount))
        let shrink = 1 - 0.3 * smoothstep(amount)
        let eye = 3 * side
        var persp = Mat4.identity
        persp.r2.w = -1 / eye
        let view = Mat4.translation(-w / 2, -h / 2, -zMid).concatenating(turn).concatenating(.scale(shrink, shrink, shrink))
        let camera = view.concatenating(persp).concatenating(.translation(w / 2, h / 2))

        let builder = PlanBuilder(options: options)
        builder.targets = plan.targets
        builder.images = plan.images
        builder.targets[plan.outputIndex].label = out.label + " (as drawn)"
        let owner = ObjectIdentifier(builder)
        var items: [Item] = []
        var anchors: [(String, SIMD2<Double>)] = []

        // Painter's order: the planes are parallel, so the one farthest from the eye along
        // their common normal goes first (ties: the plan's order).
        let normal = SIMD3(view.r2.x, view.r2.y, view.r2.z)
        let unit = normal / max((normal * normal).sum().squareRoot(), 1e-300)
        func distance(_ z: Double) -> Double {
            let c = SIMD4(w / 2, h / 2, z, 1)
            let p = c.x * view.r0 + c.y * view.r1 + c.z * view.r2 + c.w * view.r3
            return abs(((SIMD3(0, 0, eye) - SIMD3(p.x, p.y, p.z)) * unit).sum())
        }
        let shown = plan.targets.indices.filter { places.toOutput[$0] != nil }
        let order = shown.sorted { a, b in
            let da = distance(level[a] * spacing), db = distance(level[b] * spacing)
            return da != db ? da > db : a < b
        }
        for i in order {
            guard let place = places.toOutput[i] else { continue }
            let t = plan.targets[i]
            let z = level[i] * spacing
            let m = place.lifted(z).concatenating(camera)
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
            quads += outline(box.corners, name: name, role: "outline", color: PremultipliedColor(0.3, 0.8, 1, 1), place: place)
            for q in t.quads where q.isSplit {
                // The piece's visible part: its rect cut by its clips, in the target's texels.
                let poly = clip(q.rect.corners, q.clips).map { q.matrix.project($0) }
                quads += outline(poly, name: name, role: "split-outline", color: PremultipliedColor(1, 0.55, 0.1, 1), place: place)
            }
            // The label hangs above the card's topmost visible corner, facing the viewer.
            let visible = clip(box.corners, [place.inFrontOfEye, m.inFrontOfEye]).map { m.project($0) }
            if let top = visible.min(by: { $0.y != $1.y ? $0.y < $1.y : $0.x < $1.x }) { anchors.append((name, top)) }
            for var q in quads {
                // Everything but the output's own image fades in with the amount.
                if !(isOutput && q.role == "plane") { q.opacity *= fade }
                guard q.opacity > 0 else { continue }
                // Texels the plan draws behind the eye show nowhere: they stay clipped.
                let eye = q.matrix.concatenating(place).inFrontOfEye
                if !(eye.a == 0 && eye.b == 0 && eye.c > 0) { q.clips.append(eye) }
                q.matrix = q.matrix.concatenating(m).flattened
                items.append(Item(quad: q, owner: owner))
            }
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
        return RenderPlan(targets: builder.targets, images: builder.images)
    }

    /// A quad over `rect` in a card's texels (identity matrix), with no border, lighting or clips.
    private func plain(_ name: String, _ role: String, _ rect: Box, _ m: Mat4 = .identity, fill: Fill) -> DrawQuad {
        DrawQuad(layerName: name, role: role, matrix: m, rect: rect, cornerRadius: 0, antialiasedEdges: .all, fill: fill,
                 borderWidth: 0, borderColor: .zero, mask: nil, opacity: 1, lighting: [], clips: [], cover: [], isSplit: false)
    }

    /// A polygon's outline in a card's texels: a thin quad along each edge, about 1.5 output
    /// pixels wide across the edge as the card is placed in the output.
    private func outline(_ poly: [SIMD2<Double>], name: String, role: String, color: PremultipliedColor, place: Mat4) -> [DrawQuad] {
        guard poly.count >= 3, poly.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return [] }
        var lines: [DrawQuad] = []
        for k in poly.indices {
            let a = poly[k], b = poly[(k + 1) % poly.count]
            let d = b - a, len = (d * d).sum().squareRoot()
            guard len > 1e-9 else { continue }
            let u = d / len, v = SIMD2(-u.y, u.x)
            // Output pixels per texel across the edge, at its middle.
            let j = place.jacobian((a + b) / 2)
            let across = j.dx * v.x + j.dy * v.y
            let perPixel = (across * across).sum().squareRoot()
            let width = perPixel.isFinite && perPixel > 1e-9 ? min(1.5 / perPixel, len) : 1.5
            // The edge's own frame: x along it, y across it (inwards for a clockwise polygon), origin at a.
            let frame = Mat4(SIMD4(u.x, u.y, 0, 0), SIMD4(v.x, v.y, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(a.x, a.y, 0, 1))
            lines.append(plain(name, role, Box(minX: 0, minY: -width / 2, maxX: len, maxY: width / 2), frame, fill: .color(color)))
        }
        return lines
    }

    /// A label: the caption's text (through `options.textImage`, as a CATextLayer draws, at one
    /// pixel per point) over a dark pill whose top-left is the origin, in output pixels.
    private func label(_ text: String, size: Double, builder: PlanBuilder) -> [DrawQuad] {
        // The text's width is not known before it is drawn: an estimate sizes the pill.
        let pad = (size * 0.35).rounded(.up)
        let wPt = (Double(text.count) * size * 0.75 + size).rounded(.up), hPt = (size * 1.25).rounded(.up)
        let layer = CATextLayer()
        layer.string = text
        layer.fontSize = CGFloat(size)
        layer.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        layer.bounds = CGRect(x: 0, y: 0, width: wPt, height: hPt)
        guard let image = options.textImage?(layer, 1) else {
            CompositorNotes.once(CompositorNotes.noTextSource, "text layers draw nothing: CompositorOptions.textImage is nil (LayerRenderer, or LaminaText's TextRasterizer, provides one)")
            return []
        }
        // The pill fits the text as drawn (drawn into a generous width: its last inked column).
        let inked = Double(inkedWidth(image))
        guard inked > 0 else { return [] }
        let textRect = Box(minX: pad, minY: pad / 2, maxX: pad + inked, maxY: pad / 2 + hPt)
        var back = plain(text, "label-back", Box(minX: 0, minY: 0, maxX: inked + 2 * pad, maxY: hPt + pad), fill: .color(PremultipliedColor(0, 0, 0, 0.75)))
        back.cornerRadius = 4
        let uv = Box(minX: 0, minY: 0, maxX: inked / Double(image.width), maxY: hPt / Double(image.height))
        var q = plain(text, "label", textRect, fill: .image(index: builder.index(of: image), uv: uv))
        q.sampleClamp = Box(minX: 0, minY: 0, maxX: 1, maxY: 1)
        q.antialiasedEdges = []
        return [back, q]
    }
}

/// One past the last column of an image with any alpha (0: none).
private func inkedWidth(_ image: CGImage) -> Int {
    let px = image.premultipliedRGBA, w = image.width
    var last = 0
    for y in 0..<image.height {
        var x = w - 1
        while x >= last, px[4 * (y * w + x) + 3] == 0 { x -= 1 }
        if x + 1 > last { last = x + 1 }
    }
    return last
}

/// The overlap of two boxes (empty when they do not meet).
private func intersection(_ a: Box, _ b: Box) -> Box {
    Box(minX: max(a.minX, b.minX), minY: max(a.minY, b.minY), maxX: min(a.maxX, b.maxX), maxY: min(a.maxY, b.maxY))
}
