// Timing functions: cubic Bezier curves from (0, 0) to (1, 1).

/// The names of Core Animation's predefined timing functions.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    /// The function's Core Animation name.
    public let rawValue: String
    /// A name from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Constant speed: (0, 0), (1, 1).
    public static let linear = Self(rawValue: "linear")
    /// Slow start: (0.42, 0), (1, 1).
    public static let easeIn = Self(rawValue: "easeIn")
    /// Slow end: (0, 0), (0.58, 1).
    public static let easeOut = Self(rawValue: "easeOut")
    /// Slow start and end: (0.42, 0), (0.58, 1).
    public static let easeInEaseOut = Self(rawValue: "easeInEaseOut")
    /// The curve of implicit animations: (0.25, 0.1), (0.25, 1), CSS's `ease`.
    public static let `default` = Self(rawValue: "default")
}

/// A cubic Bezier pacing curve with control points (c1x, c1y) and (c2x, c2y).
public final class CAMediaTimingFunction: Equatable, Sendable, CustomStringConvertible {
    /// The first inner control point (x clamped to 0...1).
    public let c1: (x: Double, y: Double)
    /// The second inner control point (x clamped to 0...1).
    public let c2: (x: Double, y: Double)

    /// A curve from its control points (x in 0...1).
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        c1 = (Double(min(max(c1x, 0), 1)), Double(c1y))
        c2 = (Double(min(max(c2x, 0), 1)), Double(c2y))
    }

    /// A curve from Double control points (Lamina's).
    public init(c1x: Double, c1y: Double, c2x: Double, c2y: Double) {
        c1 = (min(max(c1x, 0), 1), c1y)
        c2 = (min(max(c2x, 0), 1), c2y)
    }

    /// One of Core Animation's predefined curves.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: self.init(c1x: 0.42, c1y: 0, c2x: 1, c2y: 1)
        case .easeOut: self.init(c1x: 0, c1y: 0, c2x: 0.58, c2y: 1)
        case .easeInEaseOut: self.init(c1x: 0.42, c1y: 0, c2x: 0.58, c2y: 1)
        case .default: self.init(c1x: 0.25, c1y: 0.1, c2x: 0.25, c2y: 1)
        default: self.init(c1x: 0, c1y: 0, c2x: 1, c2y: 1)
        }
    }

    /// Control point `idx` (0...3) into `ptr[0]`, `ptr[1]`.
    public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let p: (Double, Double) = [(0, 0), (c1.x, c1.y), (c2.x, c2.y), (1, 1)][min(max(idx, 0), 3)]
        ptr[0] = Float(p.0); ptr[1] = Float(p.1)
    }

    private func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        // B(t) = 3(1-t)^2 t p1 + 3(1-t) t^2 p2 + t^3
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    private func bezierSlope(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    /// The curve's output for input x in 0...1: solves x(t) = x (Newton while its steps are
    /// well conditioned, else bisection on t to 1e-15, since x(t) is monotonic for control x in
    /// 0...1) and returns y(t). The tolerance is on t, not on x: where x(t) is flat (e.g. the
    /// inflection of (1, 0, 0, 1)) a tiny x error is a large t error, and so a large y error.
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if c1.x == c1.y && c2.x == c2.y { return x }
        var t = x
        for _ in 0..<8 {
            let err = bezier(t, c1.x, c2.x) - x
            let s = bezierSlope(t, c1.x, c2.x)
            if abs(s) < 1e-6 { break }
            let step = err / s
            t -= step
            if !(0...1).contains(t) { break }
            if abs(step) < 1e-12 { return bezier(t, c1.y, c2.y) }
        }
        var lo = 0.0, hi = 1.0
        while hi - lo > 1e-15 {
            let mid = (lo + hi) / 2
            if bezier(mid, c1.x, c2.x) < x { lo = mid } else { hi = mid }
        }
        return bezier((lo + hi) / 2, c1.y, c2.y)
    }

    public static func == (a: CAMediaTimingFunction, b: CAMediaTimingFunction) -> Bool { a.c1 == b.c1 && a.c2 == b.c2 }
    public var description: String { "CAMediaTimingFunction(\(c1.x), \(c1.y), \(c2.x), \(c2.y))" }
}
