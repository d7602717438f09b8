// Lamina's own path operations (not on Apple platforms) that Core Animation needs:
// CAShapeLayer's strokeStart / strokeEnd trim, and point-by-point path animation.

extension CGPath {
    /// The part of the path between two fractions (0...1) of its whole length, measured along
    /// all subpaths in order, closing segments included: what CAShapeLayer strokes for
    /// strokeStart / strokeEnd. Each remaining piece starts with a move; a subpath kept whole
    /// keeps its close (so its start is joined); curves stay curves, split where the length
    /// falls. Empty when `start >= end`.
    public func trimmed(from start: CGFloat, to end: CGFloat) -> CGPath {
        let a = min(max(start.isNaN ? 0 : start, 0), 1), b = min(max(end.isNaN ? 1 : end, 0), 1)
        guard a < b else { return CGPath(storage: []) }
        if a == 0 && b == 1 { return CGPath(storage: storage) }
        let pieces = MeasuredPath(self)
        let from = a * pieces.length, to = b * pieces.length
        let out = CGMutablePath()
        for subpath in pieces.subpaths {
            if from <= subpath.start && subpath.end <= to {
                for e in subpath.elements { out.append(e) }   // kept whole, close and all
                continue
            }
            var started = false
            for segment in subpath.segments {
                let lo = max(from, segment.start), hi = min(to, segment.start + segment.length)
                guard lo < hi || (segment.length == 0 && from <= segment.start && segment.start <= to) else { continue }
                let part = segment.curve.portion(segment.parameter(at: lo - segment.start),
                                                 segment.parameter(at: hi - segment.start))
                if !started { out.append(.moveToPoint(part.startPoint)); started = true }
                out.append(part.element)
            }
        }
        return CGPath(storage: out.storage)
    }

    /// The path whose points are `fraction` of the way from this path's to `other`'s, or nil
    /// when the two do not have the same elements in the same order (Core Animation animates
    /// `path` only between such paths).
    public func interpolated(to other: CGPath, fraction: CGFloat) -> CGPath? {
        guard storage.count == other.storage.count else { return nil }
        func mix(_ p: CGPoint, _ q: CGPoint) -> CGPoint {
            CGPoint(x: p.x + (q.x - p.x) * fraction, y: p.y + (q.y - p.y) * fraction)
        }
        var result: [Element] = []
        result.reserveCapacity(storage.count)
        for (e, f) in zip(storage, other.storage) {
            switch (e, f) {
            case (.moveToPoint(let p), .moveToPoint(let q)): result.append(.moveToPoint(mix(p, q)))
            case (.addLineToPoint(let p), .addLineToPoint(let q)): result.append(.addLineToPoint(mix(p, q)))
            case (.addQuadCurveToPoint(let p, let c), .addQuadCurveToPoint(let q, let d)):
                result.append(.addQuadCurveToPoint(to: mix(p, q), control: mix(c, d)))
            case (.addCurveToPoint(let p, let c1, let c2), .addCurveToPoint(let q, let d1, let d2)):
                result.append(.addCurveToPoint(to: mix(p, q), control1: mix(c1, d1), control2: mix(c2, d2)))
            case (.closeSubpath, .closeSubpath): result.append(.closeSubpath)
            default: return nil
            }
        }
        return CGPath(storage: result)
    }

    /// The path's length: every segment's, closing segments included.
    public var length: CGFloat { MeasuredPath(self).length }
}

/// One drawn segment as a Bézier of degree 1 to 3 (a closing segment is a line).
struct BezierSegment {
    /// The control polygon: 2, 3 or 4 points.
    var points: [CGPoint]

    var startPoint: CGPoint { points[0] }

    /// The segment as a path element from its start.
    var element: CGPath.Element {
        switch points.count {
        case 2: .addLineToPoint(points[1])
        case 3: .addQuadCurveToPoint(to: points[2], control: points[1])
        default: .addCurveToPoint(to: points[3], control1: points[1], control2: points[2])
        }
    }

    /// The point at parameter t.
    func point(at t: CGFloat) -> CGPoint {
        switch points.count {
        case 2: CGPoint(x: points[0].x + (points[1].x - points[0].x) * t, y: points[0].y + (points[1].y - points[0].y) * t)
        case 3: Bezier.quad(points[0], points[1], points[2], t)
        default: Bezier.cubic(points[0], points[1], points[2], points[3], t)
        }
    }

    /// The two halves at parameter t (de Casteljau).
    func split(at t: CGFloat) -> (BezierSegment, BezierSegment) {
        var left: [CGPoint] = [], right: [CGPoint] = []
        var level = points
        while !level.isEmpty {
            left.append(level.first!)
            right.insert(level.last!, at: 0)
            level = zip(level, level.dropFirst()).map { p, q in CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t) }
        }
        return (BezierSegment(points: left), BezierSegment(points: right))
    }

    /// The part between parameters t0 <= t1.
    func portion(_ t0: CGFloat, _ t1: CGFloat) -> BezierSegment {
        let tail = t0 > 0 ? split(at: t0).1 : self
        guard t1 < 1 else { return tail }
        let u = t0 < 1 ? (t1 - t0) / (1 - t0) : 0
        return tail.split(at: u).0
    }
}

/// A path cut into segments with their lengths, for measuring and trimming.
struct MeasuredPath {
    struct Segment {
        var curve: BezierSegment
        /// Where the segment starts along the whole path, and its length.
        var start: CGFloat, length: CGFloat
        /// Arc length at evenly spaced parameters (0, 1/n, ..., 1), from the segment's start.
        var table: [CGFloat]

        /// The parameter at which the segment has covered `distance`.
        func parameter(at distance: CGFloat) -> CGFloat {
            guard length > 0 else { return 0 }
            let n = table.count - 1
            var lo = 0, hi = n
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if table[mid] < distance { lo = mid } else { hi = mid }
            }
            let span = table[hi] - table[lo]
            let f = span > 0 ? (distance - table[lo]) / span : 0
            return (CGFloat(lo) + min(max(f, 0), 1)) / CGFloat(n)
        }
    }

    struct Subpath {
        var elements: [CGPath.Element] = []
        var segments: [Segment] = []
        var start: CGFloat = 0, end: CGFloat = 0
    }

    var subpaths: [Subpath] = []
    var length: CGFloat = 0

    init(_ path: CGPath) {
        var cursor = PathCursor()
        for e in path.storage {
            let from = cursor.current ?? .zero
            var curve: BezierSegment?
            switch e {
            case .moveToPoint:
                subpaths.append(Subpath(start: length, end: length))
            case .addLineToPoint(let p): curve = BezierSegment(points: [from, p])
            case .addQuadCurveToPoint(let p, let c): curve = BezierSegment(points: [from, c, p])
            case .addCurveToPoint(let p, let c1, let c2): curve = BezierSegment(points: [from, c1, c2, p])
            case .closeSubpath: curve = BezierSegment(points: [from, cursor.subpathStart ?? from])
            }
            if subpaths.isEmpty || (subpaths[subpaths.count - 1].elements.last == .closeSubpath && e != .closeSubpath) {
                // A segment after a close starts a new subpath at the closed one's start.
                subpaths.append(Subpath(elements: [.moveToPoint(from)], start: length, end: length))
            }
            if let curve {
                let n = curve.points.count == 2 ? 1 : 64
                var table: [CGFloat] = [0]
                var previous = curve.startPoint
                for i in 1...n {
                    let p = curve.point(at: CGFloat(i) / CGFloat(n))
                    table.append(table.last! + hypot(p.x - previous.x, p.y - previous.y))
                    previous = p
                }
                subpaths[subpaths.count - 1].segments.append(Segment(curve: curve, start: length, length: table.last!, table: table))
                length += table.last!
            }
            subpaths[subpaths.count - 1].elements.append(e)
            subpaths[subpaths.count - 1].end = length
            cursor.advance(e)
        }
    }
}
