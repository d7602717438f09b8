// Interpolating the values animations carry: numbers, points, sizes, rects, colors,
// transforms (by decomposition), paths (point by point) and arrays (element by element).
// Lamina's own helpers; Core Animation does this inside.

/// Any Optional, so an Optional boxed in an `Any` can be opened without reflection.
private protocol OptionalBox {
    var boxedValue: Any? { get }
}

extension Optional: OptionalBox {
    fileprivate var boxedValue: Any? { self.map { $0 as Any } }
}

enum AnimationValues {
    /// The value inside an `Any` that holds an Optional (nil for .none); other values as they are.
    static func unwrapped(_ v: Any?) -> Any? {
        guard let v else { return nil }
        guard let o = v as? OptionalBox else { return v }
        return unwrapped(o.boxedValue)
    }

    /// A number from any numeric type.
    static func number(_ v: Any?) -> Double? { CALayer.number(v).map { Double($0) } }

    /// Linear interpolation from a to b (fraction f may leave 0...1, e.g. for springs).
    /// Values of different kinds, or kinds that do not interpolate, step at f = 0.5.
    static func interpolate(_ a: Any?, _ b: Any?, _ f: Double) -> Any? {
        if let x = number(a), let y = number(b) { return x + (y - x) * f }
        switch (a, b) {
        case let (p as CGPoint, q as CGPoint):
            return CGPoint(x: p.x + (q.x - p.x) * f, y: p.y + (q.y - p.y) * f)
        case let (p as CGSize, q as CGSize):
            return CGSize(width: p.width + (q.width - p.width) * f, height: p.height + (q.height - p.height) * f)
        case let (p as CGRect, q as CGRect):
            return CGRect(x: p.minX + (q.minX - p.minX) * f, y: p.minY + (q.minY - p.minY) * f,
                          width: p.width + (q.width - p.width) * f, height: p.height + (q.height - p.height) * f)
        case let (p as CATransform3D, q as CATransform3D):
            return p.interpolated(to: q, fraction: f)
        case let (p as CGPath, q as CGPath):
            // Point by point between paths of the same elements; others step at f = 0.5.
            return p.interpolated(to: q, fraction: f) ?? (f < 0.5 ? p : q)
        case let (p as [Any], q as [Any]) where p.count == q.count:
            // Gradient colors and locations: element by element.
            return zip(p, q).map { interpolate($0, $1, f) as Any }
        case let (p as CGColor, q as CGColor):
            // Per component, straight alpha (the scene contract).
            return CGColor(red: p.rgba.red + (q.rgba.red - p.rgba.red) * f, green: p.rgba.green + (q.rgba.green - p.rgba.green) * f,
                           blue: p.rgba.blue + (q.rgba.blue - p.rgba.blue) * f, alpha: p.rgba.alpha + (q.rgba.alpha - p.rgba.alpha) * f)
        default:
            return f < 0.5 ? a : b
        }
    }

    /// a + b for the additive kinds (numbers, points, sizes, rects, transforms: b then a... as
    /// Core Animation concatenates an additive transform onto the base), or b when they do not add.
    static func add(_ a: Any?, _ b: Any?) -> Any? {
        if let x = number(a), let y = number(b) { return x + y }
        switch (a, b) {
        case let (p as CGPoint, q as CGPoint): return CGPoint(x: p.x + q.x, y: p.y + q.y)
        case let (p as CGSize, q as CGSize): return CGSize(width: p.width + q.width, height: p.height + q.height)
        case let (p as CGRect, q as CGRect):
            return CGRect(x: p.minX + q.minX, y: p.minY + q.minY, width: p.width + q.width, height: p.height + q.height)
        case let (p as CATransform3D, q as CATransform3D): return q.concatenating(p)
        default: return b
        }
    }

    /// a - b for numbers, points, sizes and rects (for `byValue` with only `toValue`).
    static func subtract(_ a: Any?, _ b: Any?) -> Any? {
        if let x = number(a), let y = number(b) { return x - y }
        switch (a, b) {
        case let (p as CGPoint, q as CGPoint): return CGPoint(x: p.x - q.x, y: p.y - q.y)
        case let (p as CGSize, q as CGSize): return CGSize(width: p.width - q.width, height: p.height - q.height)
        case let (p as CGRect, q as CGRect):
            return CGRect(x: p.minX - q.minX, y: p.minY - q.minY, width: p.width - q.width, height: p.height - q.height)
        case let (p as CATransform3D, q as CATransform3D): return q.inverse.map { p.concatenating($0) } ?? p
        default: return a
        }
    }

    /// The x with add(x, b) == a: what `toValue` minus `byValue` must be for the animation to
    /// end at toValue. It is subtract(a, b) except for transforms, where add puts b first
    /// (b * x), so x = b^-1 * a (subtract's a * b^-1 is the delta a cumulative repeat adds).
    static func removing(_ b: Any?, from a: Any?) -> Any? {
        if let p = a as? CATransform3D, let q = b as? CATransform3D { return q.inverse.map { $0.concatenating(p) } ?? p }
        return subtract(a, b)
    }

    /// A distance between two values (for paced keyframes): Euclidean over their components.
    static func distance(_ a: Any?, _ b: Any?) -> Double {
        let ca = components(a), cb = components(b)
        guard ca.count == cb.count, !ca.isEmpty else { return 1 }
        return zip(ca, cb).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }

    /// The numeric components of a value, for paced and cubic keyframes.
    static func components(_ v: Any?) -> [Double] {
        if let x = number(v) { return [x] }
        switch v {
        case let p as CGPoint: return [p.x, p.y]
        case let s as CGSize: return [s.width, s.height]
        case let r as CGRect: return [r.minX, r.minY, r.width, r.height]
        case let c as CGColor: return [c.rgba.red, c.rgba.green, c.rgba.blue, c.rgba.alpha]
        default: return []
        }
    }

    /// A value of `template`'s kind from components.
    static func value(like template: Any?, _ c: [Double]) -> Any? {
        switch template {
        case is CGPoint: return CGPoint(x: c[0], y: c[1])
        case is CGSize: return CGSize(width: c[0], height: c[1])
        case is CGRect: return CGRect(x: c[0], y: c[1], width: c[2], height: c[3])
        case is CGColor: return CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        default: return c.first
        }
    }
}
