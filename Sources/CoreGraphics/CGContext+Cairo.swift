import CCairo

/// The bridge to Cairo: paths in device space, the matrix, operators, and the pixel copies
/// that keep `data` current around each drawing call.
extension CGContext {
    /// Replays a base-space path (y up) into Cairo's path in device space (y down).
    /// False (and nothing emitted) when a coordinate is not finite.
    func emit(_ path: CGPath) -> Bool {
        cairo_new_path(cairo)
        for e in path.storage { for p in e.points where !(p.x.isFinite && p.y.isFinite) { return false } }
        let h = CGFloat(height)
        var cursor = PathCursor()
        for e in path.storage {
            switch e {
            case .moveToPoint(let p): cairo_move_to(cairo, p.x, h - p.y)
            case .addLineToPoint(let p): cairo_line_to(cairo, p.x, h - p.y)
            case .addQuadCurveToPoint(let p, let c):
                // The same curve as a cubic: control points 2/3 of the way to the quadratic's.
                let p0 = cursor.current ?? p
                let c1 = CGPoint(x: p0.x + 2 / 3 * (c.x - p0.x), y: p0.y + 2 / 3 * (c.y - p0.y))
                let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                cairo_curve_to(cairo, c1.x, h - c1.y, c2.x, h - c2.y, p.x, h - p.y)
            case .addCurveToPoint(let p, let c1, let c2):
                cairo_curve_to(cairo, c1.x, h - c1.y, c2.x, h - c2.y, p.x, h - p.y)
            case .closeSubpath: cairo_close_path(cairo)
            }
            cursor.advance(e)
        }
        return true
    }

    /// Whether the CTM can map user space onto pixels (invertible and finite).
    var ctmIsUsable: Bool {
        let t = state.ctm
        let det = t.a * t.d - t.b * t.c
        return det != 0 && det.isFinite && t.tx.isFinite && t.ty.isFinite
    }

    /// Sets Cairo's matrix to user space (the CTM, then the flip to y-down rows). Requires `ctmIsUsable`.
    func useUserSpace() {
        let t = state.ctm
        var m = cairo_matrix_t(xx: t.a, yx: -t.b, xy: t.c, yy: -t.d, x0: t.tx, y0: CGFloat(height) - t.ty)
        cairo_set_matrix(cairo, &m)
    }

    /// Sets the operator and antialiasing from the graphics state.
    func useCompositing() {
        cairo_set_operator(cairo, state.blendMode.cairoOperator)
        cairo_set_antialias(cairo, state.antialias && allowsAntialiasing ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
    }

    /// A box given by a Cairo extents call (in the current Cairo user space) in device pixels.
    func deviceBox(_ extents: (OpaquePointer, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>,
                               UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>) -> Void) -> CGRect {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        extents(cairo, &x1, &y1, &x2, &y2)
        var box = BoundingBox()
        for (x, y) in [(x1, y1), (x2, y1), (x1, y2), (x2, y2)] {
            var dx = x, dy = y
            cairo_user_to_device(cairo, &dx, &dy)
            box.add(CGPoint(x: dx, y: dy))
        }
        return box.rect
    }

    /// Runs one drawing call that can change pixels within `bounds` (device pixels; operators
    /// that reach beyond the shape widen it to the clip), keeping `data` current: when Cairo
    /// does not draw in place, those pixels are copied from `data` in first and back out after.
    /// With a shadow set (and `castsShadow`), the call is drawn into a group first and its
    /// blurred alpha, offset, painted under it; it then reaches as far as the shadow does.
    func draw(within bounds: CGRect, castsShadow: Bool = true, _ body: () -> Void) {
        let clip = deviceBox(cairo_clip_extents)
        let finite = [bounds.minX, bounds.minY, bounds.maxX, bounds.maxY].allSatisfy(\.isFinite)
        let shadow = castsShadow ? state.shadow : nil
        let wide = state.blendMode.isUnboundedInCairo || !finite
        var reach = wide ? clip : bounds.insetBy(dx: -1, dy: -1).intersection(clip)
        if let shadow, !wide {
            // The shadow reaches its offset (device y down) plus three deviations of its blur.
            let spread = 1.5 * shadow.blur + 2
            let cast = bounds.offsetBy(dx: shadow.offset.width, dy: -shadow.offset.height)
            reach = bounds.union(cast).insetBy(dx: -spread, dy: -spread).intersection(clip)
        }
        guard !reach.isNull, reach.width > 0, reach.height > 0,
              [reach.minX, reach.minY, reach.maxX, reach.maxY].allSatisfy(\.isFinite) else { return }
        let x0 = max(0, Int(reach.minX.rounded(.down))), x1 = min(width, Int(reach.maxX.rounded(.up)))
        let y0 = max(0, Int(reach.minY.rounded(.down))), y1 = min(height, Int(reach.maxY.rounded(.up)))
        guard x0 < x1, y0 < y1, let data else { return }
        cairo_surface_flush(surface)
        if !drawsInPlace {
            layout.copy(from: data, bytesPerRow: bytesPerRow, to: cairo_image_surface_get_data(surface),
                        stride: Int(cairo_image_surface_get_stride(surface)), rows: y0..<y1, columns: x0..<x1)
        }
        cairo_surface_mark_dirty_rectangle(surface, Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
        if let shadow {
            drawShadowed(shadow, region: (x0, y0, x1 - x0, y1 - y0), body)
        } else {
            body()
        }
        cairo_surface_flush(surface)
        if !drawsInPlace {
            layout.copy(fromCairo: cairo_image_surface_get_data(surface), stride: Int(cairo_image_surface_get_stride(surface)),
                        to: data, bytesPerRow: bytesPerRow, rows: y0..<y1, columns: x0..<x1)
        }
    }
}

extension CGBlendMode {
    /// The Cairo operator with this blend mode's formula.
    var cairoOperator: cairo_operator_t {
        switch self {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .clear: CAIRO_OPERATOR_CLEAR
        case .copy: CAIRO_OPERATOR_SOURCE
        case .sourceIn: CAIRO_OPERATOR_IN
        case .sourceOut: CAIRO_OPERATOR_OUT
        case .sourceAtop: CAIRO_OPERATOR_ATOP
        case .destinationOver: CAIRO_OPERATOR_DEST_OVER
        case .destinationIn: CAIRO_OPERATOR_DEST_IN
        case .destinationOut: CAIRO_OPERATOR_DEST_OUT
        case .destinationAtop: CAIRO_OPERATOR_DEST_ATOP
        case .xor: CAIRO_OPERATOR_XOR
        case .plusLighter: CAIRO_OPERATOR_ADD
        }
    }

    /// Whether Cairo applies the operator beyond the shape (to the whole clip): where the
    /// source is absent these formulas still change the destination.
    var isUnboundedInCairo: Bool {
        switch self {
        case .sourceIn, .sourceOut, .destinationIn, .destinationAtop: true
        default: false
        }
    }
}
