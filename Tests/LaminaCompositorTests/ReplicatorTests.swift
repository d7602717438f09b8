// CAReplicatorLayer (SCENE_FORMAT.md 9.7): instance k of each sublayer placed by R^k about the
// middle of the replicator's bounds, colored by instanceColor + k x offsets (clamped), alpha
// applied like opacity; a count of 0 draws none; preservesDepth decides flattening.
import LaminaCompositor
import QuartzCore
import Testing

@Suite struct ReplicatorTests {
    /// A replicator P (200 x 100, its frame's origin at (100, 150) on a flat stage) holding a
    /// 20 x 20 card A centred at (30, 50) in P.
    static func replicator(count: Int, step: CATransform3D, preservesDepth: Bool = false) -> (CALayer, CAReplicatorLayer) {
        let p = CAReplicatorLayer()
        p.name = "P"
        p.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        p.position = CGPoint(x: 200, y: 200)
        p.instanceCount = count
        p.instanceTransform = step
        p.preservesDepth = preservesDepth
        p.addSublayer(card("A", 20, 20, at: 30, 50, white))
        return (stage(eye: nil, [p]), p)
    }

    /// Where each A quad's rect centre lands on the canvas, in drawing order.
    static func centres(_ plan: RenderPlan) -> [SIMD2<Double>] {
        plan.output.quads.filter { $0.layerName == "A" }.map { q in
            q.matrix.project(SIMD2((q.rect.minX + q.rect.maxX) / 2, (q.rect.minY + q.rect.maxY) / 2))
        }
    }

    /// A translation step: instance k is moved k times by it.
    @Test func translationStepsEachInstance() throws {
        let (root, _) = Self.replicator(count: 4, step: tr(38, -6, 0))
        let got = Self.centres(compile(root))
        let want: [SIMD2<Double>] = (0..<4).map { (k: Int) -> SIMD2<Double> in
            let d = Double(k)
            return SIMD2(130 + 38 * d, 200 - 6 * d)
        }
        try #require(got.count == 4)
        for (g, w) in zip(got, want) { #expect(abs(g.x - w.x) < 1e-6 && abs(g.y - w.y) < 1e-6, "\(g) vs \(w)") }
    }

    /// A rotation step turns instance k by k x the angle about the middle of the bounds (100, 50).
    @Test func rotationTurnsAboutTheBoundsMiddle() throws {
        let (root, _) = Self.replicator(count: 4, step: rz(90))
        let got = Self.centres(compile(root))
        let r = rz(90)
        // A's centre relative to c: (-70, 0); row vectors: v' = v * M.
        var v = SIMD2<Double>(-70, 0)
        var want: [SIMD2<Double>] = []
        for _ in 0..<4 {
            want.append(SIMD2(100 + 100 + v.x, 150 + 50 + v.y))
            v = SIMD2(v.x * r.m11 + v.y * r.m21, v.x * r.m12 + v.y * r.m22)
        }
        try #require(got.count == 4)
        for (g, w) in zip(got, want) { #expect(abs(g.x - w.x) < 1e-6 && abs(g.y - w.y) < 1e-6, "\(g) vs \(w)") }
        // Instance 1 sits above or below the middle (a quarter turn), instance 2 opposite A.
        #expect(abs(got[2].x - 270) < 1e-6 && abs(got[2].y - 200) < 1e-6)
    }

    /// Instance colors: instanceColor + k x offsets, each clamped; alpha multiplies opacity;
    /// an instance whose alpha reaches 0 (and keeps falling) draws nothing.
    @Test func instanceColorsAndOffsets() throws {
        let (root, p) = Self.replicator(count: 4, step: tr(30, 0, 0))
        p.instanceColor = CGColor(red: 1, green: 0.5, blue: 0.8, alpha: 1)
        p.instanceRedOffset = -0.25
        p.instanceGreenOffset = 0.75
        p.instanceAlphaOffset = -0.5
        let quads = compile(root).output.quads.filter { $0.layerName == "A" }
        try #require(quads.count == 2)
        #expect(quads[0].tint == SIMD3(1, 0.5, 0.8))
        #expect(quads[0].opacity == 1)
        #expect(quads[1].tint == SIMD3(0.75, 1, 0.8))  // green 1.25 clamped to 1
        #expect(quads[1].opacity == 0.5)
        // Outside replicators nothing is tinted.
        #expect(compile(stage(eye: nil, [card("B", 10, 10, at: 50, 50)])).output.quads.allSatisfy { $0.tint == SIMD3(repeating: 1) })
    }

    /// instanceCount 0 draws none of the sublayers but still the replicator's own content.
    @Test func zeroInstancesDrawNoSublayers() {
        let (root, p) = Self.replicator(count: 0, step: tr(30, 0, 0))
        p.backgroundColor = gray
        #expect(compile(root).drawOrder == ["P"])
        p.instanceCount = -3
        #expect(compile(root).drawOrder == ["P"])
        p.instanceCount = 1
        #expect(compile(root).drawOrder == ["P", "A"])
    }

    /// Instances stepping away from the viewer (z -50 each) over one spot, red falling per instance.
    static func receding(preservesDepth: Bool) -> CALayer {
        let (root, p) = replicator(count: 3, step: tr(0, 0, -50), preservesDepth: preservesDepth)
        var persp = CATransform3DIdentity
        persp.m34 = -1.0 / 500
        root.sublayerTransform = persp
        p.backgroundColor = gray
        p.instanceRedOffset = -0.3
        return root
    }

    /// Both ways the instances are sorted by depth with each other (the farthest, instance 2,
    /// first). preservesDepth false: they are flattened into P's plane (z dropped, so all the
    /// same size) over P's background. true: they join the stage's perspective context (the
    /// farther, the smaller) and P's own content is ignored.
    @Test func preservesDepthBothWays() throws {
        func close(_ a: [Float], _ b: [Float]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-6 } }
        func areas(_ plan: RenderPlan) -> [Double] {
            plan.allQuads.filter { $0.layerName == "A" }.map { q in area(q.rect.corners.map { q.matrix.project($0) }) }
        }
        let flatPlan = compile(Self.receding(preservesDepth: false))
        let flatA = flatPlan.allQuads.filter { $0.layerName == "A" }.map(\.tint.x)
        #expect(close(flatA, [0.4, 0.7, 1]), "\(flatA)")
        #expect(flatPlan.allQuads.contains { $0.layerName == "P" })
        let flatAreas = areas(flatPlan)
        #expect(flatAreas.count == 3 && flatAreas.allSatisfy { abs($0 - flatAreas[0]) < 1e-6 * flatAreas[0] }, "\(flatAreas)")
        let deepPlan = compile(Self.receding(preservesDepth: true))
        let deepA = deepPlan.allQuads.filter { $0.layerName == "A" }.map(\.tint.x)
        #expect(close(deepA, [0.4, 0.7, 1]), "\(deepA)")
        #expect(!deepPlan.allQuads.contains { $0.layerName == "P" })
        #expect(deepPlan.targets.count == 1)
        let deepAreas = areas(deepPlan)
        #expect(deepAreas.count == 3 && deepAreas[0] < deepAreas[1] && deepAreas[1] < deepAreas[2], "\(deepAreas)")
    }

    /// instanceDelay: instance k's animations run k x 0.25 s behind. A's position.x goes
    /// 0 -> 100 over 1 s from time 0; at time 0.5 instance k shows it at 0.5 - 0.25k (instance
    /// 3, before the start, at the model value 0), each also stepped 30 right per instance.
    @Test func instanceDelayShiftsEachInstancesAnimations() throws {
        let (root, p) = Self.replicator(count: 4, step: tr(30, 0, 0))
        p.instanceDelay = 0.25
        let a = try #require(p.sublayers?.first)
        a.position = CGPoint(x: 0, y: 50)
        let anim = CABasicAnimation(keyPath: "position.x")
        anim.fromValue = 0.0
        anim.toValue = 100.0
        anim.duration = 1
        a.add(anim, forKey: "x", now: 0)
        let got = Self.centres(compile(root.presentationTree(at: 0.5)))
        let want: [Double] = [50, 25, 0, 0].enumerated().map { 100 + $0.element + 30 * Double($0.offset) }
        try #require(got.count == 4)
        for (g, w) in zip(got, want) { #expect(abs(g.x - w) < 1e-6 && abs(g.y - 200) < 1e-6, "\(g) vs \(w)") }
        // Without a delay every instance shows the same time.
        p.instanceDelay = 0
        let same = Self.centres(compile(root.presentationTree(at: 0.5))).map(\.x)
        #expect(same.enumerated().allSatisfy { abs($0.element - (150 + 30 * Double($0.offset))) < 1e-6 }, "\(same)")
        // The last instance runs until 1 + 3 x 0.25 s.
        p.instanceDelay = 0.25
        #expect(root.hasRunningAnimations(at: 1.7))
        #expect(!root.hasRunningAnimations(at: 1.8))
        // The model tree has no delayed copies.
        #expect(p.delayedInstanceSublayers == nil)
    }
}
