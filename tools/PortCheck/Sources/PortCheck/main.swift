// PortCheck: runs the article's code (FromTheArticle.swift, unchanged) on Lamina's QuartzCore
// and checks every matrix against one written out by hand from Apple's definitions:
//
//   * CATransform3DMakeRotation(a, x, y, z), unit axis (x, y, z), c = cos a, s = sin a, t = 1 - c:
//       [ t*x*x + c    t*x*y + s*z  t*x*z - s*y  0 ]
//       [ t*x*y - s*z  t*y*y + c    t*y*z + s*x  0 ]
//       [ t*x*z + s*y  t*y*z - s*x  t*z*z + c    0 ]
//       [ 0            0            0            1 ]
//   * row vectors (p' = p * M); CATransform3DRotate/Translate/Scale(t, ...) = op * t;
//   * translation in m41, m42, m43; perspective in m34.
//
// The expected matrices below do not call Lamina's matrix code: they are the products worked
// out on paper, with `product` (a plain 4x4 multiply) only where a paper product would be long.
// Exits non-zero if anything differs.
import QuartzCore

struct Tally {
    var passed = 0
    var failed = 0

    mutating func check(_ name: String, _ ok: Bool, _ detail: @autoclosure () -> String = "") {
        if ok {
            passed += 1
        } else {
            failed += 1
            print("FAIL \(name) \(detail())")
        }
    }

    mutating func check(_ name: String, _ got: CATransform3D, _ want: [[CGFloat]], tolerance: CGFloat = 1e-14) {
        let w = want.flatMap { $0 }
        let diffs = zip(got.fields, w).map { abs($0 - $1) }
        // allSatisfy, not max(): a NaN difference must fail, and max() can skip a NaN.
        check(name, w.count == 16 && diffs.allSatisfy { $0 <= tolerance },
              "|diff| \(diffs)\n   got: \(got)\n  want: \(w)")
    }

    mutating func check(_ name: String, _ got: CGPoint, _ want: CGPoint) {
        check(name, got == want, "got \(got), want \(want)")
    }
}

/// A plain row-major 4x4 product a * b, independent of Lamina's CATransform3D code.
func product(_ a: [[CGFloat]], _ b: [[CGFloat]]) -> [[CGFloat]] {
    (0..<4).map { i in (0..<4).map { j in (0..<4).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
}

/// Apple's rotation formula (see the top of this file), normalizing the axis.
func rotation(_ angle: CGFloat, _ ax: CGFloat, _ ay: CGFloat, _ az: CGFloat) -> [[CGFloat]] {
    let n = (ax * ax + ay * ay + az * az).squareRoot()
    let (x, y, z) = (ax / n, ay / n, az / n)
    let c = cos(angle), s = sin(angle), t = 1 - c
    return [[t * x * x + c, t * x * y + s * z, t * x * z - s * y, 0],
            [t * x * y - s * z, t * y * y + c, t * y * z + s * x, 0],
            [t * x * z + s * y, t * y * z - s * x, t * z * z + c, 0],
            [0, 0, 0, 1]]
}

func rows(_ t: CATransform3D) -> [[CGFloat]] {
    [[t.m11, t.m12, t.m13, t.m14], [t.m21, t.m22, t.m23, t.m24], [t.m31, t.m32, t.m33, t.m34], [t.m41, t.m42, t.m43, t.m44]]
}

let identity: [[CGFloat]] = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
var tally = Tally()

// MARK: transformFor3DCubeSide (section 2.4)

do {
    let h = CGFloat(Double.pi) / 2.0
    let c = cos(h), s = sin(h)   // c is 6e-17, s is exactly 1
    for zWidth: CGFloat in [100, 37.5] {
        let side = { (n: Int) in CATransform3D.transformFor3DCubeSide(n, zWidth: zWidth) }
        // Side 1: +pi/2 about y (the right-hand rule on a y-down screen: +x swings to -z).
        tally.check("side 1", side(1), [[c, 0, -s, 0], [0, 1, 0, 0], [s, 0, c, 0], [0, 0, 0, 1]])
        tally.check("side 1 m13 == -1, m31 == +1", side(1).m13 == -1 && side(1).m31 == 1)
        tally.check("side 2", side(2), identity, tolerance: 0)
        // Side 3: -pi/2 about y: cos(-h) = c, sin(-h) = -s.
        tally.check("side 3", side(3), [[c, 0, s, 0], [0, 1, 0, 0], [-s, 0, c, 0], [0, 0, 0, 1]])
        tally.check("side 3 m13 == +1, m31 == -1", side(3).m13 == 1 && side(3).m31 == -1)
        // Side 4: moved zWidth toward the viewer.
        tally.check("side 4", side(4), [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, zWidth, 1]], tolerance: 0)
        tally.check("side 4 m43 == zWidth", side(4).m43 == zWidth)
        // Side 5: -pi/2 about x.
        tally.check("side 5", side(5), [[1, 0, 0, 0], [0, c, -s, 0], [0, s, c, 0], [0, 0, 0, 1]])
        tally.check("side 5 m23 == -1, m32 == +1", side(5).m23 == -1 && side(5).m32 == 1)
        // Side 6: +pi/2 about x.
        tally.check("side 6", side(6), [[1, 0, 0, 0], [0, c, s, 0], [0, -s, c, 0], [0, 0, 0, 1]])
        tally.check("side 6 m23 == +1, m32 == -1", side(6).m23 == 1 && side(6).m32 == -1)
        // Any other number: the identity.
        tally.check("side 0", side(0), identity, tolerance: 0)
        tally.check("side 7", side(7), identity, tolerance: 0)
    }
}

// MARK: anchorPointAndPositionForCubeSideLayer (section 2.5)

do {
    let expected: [Int: (anchor: CGPoint, position: CGPoint)] = [
        1: (CGPoint(x: 1, y: 0.5), CGPoint(x: -50, y: 0)),
        2: (CGPoint(x: 0.5, y: 0.5), CGPoint(x: 0, y: 0)),
        3: (CGPoint(x: 0, y: 0.5), CGPoint(x: 50, y: 0)),
        4: (CGPoint(x: 0.5, y: 0.5), CGPoint(x: 0, y: 0)),
        5: (CGPoint(x: 0.5, y: 1), CGPoint(x: 0, y: -50)),
        6: (CGPoint(x: 0.5, y: 0), CGPoint(x: 0, y: 50)),
        9: (CGPoint(x: 0.5, y: 0.5), CGPoint(x: 0, y: 0)),
    ]
    for (n, want) in expected.sorted(by: { $0.key < $1.key }) {
        let got = CGPoint.anchorPointAndPositionForCubeSideLayer(number: n, sideSize: 100)
        tally.check("anchor point of side \(n)", got.anchorPoint, want.anchor)
        tally.check("position of side \(n)", got.position, want.position)
    }
}

// MARK: The sides, placed by those functions, close into a cube (Lamina's layer geometry)

do {
    // As in the article: 100x100 sides in a CATransformLayer whose sublayer space has the
    // cube's back face centered on (0, 0). Side 4 gets its transform only (zPosition 0).
    let container = CATransformLayer()
    // The corners (0,0), (100,0), (0,100), (100,100) of each side, worked out by hand in the
    // container's 3D space: the back face lies at z = 0, the front face at z = 100.
    let corners: [Int: [(CGFloat, CGFloat, CGFloat)]] = [
        1: [(-50, -50, 100), (-50, -50, 0), (-50, 50, 100), (-50, 50, 0)],
        2: [(-50, -50, 0), (50, -50, 0), (-50, 50, 0), (50, 50, 0)],
        3: [(50, -50, 0), (50, -50, 100), (50, 50, 0), (50, 50, 100)],
        4: [(-50, -50, 100), (50, -50, 100), (-50, 50, 100), (50, 50, 100)],
        5: [(-50, -50, 100), (50, -50, 100), (-50, -50, 0), (50, -50, 0)],
        6: [(-50, 50, 0), (50, 50, 0), (-50, 50, 100), (50, 50, 100)],
    ]
    for n in 1...6 {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let placement = CGPoint.anchorPointAndPositionForCubeSideLayer(number: n, sideSize: 100)
        layer.anchorPoint = placement.anchorPoint
        layer.position = placement.position
        layer.transform = CATransform3D.transformFor3DCubeSide(n, zWidth: 100)
        container.addSublayer(layer)
        let m = layer.transformToSuperlayer
        for (k, (x, y)) in [(0.0, 0.0), (100.0, 0.0), (0.0, 100.0), (100.0, 100.0)].enumerated() {
            let h = m.apply(CGFloat(x), CGFloat(y), 0)
            let want = corners[n]![k]
            let d = max(abs(h.x / h.w - want.0), abs(h.y / h.w - want.1), abs(h.z / h.w - want.2))
            tally.check("side \(n) corner (\(x), \(y))", d < 1e-12, "got (\(h.x), \(h.y), \(h.z)), want \(want)")
        }
    }
}

// MARK: somePerspectiveTransform (section 5)

do {
    // perspective.m34 = -1/500, then Rotate(x, pi/8), Rotate(y, pi/8), Scale(0.7): each
    // modifier goes first, so the result is Scale * Ry * Rx * Perspective. On paper, with
    // c = cos(pi/8), s = sin(pi/8), p = -1/500:
    //   Ry * Rx = [c, s^2, -s c; 0, c, s; s, -s c, c^2], scaled by 0.7, and the perspective
    //   puts (row . z) * p into the last column.
    let a = CGFloat(Double.pi) / 8
    let c = cos(a), s = sin(a), p: CGFloat = -1.0 / 500.0, k: CGFloat = 0.7
    let want: [[CGFloat]] = [
        [k * c, k * s * s, -k * s * c, -k * s * c * p],
        [0, k * c, k * s, k * s * p],
        [k * s, -k * s * c, k * c * c, k * c * c * p],
        [0, 0, 0, 1],
    ]
    let got = CATransform3D.somePerspectiveTransform()
    tally.check("somePerspectiveTransform", got, want)
    tally.check("somePerspectiveTransform m44 == 1", got.m44 == 1)
    // The same, as the product of the hand-written factors.
    var perspective = identity
    perspective[2][3] = p
    let scale: [[CGFloat]] = [[k, 0, 0, 0], [0, k, 0, 0], [0, 0, k, 0], [0, 0, 0, 1]]
    tally.check("somePerspectiveTransform as a product", got,
                product(scale, product(rotation(a, 0, 1, 0), product(rotation(a, 1, 0, 0), perspective))))
}

// MARK: rotationFromDisplacement (section 5)

do {
    // On the identity the axis is (dx * m12 - dy * m11, dx * m22 - dy * m21, dx * m32 - dy * m31)
    // / angle = (-dy, dx, 0) / angle, and the angle is |displacement| degrees.
    let deg = CGFloat.pi / 180

    // (30, 0): axis (0, +1, 0), angle 30 degrees: a drag to the right turns the front (+z) to
    // the right, CATransform3DMakeRotation(30 deg, 0, 1, 0).
    do {
        let c = (3 as CGFloat).squareRoot() / 2, s: CGFloat = 0.5
        let got = CATransform3DIdentity.rotationFromDisplacement(CGPoint(x: 30, y: 0), sideWidth: 100, is3D: false)
        tally.check("drag (30, 0)", got, [[c, 0, -s, 0], [0, 1, 0, 0], [s, 0, c, 0], [0, 0, 0, 1]])
        tally.check("drag (30, 0) is MakeRotation(30 deg, 0, 1, 0)", got, rows(CATransform3DMakeRotation(30 * deg, 0, 1, 0)))
        let front = got.apply(0, 0, 1)
        tally.check("drag (30, 0) swings the front to the right", front.x > 0.49 && front.y == 0)
    }
    // (0, 40): axis (-1, 0, 0), angle 40 degrees: a drag down turns the front down.
    do {
        let c = cos(40 * deg), s = sin(40 * deg)
        let got = CATransform3DIdentity.rotationFromDisplacement(CGPoint(x: 0, y: 40), sideWidth: 100, is3D: false)
        tally.check("drag (0, 40)", got, [[1, 0, 0, 0], [0, c, -s, 0], [0, s, c, 0], [0, 0, 0, 1]])
        let front = got.apply(0, 0, 1)
        tally.check("drag (0, 40) swings the front down", front.y > 0.6 && front.x == 0)
    }
    // (30, 40): 50 degrees about (-0.8, 0.6, 0).
    do {
        let c = cos(50 * deg), s = sin(50 * deg), t = 1 - c
        let got = CATransform3DIdentity.rotationFromDisplacement(CGPoint(x: 30, y: 40), sideWidth: 100, is3D: false)
        tally.check("drag (30, 40)", got, [[c + 0.64 * t, -0.48 * t, -0.6 * s, 0],
                                           [-0.48 * t, c + 0.36 * t, -0.8 * s, 0],
                                           [0.6 * s, 0.8 * s, c, 0],
                                           [0, 0, 0, 1]])
    }
    // is3D: Translate(0, 0, -w/2) * Ry(30 deg) * Translate(0, 0, w/2), a turn about the cube's
    // center (0, 0, w/2): the last row is (-h s, 0, h (1 - c), 1) with h = w/2.
    do {
        let c = (3 as CGFloat).squareRoot() / 2, s: CGFloat = 0.5, h: CGFloat = 50
        let got = CATransform3DIdentity.rotationFromDisplacement(CGPoint(x: 30, y: 0), sideWidth: 100, is3D: true)
        tally.check("drag (30, 0) in 3D", got, [[c, 0, -s, 0], [0, 1, 0, 0], [s, 0, c, 0], [-h * s, 0, h * (1 - c), 1]])
        let center = got.apply(0, 0, 50)
        tally.check("drag (30, 0) in 3D keeps the cube's center", abs(center.x) < 1e-12 && center.y == 0 && abs(center.z - 50) < 1e-12)
    }
    // From a quarter turn about z (m11 = 0, m12 = 1, m21 = -1, m22 = 0): the axis of a
    // horizontal drag becomes x, and the result is Rx(30 deg) * Rz(90 deg).
    do {
        let c = (3 as CGFloat).squareRoot() / 2, s: CGFloat = 0.5
        let start = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let got = start.rotationFromDisplacement(CGPoint(x: 30, y: 0), sideWidth: 100, is3D: false)
        tally.check("drag (30, 0) after a quarter turn", got, [[0, 1, 0, 0], [-c, 0, s, 0], [s, 0, c, 0], [0, 0, 0, 1]])
    }
    // From the article's starting transform, as the app does it.
    do {
        let start = CATransform3D.somePerspectiveTransform()
        let d = CGPoint(x: -12, y: 5)
        let angle = 13 * deg
        let (xf, yf) = (d.x / angle, d.y / angle)
        let axis = (xf * start.m12 - yf * start.m11, xf * start.m22 - yf * start.m21, xf * start.m32 - yf * start.m31)
        let got = start.rotationFromDisplacement(d, sideWidth: 100, is3D: false)
        tally.check("drag (-12, 5) from somePerspectiveTransform", got,
                    product(rotation(angle, axis.0, axis.1, axis.2), rows(start)))
        var half = identity, back = identity
        half[3][2] = 50; back[3][2] = -50
        let got3D = start.rotationFromDisplacement(d, sideWidth: 100, is3D: true)
        let shifted = product(half, rows(start))
        let axis3D = (xf * shifted[0][1] - yf * shifted[0][0], xf * shifted[1][1] - yf * shifted[1][0],
                      xf * shifted[2][1] - yf * shifted[2][0])
        tally.check("drag (-12, 5) in 3D from somePerspectiveTransform", got3D,
                    product(back, product(rotation(angle, axis3D.0, axis3D.1, axis3D.2), shifted)))
    }
}

print("PortCheck: \(tally.passed) passed, \(tally.failed) failed")
if tally.failed > 0 { exit(1) }
