// CGPath.copy(strokingWithWidth:...): the area a stroke covers, as a path. Cairo keeps its
// stroker private, so Lamina builds the area itself: curves flattened to within 0.05 units,
// then one counter-clockwise piece per segment, join and cap. Overlapping pieces that all
// turn the same way fill (winding rule) to exactly their union, the stroke's area.

extension CGPath {
    /// The outline of this path stroked with the given line attributes (no dashes), mapped by
    /// `transform`: fill it with the winding rule (the default) to paint the stroke, or test it
    /// with `contains(_:)`. As a union of overlapping closed pieces, not one outline: its area
    /// is the stroke's, its element list is not Core Graphics'. A width that is not positive
    /// and finite gives an empty path.
    public func copy(strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin,
                     miterLimit: CGFloat, transform: CGAffineTransform = .identity) -> CGPath {
        let out = CGMutablePath()
        guard lineWidth > 0, lineWidth.isFinite else { return CGPath(storage: []) }
        let h = lineWidth / 2
        for (points, closed) in flattenedSubpaths(tolerance: 0.05) {
            StrokeOutliner(h: h, cap: lineCap, join: lineJoin, miterLimit: miterLimit.isFinite ? max(1, miterLimit) : 10, out: out)
                .outline(points, closed: closed)
        }
        return CGPath(storage: out.storage.map { $0.applying(transform) })
    }

    /// The subpaths as polylines (consecutive repeats dropped) and whether each is closed.
    func flattenedSubpaths(tolerance: CGFloat) -> [([CGPoint], Bool)] {
        var result: [([CGPoint], Bool)] = []
        // A lone move draws nothing (a zero-length line does: its caps).
        for subpath in MeasuredPath(self).subpaths where !subpath.segments.isEmpty {
            var points: [CGPoint] = []
            if case .moveToPoint(let p)? = subpath.elements.first { points.append(p) }
            for segment in subpath.segments {
                let c = segment.curve
                // Enough pieces that each chord stays within the tolerance of the curve.
                let n = c.points.count == 2 ? 1 : max(1, Int((segment.length / (8 * tolerance).squareRoot()).rounded(.up)))
                if points.isEmpty { points.append(c.startPoint) }
                for i in 1...n { points.append(c.point(at: CGFloat(i) / CGFloat(n))) }
            }
            var cleaned: [CGPoint] = []
            for p in points where cleaned.last != p { cleaned.append(p) }
            let closed = subpath.elements.last == .closeSubpath
            if closed, cleaned.count > 1, cleaned.first == cleaned.last { cleaned.removeLast() }
            if !cleaned.isEmpty { result.append((cleaned, closed)) }
        }
        return result
    }
}

/// Emits the counter-clockwise pieces of one stroked polyline.
private struct StrokeOutliner {
    let h: CGFloat
    let cap: CGLineCap
    let join: CGLineJoin
    let miterLimit: CGFloat
    let out: CGMutablePath

    func outline(_ p: [CGPoint], closed: Bool) {
        guard p.count > 1 else {
            // A zero-length subpath draws only its caps: a dot (round) or a square (square).
            if cap == .round { circle(p[0]) }
            if cap == .square { polygon([p[0] + CGPoint(x: -h, y: -h), p[0] + CGPoint(x: h, y: -h), p[0] + CGPoint(x: h, y: h), p[0] + CGPoint(x: -h, y: h)]) }
            return
        }
        let count = closed ? p.count : p.count - 1
        for i in 0..<count {
            let a = p[i], b = p[(i + 1) % p.count]
            let n = normal(a, b) * h
            polygon([a + n, a - n, b - n, b + n])
        }
        let joints = closed ? Array(0..<p.count) : Array(1..<(p.count - 1))
        for i in joints { joinAt(p[(i + p.count - 1) % p.count], p[i], p[(i + 1) % p.count]) }
        if !closed {
            capAt(p[0], from: p[1])
            capAt(p[p.count - 1], from: p[p.count - 2])
        }
    }

    /// The join at `v` between the segments u-v and v-w, on the outer side of the turn.
    private func joinAt(_ u: CGPoint, _ v: CGPoint, _ w: CGPoint) {
        if join == .round { circle(v); return }
        let n1 = normal(u, v), n2 = normal(v, w)
        let d1 = v - u, d2 = w - v
        let turn = d1.x * d2.y - d1.y * d2.x
        guard turn != 0 || (d1.x * d2.x + d1.y * d2.y) < 0 else { return }   // straight on: nothing to fill
        // Turning left (counter-clockwise) the outer side is the right one.
        let s: CGFloat = turn > 0 ? -1 : 1
        let o1 = v + n1 * (s * h), o2 = v + n2 * (s * h)
        let cosine = n1.x * n2.x + n1.y * n2.y
        // Miter length over width is 1 / cos(half the turn) = sqrt(2 / (1 + cos(turn))).
        if join == .miter, cosine > -1, (2 / (1 + cosine)).squareRoot() <= miterLimit {
            let tip = v + (n1 + n2) * (s * h / (1 + cosine))
            polygon([v, o1, tip, o2])
        } else {
            polygon([v, o1, o2])
        }
    }

    /// The cap at the end `e` of a segment coming from `from`.
    private func capAt(_ e: CGPoint, from: CGPoint) {
        switch cap {
        case .butt: break
        case .round: circle(e)
        case .square:
            let d = unit(e - from) * h, n = normal(from, e) * h
            polygon([e + n, e - n, e - n + d, e + n + d])
        }
    }

    /// A closed polygon, reversed if needed so it turns counter-clockwise.
    private func polygon(_ pts: [CGPoint]) {
        var area: CGFloat = 0
        for i in pts.indices { let a = pts[i], b = pts[(i + 1) % pts.count]; area += a.x * b.y - b.x * a.y }
        guard area != 0 else { return }
        let ordered = area > 0 ? pts : pts.reversed()
        out.append(.moveToPoint(ordered[0]))
        for q in ordered.dropFirst() { out.append(.addLineToPoint(q)) }
        out.append(.closeSubpath)
    }

    /// A counter-clockwise circle of radius h.
    private func circle(_ c: CGPoint) {
        let sub = CGMutablePath()
        sub.addRelativeArc(center: c, radius: h, startAngle: 0, delta: 2 * .pi)
        sub.closeSubpath()
        for e in sub.storage { out.append(e) }
    }

    private func unit(_ d: CGPoint) -> CGPoint {
        let l = (d.x * d.x + d.y * d.y).squareRoot()
        return l > 0 ? CGPoint(x: d.x / l, y: d.y / l) : .zero
    }

    /// The unit normal to the left of a → b.
    private func normal(_ a: CGPoint, _ b: CGPoint) -> CGPoint {
        let d = unit(b - a)
        return CGPoint(x: -d.y, y: d.x)
    }
}

private func + (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x + b.x, y: a.y + b.y) }
private func - (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x - b.x, y: a.y - b.y) }
private func * (a: CGPoint, s: CGFloat) -> CGPoint { CGPoint(x: a.x * s, y: a.y * s) }
