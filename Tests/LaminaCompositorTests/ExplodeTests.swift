// The exploded view as a plan: why each target was made is recorded when it is made, every
// target becomes one card (plus its outline and label), split pieces get outlines, the cards
// sit in the planes where the plan's 3D puts them, each pulled off along its own normal, and
// amount 0 is the plan's own output and nothing else.
@testable import LaminaCompositor
import LaminaScene
import QuartzCore
import Testing

@Suite struct ExplodeTests {
    /// One layer per reason, side by side under a perspective stage: group opacity, masksToBounds,
    /// a mask, a shadow, and 3D sublayers of an ordinary layer turned in perspective.
    static func everyReason() -> CALayer {
        func host(_ name: String, x: Double, transform: CATransform3D = CATransform3DIdentity) -> CALayer {
            let h = card(name, 70, 70, at: x, 200, blue, transform: transform)
            h.addSublayer(card(name + "-child", 40, 40, at: 35, 35, red, transform: ry(40)))
            return h
        }
        let group = host("group", x: 50)
        group.opacity = 0.5
        let clipped = host("clipped", x: 125)
        clipped.masksToBounds = true
        let masked = host("masked", x: 200)
        masked.mask = card("maskShape", 50, 50, at: 35, 35, white)
        let shadowed = host("shadowed", x: 275)
        shadowed.shadowOpacity = 0.5
        shadowed.shadowRadius = 3
        let turned = host("turned", x: 350, transform: ry(30))
        return stage(eye: 500, [group, clipped, masked, shadowed, turned])
    }

    @Test func targetsRecordWhyTheyWereMade() throws {
        let plan = compile(Self.everyReason())
        func reasons(_ name: String) -> FlattenReasons? {
            for t in plan.targets { if case .plane(name, let r) = t.kind { return r } }
            return nil
        }
        #expect(reasons("group") == .groupOpacity)
        #expect(reasons("clipped") == .masksToBounds)
        #expect(reasons("masked") == .mask)
        #expect(reasons("shadowed") == .shadow)
        #expect(reasons("turned") == .sublayers)
        #expect(plan.targets.contains { $0.kind == .mask(layer: "masked") })
        #expect(plan.targets.contains { $0.kind == .shadow(layer: "shadowed") })
        #expect(plan.output.kind == .output)
        #expect(FlattenReasons([.groupOpacity, .mask]).description == "group opacity, mask")
        #expect(TargetKind.plane(layer: "turned", reasons: .sublayers).caption == "turned: sublayers of an ordinary layer")
        // Forced targets say so when nothing else made them.
        let forced = compile(stage(eye: nil, [Self.host2d()]), forceTargets: true)
        #expect(forced.targets.contains { $0.kind == .plane(layer: "flat", reasons: .forced) })
    }

    static func host2d() -> CALayer {
        let h = card("flat", 100, 100, at: 200, 200, blue)
        h.addSublayer(card("inside", 40, 40, at: 50, 50, red))
        return h
    }

    static var compositor: Compositor { Compositor(options: options(forceTargets: false)) }

    @Test(arguments: ["conundrum-box-closed-green-flattened", "transforms-5.8-nested-y-flattened", "transforms-5.20-cube-face-on"])
    func oneCardPerTargetWithOutlinesAndLabels(name: String) throws {
        let scene = try loadScene(name)
        let plan = LaminaTestSupport.plan(scene)
        let exploded = Self.compositor.explode(plan)
        // The plan's targets come first, unchanged but for the old output's label; one new output.
        try #require(exploded.targets.count == plan.targets.count + 1)
        for i in plan.targets.indices { #expect(exploded.targets[i].quads == plan.targets[i].quads) }
        let out = exploded.output
        #expect(out.width == plan.output.width && out.height == plan.output.height)
        let cards = out.quads.filter { $0.role == "plane" }
        #expect(cards.count == plan.targets.count, "offscreen targets + 1 (the output)")
        let sampled = cards.compactMap { q -> Int? in if case .target(let i, _) = q.fill { return i }; return nil }
        #expect(Set(sampled) == Set(plan.targets.indices))
        // Every card is outlined (four edges at least) and labeled with its caption.
        for t in plan.targets {
            #expect(out.quads.filter { $0.role == "outline" && $0.layerName == t.kind.caption }.count >= 4, "\(t.label)")
            #expect(out.quads.contains { $0.role == "label" && $0.layerName == t.kind.caption }, "\(t.label)")
        }
        // Labels are drawn last, over every card.
        let lastCard = try #require(out.quads.lastIndex { $0.role == "plane" })
        #expect(out.quads[(lastCard + 1)...].contains { $0.role == "label" })
        // Split pieces get outlines of their own.
        let splits = plan.targets.flatMap(\.quads).filter(\.isSplit).count
        #expect(out.quads.contains { $0.role == "split-outline" } == (splits > 0))
        if name == "conundrum-box-closed-green-flattened" {
            #expect(out.quads.contains { $0.role == "label" && $0.layerName == "green: sublayers of an ordinary layer" })
        }
    }

    /// Split pieces get outlines of their own: two cards crossing through each other.
    @Test func splitPiecesAreOutlined() {
        let plan = compile(stage(eye: 500, [card("a", 120, 80, at: 200, 200, red, transform: ry(40)),
                                            card("b", 120, 80, at: 200, 200, blue, transform: ry(-40))]))
        #expect(plan.splitCount > 0)
        #expect(Self.compositor.explode(plan).output.quads.contains { $0.role == "split-outline" })
    }

    /// A target's placement maps its texels where the quad that samples it draws them.
    @Test func placementsFollowTheSamplingQuads() throws {
        let plan = LaminaTestSupport.plan(try loadScene("transforms-5.8-nested-y-flattened"))
        let places = TargetPlacements(plan)
        #expect(places.depth.last == 0)
        #expect(places.toOutput.last! == Mat4.identity)
        var checked = 0
        for q in plan.output.quads {
            guard case .target(let i, let uv) = q.fill else { continue }
            let t = plan.targets[i]
            let place = try #require(places.toOutput[i])
            #expect(places.depth[i] == 1)
            // The corners of the uv box in texels, and of the quad's rect in its local space.
            let texels = [SIMD2(uv.minX, uv.minY), SIMD2(uv.maxX, uv.maxY)].map { SIMD2($0.x * Double(t.width), $0.y * Double(t.height)) }
            let local = [SIMD2(q.rect.minX, q.rect.minY), SIMD2(q.rect.maxX, q.rect.maxY)]
            for (a, b) in zip(texels, local) {
                let d = place.project(a) - q.matrix.project(b)
                #expect((d * d).sum().squareRoot() < 1e-6)
            }
            checked += 1
        }
        #expect(checked > 0)
    }

    /// Every quad that samples a target keeps its map before flattening, which draws its rect
    /// where the quad does (these scenes' outer maps keep z out of x and y), re-expressed or not.
    @Test func unflattenedMapsDrawWhereTheQuadsDo() throws {
        var plans = try ["conundrum-box-closed-green-flattened", "transforms-5.8-nested-y-flattened"].map { LaminaTestSupport.plan(try loadScene($0)) }
        plans.append(compile(Self.everyReason()))
        var checked = 0, turned = 0, sampling = 0
        for plan in plans {
            for q in plan.targets.flatMap(\.quads) {
                if case .target = q.fill { sampling += 1 }
            }
            for q in plan.targets.flatMap(\.quads) where q.unflattenedIndex != nil {
                let m = try #require(plan.unflattenedMap(of: q))
                for c in q.rect.corners where q.matrix.map(c).w > 0 {
                    let d = m.project(c) - q.matrix.project(c)
                    #expect((d * d).sum().squareRoot() < 1e-6 * max(1, abs(q.matrix.project(c).x)), "\(q.layerName) \(c)")
                }
                if abs(m.r0.z) + abs(m.r1.z) > 1e-6 { turned += 1 }
                checked += 1
            }
        }
        // Every quad that samples a target has one (however many pieces depth sorting made).
        #expect(checked == sampling && checked >= 3 && turned >= 2, "\(checked) of \(sampling) quads, \(turned) turned")
    }

    /// A turned plane keeps its turn: the Conundrum's green face (flattened because it holds
    /// the lid) sits in 3D where the box's transform puts it, projects where the plan draws it,
    /// and its card is pulled off along its own normal, not the output's z.
    @Test func cardsLiftAlongTheirOwnNormals() throws {
        let plan = LaminaTestSupport.plan(try loadScene("conundrum-box-closed-green-flattened"))
        let places = TargetPlacements(plan)
        let gi = try #require(plan.targets.firstIndex { $0.kind == .plane(layer: "green", reasons: .sublayers) })
        let t = plan.targets[gi]
        let space = try #require(places.inSpace[gi]), flat = try #require(places.toOutput[gi])
        let n = try #require(places.normal(gi))
        // A plane turned well away from the screen, its normal on the viewer's side.
        #expect(n.z >= 0 && n.z < 0.9, "\(n)")
        #expect(places.normal(plan.outputIndex) == SIMD3(0, 0, 1))
        let corners = Box(minX: 0, minY: 0, maxX: Double(t.width), maxY: Double(t.height)).corners
        func point(_ m: Mat4, _ p: SIMD2<Double>) -> SIMD3<Double> { let h = m.map(p); return SIMD3(h.x, h.y, h.z) / h.w }
        let p0 = point(space, corners[0])
        var depths: [Double] = []
        for c in corners {
            // Unflattened, the plane projects where the plan draws it...
            let d = space.project(c) - flat.project(c)
            #expect((d * d).sum().squareRoot() < 1e-6, "\(c)")
            // ...and the normal is the plane's own.
            #expect(abs(((point(space, c) - p0) * n).sum()) < 1e-6, "\(c)")
            depths.append(point(space, c).z)
        }
        // Not flat on the output: its corners lie at depths tens of pixels apart.
        #expect(depths.max()! - depths.min()! > 30, "\(depths)")
        // The card: pulled off by one level (half the output's larger side at amount 1)
        // along n, then through the camera; the exploded plan draws it there.
        let layout = ExplodeLayout(plan, amount: 1, turn: nil, extraTurn: CATransform3DIdentity)
        let card = try #require(layout.cards.first { $0.index == gi })
        #expect(card.lift == 250)
        let probe = SIMD2(Double(t.width) * 0.4, Double(t.height) / 2)
        func shown(_ p: SIMD3<Double>) -> SIMD2<Double> { layout.camera.project3(p) }
        let lifted = shown(point(space, probe) + card.lift * n)
        let quad = try #require(Self.compositor.explode(plan).output.quads.first { $0.role == "plane" && $0.layerName == t.kind.caption })
        let d = quad.matrix.project(probe) - lifted
        #expect((d * d).sum().squareRoot() < 1e-6, "\(quad.matrix.project(probe)) vs \(lifted)")
        // Lifted along the output's z instead (the flattened card), it would show elsewhere.
        let alongZ = shown(point(flat, probe) + SIMD3(0, 0, card.lift)) - lifted
        #expect((alongZ * alongZ).sum().squareRoot() > 40, "\(alongZ)")
    }

    /// A target inside a target keeps both turns: a group turned 40 degrees about y inside a
    /// group turned 30 (no perspective, so post-divide space is plain 3D and angles are exact)
    /// hangs at 70 degrees to the output, though the plan flattens it into its host's plane.
    @Test func nestedPlacementsComposeTheirTurns() throws {
        let host = card("host", 160, 160, at: 200, 200, blue, transform: ry(30))
        host.opacity = 0.5
        let inner = card("inner", 80, 80, at: 80, 80, white, transform: ry(40))
        inner.opacity = 0.5
        inner.addSublayer(card("dot", 20, 20, at: 40, 40, red))
        host.addSublayer(inner)
        let plan = compile(stage(eye: nil, [host]))
        let places = TargetPlacements(plan)
        func index(_ name: String) throws -> Int { try #require(plan.targets.firstIndex { $0.kind == .plane(layer: name, reasons: .groupOpacity) }) }
        let hi = try index("host"), ii = try index("inner")
        #expect(places.depth[hi] == 1 && places.depth[ii] == 2)
        func degrees(_ i: Int) throws -> Double { acos(min(1, try #require(places.normal(i)).z)) * 180 / .pi }
        let dh = try degrees(hi), di = try degrees(ii)
        #expect(abs(dh - 30) < 1, "\(dh)")
        #expect(abs(di - 70) < 1, "\(di)")
        // Flattened, the inner plane shows at 70 degrees' foreshortening along x (cos 70), not cos 30 * cos 40.
        let space = try #require(places.inSpace[ii]), flat = try #require(places.toOutput[ii])
        let t = plan.targets[ii]
        func width(_ m: Mat4) -> Double { m.project(SIMD2(Double(t.width), 0)).x - m.project(SIMD2(0, 0)).x }
        let w = width(space), wFlat = width(flat)
        #expect(abs(w / wFlat - cos(70 * Double.pi / 180) / (cos(30 * Double.pi / 180) * cos(40 * Double.pi / 180))) < 0.02, "\(w) vs \(wFlat)")
    }

    @Test func amountZeroIsTheOutputAlone() throws {
        let plan = LaminaTestSupport.plan(try loadScene("conundrum-box-closed-green-flattened"))
        for amount in [0.0, -1, .nan, -.infinity] {
            let out = Self.compositor.explode(plan, options: ExplodeOptions(amount: amount)).output
            try #require(out.quads.count == 1, "amount \(amount)")
            let q = out.quads[0]
            #expect(q.fill == .target(index: plan.outputIndex, uv: Box(minX: 0, minY: 0, maxX: 1, maxY: 1)))
            // The identity, flattened (the z column cleared).
            #expect(q.matrix == Mat4(SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 0, 0), SIMD4(0, 0, 0, 1)) && q.opacity == 1 && q.antialiasedEdges == [], "\(q.matrix)")
            #expect(out.clearColor == plan.output.clearColor)
        }
    }

    /// Large or infinite amounts (infinite: 0) and turns seen from behind or edge-on give finite quads.
    @Test func oddSettingsStayDrawable() throws {
        let plan = compile(Self.everyReason())
        for (amount, turn) in [(100.0, nil), (1, CATransform3DMakeRotation(.pi, 0, 1, 0)), (1, CATransform3DMakeRotation(.pi / 2, 1, 0, 0)),
                               (.infinity, nil)] as [(Double, CATransform3D?)] {
            let out = Self.compositor.explode(plan, options: ExplodeOptions(amount: amount, turn: turn)).output
            for q in out.quads { #expect(q.matrix.fields.allSatisfy(\.isFinite) && q.cover.allSatisfy { $0.x.isFinite && $0.y.isFinite }) }
        }
        // Label sizes out of range are kept within 4...200 pixels (no huge text images).
        for size in [-5.0, 0, .nan, 1e9, .infinity] {
            var o = ExplodeOptions()
            o.labelSize = size
            let labels = Self.compositor.explode(plan, options: o).output.quads.filter { $0.role == "label-back" }
            #expect(!labels.isEmpty)
            for q in labels { #expect(q.rect.height >= 4 && q.rect.height <= 400, "size \(size): \(q.rect)") }
        }
        // Seen from behind, the cards are drawn nearest-last all the same: the output, at the
        // back of the stack, before the turned plane it overlaps from the front, after it from behind.
        let back = Self.compositor.explode(plan, options: ExplodeOptions(amount: 1, turn: CATransform3DMakeRotation(.pi, 0, 1, 0))).output
        let front = Self.compositor.explode(plan).output
        func first(_ t: RenderTarget, _ name: String) throws -> Int { try #require(t.quads.firstIndex { $0.role == "plane" && $0.layerName == name }) }
        let turned = "turned: sublayers of an ordinary layer"
        #expect(try first(front, "output") < first(front, turned))
        #expect(try first(back, "output") > first(back, turned))
    }
}

extension Mat4 {
    /// The pixel where a 3D point (X, Y, Z, 1) lands: (X', Y') / W'.
    func project3(_ p: SIMD3<Double>) -> SIMD2<Double> {
        let h = p.x * r0 + p.y * r1 + p.z * r2 + r3
        return SIMD2(h.x / h.w, h.y / h.w)
    }
}
