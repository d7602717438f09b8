import CCairo

extension CGContext {
    /// Draws `image` scaled into `rect` (user space), upright in the y-up space: the image's
    /// top row at `rect.maxY` (so it appears upside down under a flipped CTM, as on Apple
    /// platforms). With `byTiling`, the image repeats across the whole clip, `rect` being one tile.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        let r = rect.standardized
        guard image.width > 0, image.height > 0, r.width > 0, r.height > 0, ctmIsUsable,
              r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite,
              let imageSurface = Self.cairoSurface(of: image) else { return }
        defer { cairo_surface_destroy(imageSurface) }
        let pattern = cairo_pattern_create_for_surface(imageSurface)
        defer { cairo_pattern_destroy(pattern) }
        // Pattern space is the image's pixels (top row first); the matrix maps user space there.
        let sx = CGFloat(image.width) / r.width, sy = CGFloat(image.height) / r.height
        var m = cairo_matrix_t(xx: sx, yx: 0, xy: 0, yy: -sy, x0: -r.minX * sx, y0: r.maxY * sy)
        cairo_pattern_set_matrix(pattern, &m)
        cairo_pattern_set_extend(pattern, byTiling ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, state.interpolation.cairoFilter)
        cairo_save(cairo)
        useCompositing()
        useUserSpace()
        cairo_set_source(cairo, pattern)
        if byTiling {
            draw(within: deviceBox(cairo_clip_extents)) { cairo_paint_with_alpha(cairo, state.alpha) }
        } else {
            cairo_rectangle(cairo, r.minX, r.minY, r.width, r.height)
            draw(within: deviceBox(cairo_fill_extents)) {
                cairo_clip(cairo)
                cairo_paint_with_alpha(cairo, state.alpha)
            }
        }
        cairo_restore(cairo)
        cairo_new_path(cairo)
    }

    /// Fills the clip with a linear gradient from `start` (location 0) to `end` (location 1),
    /// in user space. Without options only the band between the two points' perpendiculars is
    /// painted; `drawsBeforeStartLocation` / `drawsAfterEndLocation` extend the end colors.
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint,
                                   options: CGGradientDrawingOptions) {
        guard start != end, [start.x, start.y, end.x, end.y].allSatisfy(\.isFinite) else { return }
        paintGradient(cairo_pattern_create_linear(start.x, start.y, end.x, end.y), gradient, options)
    }

    /// Fills the clip with a radial gradient between the circle (startCenter, startRadius) at
    /// location 0 and (endCenter, endRadius) at location 1 (PDF's two-circle rule: each point
    /// takes the largest location whose circle passes through it). Options extend the end
    /// colors inside the start circle and outside the end circle.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        guard startRadius >= 0, endRadius >= 0, startCenter != endCenter || startRadius != endRadius,
              [startCenter.x, startCenter.y, endCenter.x, endCenter.y, startRadius, endRadius].allSatisfy(\.isFinite)
        else { return }
        paintGradient(cairo_pattern_create_radial(startCenter.x, startCenter.y, startRadius,
                                                  endCenter.x, endCenter.y, endRadius), gradient, options)
    }

    /// Paints the clip with a gradient pattern whose geometry is in user space.
    private func paintGradient(_ pattern: OpaquePointer?, _ gradient: CGGradient, _ options: CGGradientDrawingOptions) {
        defer { cairo_pattern_destroy(pattern) }
        guard ctmIsUsable, let first = gradient.stops.first, let last = gradient.stops.last else { return }
        // Cairo extends both ends or neither; a side that must not be painted gets a hard stop
        // to transparent right at its end, with the pattern padded.
        if !options.contains(.drawsBeforeStartLocation) {
            cairo_pattern_add_color_stop_rgba(pattern, 0, 0, 0, 0, 0)
            cairo_pattern_add_color_stop_rgba(pattern, 0, first.rgba.0, first.rgba.1, first.rgba.2, first.rgba.3)
        }
        for s in gradient.stops {
            cairo_pattern_add_color_stop_rgba(pattern, s.location, s.rgba.0, s.rgba.1, s.rgba.2, s.rgba.3)
        }
        if !options.contains(.drawsAfterEndLocation) {
            cairo_pattern_add_color_stop_rgba(pattern, 1, last.rgba.0, last.rgba.1, last.rgba.2, last.rgba.3)
            cairo_pattern_add_color_stop_rgba(pattern, 1, 0, 0, 0, 0)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        useCompositing()
        useUserSpace()
        cairo_set_source(cairo, pattern)   // the pattern's geometry is locked to user space here
        cairo_identity_matrix(cairo)
        draw(within: deviceBox(cairo_clip_extents)) { cairo_paint_with_alpha(cairo, state.alpha) }
        cairo_set_source_rgba(cairo, 0, 0, 0, 1)
    }

    /// A Cairo ARGB32 surface holding `image`'s pixels (the caller destroys it).
    static func cairoSurface(of image: CGImage) -> OpaquePointer? {
        let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height))
        guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, let pixels = cairo_image_surface_get_data(s) else {
            cairo_surface_destroy(s)
            return nil
        }
        let stride = Int(cairo_image_surface_get_stride(s))
        image.premultipliedRGBA.withUnsafeBufferPointer { src in
            for y in 0..<image.height {
                let row = UnsafeMutableRawPointer(pixels + y * stride)
                for x in 0..<image.width {
                    let i = (y * image.width + x) * 4
                    let word = UInt32(src[i + 3]) << 24 | UInt32(src[i]) << 16 | UInt32(src[i + 1]) << 8 | UInt32(src[i + 2])
                    row.storeBytes(of: word, toByteOffset: x * 4, as: UInt32.self)
                }
            }
        }
        cairo_surface_mark_dirty(s)
        return s
    }
}

extension CGInterpolationQuality {
    /// The Cairo filter of this quality.
    var cairoFilter: cairo_filter_t {
        switch self {
        case .none: CAIRO_FILTER_NEAREST
        case .low: CAIRO_FILTER_FAST
        case .default, .medium: CAIRO_FILTER_GOOD
        case .high: CAIRO_FILTER_BEST
        }
    }
}
