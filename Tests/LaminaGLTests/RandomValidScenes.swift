// Random valid scenes for the fuzz test (FuzzParityTests): every value is one a scene file may
// hold, but the mix leans on what breaks renderers: nested transform layers, perspective,
// intersecting planes, masks with corner radii, group opacity, zero and huge sizes, singular
// and edge-on matrices, text, contents with degenerate contents rects, hidden and one-sided
// layers. Deterministic: the same seed gives the same scene on every machine (the generator
// uses its own PRNG and arithmetic, not the standard library's random algorithms).
import Foundation
import LaminaImage
import LaminaScene
import LaminaWorkloads
import QuartzCore

/// The fuzz test's generator: LaminaWorkloads' SplitMix64, with the few helpers it uses.
typealias FuzzPRNG = SplitMix64

extension SplitMix64 {
    /// Uniform in [lo, hi).
    mutating func range(_ lo: Double, _ hi: Double) -> Double { uniform(lo, hi) }
    /// A value in lo...hi on a grid of 0.25 (scene files stay readable; exact round trips).
    mutating func grid(_ lo: Double, _ hi: Double) -> Double { grid(lo, hi, step: 0.25) }
    /// One of `xs`, uniformly.
    mutating func pick<T>(_ xs: [T]) -> T { xs[below(xs.count)] }
}

/// Builds random valid scenes. Contents images come from PNG files in `imageFolder` (read
/// back, so they carry their source path and the writer refers to them instead of copying).
struct RandomValidScenes {
    let images: [CGImage]

    /// Writes the contents images into `imageFolder` once.
    init(imageFolder: URL) throws {
        try FileManager.default.createDirectory(at: imageFolder, withIntermediateDirectories: true)
        var out: [CGImage] = []
        for (k, (w, h)) in [(8, 8), (1, 1), (5, 3), (16, 2)].enumerated() {
            var px = [UInt8](repeating: 0, count: w * h * 4)
            for y in 0..<h {
                for x in 0..<w {
                    let i = 4 * (y * w + x)
                    let a: UInt8 = (x + y + k) % 3 == 0 ? 128 : 255
                    // Premultiplied: each channel at most alpha.
                    px[i] = UInt8((x * 37 + k * 50) % 256) & a
                    px[i + 1] = UInt8((y * 71 + 20) % 256) & a
                    px[i + 2] = (x + y) % 2 == 0 ? a : 0
                    px[i + 3] = a
                }
            }
            let path = imageFolder.appendingPathComponent("fuzz-image-\(k).png").path
            try PNG.write(CGImage(width: w, height: h, premultipliedRGBA: px), to: path)
            out.append(try PNG.read(path))
        }
        images = out
    }

    /// The scene for one seed: a 48 x 48 canvas (sometimes at another scale) and up to about
    /// fourteen layers.
    func scene(seed: UInt64) -> Scene {
        var g = FuzzPRNG(seed: seed)
        let scale = g.chance(0.8) ? 1 : g.pick([0.5, 0.75, 1.5])
        let background: CGColor? = g.chance(0.3) ? nil : color(&g, opaque: true)
        let canvas = Canvas(width: 48, height: 48, scale: scale, background: background)
        var budget = 3 + g.below(12)
        let root = layer(&g, depth: 0, budget: &budget)
        return Scene(description: "fuzz seed \(seed)", canvas: canvas, root: root)
    }

    // MARK: Layers

    private func layer(_ g: inout FuzzPRNG, depth: Int, budget: inout Int) -> CALayer {
        budget -= 1
        let kind = depth == 0 ? g.below(10) % 8 : g.below(10)
        let l: CALayer
        switch kind {
        case 8: l = CATransformLayer()
        case 9:
            let t = CATextLayer()
            t.isWrapped = true
            l = t
        default: l = CALayer()
        }
        l.name = "L\(budget)"
        // Geometry.
        let size = SIMD2(self.size(&g), self.size(&g))
        let origin = g.chance(0.8) ? SIMD2(0.0, 0.0) : SIMD2(g.grid(-8, 8), g.grid(-8, 8))
        l.bounds = CGRect(x: origin.x, y: origin.y, width: size.x, height: size.y)
        l.position = depth == 0 && g.chance(0.5) ? CGPoint(x: 24, y: 24) : CGPoint(x: g.grid(-8, 56), y: g.grid(-8, 56))
        if g.chance(0.2) { l.anchorPoint = CGPoint(x: g.grid(-0.5, 1.5), y: g.grid(-0.5, 1.5)) }
        if g.chance(0.15) { l.anchorPointZ = g.grid(-20, 20) }
        if g.chance(0.3) { l.zPosition = g.grid(-30, 30) }
        if g.chance(0.6) { l.transform = transform(&g) }
        if g.chance(0.3) { l.sublayerTransform = sublayerTransform(&g) }
        // Appearance.
        if g.chance(0.75) { l.backgroundColor = color(&g, opaque: g.chance(0.6)) }
        if g.chance(0.25) { l.opacity = g.chance(0.15) ? 0 : Float(g.grid(0.05, 1, step: 0.05)) }
        if g.chance(0.05) { l.isHidden = true }
        if g.chance(0.15) { l.isDoubleSided = false }
        if g.chance(0.25) { l.masksToBounds = true }
        if g.chance(0.3) { l.cornerRadius = g.chance(0.1) ? 1e6 : g.grid(0, 20) }
        if g.chance(0.2) {
            l.borderWidth = g.chance(0.1) ? 1e6 : g.grid(0, 6)
            l.borderColor = color(&g, opaque: g.chance(0.7))
        }
        if g.chance(0.08) { l.isGeometryFlipped = true }
        if g.chance(0.1) { l.allowsEdgeAntialiasing = false }
        if g.chance(0.05) { l.light = LaminaLight(direction: (g.grid(-1, 1), g.grid(-1, 1), -1), ambient: g.grid(0, 1)) }
        if !(l is CATransformLayer) && g.chance(0.25) { contents(&g, l) }
        if let t = l as? CATextLayer { text(&g, t) }
        // A zero-size layer with contents and sublayers (a container animating through zero size).
        if g.chance(0.04) {
            l.bounds = CGRect(x: 0, y: 0, width: 0, height: g.chance(0.5) ? 0 : 10)
            if !(l is CATransformLayer) { l.contents = g.pick(images) }
        }
        // Sublayers.
        let wanted = depth >= 5 ? 0 : g.below(depth == 0 ? 5 : 4)
        for _ in 0..<wanted where budget > 0 {
            l.addSublayer(layer(&g, depth: depth + 1, budget: &budget))
        }
        // Planes through one another (the depth sort splits them).
        if depth < 4 && budget >= 2 && g.chance(0.35) { crossing(&g, in: l, depth: depth, budget: &budget) }
        return l
    }

    /// Two or three sublayers of one size at one place, turned different ways about one axis
    /// (or two), so they intersect.
    private func crossing(_ g: inout FuzzPRNG, in parent: CALayer, depth: Int, budget: inout Int) {
        let center = CGPoint(x: parent.bounds.midX.isFinite && abs(parent.bounds.midX) < 1e5 ? parent.bounds.midX : 20,
                             y: parent.bounds.midY.isFinite && abs(parent.bounds.midY) < 1e5 ? parent.bounds.midY : 20)
        let side = CGSize(width: g.grid(8, 36, step: 1), height: g.grid(8, 36, step: 1))
        let axis = g.below(3)
        for k in 0..<(2 + g.below(2)) where budget > 0 {
            let c = layer(&g, depth: depth + 1, budget: &budget)
            c.bounds = CGRect(origin: .zero, size: side)
            c.position = CGPoint(x: center.x + g.grid(-3, 3), y: center.y + g.grid(-3, 3))
            c.anchorPoint = CGPoint(x: 0.5, y: 0.5)
            c.zPosition = g.chance(0.7) ? 0 : g.grid(-4, 4)
            let angle = Double(k) * g.grid(0.3, 1.4, step: 0.05) - 0.6
            c.transform = axis == 2 ? CATransform3DConcat(CATransform3DMakeRotation(angle, 0, 1, 0), CATransform3DMakeRotation(g.grid(-1, 1), 1, 0, 0))
                                    : CATransform3DMakeRotation(angle, axis == 0 ? 0 : 1, axis == 0 ? 1 : 0, 0)
            if c.backgroundColor == nil { c.backgroundColor = color(&g, opaque: g.chance(0.5)) }
            parent.addSublayer(c)
        }
        if g.chance(0.6) {
            var p = CATransformIdentityWithPerspective(g.pick([40.0, 80, 200]))
            if parent is CATransformLayer { p = CATransform3DConcat(parent.sublayerTransform, p) }
            parent.sublayerTransform = p
        }
    }

    /// A side length: mostly ordinary, sometimes zero, tiny or huge.
    private func size(_ g: inout FuzzPRNG) -> Double {
        switch g.below(40) {
        case 0, 1: return 0
        case 2: return 1e6
        case 3: return 1e9
        case 4: return g.pick([0.25, 0.5, 1])
        case 5: return g.grid(40, 200, step: 1)
        default: return g.grid(2, 40, step: 0.5)
        }
    }

    private func color(_ g: inout FuzzPRNG, opaque: Bool) -> CGColor {
        CGColor(red: g.grid(0, 1, step: 0.125), green: g.grid(0, 1, step: 0.125), blue: g.grid(0, 1, step: 0.125),
                alpha: opaque ? 1 : g.grid(0, 1, step: 0.125))
    }

    // MARK: Transforms

    /// A product of one to three random steps, sometimes a degenerate matrix.
    private func transform(_ g: inout FuzzPRNG) -> CATransform3D {
        var t = CATransform3DIdentity
        for _ in 0..<(1 + g.below(3)) { t = CATransform3DConcat(t, step(&g)) }
        return t
    }

    private func step(_ g: inout FuzzPRNG) -> CATransform3D {
        switch g.below(16) {
        case 0, 1, 2: return CATransform3DMakeRotation(g.grid(-3.25, 3.25, step: 0.125), 0, 1, 0)
        case 3, 4: return CATransform3DMakeRotation(g.grid(-3.25, 3.25, step: 0.125), 1, 0, 0)
        case 5: return CATransform3DMakeRotation(g.grid(-3.25, 3.25, step: 0.125), 0, 0, 1)
        case 6: return CATransform3DMakeRotation(g.pick([Double.pi / 2, -Double.pi / 2]), g.pick([0, 1]), 1, 0)
        case 7, 8: return CATransform3DMakeTranslation(g.grid(-20, 20), g.grid(-20, 20), g.grid(-40, 40))
        case 9:
            // Zero scale on one or every axis; a huge one.
            return g.pick([CATransform3DMakeScale(0, 1, 1), CATransform3DMakeScale(1, 0, 1), CATransform3DMakeScale(0, 0, 1),
                           CATransform3DMakeScale(1e6, 1e6, 1), CATransform3DMakeScale(1e-6, 1, 1), CATransform3DMakeScale(2, 0.5, 0)])
        case 10: return CATransform3DMakeScale(g.grid(-2, 2), g.grid(-2, 2), 1)
        case 11:
            var p = CATransform3DIdentity
            p.m34 = -1 / g.pick([20.0, 50, 100, 300, 1000])
            return p
        case 12:
            // Exactly edge-on: the layer's x axis maps to depth alone.
            var e = CATransform3DIdentity
            e.m11 = 0; e.m13 = g.pick([1.0, -1])
            return e
        case 13:
            // A singular matrix: one column or row of zeros, or rank one.
            var s = CATransform3DIdentity
            switch g.below(3) {
            case 0: s.m11 = 0; s.m21 = 0; s.m31 = 0; s.m41 = 0
            case 1: s.m21 = 1; s.m22 = 0
            default: s.m12 = 1; s.m21 = 1; s.m22 = 1
            }
            return s
        case 14:
            // Strong perspective through the w column: points cross behind the eye.
            var p = CATransform3DIdentity
            p.m14 = g.grid(-0.05, 0.05, step: 0.01); p.m24 = g.grid(-0.05, 0.05, step: 0.01)
            return p
        default:
            return CATransform3DMakeAffineTransform(CGAffineTransform(a: g.grid(-2, 2), b: g.grid(-1, 1), c: g.grid(-1, 1),
                                                                      d: g.grid(-2, 2), tx: g.grid(-10, 10), ty: g.grid(-10, 10)))
        }
    }

    private func CATransformIdentityWithPerspective(_ d: Double) -> CATransform3D {
        var p = CATransform3DIdentity
        p.m34 = -1 / d
        return p
    }

    private func sublayerTransform(_ g: inout FuzzPRNG) -> CATransform3D {
        var p = CATransform3DIdentity
        p.m34 = -1 / g.pick([30.0, 60, 100, 500])
        return g.chance(0.7) ? p : CATransform3DConcat(step(&g), p)
    }

    // MARK: Contents and text

    private func contents(_ g: inout FuzzPRNG, _ l: CALayer) {
        l.contents = g.pick(images)
        if g.chance(0.5) { l.contentsGravity = g.pick(CALayerContentsGravity.all) }
        switch g.below(10) {
        case 0: l.contentsRect = CGRect(x: 0, y: 0, width: 0, height: 1)
        case 1: l.contentsRect = CGRect(x: 0.5, y: 0.5, width: 0, height: 0)
        case 2: l.contentsRect = CGRect(x: 0, y: 0.25, width: 1, height: 0)
        case 3: l.contentsRect = CGRect(x: g.grid(-1, 1), y: g.grid(-1, 1), width: g.grid(0.25, 2), height: g.grid(0.25, 2))
        case 4: l.contentsRect = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        case 5: l.contentsRect = CGRect(x: 0, y: 0, width: 1e-9, height: 1)
        default: break
        }
    }

    private func text(_ g: inout FuzzPRNG, _ t: CATextLayer) {
        t.string = g.pick(["Hi", "Lamina", "wrap me around please", "", "x", "\u{e9}t\u{e9} \u{2014} ok", "AAAAAAAAAAAAAAAAAAAAAAAA"])
        t.fontSize = g.chance(0.1) ? g.pick([0, 1e6]) : g.grid(4, 30, step: 1)
        if g.chance(0.7) { t.foregroundColor = color(&g, opaque: g.chance(0.8)) }
        t.alignmentMode = g.pick([.natural, .left, .right, .center, .justified])
    }
}
