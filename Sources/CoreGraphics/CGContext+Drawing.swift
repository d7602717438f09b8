import CCairo

extension CGContext {
    /// Fills the current path with `rule` (each subpath implicitly closed) and clears the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        fill(basePath, rule: rule)
        beginPath()
    }

    /// Fills the current path with the even-odd rule and clears the path.
    public func eoFillPath() { fillPath(using: .evenOdd) }

    /// Strokes the current path with the line attributes and clears the path.
    public func strokePath() {
        stroke(basePath)
        beginPath()
    }

    /// Fills and/or strokes the current path (fill first), then clears the path.
    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: fill(basePath, rule: .winding)
        case .eoFill: fill(basePath, rule: .evenOdd)
        case .stroke: stroke(basePath)
        case .fillStroke: fill(basePath, rule: .winding); stroke(basePath)
        case .eoFillStroke: fill(basePath, rule: .evenOdd); stroke(basePath)
        }
        beginPath()
    }

    /// Fills a rectangle (the current path is kept).
    public func fill(_ rect: CGRect) { fill([rect]) }

    /// Fills rectangles (the current path is kept).
    public func fill(_ rects: [CGRect]) {
        let p = CGMutablePath()
        p.addRects(rects, transform: state.ctm)
        fill(p, rule: .winding)
    }

    /// Strokes a rectangle (the current path is kept).
    public func stroke(_ rect: CGRect) {
        let p = CGMutablePath()
        p.addRect(rect, transform: state.ctm)
        stroke(p)
    }

    /// Strokes a rectangle with the given line width for this call only.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        let saved = state.lineWidth
        setLineWidth(width)
        stroke(rect)
        state.lineWidth = saved
    }

    /// Fills the ellipse inscribed in `rect`; clears the current path, as Core Graphics does.
    public func fillEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        fillPath()
    }

    /// Strokes the ellipse inscribed in `rect`; clears the current path, as Core Graphics does.
    public func strokeEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        strokePath()
    }

    /// Strokes separate segments between consecutive pairs of points (p0-p1, p2-p3, ...; an odd
    /// last point is ignored); clears the current path.
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        var i = 0
        while i + 1 < points.count {
            move(to: points[i])
            addLine(to: points[i + 1])
            i += 2
        }
        strokePath()
    }

    /// Makes the pixels inside `rect` (within the clip) fully transparent (black for a context
    /// without alpha).
    public func clear(_ rect: CGRect) {
        let p = CGMutablePath()
        p.addRect(rect, transform: state.ctm)
        guard emit(p) else { return }
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        cairo_set_antialias(cairo, state.antialias && allowsAntialiasing ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
        draw(within: deviceBox(cairo_fill_extents), castsShadow: false) { cairo_fill(cairo) }
        cairo_new_path(cairo)
    }

    // MARK: Clipping

    /// Intersects the clip with the current path's interior under `rule`, then clears the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        clip(to: basePath, rule: rule)
        beginPath()
    }

    /// Intersects the clip with the interior of the current path under the even-odd rule, then clears the path.
    public func eoClip() { clip(using: .evenOdd) }

    /// Intersects the clip with a rectangle (the current path is kept).
    public func clip(to rect: CGRect) { clip(to: [rect]) }

    /// Intersects the clip with the union of rectangles (the current path is kept).
    public func clip(to rects: [CGRect]) {
        let p = CGMutablePath()
        p.addRects(rects, transform: state.ctm)
        clip(to: p, rule: .winding)
    }

    /// Restores the clip to the whole bitmap.
    public func resetClip() { cairo_reset_clip(cairo) }

    /// The clip's bounding box in user space.
    public var boundingBoxOfClipPath: CGRect {
        let device = deviceBox(cairo_clip_extents)
        let base = CGRect(x: device.minX, y: CGFloat(height) - device.maxY, width: device.width, height: device.height)
        return ctmIsUsable ? base.applying(state.ctm.inverted()) : .null
    }

    /// Whether `point` (user space) is inside what `mode` would paint of the current path.
    public func pathContains(_ point: CGPoint, mode: CGPathDrawingMode) -> Bool {
        let basePoint = point.applying(state.ctm)
        switch mode {
        case .fill: return basePath.contains(basePoint, using: .winding)
        case .eoFill: return basePath.contains(basePoint, using: .evenOdd)
        case .stroke: return strokeContains(point)
        case .fillStroke: return basePath.contains(basePoint, using: .winding) || strokeContains(point)
        case .eoFillStroke: return basePath.contains(basePoint, using: .evenOdd) || strokeContains(point)
        }
    }

    // MARK: Painting a base-space path

    /// Fills a base-space path with the fill color.
    func fill(_ path: CGPath, rule: CGPathFillRule) {
        guard !path.isEmpty, emit(path) else { return }
        let (r, g, b, a) = state.fill
        cairo_set_source_rgba(cairo, r, g, b, a * state.alpha)
        cairo_set_fill_rule(cairo, rule == .winding ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD)
        useCompositing()
        draw(within: deviceBox(cairo_fill_extents)) { cairo_fill(cairo) }
        cairo_new_path(cairo)
    }

    /// Strokes a base-space path with the stroke color; widths and dashes are in user space.
    func stroke(_ path: CGPath) {
        guard !path.isEmpty, state.lineWidth > 0, ctmIsUsable, emit(path) else { return }
        let (r, g, b, a) = state.stroke
        cairo_set_source_rgba(cairo, r, g, b, a * state.alpha)
        useCompositing()
        useStrokeAttributes()
        draw(within: deviceBox(cairo_stroke_extents)) { cairo_stroke(cairo) }
        cairo_new_path(cairo)
        cairo_identity_matrix(cairo)
    }

    /// Intersects Cairo's clip with a base-space path.
    func clip(to path: CGPath, rule: CGPathFillRule) {
        if path.isEmpty || !emit(path) {
            // An empty (or unusable) path clips everything away, as Core Graphics.
            cairo_new_path(cairo)
            cairo_rectangle(cairo, 0, 0, 0, 0)
        }
        cairo_set_fill_rule(cairo, rule == .winding ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD)
        cairo_set_antialias(cairo, state.antialias && allowsAntialiasing ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
        cairo_clip(cairo)
    }

    /// Sets Cairo's line attributes from the state, with Cairo's matrix in user space.
    func useStrokeAttributes() {
        useUserSpace()
        cairo_set_line_width(cairo, state.lineWidth)
        cairo_set_line_cap(cairo, [CAIRO_LINE_CAP_BUTT, CAIRO_LINE_CAP_ROUND, CAIRO_LINE_CAP_SQUARE][Int(state.lineCap.rawValue)])
        cairo_set_line_join(cairo, [CAIRO_LINE_JOIN_MITER, CAIRO_LINE_JOIN_ROUND, CAIRO_LINE_JOIN_BEVEL][Int(state.lineJoin.rawValue)])
        cairo_set_miter_limit(cairo, state.miterLimit)
        cairo_set_dash(cairo, state.dashLengths.map { Double($0) }, Int32(state.dashLengths.count), Double(state.dashPhase))
    }

    /// Whether a user-space point is on the stroke of the current path.
    func strokeContains(_ point: CGPoint) -> Bool {
        guard !basePath.isEmpty, state.lineWidth > 0, ctmIsUsable, emit(basePath) else { return false }
        useStrokeAttributes()
        let inside = cairo_in_stroke(cairo, point.x, point.y) != 0
        cairo_new_path(cairo)
        cairo_identity_matrix(cairo)
        return inside
    }
}
