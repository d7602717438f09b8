extension CGMutablePath {
    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        append(.moveToPoint(point.applying(transform)))
    }

    /// A straight line from the current point to `point` (ignored without a current point).
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        guard hasCurrentPoint else { return }
        append(.addLineToPoint(point.applying(transform)))
    }

    /// A quadratic Bézier curve from the current point to `end` (ignored without a current point).
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        guard hasCurrentPoint else { return }
        append(.addQuadCurveToPoint(to: end.applying(transform), control: control.applying(transform)))
    }

    /// A cubic Bézier curve from the current point to `end` (ignored without a current point).
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        guard hasCurrentPoint else { return }
        append(.addCurveToPoint(to: end.applying(transform), control1: control1.applying(transform),
                                        control2: control2.applying(transform)))
    }

    /// Closes the current subpath with a line back to its start; the current point becomes that start.
    public func closeSubpath() {
        guard hasCurrentPoint else { return }
        append(.closeSubpath)
    }

    /// A rectangle as a closed subpath: (minX, minY), (maxX, minY), (maxX, maxY), (minX, maxY).
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY), transform: transform)
        addLine(to: CGPoint(x: r.minX, y: r.maxY), transform: transform)
        closeSubpath()
    }

    /// Each rectangle as its own closed subpath.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }

    /// A move to the first point, then lines through the others.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for p in points.dropFirst() { addLine(to: p, transform: transform) }
    }

    /// The ellipse inscribed in `rect` as a closed subpath of four cubic curves, starting at
    /// (maxX, midY) and turning counterclockwise in y-up space (toward maxY first), which is
    /// clockwise on a y-down screen.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let rx = r.width / 2, ry = r.height / 2, c = CGPoint(x: r.midX, y: r.midY)
        let kx = rx * ArcApproximation.quarterCircleHandle, ky = ry * ArcApproximation.quarterCircleHandle
        func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: c.x + x, y: c.y + y) }
        move(to: p(rx, 0), transform: transform)
        addCurve(to: p(0, ry), control1: p(rx, ky), control2: p(kx, ry), transform: transform)
        addCurve(to: p(-rx, 0), control1: p(-kx, ry), control2: p(-rx, ky), transform: transform)
        addCurve(to: p(0, -ry), control1: p(-rx, -ky), control2: p(-kx, -ry), transform: transform)
        addCurve(to: p(rx, 0), control1: p(kx, -ry), control2: p(rx, -ky), transform: transform)
        closeSubpath()
    }

    /// A rectangle with elliptical corners (`cornerWidth` x `cornerHeight`, each clamped to half
    /// the rectangle's side, as Core Graphics requires) as a closed subpath, starting at
    /// (maxX, midY) and turning counterclockwise in y-up space, like `addEllipse(in:)`.
    /// Zero corners give a plain rectangle (`addRect`).
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let cw = min(max(cornerWidth, 0), r.width / 2), ch = min(max(cornerHeight, 0), r.height / 2)
        guard cw > 0, ch > 0 else { addRect(r, transform: transform); return }
        let kx = cw * ArcApproximation.quarterCircleHandle, ky = ch * ArcApproximation.quarterCircleHandle
        func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }
        move(to: p(r.maxX, r.midY), transform: transform)
        addLine(to: p(r.maxX, r.maxY - ch), transform: transform)
        addCurve(to: p(r.maxX - cw, r.maxY), control1: p(r.maxX, r.maxY - ch + ky),
                 control2: p(r.maxX - cw + kx, r.maxY), transform: transform)
        addLine(to: p(r.minX + cw, r.maxY), transform: transform)
        addCurve(to: p(r.minX, r.maxY - ch), control1: p(r.minX + cw - kx, r.maxY),
                 control2: p(r.minX, r.maxY - ch + ky), transform: transform)
        addLine(to: p(r.minX, r.minY + ch), transform: transform)
        addCurve(to: p(r.minX + cw, r.minY), control1: p(r.minX, r.minY + ch - ky),
                 control2: p(r.minX + cw - kx, r.minY), transform: transform)
        addLine(to: p(r.maxX - cw, r.minY), transform: transform)
        addCurve(to: p(r.maxX, r.minY + ch), control1: p(r.maxX - cw + kx, r.minY),
                 control2: p(r.maxX, r.minY + ch - ky), transform: transform)
        closeSubpath()
    }

    /// An arc of the circle around `center` from `startAngle` to `endAngle` (radians), preceded
    /// by a line from the current point to the arc's start (a move when the path has none).
    ///
    /// `clockwise` is Core Graphics' meaning in a y-up space: false turns with increasing
    /// angles (counterclockwise in y-up), true with decreasing ones. In a layer's y-down space
    /// the same arc therefore turns the other way on screen, as on iOS. A sweep of 2π or more
    /// in the chosen direction draws the whole circle; otherwise the end angle is taken modulo 2π.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool, transform: CGAffineTransform = .identity) {
        let sweep = ArcApproximation.sweep(from: startAngle, to: endAngle, clockwise: clockwise)
        addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: sweep, transform: transform)
    }

    /// An arc of the circle around `center` from `startAngle` turning by `delta` radians
    /// (positive: increasing angles, counterclockwise in y-up space), preceded by a line from
    /// the current point to its start (a move when the path has none).
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        guard radius.isFinite, startAngle.isFinite, delta.isFinite, center.x.isFinite, center.y.isFinite else { return }
        let start = CGPoint(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        startSegment(at: start.applying(transform))
        for curve in ArcApproximation.curves(center: center, radius: radius, startAngle: startAngle, sweep: delta) {
            append(curve.applying(transform))
        }
    }

    /// An arc of radius `radius` tangent to the line from the current point to `tangent1End`
    /// and to the line from `tangent1End` to `tangent2End`, preceded by a line to its first
    /// tangent point. Degenerate cases (no turn, zero radius) add a line to `tangent1End`;
    /// without a current point the path first moves to `tangent1End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
                       transform: CGAffineTransform = .identity) {
        guard let current = cursor.current else {
            move(to: tangent1End, transform: transform)
            return
        }
        // The current point is stored transformed; the construction happens in the caller's space.
        let p0 = current.applying(transform.inverted()), p1 = tangent1End, p2 = tangent2End
        let v1 = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y), v2 = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let l1 = hypot(v1.x, v1.y), l2 = hypot(v2.x, v2.y)
        let cross = v1.x * v2.y - v1.y * v2.x
        guard radius > 0, l1 > 0, l2 > 0, abs(cross) > 1e-12 * l1 * l2 else {
            addLine(to: p1, transform: transform)
            return
        }
        let u1 = CGPoint(x: v1.x / l1, y: v1.y / l1), u2 = CGPoint(x: v2.x / l2, y: v2.y / l2)
        let angle = acos(max(-1, min(1, u1.x * u2.x + u1.y * u2.y)))   // between the two legs
        let tangentDistance = radius / tan(angle / 2)
        let t1 = CGPoint(x: p1.x + u1.x * tangentDistance, y: p1.y + u1.y * tangentDistance)
        let t2 = CGPoint(x: p1.x + u2.x * tangentDistance, y: p1.y + u2.y * tangentDistance)
        let bisector = CGPoint(x: u1.x + u2.x, y: u1.y + u2.y), bl = hypot(bisector.x, bisector.y)
        let centerDistance = radius / sin(angle / 2)
        let center = CGPoint(x: p1.x + bisector.x / bl * centerDistance, y: p1.y + bisector.y / bl * centerDistance)
        let a1 = atan2(t1.y - center.y, t1.x - center.x), a2 = atan2(t2.y - center.y, t2.x - center.x)
        var sweep = a2 - a1   // the short way round: the arc turns by less than π
        if sweep > .pi { sweep -= 2 * .pi } else if sweep < -.pi { sweep += 2 * .pi }
        addRelativeArc(center: center, radius: radius, startAngle: a1, delta: sweep, transform: transform)
    }

    /// Appends `path`'s elements, each point mapped by `transform`.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        for e in path.storage { append(transform.isIdentity ? e : e.applying(transform)) }
    }

    /// Whether the path has a current point.
    var hasCurrentPoint: Bool { cursor.current != nil }

    /// The cursor at the end of the path.
    var cursor: PathCursor { endCursor }

    /// Starts a segment at `point` (already transformed): a line from the current point when
    /// there is one and it differs, else a move.
    func startSegment(at point: CGPoint) {
        if let current = cursor.current {
            if current != point { append(.addLineToPoint(point)) }
        } else {
            append(.moveToPoint(point))
        }
    }
}

/// Circular arcs as cubic Bézier curves, the way Core Graphics stores them.
enum ArcApproximation {
    /// The control-handle length of a quarter circle of radius 1: 4/3 · tan(π/8).
    static let quarterCircleHandle: CGFloat = 4.0 / 3.0 * tan(.pi / 8)

    /// The signed sweep from `start` to `end` in the given direction (see `addArc`).
    static func sweep(from start: CGFloat, to end: CGFloat, clockwise: Bool) -> CGFloat {
        let full = 2 * CGFloat.pi
        let turn = clockwise ? start - end : end - start
        if turn >= full { return clockwise ? -full : full }
        var r = turn.truncatingRemainder(dividingBy: full)
        if r < 0 { r += full }
        return clockwise ? -r : r
    }

    /// The arc as cubic curves of at most a quarter turn each (none for a zero sweep).
    static func curves(center: CGPoint, radius: CGFloat, startAngle: CGFloat, sweep: CGFloat) -> [CGPath.Element] {
        guard sweep != 0 else { return [] }
        // More than 1024 turns draw nothing more (and would need more curves than is sane).
        let sweep = min(max(sweep, -2048 * .pi), 2048 * .pi)
        // A hair of slack so a quarter turn computed with rounding error stays one curve.
        let count = max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / CGFloat(count)
        let k = 4.0 / 3.0 * tan(step / 4) * radius
        var result: [CGPath.Element] = []
        for i in 0..<count {
            let a0 = startAngle + step * CGFloat(i), a1 = i == count - 1 ? startAngle + sweep : a0 + step
            let p0 = CGPoint(x: center.x + radius * cos(a0), y: center.y + radius * sin(a0))
            let p1 = CGPoint(x: center.x + radius * cos(a1), y: center.y + radius * sin(a1))
            result.append(.addCurveToPoint(
                to: p1,
                control1: CGPoint(x: p0.x - k * sin(a0), y: p0.y + k * cos(a0)),
                control2: CGPoint(x: p1.x + k * sin(a1), y: p1.y - k * cos(a1))))
        }
        return result
    }
}
