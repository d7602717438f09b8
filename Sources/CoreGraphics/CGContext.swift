import CCairo

/// A drawing destination with Core Graphics' semantics; Lamina has bitmap contexts.
///
/// A bitmap context's user space starts with its origin at the bottom left corner, y up, one
/// unit per pixel (the CTM is the identity), so drawing at y = 0 lands on the *last* row of
/// `data`, whose rows run top to bottom as Apple's do.
///
/// Pixels: `data` always holds the pixels, in the layout the bitmap info names. Cairo draws
/// either straight into `data` (when its layout is Cairo's own: premultipliedFirst with
/// byteOrder32Little on a little-endian machine) or into a Cairo-owned surface of the same
/// size; then each drawing call copies the pixels it can touch (its device bounds, clipped)
/// from `data` in and back out, so `data` is current after every call and the caller may
/// write into it between calls, as on Apple platforms.
public final class CGContext {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from one row of `data` to the next.
    public let bytesPerRow: Int
    /// Bits per color component (8).
    public var bitsPerComponent: Int { 8 }
    /// Bits per pixel (32).
    public var bitsPerPixel: Int { 32 }
    /// The pixels, rows top to bottom, in the layout `bitmapInfo` names.
    public let data: UnsafeMutableRawPointer?
    /// The color space the context was made with.
    public let colorSpace: CGColorSpace?
    /// The pixel layout (alpha info and byte order).
    public let bitmapInfo: CGBitmapInfo
    /// The alpha part of `bitmapInfo`.
    public var alphaInfo: CGImageAlphaInfo {
        CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .none
    }

    let layout: PixelLayout
    let surface: OpaquePointer
    let cairo: OpaquePointer
    /// Whether Cairo draws straight into `data` (no copies).
    let drawsInPlace: Bool
    let ownsData: Bool

    /// The graphics state and the saved ones (`saveGState`); the clip lives in Cairo's state.
    var state = GState()
    var savedStates: [GState] = []
    /// Whether antialiasing is allowed at all (`setAllowsAntialiasing`, outside the graphics state).
    var allowsAntialiasing = true
    /// The current path in base space (the CTM already applied; y up, one unit per pixel).
    var basePath = CGMutablePath()
    /// Open transparency layers, innermost last (CGContext+Effects.swift).
    var transparencyLayers: [TransparencyLayer] = []

    /// A bitmap context drawing into `data` (or into memory it allocates, zeroed, when `data`
    /// is nil). 8 bits per component and 32 bits per pixel, an RGB color space, and a bitmap
    /// info of premultipliedLast, premultipliedFirst, noneSkipLast or noneSkipFirst, with the
    /// default, 32-bit big or 32-bit little byte order. `bytesPerRow` 0 means `width * 4`.
    /// Nil for anything else (as Core Graphics returns nil for what it cannot draw into).
    public init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                 bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32) {
        guard width > 0, height > 0, width <= 32767, height <= 32767, bitsPerComponent == 8,
              space.model == .rgb, let layout = PixelLayout(bitmapInfo: bitmapInfo) else { return nil }
        let stride = bytesPerRow == 0 ? width * 4 : bytesPerRow
        guard stride >= width * 4, stride <= Int(Int32.max), !stride.multipliedReportingOverflow(by: height).overflow
        else { return nil }
        self.width = width
        self.height = height
        self.bytesPerRow = stride
        self.colorSpace = space
        self.bitmapInfo = CGBitmapInfo(rawValue: bitmapInfo)
        self.layout = layout
        let memory: UnsafeMutableRawPointer
        if let data {
            memory = data
            ownsData = false
        } else {
            memory = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
            memory.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
            ownsData = true
        }
        self.data = memory
        drawsInPlace = layout.isCairoNative && stride % 4 == 0 && Int(bitPattern: memory) % 4 == 0
        if drawsInPlace {
            surface = cairo_image_surface_create_for_data(memory.assumingMemoryBound(to: UInt8.self),
                                                          layout.cairoFormat, Int32(width), Int32(height), Int32(stride))
        } else {
            surface = cairo_image_surface_create(layout.cairoFormat, Int32(width), Int32(height))
        }
        cairo = cairo_create(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, cairo_status(cairo) == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(cairo)
            cairo_surface_destroy(surface)
            if ownsData { memory.deallocate() }
            return nil
        }
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
        if ownsData { data?.deallocate() }
    }

    /// An image of the context's current pixels (a copy: later drawing does not change it).
    public func makeImage() -> CGImage? {
        guard let data else { return nil }
        return CGImage(width: width, height: height,
                       premultipliedRGBA: layout.premultipliedRGBA(from: data, width: width, height: height, bytesPerRow: bytesPerRow))
    }

    // MARK: Graphics state

    /// Pushes a copy of the graphics state (CTM, clip, colors, line attributes, alpha, blend mode...).
    public func saveGState() {
        savedStates.append(state)
        cairo_save(cairo)
    }

    /// Pops the graphics state saved last (ignored when none is saved, or when it was saved
    /// outside the open transparency layer). The path is not part of it.
    public func restoreGState() {
        // Cairo's groups sit on its state stack: popping past one would break the context.
        if let layer = transparencyLayers.last, savedStates.count <= layer.savedStateCount { return }
        guard let saved = savedStates.popLast() else { return }
        state = saved
        cairo_restore(cairo)
    }

    /// The current transformation matrix: user space to the bitmap's y-up pixel space.
    public var ctm: CGAffineTransform { state.ctm }

    /// The transform from user space to device space (the CTM, for a bitmap context).
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { state.ctm }

    /// Moves user space's origin by (tx, ty) user units.
    public func translateBy(x tx: CGFloat, y ty: CGFloat) { state.ctm = state.ctm.translatedBy(x: tx, y: ty) }

    /// Scales user space by (sx, sy).
    public func scaleBy(x sx: CGFloat, y sy: CGFloat) { state.ctm = state.ctm.scaledBy(x: sx, y: sy) }

    /// Rotates user space by `angle` radians (counterclockwise in the y-up space).
    public func rotate(by angle: CGFloat) { state.ctm = state.ctm.rotated(by: angle) }

    /// Applies `transform` to user space (it acts before the current CTM).
    public func concatenate(_ transform: CGAffineTransform) { state.ctm = transform.concatenating(state.ctm) }

    /// Sets the fill color.
    public func setFillColor(_ color: CGColor) { state.fill = color.rgba }
    /// Sets the fill color from sRGB components (straight alpha).
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setFillColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }
    /// Sets the fill color to a gray.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { setFillColor(CGColor(gray: gray, alpha: alpha)) }
    /// Sets the fill color from four RGBA components.
    public func setFillColor(_ components: UnsafePointer<CGFloat>) {
        setFillColor(red: components[0], green: components[1], blue: components[2], alpha: components[3])
    }

    /// Sets the stroke color.
    public func setStrokeColor(_ color: CGColor) { state.stroke = color.rgba }
    /// Sets the stroke color from sRGB components (straight alpha).
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setStrokeColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }
    /// Sets the stroke color to a gray.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { setStrokeColor(CGColor(gray: gray, alpha: alpha)) }
    /// Sets the stroke color from four RGBA components.
    public func setStrokeColor(_ components: UnsafePointer<CGFloat>) {
        setStrokeColor(red: components[0], green: components[1], blue: components[2], alpha: components[3])
    }

    /// Sets the line width in user units (negative widths count as 0, which strokes nothing).
    public func setLineWidth(_ width: CGFloat) { state.lineWidth = width.isFinite ? max(0, width) : 1 }
    /// Sets how open subpaths' ends are stroked.
    public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }
    /// Sets how corners are stroked.
    public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }
    /// Sets the miter limit: the ratio of miter length to line width beyond which a miter join is beveled.
    public func setMiterLimit(_ limit: CGFloat) { state.miterLimit = limit.isFinite ? max(1, limit) : 10 }

    /// Sets the dash pattern: alternating painted and unpainted lengths in user units, starting
    /// `phase` units into the pattern. An empty pattern (or one with a negative length, or only
    /// zeros) strokes solid lines.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        let valid = !lengths.isEmpty && lengths.allSatisfy { $0 >= 0 && $0.isFinite } && lengths.contains { $0 > 0 }
        state.dashLengths = valid ? lengths : []
        state.dashPhase = phase.isFinite ? phase : 0
    }

    /// Sets the opacity (0...1) everything drawn afterwards is multiplied by.
    public func setAlpha(_ alpha: CGFloat) { state.alpha = alpha.isNaN ? 1 : min(max(alpha, 0), 1) }

    /// Sets whether shapes are antialiased (part of the graphics state).
    public func setShouldAntialias(_ shouldAntialias: Bool) { state.antialias = shouldAntialias }

    /// Sets whether antialiasing is allowed at all (not part of the graphics state).
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) { self.allowsAntialiasing = allowsAntialiasing }

    /// Sets how drawing combines with the pixels already there.
    public func setBlendMode(_ mode: CGBlendMode) { state.blendMode = mode }

    /// Sets the resampling quality of `draw(_:in:)`.
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolation }
        set { state.interpolation = newValue }
    }
}

/// The part of a CGContext's graphics state Lamina keeps itself (Cairo keeps the clip).
struct GState {
    typealias RGBA = (CGFloat, CGFloat, CGFloat, CGFloat)
    var ctm = CGAffineTransform.identity
    var fill: RGBA = (0, 0, 0, 1)
    var stroke: RGBA = (0, 0, 0, 1)
    var lineWidth: CGFloat = 1
    var lineCap = CGLineCap.butt
    var lineJoin = CGLineJoin.miter
    var miterLimit: CGFloat = 10
    var dashLengths: [CGFloat] = []
    var dashPhase: CGFloat = 0
    var alpha: CGFloat = 1
    var antialias = true
    var blendMode = CGBlendMode.normal
    var interpolation = CGInterpolationQuality.default
    /// The shadow (`setShadow`), nil when off.
    var shadow: Shadow?
}

/// A context's shadow: offset in base space (y up), blur, and color (premultiplied only when painted).
struct Shadow {
    var offset: CGSize
    var blur: CGFloat
    var color: GState.RGBA
}
