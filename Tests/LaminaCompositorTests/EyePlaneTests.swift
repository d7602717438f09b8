// Geometry at or behind the eye plane, tiny w, singular and edge-on matrices: clipped, never
// wrapped, never a crash or a non-finite coordinate in the plan.
import LaminaCompositor
import QuartzCore
import Testing

/// Every projected coordinate a renderer will use is finite.
func expectFinite(_ plan: RenderPlan, sourceLocation: SourceLocation = #_sourceLocation) {
    for t in plan.targets {
        for q in t.quads {
            let pts = q.cover.map { q.matrix.project($0) }
            #expect(pts.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "\(q.layerName): \(pts)", sourceLocation: sourceLocation)
            #expect(q.matrix.fields.allSatisfy { $0.isFinite }, sourceLocation: sourceLocation)
        }
    }
}

@Suite struct EyePlaneTests {
    /// The stage's eye is at z = 500 (m34 = -1/500): w = 1 - z/500. A 400 x 6000 layer turned
    /// 80 degrees about x has z = y sin(80): its part with y > 500 / sin(80) = 507.7 is behind
    /// the eye. Its front part spans screen y from its far edge (y = -3000: w = 6.91, screen
    /// y = 200 - 3000 cos(80) / 6.91 = 124.6) down past the canvas; the horizon (the image of
    /// y -> infinity) is at 200 - 500 cot(80) = 111.8. Wrapped, the part behind the eye would
    /// cover screen y < 94 (y = 3000: w = -4.91, 200 + 521 / -4.91 = 93.9).
    static func leaningLayer() -> CALayer {
        card("lean", 400, 6000, at: 200, 200, red, transform: rx(80))
    }

    @Test func CrossingEyePlaneIsClipped() {
        let plan = compile(stage(eye: 500, [Self.leaningLayer()]))
        expectFinite(plan)
        let quads = plan.output.quads.filter { $0.layerName == "lean" }
        #expect(quads.count == 1)
        // Nothing drawn can reach above the layer's far edge at y = 124.6 (all w > 0, so the
        // cover's projection is exact); something reaches the canvas bottom.
        for q in quads {
            let ys = q.cover.map { q.matrix.map($0) }
            #expect(ys.allSatisfy { $0.w > 0 })
            let pix = q.cover.map { q.matrix.project($0) }
            #expect(pix.map(\.y).min()! > 122, "\(pix)")
            #expect(pix.map(\.y).max()! >= 400)
        }
    }

    /// The leaning layer split by a wall standing through it (300 x 600, turned 60 degrees
    /// about y: z within +-130): the split happens after the eye-plane clip, every piece
    /// keeps w > 0 and finite coordinates, and the leaning layer's pieces still stay below
    /// its far edge (y > 122).
    @Test func CrossingEyePlaneAndSplit() {
        let plan = compile(stage(eye: 500, [Self.leaningLayer(), card("wall", 300, 600, at: 200, 200, blue, transform: ry(60))]))
        expectFinite(plan)
        #expect(plan.splitCount > 0)
        #expect(Set(plan.drawOrder) == ["lean", "wall"])
        for q in plan.output.quads {
            #expect(q.cover.allSatisfy { q.matrix.map($0).w > 0 })
            if q.layerName == "lean" { #expect(visiblePixels(q).allSatisfy { $0.y > 122 }, "\(visiblePixels(q))") }
        }
    }

    /// A layer wholly behind the eye (z = 600, w = -0.2) draws nothing; its wrapped image
    /// would cover the whole canvas, mirrored.
    @Test(arguments: [600.0, 500.0, 5000.0])
    func WhollyBehindEye(z: Double) {
        let behind = card("behind", 400, 400, at: 200, 200, red)
        behind.zPosition = z
        let plan = compile(stage(eye: 500, [card("ground", 100, 100, at: 200, 200, blue), behind]))
        #expect(plan.drawOrder == ["ground"])
        expectFinite(plan)
    }

    /// w tiny but positive: z = 499.95, w = 1e-4 (above Skia's 1/16384). The 400x400 layer
    /// projects 10^4 times enlarged: it covers the whole canvas, with finite coordinates.
    @Test func TinyPositiveW() {
        let near = card("near", 400, 400, at: 200, 200, red)
        near.zPosition = 500 * (1 - 1e-4)
        let plan = compile(stage(eye: 500, [near]))
        expectFinite(plan)
        let q = plan.output.quads.filter { $0.layerName == "near" }
        #expect(q.count == 1)
        if let q = q.first {
            // The visible part is the viewport (grown by a pixel): the whole canvas.
            let b = visiblePixels(q)
            #expect(b.map(\.x).min()! <= 0 && b.map(\.x).max()! >= 400 && b.map(\.y).min()! <= 0 && b.map(\.y).max()! >= 400, "\(b)")
        }
    }

    /// Between w = 0 and Skia's epsilon nothing is drawn, and nothing breaks.
    @Test func WBelowEpsilon() {
        let near = card("near", 400, 400, at: 200, 200, red)
        near.zPosition = 500 * (1 - 1e-6)
        let plan = compile(stage(eye: 500, [near]))
        expectFinite(plan)
        #expect(plan.drawOrder.isEmpty)
    }

    /// A singular matrix (scale 0 in x) draws nothing, single- or double-sided.
    @Test(arguments: [true, false])
    func SingularScaleX(doubleSided: Bool) {
        let s = card("singular", 200, 200, at: 200, 200, red, transform: CATransform3DMakeScale(0, 1, 1))
        s.isDoubleSided = doubleSided
        let plan = compile(stage(eye: 500, [s]))
        expectFinite(plan)
        #expect(plan.output.quads.allSatisfy { area(visiblePixels($0)) == 0 }, "\(plan.drawOrder)")
    }

    /// Scale z = 0 makes M singular but the layer's plane map is not: it draws, and a singular
    /// M counts as facing the viewer, so doubleSided = false does not cull it.
    @Test(arguments: [true, false])
    func SingularScaleZStillDraws(doubleSided: Bool) {
        let s = card("flatZ", 200, 100, at: 200, 200, red, transform: then(CATransform3DMakeScale(1, 1, 0), ry(40)))
        s.isDoubleSided = doubleSided
        let root = stage(eye: 500, [s])
        #expect(matrix(of: s, into: root).determinant == 0)
        let plan = compile(root)
        #expect(plan.drawOrder == ["flatZ"])
        // 200 x 100 foreshortened by cos(40) (then put in perspective): about 153 x 100.
        let a = plan.output.quads.first.map { area(visiblePixels($0)) } ?? 0
        #expect(a > 140 * 95 && a < 170 * 110, "area \(a)")
    }

    /// Exactly edge-on (turned a quarter about y, no perspective) the layer is a line: it
    /// covers no area, whether the rotation comes from CATransform3DMakeRotation (cos = 6e-17)
    /// or is exact.
    @Test(arguments: [false, true])
    func EdgeOnCoversNothing(exact: Bool) {
        var t = ry(90)
        if exact { t.m11 = 0; t.m33 = 0 }
        let e = card("edge", 200, 200, at: 200.5, 200.5, red, transform: t)
        let plan = compile(stage(eye: nil, [e]))
        expectFinite(plan)
        for q in plan.output.quads { #expect(area(visiblePixels(q)) < 1e-6, "\(q.layerName)") }
    }
}
