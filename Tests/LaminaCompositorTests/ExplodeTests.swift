// The exploded view as a plan: why each target was made is recorded when it is made, every
// target becomes one card (plus its outline and label), split pieces get outlines, the cards
// sit where the plan draws them, and amount 0 is the plan's own output and nothing else.
import LaminaCompositor
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
        // Seen from behind, the cards are drawn nearest-last all the same: the output first.
        let back = Self.compositor.explode(plan, options: ExplodeOptions(amount: 1, turn: CATransform3DMakeRotation(.pi, 0, 1, 0))).output
        let front = Self.compositor.explode(plan).output
        func firstCard(_ t: RenderTarget) -> Fill? { t.quads.first { $0.role == "plane" }?.fill }
        #expect(firstCard(front) == .target(index: plan.outputIndex, uv: Box(minX: 0, minY: 0, maxX: 1, maxY: 1)))
        #expect(firstCard(back) != firstCard(front))
    }
}
