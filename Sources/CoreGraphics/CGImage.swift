/// A bitmap image: 8-bit sRGB RGBA, premultiplied alpha, rows top to bottom.
///
/// Set one as a layer's `contents`, as on Apple platforms. Lamina's image module reads
/// and writes PNG files into and out of this type.
public final class CGImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Premultiplied RGBA8, `width * height * 4` bytes, row-major from the top.
    public let premultipliedRGBA: [UInt8]
    /// The file this image was read from, if any (scene writers use it).
    public let sourceURL: URL?

    /// An image from premultiplied RGBA8 pixels.
    public init(width: Int, height: Int, premultipliedRGBA: [UInt8], sourceURL: URL? = nil) {
        precondition(width >= 0 && height >= 0 && premultipliedRGBA.count == width * height * 4,
                     "CGImage: pixel buffer does not match its size")
        self.width = width
        self.height = height
        self.premultipliedRGBA = premultipliedRGBA
        self.sourceURL = sourceURL
    }

    /// Bits per component (8).
    public var bitsPerComponent: Int { 8 }
    /// Bits per pixel (32).
    public var bitsPerPixel: Int { 32 }
    /// Bytes per row.
    public var bytesPerRow: Int { width * 4 }

    public static func == (a: CGImage, b: CGImage) -> Bool {
        a === b || (a.width == b.width && a.height == b.height && a.premultipliedRGBA == b.premultipliedRGBA)
    }
}
