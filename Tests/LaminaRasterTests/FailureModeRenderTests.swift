// The compositor's failure modes (DESIGN.md, "Failure modes to test") checked on pixels of
// the CPU reference renderer: layer trees built in code with the QuartzCore API, compiled,
// rendered, and sampled where the geometry (worked out by hand in each test) says what must
// show. Plan-level twins of these tests live in Tests/LaminaCompositorTests.
import LaminaCompositor
import LaminaRaster
import QuartzCore
import Testing

/// A rendered image: premultiplied RGBA8.
private struct Rendered {
    let plan: RenderPlan
    let image: CGImage

    init(_ root: CALayer, _ w: Double = 400, _ h: Double = 400, scale: Double = 1, background: CGColor? = nil) {
        plan = Compositor().compile(root: root, width: w, height: h, scale: scale, background: background)
        image = CPURenderer().render(plan)
    }

    /// The premultiplied RGBA of pixel (x, y).
    func at(_ x: Int, _ y: Int) -> SIMD4<Int> {
        let i = (y * image.width + x) * 4
        let p = image.premultipliedRGBA
        return SIMD4(Int(p[i]), Int(p[i + 1]), Int(p[i + 2]), Int(p[i + 3]))
    }

    /// The pixel containing a point in pixel coordinates.
    func at(_ p: SIMD2<Double>) -> SIMD4<Int> { at(Int(p.x.rounded(.down)), Int(p.y.rounded(.down))) }

    var allPixels: [SIMD4<Int>] {
        (0..<image.height).flatMap { y in (0..<image.width).map { x in at(x, y) } }
    }
}

/// Whether every channel is within `tol` of `want`.
private func close(_ got: SIMD4<Int>, _ want: SIMD4<Int>, _ tol: Int = 2) -> Bool {
    let d = got &- want
    return [d.x, d.y, d.z, d.w].allSatisfy { abs($0) <= tol }
}

private let opaqueRed = SIMD4(255, 0, 0, 255), opaqueGreen = SIMD4(0, 255, 0, 255), opaqueBlue = SIMD4(0, 0, 255, 255)
private let clearPixel = SIMD4(0, 0, 0, 0)

// MARK: Intersections

@Suite struct IntersectionRenderTests {
    /// Two planes crossing in an X (+-30 degrees about y through the centre, perspective):
    /// A (red, +30) is nearer on the left (z = -sin(30) x), B (blue, -30) on the right. Left
    /// of the crossing line x = 200 A shows, right of it B, in either array order, seen from
    /// the front or from behind (the stage turned 180: the X looks the same). With
    /// `aThroughTarget` A holds a tilted red child, so A is drawn as a render target's
    /// surface, split like any quad.
    @Test(arguments: [false, true], [false, true])
    func IntersectingPlanesShowTheNearerHalf(reversed: Bool, fromBehind: Bool) {
        for aThroughTarget in [false, true] { intersectingPlanes(reversed: reversed, fromBehind: fromBehind, aThroughTarget: aThroughTarget) }
    }

    func intersectingPlanes(reversed: Bool, fromBehind: Bool, aThroughTarget: Bool) {
        let a = card("A", 200, 200, at: 200, 200, red, transform: ry(30))
        if aThroughTarget { a.addSublayer(card("child", 50, 50, at: 50, 100, red, transform: rx(20))) }
        let b = card("B", 200, 200, at: 200, 200, blue, transform: ry(-30))
        let r = Rendered(stage(eye: 500, view: fromBehind ? ry(180) : CATransform3DIdentity, reversed ? [b, a] : [a, b]), background: white)
        #expect(r.plan.splitCount == 2)
        #expect(r.plan.targets.count == (aThroughTarget ? 2 : 1))
        // Both layers cover x from 121 to 279 (B's far edge at 121.3, A's at 278.7), y 110..290.
        for (x, y) in [(150, 200), (130, 150), (190, 260), (170, 120)] { #expect(close(r.at(x, y), opaqueRed, aThroughTarget ? 2 : 0), "(\(x), \(y)): \(r.at(x, y))") }
        for (x, y) in [(250, 200), (270, 150), (210, 260), (230, 120)] { #expect(r.at(x, y) == opaqueBlue, "(\(x), \(y)): \(r.at(x, y))") }
    }

    /// A split leaves no crack. B (opaque red, 200x200, turned 30 about x then `spin` about
    /// z) is split by the plane of A (a small blue square at z = 0, the BSP's root) along B's
    /// local x axis: on screen the line from the stage's centre c in direction (cos spin,
    /// sin spin). Where the line runs outside A (|t| from 62 to 90 px; A's corner reaches
    /// 40 sqrt 2 = 56.6 along the diagonal) B's two pieces meet
    /// with nothing over them: every pixel on and around the line must be B's red, never
    /// mixed with the white background. The stage is 401 px wide and tall, so c = (200.5,
    /// 200.5): at spin 0 and 90 the split line runs exactly through a row or column of pixel
    /// centres, where both pieces' edges must agree to the last bit.
    @Test(arguments: [20.0, 0, 90, 45], [1.0, 2.0, 1.37])
    func SplitLineHasNoCracks(spin: Double, scale: Double) {
        let a = card("A", 80, 80, at: 200.5, 200.5, blue)
        let b = card("B", 200, 200, at: 200.5, 200.5, red, transform: then(rx(30), rz(spin)))
        let r = Rendered(stage(401, 401, eye: 500, [a, b]), 401, 401, scale: scale, background: white)
        #expect(r.plan.drawOrder == ["B", "A", "B"])
        var bad: [String] = []
        for sign in [-1.0, 1.0] {
            for t in stride(from: 62.0, through: 90, by: 0.25) {
                let p = (SIMD2(200.5, 200.5) + SIMD2(cos(spin * degrees), sin(spin * degrees)) * (sign * t)) * scale
                let x = Int(p.x.rounded(.down)), y = Int(p.y.rounded(.down))
                for dy in -1...1 { for dx in -1...1 where r.at(x + dx, y + dy) != opaqueRed { bad.append("(\(x + dx), \(y + dy)): \(r.at(x + dx, y + dy))") } }
            }
        }
        #expect(bad.isEmpty, "\(bad.count) pixels off B's red: \(Array(Set(bad)).sorted().prefix(8))")
    }
}

private extension RenderPlan {
    var drawOrder: [String] { targets[outputIndex].quads.map(\.layerName) }
}

// MARK: The closed cube

@Suite struct ClosedCubeRenderTests {
    /// The article's cube: six opaque 200x200 faces, no borders, around the centre of a
    /// 400x400 container whose sublayerTransform is Ry(b) * Rx(a) with m34 = -1/500 (the
    /// book's t.m34 = -1.0/500; t = CATransform3DRotate(t, a, 1, 0, 0); t = ...Rotate(t, b, 0, 1, 0)).
    static func cube(_ a: Double, _ b: Double, doubleSided: Bool, viaTransformLayer: Bool = false,
                     facesWithChildren: Bool = false) -> (root: CALayer, toCanvas: CATransform3D) {
        let faces: [(CATransform3D, CGColor)] = [
            (tr(0, 0, 100), CGColor(red: 0.91, green: 0.3, blue: 0.24, alpha: 1)),
            (then(ry(90), tr(100, 0, 0)), CGColor(red: 0.15, green: 0.68, blue: 0.38, alpha: 1)),
            (then(rx(90), tr(0, -100, 0)), CGColor(red: 0.16, green: 0.5, blue: 0.73, alpha: 1)),
            (then(rx(-90), tr(0, 100, 0)), CGColor(red: 0.95, green: 0.77, blue: 0.06, alpha: 1)),
            (then(ry(-90), tr(-100, 0, 0)), CGColor(red: 0.56, green: 0.27, blue: 0.68, alpha: 1)),
            (then(ry(180), tr(0, 0, -100)), CGColor(red: 0.9, green: 0.49, blue: 0.13, alpha: 1)),
        ]
        let layers = faces.enumerated().map { (i, f) -> CALayer in
            let l = card("face\(i + 1)", 200, 200, at: 200, 200, f.1, transform: f.0)
            l.isDoubleSided = doubleSided
            // A tilted child makes the face's subtree non-flat: it is drawn through a render
            // target, its surface quad on the face's bounds meeting its neighbours' edges.
            if facesWithChildren { l.addSublayer(card("label\(i + 1)", 60, 40, at: 100, 100, white, transform: rx(25))) }
            return l
        }
        if viaTransformLayer {
            // The trackball way: the faces in a transformLayer turned by the same rotation,
            // under the stage's perspective.
            let t = CATransformLayer()
            t.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
            t.position = CGPoint(x: 200, y: 200)
            t.transform = then(ry(b), rx(a))
            t.sublayers = layers
            let root = stage(eye: 500, [t])
            return (root, t.transformToSuperlayer)
        }
        let root = stage(eye: 500, view: then(ry(b), rx(a)), layers)
        return (root, root.sublayerSpaceTransform)
    }

    /// The convex hull (counter-clockwise in y-down pixels: positive shoelace) of points.
    static func hull(_ pts: [SIMD2<Double>]) -> [SIMD2<Double>] {
        let s = pts.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        func cross(_ o: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        var lower: [SIMD2<Double>] = [], upper: [SIMD2<Double>] = []
        for p in s { while lower.count >= 2 && cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }; lower.append(p) }
        for p in s.reversed() { while upper.count >= 2 && cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }; upper.append(p) }
        return Array(lower.dropLast() + upper.dropLast())
    }

    /// Pixels whose centre is inside the cube's silhouette by more than 1.5 px, and how many
    /// of them are not opaque. The silhouette is the hull of the eight corners (200 +- 100,
    /// 200 +- 100, +-100) of the faces' space, projected.
    static func leaks(_ root: CALayer, _ toCanvas: CATransform3D, scale: Double) -> (inside: Int, leaks: [String], plan: RenderPlan) {
        var corners: [SIMD2<Double>] = []
        for x in [100.0, 300] { for y in [100.0, 300] { for z in [-100.0, 100] {
            let h = toCanvas.apply(x, y, z)
            corners.append(SIMD2(h.x / h.w, h.y / h.w) * scale)
        } } }
        let hull = Self.hull(corners)
        let r = Rendered(root, scale: scale)
        var inside = 0
        var leaks: [String] = []
        for py in 0..<r.image.height {
            for px in 0..<r.image.width {
                let c = SIMD2(Double(px) + 0.5, Double(py) + 0.5)
                // Signed distance to each hull edge (positive inside for this orientation).
                var d = Double.infinity
                for i in hull.indices {
                    let a = hull[i], b = hull[(i + 1) % hull.count]
                    let e = b - a
                    let len = (e * e).sum().squareRoot()
                    d = min(d, (e.x * (c.y - a.y) - e.y * (c.x - a.x)) / len)
                }
                guard d > 1.5 else { continue }
                inside += 1
                if r.at(px, py).w != 255 { leaks.append("(\(px), \(py)): \(r.at(px, py))") }
            }
        }
        return (inside, leaks, r.plan)
    }

    /// Every pixel inside the cube's silhouette (by more than 1.5 px) is opaque: no seam
    /// lets the clear background through, double- or single-sided.
    @Test(arguments: [(-45.0, -45.0), (-30, 40), (20, 10), (-10, -60)], [true, false])
    func ClosedCubeHasNoSeams(view: (Double, Double), doubleSided: Bool) {
        let (root, toCanvas) = Self.cube(view.0, view.1, doubleSided: doubleSided)
        let (inside, leaks, plan) = Self.leaks(root, toCanvas, scale: 1)
        #expect(inside > 20_000)
        #expect(leaks.isEmpty, "\(leaks.count) leaking pixels, e.g. \(leaks.prefix(8))")
        if doubleSided == false {
            // Single-sided faces seen from outside: only the front faces are drawn (3 here, or
            // 2 or 1 for flatter views), and those still close the silhouette.
            #expect(plan.drawOrder.count <= 3)
        }
    }

    /// Faces drawn through render targets (each holds a tilted child) close the cube too.
    @Test(arguments: [(-45.0, -45.0), (-30, 40), (20, 10)], [1.0, 1.37])
    func ClosedCubeOfTargetsHasNoSeams(view: (Double, Double), scale: Double) {
        for doubleSided in [true, false] {
            let (root, toCanvas) = Self.cube(view.0, view.1, doubleSided: doubleSided, facesWithChildren: true)
            let (inside, leaks, plan) = Self.leaks(root, toCanvas, scale: scale)
            #expect(plan.targets.count > 1)
            #expect(inside > 20_000)
            #expect(leaks.isEmpty, "doubleSided \(doubleSided): \(leaks.count) leaking pixels, e.g. \(leaks.prefix(8))")
        }
    }

    /// The same through a transformLayer (the trackball way) and at other scales.
    @Test(arguments: [(-45.0, -45.0), (-30, 40)], [1.37, 2.0])
    func ClosedCubeViaTransformLayerHasNoSeams(view: (Double, Double), scale: Double) {
        for doubleSided in [true, false] {
            let (root, toCanvas) = Self.cube(view.0, view.1, doubleSided: doubleSided, viaTransformLayer: true)
            let (inside, leaks, _) = Self.leaks(root, toCanvas, scale: scale)
            #expect(inside > 20_000)
            #expect(leaks.isEmpty, "doubleSided \(doubleSided): \(leaks.count) leaking pixels, e.g. \(leaks.prefix(8))")
        }
    }
}

// MARK: The eye plane

@Suite struct EyePlaneRenderTests {
    /// A 400 x 6000 layer turned 80 degrees about x (z = y sin 80) crosses the eye plane
    /// (z = 500) at y = 507.7. Its front part covers screen y from 124.6 (its far edge)
    /// downward; the horizon is at 111.8. Wrapped, the part behind the eye would cover y < 94.
    /// Drawn directly, or through a render target: with a tilted child (a non-flat subtree
    /// under a perspective placement), or masked with rounded corners.
    @Test(arguments: ["direct", "child", "masked"])
    func CrossingEyePlaneDrawsOnlyTheFrontPart(how: String) {
        let lean = card("lean", 400, 6000, at: 200, 200, red, transform: rx(80))
        if how != "direct" { lean.addSublayer(card("child", 100, 100, at: 200, 2800, red, transform: rx(20))) }
        if how == "masked" { lean.masksToBounds = true; lean.cornerRadius = 20 }
        let r = Rendered(stage(eye: 500, [lean]))
        #expect(r.plan.targets.count == (how == "direct" ? 1 : 2))
        for y in 0..<120 { for x in 0..<400 where r.at(x, y) != clearPixel { Issue.record("(\(x), \(y)) drawn: \(r.at(x, y))"); return } }
        for (x, y) in [(200, 150), (200, 399), (5, 399), (150, 200)] { #expect(close(r.at(x, y), opaqueRed), "(\(x), \(y)): \(r.at(x, y))") }
    }

    /// Wholly behind the eye (z = 600, w = -0.2): nothing. Wrapped, it would fill the canvas.
    @Test func WhollyBehindTheEyeDrawsNothing() {
        let l = card("behind", 400, 400, at: 200, 200, red)
        l.zPosition = 600
        #expect(Rendered(stage(eye: 500, [l])).allPixels.allSatisfy { $0 == clearPixel })
    }

    /// w = 1e-4: the layer is magnified 10^4 times and fills the canvas, exactly its color.
    @Test func TinyPositiveWFillsTheCanvas() {
        let l = card("near", 400, 400, at: 200, 200, red)
        l.zPosition = 500 * (1 - 1e-4)
        let px = Rendered(stage(eye: 500, [l])).allPixels
        #expect(px.allSatisfy { $0 == opaqueRed }, "\(px.filter { $0 != opaqueRed }.count) other pixels")
    }

    /// Scale 0 in x: nothing drawn. Scale 0 in z: drawn (single-sided too).
    @Test(arguments: [true, false])
    func SingularMatrices(doubleSided: Bool) {
        let sx = card("sx", 200, 200, at: 200, 200, red, transform: CATransform3DMakeScale(0, 1, 1))
        sx.isDoubleSided = doubleSided
        #expect(Rendered(stage(eye: 500, [sx])).allPixels.allSatisfy { $0 == clearPixel })
        let sz = card("sz", 200, 200, at: 200, 200, red, transform: then(CATransform3DMakeScale(1, 1, 0), ry(40)))
        sz.isDoubleSided = doubleSided
        let r = Rendered(stage(eye: 500, [sz]))
        #expect(r.at(200, 200) == opaqueRed)
        // Edges at x_l = -+100: x' = -+76.6, z = +-64.3, w = 0.871 / 1.129: screen x from
        // 200 - 87.9 = 112.1 to 200 + 67.9 = 267.9.
        #expect(r.at(118, 200) == opaqueRed && r.at(262, 200) == opaqueRed)
        #expect(r.at(108, 200) == clearPixel && r.at(272, 200) == clearPixel)
    }

    /// Exactly edge-on (a quarter turn about y, no perspective), on a column of pixel
    /// centres (x = 200.5): no pixel drawn, no crash.
    @Test(arguments: [false, true])
    func EdgeOnDrawsNothing(exact: Bool) {
        var t = ry(90)
        if exact { t.m11 = 0; t.m33 = 0 }
        let r = Rendered(stage(eye: nil, [card("edge", 200, 200, at: 200.5, 200.5, red, transform: t)]))
        let drawn = r.allPixels.filter { $0 != clearPixel }
        #expect(drawn.isEmpty, "\(drawn.count) pixels drawn: \(drawn.prefix(4))")
    }
}

// MARK: Contexts

@Suite struct ContextRenderTests {
    /// Group opacity inside a 3D context: G (opacity 0.5, turned 20 degrees about y or not)
    /// holds S1 (red) and S2 (blue) overlapping. Over white, the overlap is S2 at 50%:
    /// 0.5 * (0, 0, 255) + 0.5 * 255 = (127.5, 127.5, 255); S1 alone: (255, 127.5, 127.5).
    /// Opacity applied per sublayer would give the overlap 0.5 * blue + 0.25 * red + 0.25 *
    /// white = (127.5, 63.75, 191.25).
    @Test(arguments: [false, true])
    func OpacityGroupIn3DContext(turned: Bool) {
        let g = CALayer()
        g.name = "G"
        g.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        g.position = CGPoint(x: 200, y: 200)
        g.opacity = 0.5
        if turned { g.transform = ry(20) }
        g.sublayers = [card("S1", 120, 120, at: 80, 100, red), card("S2", 120, 120, at: 120, 100, blue)]
        let root = stage(eye: 500, [g])
        let overlap = onCanvas(g, 100, 100), s1 = onCanvas(g, 35, 100), s2 = onCanvas(g, 165, 70)
        let r = Rendered(root, background: white)
        let mid = SIMD4(128, 128, 255, 255)
        #expect(close(r.at(overlap), mid, 2), "overlap \(r.at(overlap))")
        #expect(close(r.at(s1), SIMD4(255, 128, 128, 255), 2), "S1 \(r.at(s1))")
        #expect(close(r.at(s2), mid, 2), "S2 \(r.at(s2))")
    }

    /// 3D -> flat -> 3D: T (transformLayer, 20 degrees about y) holds Q (green, 20 in front of
    /// P) and P (gray, with m34 = -1/300 of its own and a child K turned 60 degrees about y).
    /// Flattened into P, K cannot poke through Q: at T-local (170, 200) K's image lies under
    /// Q (unflattened, K's point there would be at z = +44 in front of Q's 20). Where Q is not,
    /// K shows (P-local (120, 100)) and P's gray elsewhere (P-local (100, 10)).
    @Test func ThreeDFlatThreeD() {
        let (root, p, q, _) = threeDFlatThreeD()
        let underQ = onCanvas(q, 60, 100), kOnly = onCanvas(p, 120, 100), pOnly = onCanvas(p, 100, 10)
        let r = Rendered(root)
        #expect(r.at(underQ) == opaqueGreen, "under Q: \(r.at(underQ))")
        #expect(close(r.at(kOnly), opaqueRed), "K: \(r.at(kOnly))")
        #expect(close(r.at(pOnly), SIMD4(128, 128, 128, 255)), "P: \(r.at(pOnly))")
    }

    /// A flat layer between 3D siblings (see the plan test): the near one shows at the centre.
    @Test func FlatLayerBetween3DSiblings() {
        let near = card("N", 100, 100, at: 200, 200, red, transform: then(ry(40), tr(0, 0, 60)))
        let flat = card("F", 100, 100, at: 200, 200, green)
        let far = card("R", 100, 100, at: 200, 200, blue, transform: then(ry(-40), tr(0, 0, -60)))
        let r = Rendered(stage(eye: 500, [near, flat, far]))
        #expect(r.at(200, 200) == opaqueRed)
        // Right of N's projection (N's right edge at x' = 38.3, z = 27.9: 200 + 38.3 / 0.944 = 240.6) F shows.
        #expect(r.at(244, 200) == opaqueGreen)
    }
}

// MARK: Edge-on animation

@Suite struct EdgeOnRenderTests {
    static let angles = [89.9, 89.99, 90.0, 90.01, 90.1]

    /// No perspective, card C standing on B through B's centre: exactly edge-on it changes
    /// no pixel (the image equals B's alone); a hair off it touches only the column at x = 200.
    @Test(arguments: angles)
    func RotationThroughEdgeOnOrthographic(angle: Double) {
        func scene(_ withCard: Bool) -> CALayer {
            let c = card("C", 100, 100, at: 200, 200, red, transform: then(ry(angle), tr(0, 0, 50)))
            c.isHidden = !withCard
            return stage(eye: nil, [c, card("B", 200, 200, at: 200, 200, blue)])
        }
        let with = Rendered(scene(true)).allPixels, without = Rendered(scene(false)).allPixels
        let changed = zip(with, without).enumerated().filter { $0.element.0 != $0.element.1 }.map { $0.offset % 400 }
        if angle == 90 { #expect(changed.isEmpty, "\(changed.count) pixels changed") }
        else { #expect(Set(changed).isSubset(of: [199, 200]), "columns \(Set(changed))") }
    }

    /// With perspective, C (seen obliquely, over B on screen at x from 121 to 169) is in front
    /// of B on every frame: no flicker.
    @Test(arguments: angles)
    func RotationThroughEdgeOnPerspective(angle: Double) {
        let c = card("C", 300, 100, at: 170, 200, red, transform: then(ry(angle), tr(0, 0, 160)))
        let b = card("B", 150, 300, at: 75, 200, blue, transform: ry(10))
        let r = Rendered(stage(eye: 500, [c, b]))
        for x in [126, 135, 145] { #expect(r.at(x, 200) == opaqueRed, "angle \(angle) x \(x): \(r.at(x, 200))") }
        #expect(r.at(100, 200) == opaqueBlue)
    }
}

// MARK: Lighting, masks

@Suite struct LightingAndMaskRenderTests {
    /// Nested lights multiply on pixels, directly (P turned about z: k1 = 0.8536) or through
    /// P's target (P turned 40 about y: k1 = 0.5 + 0.5 cos(40) / sqrt 2 = 0.7709), with K's
    /// k2 = 0.625: K's red is 255 * k2 * k1.
    @Test(arguments: [false, true])
    func NestedLightsMultiply(throughTarget: Bool) {
        let p = card("P", 200, 200, at: 200, 200, gray, transform: throughTarget ? ry(40) : rz(30))
        p.light = LaminaLight(direction: (-1, 0, 0), ambient: 0.25)
        let k = card("K", 100, 100, at: 100, 100, red, transform: ry(30))
        p.addSublayer(k)
        let root = stage(eye: 500, [p])
        root.light = LaminaLight(direction: (0, 1, -1), ambient: 0.5)
        let k1 = throughTarget ? 0.5 + 0.5 * cos(40 * degrees) / 2.0.squareRoot() : 0.5 + 0.5 / 2.0.squareRoot()
        let centre = onCanvas(k, 50, 50)
        let r = Rendered(root)
        #expect(r.plan.targets.count == (throughTarget ? 2 : 1))
        let want = 255 * 0.625 * k1
        let got = r.at(centre)
        #expect(abs(Double(got.x) - want) <= 2 && got.y == 0 && got.z == 0 && got.w == 255, "\(got) vs \(want)")
    }

    /// masksToBounds with cornerRadius 40 over a 3D child larger than the mask: inside the
    /// rounded bounds the child (red), outside the corner arc and outside the bounds the
    /// blue background.
    @Test(arguments: [false, true])
    func MaskedRoundedCornersClipA3DChild(turned: Bool) {
        let m = card("M", 200, 200, at: 200, 200, nil, transform: turned ? ry(25) : CATransform3DIdentity)
        m.cornerRadius = 40
        m.masksToBounds = true
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 400
        m.sublayerTransform = p
        m.addSublayer(card("K", 300, 300, at: 100, 100, red, transform: rx(20)))
        let root = stage(eye: 500, [m])
        // Outside the arc: (8, 8) is 45 from the corner centre (40, 40), 5 beyond the radius.
        let outside = [(8.0, 8.0), (192, 8), (192, 192), (8, 192), (-10, 100), (100, -10), (210, 100)].map { onCanvas(m, $0.0, $0.1) }
        let inside = [(20.0, 20.0), (100, 100), (180, 20), (5, 100), (100, 195), (180, 180)].map { onCanvas(m, $0.0, $0.1) }
        let r = Rendered(root, background: blue)
        for p in outside { #expect(r.at(p) == opaqueBlue, "outside \(p): \(r.at(p))") }
        for p in inside { #expect(close(r.at(p), opaqueRed), "inside \(p): \(r.at(p))") }
    }
}
