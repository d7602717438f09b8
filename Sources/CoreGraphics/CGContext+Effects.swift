import CCairo

// Shadows and transparency layers. Cairo has neither a shadow nor a CG-style layer stack: a
// shadowed call is drawn into a Cairo group, whose alpha is offset, blurred and painted in
// the shadow color under the group; a transparency layer is a group composited at its end.

/// One open transparency layer: what `beginTransparencyLayer` reset, to restore at its end.
struct TransparencyLayer {
    var alpha: CGFloat
    var blendMode: CGBlendMode
    var shadow: Shadow?
    /// How many graphics states were saved when it began (its own saves are undone at its end).
    var savedStateCount: Int
}

extension CGContext {
    // MARK: Shadows

    /// Turns on a shadow in Core Graphics' default color, black at 1/3 alpha: everything drawn
    /// afterwards casts it. `offset` is in base space (a bitmap's pixels, y up: the CTM does
    /// not affect it); `blur` (non-negative) is twice the standard deviation of the Gaussian,
    /// in pixels, as for HTML canvas shadows, which WebKit hands to Core Graphics unchanged.
    /// The shadow is part of the graphics state (`saveGState`/`restoreGState`).
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1.0 / 3.0))
    }

    /// Turns on a shadow in `color` (nil or fully transparent: shadows off). See `setShadow(offset:blur:)`.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color, color.rgba.3 > 0, offset.width.isFinite, offset.height.isFinite else {
            state.shadow = nil
            return
        }
        state.shadow = Shadow(offset: offset, blur: blur.isFinite ? max(0, blur) : 0, color: color.rgba)
    }

    /// Draws `body` (a Cairo drawing call, source and operator set) with `shadow`: the call
    /// goes into a group, the group's alpha (offset, blurred) is painted in the shadow color,
    /// then the group itself, both with the current operator. `region` is the device box
    /// (x, y, width, height, y down) the result may reach.
    func drawShadowed(_ shadow: Shadow, region: (x: Int, y: Int, width: Int, height: Int), _ body: () -> Void) {
        cairo_push_group(cairo)
        // Inside the group the call paints onto transparency: plain "over" gives the shape itself.
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
        body()
        guard let group = cairo_pop_group(cairo) else { return }
        defer { cairo_pattern_destroy(group) }
        var identity = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)
        cairo_pattern_set_matrix(group, &identity)

        let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(region.width), Int32(region.height))
        defer { cairo_surface_destroy(mask) }
        if let mc = cairo_create(mask) {
            // Device y runs down, base-space y up: a positive height moves the shadow up.
            cairo_translate(mc, -Double(region.x) + shadow.offset.width, -Double(region.y) - shadow.offset.height)
            cairo_set_source(mc, group)
            cairo_paint(mc)
            cairo_destroy(mc)
        }
        cairo_surface_flush(mask)
        if let bytes = cairo_image_surface_get_data(mask) {
            gaussianBlur(bytes, width: region.width, height: region.height,
                         stride: Int(cairo_image_surface_get_stride(mask)), sigma: Double(shadow.blur) / 2)
        }
        cairo_surface_mark_dirty(mask)

        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        let (r, g, b, a) = shadow.color
        cairo_set_source_rgba(cairo, r, g, b, a)
        cairo_set_operator(cairo, state.blendMode.cairoOperator)
        cairo_mask_surface(cairo, mask, Double(region.x), Double(region.y))
        cairo_set_source(cairo, group)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }

    // MARK: Transparency layers

    /// Begins a transparency layer: until the matching `endTransparencyLayer()`, drawing goes
    /// into a separate, fully transparent buffer, which is then composited into the context
    /// as one object with the alpha, blend mode and shadow in force now (and the clip). Inside
    /// the layer the alpha is 1, the blend mode normal and the shadow off, as in Core Graphics.
    /// Layers nest. `auxiliaryInfo` is unused, as on Apple platforms (pass nil).
    public func beginTransparencyLayer(auxiliaryInfo: NSDictionary?) {
        transparencyLayers.append(TransparencyLayer(alpha: state.alpha, blendMode: state.blendMode, shadow: state.shadow,
                                                    savedStateCount: savedStates.count))
        state.alpha = 1
        state.blendMode = .normal
        state.shadow = nil
        cairo_identity_matrix(cairo)
        cairo_push_group(cairo)
    }

    /// Begins a transparency layer bounded by `rect` (user space): as
    /// `beginTransparencyLayer(auxiliaryInfo:)`, drawing outside `rect` being discarded.
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: NSDictionary?) {
        beginTransparencyLayer(auxiliaryInfo: auxiliaryInfo)
        let p = CGMutablePath()
        p.addRect(rect, transform: state.ctm)
        clip(to: p, rule: .winding)
    }

    /// Ends the innermost transparency layer, compositing it into the context (ignored when
    /// none is open). Graphics states saved inside the layer and not restored are dropped.
    public func endTransparencyLayer() {
        guard let layer = transparencyLayers.popLast() else { return }
        while savedStates.count > layer.savedStateCount { restoreGState() }
        cairo_identity_matrix(cairo)
        guard let group = cairo_pop_group(cairo) else { return }
        defer { cairo_pattern_destroy(group) }
        state.alpha = layer.alpha
        state.blendMode = layer.blendMode
        state.shadow = layer.shadow
        var identity = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)
        cairo_pattern_set_matrix(group, &identity)
        cairo_set_source(cairo, group)
        useCompositing()
        let alpha = state.alpha
        draw(within: deviceBox(cairo_clip_extents)) { cairo_paint_with_alpha(cairo, alpha) }
    }
}

/// Blurs 8-bit alpha in place with a Gaussian of standard deviation `sigma` pixels (separable:
/// rows, then columns; pixels beyond the edge count as transparent).
func gaussianBlur(_ bytes: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
    guard sigma > 0.05, width > 0, height > 0 else { return }
    let radius = Int((3 * sigma).rounded(.up))
    var kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
    let total = kernel.reduce(0, +)
    kernel = kernel.map { $0 / total }
    var plane = [Double](repeating: 0, count: width * height)
    for y in 0..<height { for x in 0..<width { plane[y * width + x] = Double(bytes[y * stride + x]) } }
    var temp = [Double](repeating: 0, count: width * height)
    for y in 0..<height {
        for x in 0..<width {
            var sum = 0.0
            for k in max(-radius, -x)...min(radius, width - 1 - x) { sum += kernel[k + radius] * plane[y * width + x + k] }
            temp[y * width + x] = sum
        }
    }
    for y in 0..<height {
        for x in 0..<width {
            var sum = 0.0
            for k in max(-radius, -y)...min(radius, height - 1 - y) { sum += kernel[k + radius] * temp[(y + k) * width + x] }
            bytes[y * stride + x] = UInt8(min(255, max(0, sum.rounded())))
        }
    }
}
