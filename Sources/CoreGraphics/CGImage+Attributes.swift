extension CGImage {
    /// The alpha layout of the pixels (premultiplied, last: RGBA).
    public var alphaInfo: CGImageAlphaInfo { .premultipliedLast }
    /// The pixel layout (premultipliedLast, default byte order).
    public var bitmapInfo: CGBitmapInfo { CGBitmapInfo(alphaInfo: .premultipliedLast) }
    /// The color space (sRGB).
    public var colorSpace: CGColorSpace? { CGColorSpace(name: CGColorSpace.sRGB) }

    /// The part of the image inside `rect` (pixels, origin at the top left), with `rect` first
    /// grown to whole pixels and cut to the image, as Core Graphics; nil when nothing is left.
    public func cropping(to rect: CGRect) -> CGImage? {
        guard !rect.isNull, !rect.isInfinite, rect.minX.isFinite, rect.minY.isFinite,
              rect.maxX.isFinite, rect.maxY.isFinite else { return nil }
        let r = rect.standardized
        let x0 = max(0, Int(max(r.minX.rounded(.down), -1))), y0 = max(0, Int(max(r.minY.rounded(.down), -1)))
        let x1 = min(width, Int(min(r.maxX.rounded(.up), CGFloat(width)))), y1 = min(height, Int(min(r.maxY.rounded(.up), CGFloat(height))))
        guard x0 < x1, y0 < y1 else { return nil }
        var pixels: [UInt8] = []
        pixels.reserveCapacity((x1 - x0) * (y1 - y0) * 4)
        for y in y0..<y1 { pixels += premultipliedRGBA[(y * width + x0) * 4..<(y * width + x1) * 4] }
        return CGImage(width: x1 - x0, height: y1 - y0, premultipliedRGBA: pixels)
    }
}
