// Gradient and shape layers (SCENE_FORMAT.md 9.5, 9.6): the revision-2 scenes that use them
// against the oracle's images (as seen over the canvas), and the rules checked on small layers.
import Foundation
import LaminaCompositor
import LaminaImage
import LaminaRaster
import LaminaScene
import QuartzCore
import Testing

/// The revision-2 scenes (not among the seed scenes yet) and their oracle images.
enum R2Fixtures {
    static let scenes = Paths.fixtures.appendingPathComponent("scenes-r2")
    static let oracle = Paths.fixtures.appendingPathComponent("oracle-r2")
    /// The scenes whose layer types are drawn so far.
    static let drawn = ["r2-gradient-cards", "r2-shape-badges", "r2-replicator-row", "r2-mask-and-shadow", "r2-shadow-path", "r2-contents-scale"]

    /// Scenes the oracle cannot draw (a Lamina extension, or shadowPath shapes), checked
    /// against reviewed CPU goldens (Tests/Golden/cpu) instead.
    static let golden = ["r2-shadow-path-shapes", "r2-conic-gradients"]

    static func scene(_ name: String) throws -> Scene {
        try Scene.read(contentsOf: scenes.appendingPathComponent(name + ".json").path)
    }

    static func oracleImage(_ name: String) throws -> CGImage {
        try PNG.read(oracle.appendingPathComponent(name + ".png").path)
    }
}

@Suite struct GradientShapeTests {
    @Test(arguments: R2Fixtures.drawn)
    func matchesOracle(_ name: String) throws {
        let scene = try R2Fixtures.scene(name)
        let d = try ImageDiff(renderCPU(scene), R2Fixtures.oracleImage(name), over: backgroundRGB(scene))
        // Each scene's own marks (Thresholds), none looser than revision 2's bar: a wrong blur
        // or gradient space would still pass 0.004.
        let marks = try #require(Thresholds.of(name), "\(name) has no marks in Thresholds.swift")
        #expect(d.close >= marks.cpuClose, "\(name): \(d.summary)")
        #expect(d.mean <= marks.cpuMean, "\(name): \(d.summary)")
        #expect(marks.cpuClose >= 0.98 && marks.cpuMean <= 0.002, "\(name)'s marks are looser than revision 2's bar")
    }

    /// As GoldenTests: the CPU renderer is deterministic, so at most 0.05% of pixels may differ
    /// by more than 2/255, none by more than 32/255.
    @Test(arguments: R2Fixtures.golden)
    func matchesGolden(_ name: String) throws {
        let d = try ImageDiff(renderCPU(R2Fixtures.scene(name)), PNG.read(Paths.golden.appendingPathComponent(name + ".png").path))
        #expect(d.exact >= 0.9995 && d.max <= 32, "\(name): \(d.summary)")
    }

    /// Renders `layer` alone on a white canvas of w x h points at `scale`.
    private func render(_ layer: CALayer, _ w: Double, _ h: Double, scale: Double = 1) -> CGImage {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: w, height: h)
        root.addSublayer(layer)
        return CPURenderer().render(Compositor(options: CompositorOptions()).compile(root: root, width: w, height: h, scale: scale, background: .white))
    }

    private func rgba(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * image.width + x) * 4
        return (0..<4).map { Int(image.premultipliedRGBA[i + $0]) }
    }

    @Test func axialGradientHasItsEndColorsAtItsEnds() {
        let g = CAGradientLayer()
        g.frame = CGRect(x: 0, y: 0, width: 100, height: 200)
        g.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        let image = render(g, 100, 200)
        // Half a pixel from either end: t = 1/400 from the stop (within 1/255 of it).
        let top = rgba(image, 50, 0), bottom = rgba(image, 50, 199), middle = rgba(image, 50, 100)
        #expect(top[0] >= 253 && top[2] <= 2, "top \(top)")
        #expect(bottom[2] >= 253 && bottom[0] <= 2, "bottom \(bottom)")
        // The middle row's centre is at t = 100.5 / 200: straight components interpolate linearly.
        #expect(abs(middle[0] - 127) <= 1 && abs(middle[2] - 128) <= 1, "middle \(middle)")
    }

    @Test func radialGradientIsAnEllipseInUnitSpace() {
        // On a 200 x 100 layer, start (0.5, 0.5) and end (1, 0.75): centre (100, 50), radii 100 and 25.
        let g = CAGradientLayer()
        g.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        g.type = .radial
        g.startPoint = CGPoint(x: 0.5, y: 0.5)
        g.endPoint = CGPoint(x: 1, y: 0.75)
        g.colors = [CGColor.black, CGColor.white]
        let image = render(g, 200, 100)
        // (150.5, 50.5) is at elliptical distance ~0.505; (100.5, 62.5) at ~0.50; the corner is past 1.
        #expect(abs(rgba(image, 150, 50)[0] - 129) <= 2)
        #expect(abs(rgba(image, 100, 62)[0] - 128) <= 2)
        // (100.5, 50.5), next to the centre, is at ~0.0206, 5/255.
        #expect(rgba(image, 0, 0)[0] == 255 && abs(rgba(image, 100, 50)[0] - 5) <= 1)
    }

    /// The conic parameter of a pixel centre (SCENE_FORMAT.md 9.5), computed here on its own:
    /// the clockwise angle on screen (y down) from the axis, in turns.
    private func conicT(x: Int, y: Int, w: Double, h: Double, start: CGPoint, end: CGPoint) -> Double {
        let ux = (Double(x) + 0.5) / w - Double(start.x), uy = (Double(y) + 0.5) / h - Double(start.y)
        let a0 = atan2(Double(end.y - start.y), Double(end.x - start.x)), a = atan2(uy, ux)
        var t = (a - a0) / (2 * Double.pi)
        while t < 0 { t += 1 }
        while t >= 1 { t -= 1 }
        return t
    }

    @Test func conicGradientTurnsClockwiseFromEndPoint() {
        let g = CAGradientLayer()
        g.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        g.type = .conic
        g.startPoint = CGPoint(x: 0.5, y: 0.5)
        g.endPoint = CGPoint(x: 1, y: 0.5)
        g.colors = [CGColor.black, CGColor.white]
        let image = render(g, 100, 100)
        // Below the centre a quarter turn, left of it half, above it three quarters: clockwise on screen.
        for (x, y, turn) in [(50, 80, 0.25), (20, 50, 0.5), (50, 20, 0.75), (80, 80, 0.125), (20, 20, 0.625)] {
            let t = conicT(x: x, y: y, w: 100, h: 100, start: g.startPoint, end: g.endPoint)
            #expect(abs(t - turn) < 0.02, "(\(x), \(y)) t \(t)")
            let expected = Int((t * 255).rounded())
            #expect(rgba(image, x, y) == [expected, expected, expected, 255], "(\(x), \(y)) t \(t)")
        }
        // Just above the axis (right of the centre) the turn ends: white meets black there.
        #expect(rgba(image, 90, 49)[0] >= 250 && rgba(image, 90, 50)[0] <= 5, "\(rgba(image, 90, 49)) \(rgba(image, 90, 50))")
    }

    /// On a non-square layer the angle is measured in unit space (as the other types), and the
    /// axis may point anywhere; locations place the stops around the turn.
    @Test func conicGradientIsMeasuredInUnitSpaceWithLocations() {
        let g = CAGradientLayer()
        g.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        g.type = .conic
        g.startPoint = CGPoint(x: 0.25, y: 0.5)
        g.endPoint = CGPoint(x: 0.25, y: 0)
        g.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1), CGColor(red: 1, green: 0, blue: 0, alpha: 1)]
        g.locations = [0, 0.5, 1]
        let image = render(g, 200, 100)
        for (x, y) in [(100, 75), (10, 10), (150, 20), (60, 90), (49, 30)] {
            let t = conicT(x: x, y: y, w: 200, h: 100, start: g.startPoint, end: g.endPoint)
            // Red to blue over the first half turn, back to red over the second.
            let blue = t < 0.5 ? t * 2 : 2 - t * 2
            let b = Int((blue * 255).rounded()), r = Int(((1 - blue) * 255).rounded())
            #expect(rgba(image, x, y) == [r, 0, b, 255], "(\(x), \(y)) t \(t)")
        }
        // (100.5, 75.5) is 45.3 degrees clockwise from the right in unit space (28 in points),
        // so 0.376 of a turn from the upward axis.
        let t = conicT(x: 100, y: 75, w: 200, h: 100, start: g.startPoint, end: g.endPoint)
        #expect(abs(t - 0.3759) < 0.001, "\(t)")
    }

    /// The gradient lies between the background and the border, and a translucent gradient
    /// layer fades as one group (its background does not show through its gradient).
    @Test func gradientSitsBetweenBackgroundAndBorderAndFadesAsAGroup() {
        let g = CAGradientLayer()
        g.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        g.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        g.colors = [CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        g.borderWidth = 4
        g.borderColor = CGColor.black
        var image = render(g, 100, 100)
        #expect(rgba(image, 50, 50) == [0, 0, 255, 255])
        #expect(rgba(image, 11, 50) == [0, 0, 0, 255])
        g.borderWidth = 0
        g.opacity = 0.5
        image = render(g, 100, 100)
        let c = rgba(image, 50, 50)
        #expect(abs(c[0] - 128) <= 1 && abs(c[1] - 128) <= 1 && c[2] == 255, "\(c)")
    }

    /// A horizontal stroke 6 points wide covers 6 pixel rows at scale 1 and 12 at scale 2,
    /// with sharp edges (rasterized at the on-screen scale, not stretched).
    @Test func strokeHasItsWidthAtEveryScale() {
        for scale in [1.0, 2.0] {
            let s = CAShapeLayer()
            s.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            let p = CGMutablePath()
            p.move(to: CGPoint(x: 10, y: 50)); p.addLine(to: CGPoint(x: 90, y: 50))
            s.path = p
            s.fillColor = nil
            s.strokeColor = CGColor.black
            s.lineWidth = 6
            let image = render(s, 100, 100, scale: scale)
            let x = Int(50 * scale)
            let column = (0..<image.height).map { rgba(image, x, $0)[0] }
            let dark = column.filter { $0 < 128 }.count, partial = column.filter { $0 > 8 && $0 < 247 }.count
            #expect(dark == Int(6 * scale), "scale \(scale): \(dark) dark rows")
            #expect(partial == 0, "scale \(scale): \(partial) soft rows (the stroke's edges fall on pixel edges)")
        }
    }

    @Test func strokeEndHalfDrawsHalfACircle() {
        func drawn(strokeEnd: CGFloat) -> (top: Int, bottom: Int) {
            let s = CAShapeLayer()
            s.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            s.path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80), transform: nil)
            s.fillColor = nil
            s.strokeColor = CGColor.black
            s.lineWidth = 4
            s.strokeEnd = strokeEnd
            let image = render(s, 100, 100)
            var top = 0, bottom = 0
            for y in 0..<100 where y != 49 && y != 50 {
                for x in 0..<100 where rgba(image, x, y)[0] < 128 { if y < 50 { top += 1 } else { bottom += 1 } }
            }
            return (top, bottom)
        }
        let full = drawn(strokeEnd: 1), half = drawn(strokeEnd: 0.5)
        #expect(abs(full.top - full.bottom) <= full.top / 50, "\(full)")
        // One half whole (as in the full circle), the other empty.
        let kept = max(half.top, half.bottom), dropped = min(half.top, half.bottom)
        #expect(dropped == 0, "\(half)")
        #expect(abs(kept - full.top) <= full.top / 50, "\(half) vs \(full)")
    }

    /// A shape is not clipped to the bounds unless the layer masks to them.
    @Test func shapeOverflowsItsBoundsUnlessMasked() {
        for masks in [false, true] {
            let s = CAShapeLayer()
            s.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
            s.path = CGPath(rect: CGRect(x: -10, y: -10, width: 60, height: 60), transform: nil)
            s.masksToBounds = masks
            let image = render(s, 100, 100)
            #expect(rgba(image, 15, 15)[0] == (masks ? 255 : 0), "masksToBounds \(masks)")
            #expect(rgba(image, 40, 40)[0] == 0)
        }
    }

    /// Hostile values draw something sensible or nothing, never trap.
    @Test func hostileValuesDoNotTrap() {
        let g = CAGradientLayer()
        g.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        g.colors = [CGColor.black, CGColor.white]
        g.locations = [NSNumber(value: Double.nan), NSNumber(value: -3)]
        g.startPoint = CGPoint(x: CGFloat.nan, y: .infinity)
        g.endPoint = CGPoint(x: 1e308, y: -1e308)
        _ = render(g, 50, 50)
        g.type = .radial
        _ = render(g, 50, 50)
        let s = CAShapeLayer()
        s.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        s.path = CGPath(rect: CGRect(x: 0, y: 0, width: 1e300, height: 10), transform: nil)
        s.strokeColor = CGColor.black
        s.lineWidth = .infinity
        s.lineDashPattern = [NSNumber(value: Double.nan), 0]
        s.strokeStart = .nan
        _ = render(s, 50, 50)
        s.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        s.lineWidth = 1e12
        s.miterLimit = .nan
        let image = render(s, 50, 50)
        #expect(image.width == 50)
    }

    /// An unchanged shape is rasterized once: compiling again reuses its image; changing it makes a new one.
    @Test func unchangedShapeReusesItsImage() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let s = CAShapeLayer()
        s.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        s.path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 77), transform: nil)
        root.addSublayer(s)
        let compositor = Compositor(options: CompositorOptions())
        func shapeImage() throws -> CGImage {
            let plan = compositor.compile(root: root, width: 100, height: 100)
            let q = try #require(plan.targets.flatMap(\.quads).first { $0.role == "shape" })
            guard case .image(let i, _) = q.fill else { Issue.record("shape quad without an image"); throw CancellationError() }
            return plan.images[i]
        }
        let a = try shapeImage()
        s.position = CGPoint(x: 51, y: 50)
        let b = try shapeImage()
        #expect(a === b)
        s.fillColor = CGColor.white
        #expect(try shapeImage() !== a)
    }
}
