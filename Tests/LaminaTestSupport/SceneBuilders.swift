// Layer trees built in code for the compositor's and renderers' tests: colors, rotations in
// degrees, cards and a perspective stage.
import QuartzCore

/// Radians per degree.
public let degrees = Double.pi / 180

public let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
public let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
public let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
public let yellow = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
public let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
public let gray = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)

/// A rotation about x by `deg` degrees.
public func rx(_ deg: Double) -> CATransform3D { CATransform3DMakeRotation(deg * degrees, 1, 0, 0) }
/// A rotation about y by `deg` degrees.
public func ry(_ deg: Double) -> CATransform3D { CATransform3DMakeRotation(deg * degrees, 0, 1, 0) }
/// A rotation about z by `deg` degrees.
public func rz(_ deg: Double) -> CATransform3D { CATransform3DMakeRotation(deg * degrees, 0, 0, 1) }
/// A translation.
public func tr(_ x: Double, _ y: Double, _ z: Double) -> CATransform3D { CATransform3DMakeTranslation(x, y, z) }
/// `a`, then `b` (row vectors).
public func then(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { CATransform3DConcat(a, b) }

/// An ordinary layer `w` x `h` whose centre sits at (x, y) in its superlayer, filled with `color`.
public func card(_ name: String, _ w: Double, _ h: Double, at x: Double, _ y: Double, _ color: CGColor? = red,
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
public func stage(_ w: Double = 400, _ h: Double = 400, eye: Double? = 500, view: CATransform3D = CATransform3DIdentity,
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

/// 3D -> flat -> 3D: T (a transformLayer turned 20 degrees about y) holds Q (green 80x200,
/// 20 in front of P, first in the array) and P (gray 200x200, an ordinary layer with m34 =
/// -1/300 of its own and a red child K turned 60 degrees about y): K is flattened into P, and
/// P's surface takes part in T's context. On a 400x400 stage, eye 500.
public func threeDFlatThreeD() -> (root: CALayer, p: CALayer, q: CALayer, k: CALayer) {
    let t = CATransformLayer()
    t.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
    t.position = CGPoint(x: 200, y: 200)
    t.transform = ry(20)
    let p = card("P", 200, 200, at: 200, 200, gray)
    var persp = CATransform3DIdentity
    persp.m34 = -1.0 / 300
    p.sublayerTransform = persp
    let k = card("K", 160, 160, at: 100, 100, red, transform: ry(60))
    p.addSublayer(k)
    let q = card("Q", 80, 200, at: 150, 200, green, transform: tr(0, 0, 20))
    t.sublayers = [q, p]
    return (stage(eye: 500, [t]), p, q, k)
}

/// Where a point of `layer`'s own plane lands on the canvas (through the full chain, perspective included).
public func onCanvas(_ layer: CALayer, _ x: Double, _ y: Double) -> SIMD2<Double> {
    let p = layer.convert(CGPoint(x: x, y: y), to: nil)
    return SIMD2(p.x, p.y)
}

/// A small deterministic generator (xorshift64*), so every run checks the same frames.
public struct TestRandom {
    public var state: UInt64
    public init(state: UInt64) { self.state = state }
    /// The next number in 0..<1.
    public mutating func next() -> Double {
        state ^= state >> 12; state ^= state << 25; state ^= state >> 27
        return Double((state &* 2_685_821_657_736_338_717) >> 11) / Double(1 << 53)
    }
    /// A rotation of up to 1.2 radians either way about an axis leaning towards the xy plane.
    public mutating func rotation() -> CATransform3D {
        let angle = (next() - 0.5) * 2.4
        return CATransform3DMakeRotation(angle, next() - 0.5, next() - 0.5, next() * 0.3)
    }
}
