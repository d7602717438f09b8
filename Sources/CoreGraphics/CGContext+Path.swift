extension CGContext {
    /// Discards the current path.
    public func beginPath() { basePath = CGMutablePath() }

    /// Starts a new subpath at `point` (user space).
    public func move(to point: CGPoint) { basePath.move(to: point, transform: state.ctm) }

    /// A line from the current point to `point`.
    public func addLine(to point: CGPoint) { basePath.addLine(to: point, transform: state.ctm) }

    /// A move to the first point, then lines through the others.
    public func addLines(between points: [CGPoint]) { basePath.addLines(between: points, transform: state.ctm) }

    /// A cubic Bézier curve from the current point.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        basePath.addCurve(to: end, control1: control1, control2: control2, transform: state.ctm)
    }

    /// A quadratic Bézier curve from the current point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        basePath.addQuadCurve(to: end, control: control, transform: state.ctm)
    }

    /// An arc (see `CGMutablePath.addArc(center:radius:startAngle:endAngle:clockwise:transform:)`:
    /// `clockwise` is meant in the y-up user space of a bitmap context).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        basePath.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                        clockwise: clockwise, transform: state.ctm)
    }

    /// An arc tangent to two lines (see `CGMutablePath.addArc(tangent1End:tangent2End:radius:transform:)`).
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        basePath.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: state.ctm)
    }

    /// A rectangle as a closed subpath.
    public func addRect(_ rect: CGRect) { basePath.addRect(rect, transform: state.ctm) }

    /// Rectangles as closed subpaths.
    public func addRects(_ rects: [CGRect]) { basePath.addRects(rects, transform: state.ctm) }

    /// An ellipse inscribed in `rect` as a closed subpath.
    public func addEllipse(in rect: CGRect) { basePath.addEllipse(in: rect, transform: state.ctm) }

    /// Appends `path` (in user space) to the current path.
    public func addPath(_ path: CGPath) { basePath.addPath(path, transform: state.ctm) }

    /// Closes the current subpath.
    public func closePath() { basePath.closeSubpath() }

    /// Whether the current path is empty.
    public var isPathEmpty: Bool { basePath.isEmpty }

    /// The current point of the current path, in user space (`.zero` without one).
    public var currentPointOfPath: CGPoint {
        guard let p = basePath.endCursor.current else { return .zero }
        return p.applying(state.ctm.inverted())
    }

    /// The current path's tight bounding box in user space (`CGRect.null` when empty).
    public var boundingBoxOfPath: CGRect {
        var inverse = state.ctm.inverted()
        return basePath.copy(using: &inverse)?.boundingBoxOfPath ?? .null
    }

    /// A copy of the current path in user space, or nil when it is empty.
    public var path: CGPath? {
        guard !basePath.isEmpty else { return nil }
        var inverse = state.ctm.inverted()
        return basePath.copy(using: &inverse)
    }
}
