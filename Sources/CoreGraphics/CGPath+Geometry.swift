extension CGPath {
    /// The smallest rectangle holding every point of the path, control points included (as
    /// Core Graphics computes it); `CGRect.null` for an empty path.
    public var boundingBox: CGRect {
        var box = BoundingBox()
        for e in storage { for p in e.points { box.add(p) } }
        return box.rect
    }

    /// The smallest rectangle holding the path itself: end points and the curves' extremes,
    /// not their control points; `CGRect.null` for an empty path.
    public var boundingBoxOfPath: CGRect {
        var box = BoundingBox()
        var cursor = PathCursor()
        for e in storage {
            let from = cursor.current ?? .zero
            switch e {
            case .moveToPoint(let p), .addLineToPoint(let p):
                box.add(p)
            case .addQuadCurveToPoint(let p, let c):
                box.add(p)
                for t in Bezier.quadExtremes(from, c, p) { box.add(Bezier.quad(from, c, p, t)) }
            case .addCurveToPoint(let p, let c1, let c2):
                box.add(p)
                for t in Bezier.cubicExtremes(from, c1, c2, p) { box.add(Bezier.cubic(from, c1, c2, p, t)) }
            case .closeSubpath:
                break
            }
            cursor.advance(e)
        }
        return box.rect
    }

    /// Whether `point` is inside the path (every subpath implicitly closed) under `rule`, with
    /// the path first mapped by `transform`. Curves are flattened to within 1/1000 of a unit.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        let path = transform.isIdentity ? self : CGPath(storage: storage.map { $0.applying(transform) })
        var winding = 0
        for polyline in path.flattened(tolerance: 1e-3) {
            guard polyline.points.count > 1 else { continue }
            for i in polyline.points.indices {
                let a = polyline.points[i], b = polyline.points[(i + 1) % polyline.points.count]
                // Crossings of the horizontal ray to the right of the point, upward +1, downward -1.
                if a.y <= point.y {
                    if b.y > point.y && cross(a, b, point) > 0 { winding += 1 }
                } else if b.y <= point.y && cross(a, b, point) < 0 {
                    winding -= 1
                }
            }
        }
        return rule == .winding ? winding != 0 : winding % 2 != 0
    }

    /// Whether the path is exactly one axis-aligned rectangle (a move, three or four lines
    /// around it, and optionally a close); when it is and `rect` is given, stores the rectangle there.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        var points: [CGPoint] = []
        for (i, e) in storage.enumerated() {
            switch e {
            case .moveToPoint(let p) where i == 0: points.append(p)
            case .addLineToPoint(let p) where i > 0: points.append(p)
            case .closeSubpath where i == storage.count - 1: break
            default: return false
            }
        }
        if points.count == 5, points[4] == points[0] { points.removeLast() }
        guard points.count == 4 else { return false }
        // Consecutive corners share x or y alternately: a rectangle whichever way it turns.
        let horizontalFirst = points[0].y == points[1].y
        for i in 0..<4 {
            let a = points[i], b = points[(i + 1) % 4]
            let horizontal = (i % 2 == 0) == horizontalFirst
            if horizontal ? a.y != b.y : a.x != b.x { return false }
        }
        var box = BoundingBox()
        for p in points { box.add(p) }
        guard box.rect.width > 0, box.rect.height > 0 else { return false }
        rect?.pointee = box.rect
        return true
    }

    /// The path as polylines, one per subpath, curves split into chords that stray from the
    /// curve by at most `tolerance`.
    func flattened(tolerance: CGFloat) -> [Polyline] {
        var result: [Polyline] = []
        var current: Polyline?
        var cursor = PathCursor()
        for e in storage {
            let from = cursor.current ?? .zero
            switch e {
            case .moveToPoint(let p):
                if let c = current { result.append(c) }
                current = Polyline(points: [p], closed: false)
            case .addLineToPoint(let p):
                if current == nil || current!.closed { Self.restart(&current, &result, at: from) }
                current!.points.append(p)
            case .addQuadCurveToPoint(let p, let c):
                if current == nil || current!.closed { Self.restart(&current, &result, at: from) }
                let n = Bezier.segmentCount(secondDifference: Bezier.secondDifference(from, c, p), factor: 0.25, tolerance: tolerance)
                for i in 1...n { current!.points.append(Bezier.quad(from, c, p, CGFloat(i) / CGFloat(n))) }
            case .addCurveToPoint(let p, let c1, let c2):
                if current == nil || current!.closed { Self.restart(&current, &result, at: from) }
                let dd = max(Bezier.secondDifference(from, c1, c2), Bezier.secondDifference(c1, c2, p))
                let n = Bezier.segmentCount(secondDifference: dd, factor: 0.75, tolerance: tolerance)
                for i in 1...n { current!.points.append(Bezier.cubic(from, c1, c2, p, CGFloat(i) / CGFloat(n))) }
            case .closeSubpath:
                current?.closed = true
            }
            cursor.advance(e)
        }
        if let c = current { result.append(c) }
        return result
    }

    /// Ends the current polyline and starts one at `point` (a segment after a close starts a new subpath there).
    private static func restart(_ current: inout Polyline?, _ result: inout [Polyline], at point: CGPoint) {
        if let c = current { result.append(c) }
        current = Polyline(points: [point], closed: false)
    }
}

/// One flattened subpath.
struct Polyline: Equatable {
    /// The vertices in order.
    var points: [CGPoint]
    /// Whether the subpath was closed explicitly.
    var closed: Bool
}

/// `(b - a) × (p - a)`: positive when `p` is to the left of a → b in a y-up space.
private func cross(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> CGFloat {
    (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
}

/// A growing axis-aligned box.
struct BoundingBox {
    var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity

    /// Grows the box to hold `p`.
    mutating func add(_ p: CGPoint) {
        minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
    }

    /// The box, or `CGRect.null` when nothing was added.
    var rect: CGRect {
        minX <= maxX ? CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : .null
    }
}

/// Bézier evaluation helpers.
enum Bezier {
    /// The quadratic curve at `t`.
    static func quad(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        return CGPoint(x: u * u * p0.x + 2 * u * t * c.x + t * t * p1.x,
                       y: u * u * p0.y + 2 * u * t * c.y + t * t * p1.y)
    }

    /// The cubic curve at `t`.
    static func cubic(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p1.x, y: a * p0.y + b * c1.y + c * c2.y + d * p1.y)
    }

    /// Parameters in (0, 1) where the quadratic's x or y is extreme.
    static func quadExtremes(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint) -> [CGFloat] {
        func root(_ a: CGFloat, _ b: CGFloat, _ d: CGFloat) -> CGFloat? {
            let den = a - 2 * b + d
            guard den != 0 else { return nil }
            let t = (a - b) / den
            return t > 0 && t < 1 ? t : nil
        }
        return [root(p0.x, c.x, p1.x), root(p0.y, c.y, p1.y)].compactMap { $0 }
    }

    /// Parameters in (0, 1) where the cubic's x or y is extreme (roots of the derivative).
    static func cubicExtremes(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint) -> [CGFloat] {
        func roots(_ a0: CGFloat, _ a1: CGFloat, _ a2: CGFloat, _ a3: CGFloat) -> [CGFloat] {
            // B'(t)/3 = a t² + b t + c.
            let a = -a0 + 3 * a1 - 3 * a2 + a3, b = 2 * (a0 - 2 * a1 + a2), c = a1 - a0
            var ts: [CGFloat] = []
            if abs(a) < 1e-12 {
                if b != 0 { ts.append(-c / b) }
            } else {
                let disc = b * b - 4 * a * c
                if disc >= 0 {
                    let s = disc.squareRoot()
                    ts += [(-b + s) / (2 * a), (-b - s) / (2 * a)]
                }
            }
            return ts.filter { $0 > 0 && $0 < 1 }
        }
        return roots(p0.x, c1.x, c2.x, p1.x) + roots(p0.y, c1.y, c2.y, p1.y)
    }

    /// |a - 2b + c|: a control polygon's second difference.
    static func secondDifference(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint) -> CGFloat {
        hypot(a.x - 2 * b.x + c.x, a.y - 2 * b.y + c.y)
    }

    /// The number of equal parameter steps keeping a curve within `tolerance` of its chords:
    /// the chord error is at most factor · |second difference| · h² per step h.
    static func segmentCount(secondDifference dd: CGFloat, factor: CGFloat, tolerance: CGFloat) -> Int {
        guard dd.isFinite, dd > 0 else { return 1 }
        let n = (factor * dd / tolerance).squareRoot().rounded(.up)
        return n.isFinite ? Int(min(max(n, 1), 4096)) : 4096   // capped before Int() so huge curves cannot trap
    }
}
