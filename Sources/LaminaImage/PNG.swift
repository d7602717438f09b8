// PNG in and out through libpng's simplified API. Inside Lamina images are 8-bit sRGB
// RGBA with premultiplied alpha (CGImage); PNG files hold straight alpha.
import CPNG
import QuartzCore

/// A PNG that could not be read or written, naming the file and the cause.
public struct PNGError: Error, CustomStringConvertible, Equatable {
    /// The file.
    public let path: String
    /// What went wrong.
    public let reason: String
    public var description: String { "\(path): \(reason)" }
}

/// Reading and writing PNG files.
public enum PNG {
    /// Reads a PNG file of any color type and bit depth, converted to 8-bit sRGB RGBA
    /// (as libpng's simplified API converts it) and premultiplied.
    public static func read(_ path: String) throws -> CGImage {
        guard FileManager.default.fileExists(atPath: path) else { throw PNGError(path: path, reason: "no such file") }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            throw PNGError(path: path, reason: "not a readable PNG (\(message(of: image)))")
        }
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15 else {
            png_image_free(&image)
            throw PNGError(path: path, reason: "unsupported size \(width)x\(height)")
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let ok = pixels.withUnsafeMutableBytes { buf in
            png_image_finish_read(&image, nil, buf.baseAddress, Int32(width * 4), nil)
        }
        guard ok != 0 else { throw PNGError(path: path, reason: "corrupt PNG data (\(message(of: image)))") }
        premultiply(&pixels)
        return CGImage(width: width, height: height, premultipliedRGBA: pixels, sourceURL: URL(fileURLWithPath: path))
    }

    /// Writes a premultiplied RGBA8 image as a straight-alpha RGBA PNG. The file appears
    /// whole or not at all: it is written beside the target and renamed into place.
    public static func write(_ image: CGImage, to path: String) throws {
        var straight = image.premultipliedRGBA
        unpremultiply(&straight)
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir.isEmpty ? "." : dir, isDirectory: &isDir), isDir.boolValue else {
            throw PNGError(path: path, reason: "no such directory \(dir)")
        }
        let temp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        let ok = straight.withUnsafeBytes { buf in
            png_image_write_to_file(&png, temp, 0, buf.baseAddress, Int32(image.width * 4), nil)
        }
        guard ok != 0 else {
            try? FileManager.default.removeItem(atPath: temp)
            throw PNGError(path: path, reason: "cannot write (\(message(of: png)))")
        }
        guard rename(temp, path) == 0 else {
            try? FileManager.default.removeItem(atPath: temp)
            throw PNGError(path: path, reason: "cannot move the written file into place (errno \(errno))")
        }
    }

    private static func message(of image: png_image) -> String {
        var m = image.message
        return withUnsafeBytes(of: &m) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// Straight to premultiplied alpha, rounding to nearest.
    public static func premultiply(_ p: inout [UInt8]) {
        var i = 0
        while i < p.count {
            let a = UInt32(p[i + 3])
            if a != 255 {
                for c in 0..<3 { p[i + c] = UInt8((UInt32(p[i + c]) * a + 127) / 255) }
            }
            i += 4
        }
    }

    /// Premultiplied to straight alpha, rounding to nearest.
    public static func unpremultiply(_ p: inout [UInt8]) {
        var i = 0
        while i < p.count {
            let a = UInt32(p[i + 3])
            if a == 0 {
                p[i] = 0; p[i + 1] = 0; p[i + 2] = 0
            } else if a != 255 {
                for c in 0..<3 { p[i + c] = UInt8(min(255, (UInt32(p[i + c]) * 255 + a / 2) / a)) }
            }
            i += 4
        }
    }
}
