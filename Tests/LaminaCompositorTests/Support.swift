// Helpers for the failure-mode tests: layer trees built in code with the QuartzCore API,
// compiled by the Compositor, and read back as plans (quad order by layer name, split
// pieces, targets, pixel areas of what each quad can cover).
import LaminaCompositor
import QuartzCore
import Testing

/// Radians per degree.
let degrees = Double.pi / 180

let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
let yellow = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
let gray = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)

/// A rotation about y by `deg` degrees.
func ry(_ deg: Double) -> CATransform3D { CATransform3DMakeRotation(deg * degrees, 0, 1, 0) }
/// A rotation about x by `deg` degrees.
func rx(_ deg: Double) -> CATransform3D { CATransform3DMakeRotation(deg * degrees, 1, 0, 0) }
/// A translation.
func tr(_ x: Double, _ y: Double, _ z: Double) -> CATransform3D { CATransform3DMakeTranslation(x, y, z) }
/// `a`, then `b` (row vectors).
func then(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { CATransform3DConcat(a, b) }

/// An ordinary layer `w` x `h` whose centre sits at (x, y) in its superlayer, filled with `color`.
func card(_ name: String, _ w: Double, _ h: Double, at x: Double, _ y: Double, _ color: CGColor? = red,
          transform: CATransform3D = CATransform3DIdentity) -> CALayer {
    let l = CALayer()
    l.name = name
    l.bounds = CGRect(x: 0, y: 0, width: w, height: h)
    l.position = CGPoint(x: x, y: y)
    l.backgroundColor = color
    l.transform = transform
    return l
}

/// The root: a `w` x `h` ordinary layer filling the canvas, without content, rooting the
/// 3D context of `sublayers`. Its sublayerTransform is `view` then the book's perspective
/// (`t.m34 = -1 / eye`; none when eye is nil), about its centre.
func stage(_ w: Double = 400, _ h: Double = 400, eye: Double? = 500, view: CATransform3D = CATransform3DIdentity,
           _ sublayers: [CALayer]) -> CALayer {
    let r = CALayer()
    r.name = "stage"
    r.bounds = CGRect(x: 0, y: 0, width: w, height: h)
    r.position = CGPoint(x: w / 2, y: h / 2)
    var p = CATransform3DIdentity
    if let eye { p.m34 = -1 / eye }
    r.sublayerTransform = CATransform3DConcat(view, p)
    for s in sublayers { r.addSublayer(s) }
    return r
}

func compile(_ root: CALayer, _ w: Double = 400, _ h: Double = 400, scale: Double = 1, background: CGColor? = nil,
             forceTargets: Bool = false) -> RenderPlan {
    Compositor(options: CompositorOptions(forceTargets: forceTargets)).compile(root: root, width: w, height: h, scale: scale, background: background)
}

extension RenderPlan {
    /// The output target.
    var output: RenderTarget { targets[outputIndex] }
    /// The output's quads' layer names, in drawing order.
    var drawOrder: [String] { output.quads.map(\.layerName) }
    /// Every quad of every target.
    var allQuads: [DrawQuad] { targets.flatMap(\.quads) }
}

/// Runs of equal neighbours merged: ["A", "A", "B"] -> ["A", "B"].
func collapsed(_ names: [String]) -> [String] {
    names.reduce(into: []) { out, n in if out.last != n { out.append(n) } }
}

/// The part of a quad's rectangle its hard clips keep, projected to target pixels.
func visiblePixels(_ q: DrawQuad) -> [SIMD2<Double>] {
    clip(q.rect.corners, q.clips).map { q.matrix.project($0) }
}

/// The area of a polygon (shoelace, absolute).
func area(_ p: [SIMD2<Double>]) -> Double {
    guard p.count >= 3 else { return 0 }
    var s = 0.0
    for i in p.indices { let a = p[i], b = p[(i + 1) % p.count]; s += a.x * b.y - b.x * a.y }
    return abs(s) / 2
}

func centroid(_ p: [SIMD2<Double>]) -> SIMD2<Double> {
    p.reduce(SIMD2<Double>(0, 0), +) / Double(max(p.count, 1))
}

/// Where a point of `layer`'s own plane lands on the canvas (through the full chain, perspective included).
func onCanvas(_ layer: CALayer, _ x: Double, _ y: Double) -> SIMD2<Double> {
    let p = layer.convert(CGPoint(x: x, y: y), to: nil)
    return SIMD2(p.x, p.y)
}

/// The product of a layer's M matrices up to (not including) `root`'s own: its matrix into
/// the 3D rendering context `root` roots, root's sublayerTransform included.
func matrix(of layer: CALayer, into root: CALayer) -> CATransform3D {
    var m = CATransform3DIdentity
    var l = layer
    while l !== root, let p = l.superlayer {
        m = m.concatenating(l.transformToSuperlayer)
        l = p
    }
    return m
}
