// Small builders shared by the generators: layers, perspective, and exact quarter turns (no
// libm, so the matrices are the same bits on every machine).
import QuartzCore

enum Build {
    /// An ordinary layer `w` x `h` centred at (x, y) in its superlayer.
    static func layer(_ name: String, _ w: Double, _ h: Double, at x: Double, _ y: Double, color: CGColor? = nil) -> CALayer {
        let l = CALayer()
        l.name = name
        l.bounds = CGRect(x: 0, y: 0, width: w, height: h)
        l.position = CGPoint(x: x, y: y)
        l.backgroundColor = color
        return l
    }

    /// A transform layer `w` x `h` centred at (x, y).
    static func transformLayer(_ name: String, _ w: Double, _ h: Double, at x: Double, _ y: Double) -> CATransformLayer {
        let l = CATransformLayer()
        l.name = name
        l.bounds = CGRect(x: 0, y: 0, width: w, height: h)
        l.position = CGPoint(x: x, y: y)
        return l
    }

    /// The book's perspective: identity with m34 = -1 / eye (the eye `eye` points in front of the plane).
    static func perspective(eye: Double) -> CATransform3D {
        var t = CATransform3DIdentity
        t.m34 = -1 / eye
        return t
    }

    /// A rotation about y given its cosine and sine (row vectors, as CATransform3DMakeRotation(angle, 0, 1, 0)).
    static func rotationY(cos c: Double, sin s: Double) -> CATransform3D {
        var t = CATransform3DIdentity
        t.m11 = c; t.m13 = -s; t.m31 = s; t.m33 = c
        return t
    }

    /// A rotation about x given its cosine and sine (row vectors, as CATransform3DMakeRotation(angle, 1, 0, 0)).
    static func rotationX(cos c: Double, sin s: Double) -> CATransform3D {
        var t = CATransform3DIdentity
        t.m22 = c; t.m23 = s; t.m32 = -s; t.m33 = c
        return t
    }

    /// The six faces' transforms of a cube of edge `s` whose faces are `s` x `s` layers centred on
    /// the cube's centre: each face turned by an exact quarter (or half) turn, then pushed out
    /// by s / 2 along its outward normal (front, right, back, left, top, bottom).
    static func cubeFaces(edge s: Double) -> [CATransform3D] {
        let h = s / 2
        func moved(_ r: CATransform3D, _ x: Double, _ y: Double, _ z: Double) -> CATransform3D {
            var t = r
            t.m41 = x; t.m42 = y; t.m43 = z
            return t
        }
        return [
            moved(CATransform3DIdentity, 0, 0, h),
            moved(rotationY(cos: 0, sin: 1), h, 0, 0),
            moved(rotationY(cos: -1, sin: 0), 0, 0, -h),
            moved(rotationY(cos: 0, sin: -1), -h, 0, 0),
            moved(rotationX(cos: 0, sin: 1), 0, -h, 0),
            moved(rotationX(cos: 0, sin: -1), 0, h, 0),
        ]
    }

    /// Runs `body` with implicit animations off: building a workload animates nothing.
    static func withoutActions<T>(_ body: () -> T) -> T {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        return body()
    }
}
