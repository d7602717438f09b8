// PNG in through libpng's simplified API, out through its full write API (which takes a zlib
// level). Inside Lamina images are 8-bit sRGB RGBA with premultiplied alpha (CGImage); PNG files hold straight alpha.
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

    /// The zlib level `write` uses unless told otherwise: fast, for renders. Level 1 without
    /// filtering writes a 2400x1800 render of 1,000 cards about 6x faster than libpng's default
    /// (level 6, adaptive filters) for a file 8% larger (752 KB against 699 KB).
    public static let defaultCompression = 1

    /// Writes a premultiplied RGBA8 image as a straight-alpha RGBA PNG, deflated at zlib
    /// `compression` level 0 (stored) ... 9 (smallest, slowest). The file appears whole or
    /// not at all: it is written beside the target and renamed into place.
    public static func write(_ image: CGImage, to path: String, compression: Int = defaultCompression) throws {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir.isEmpty ? "." : dir, isDirectory: &isDir), isDir.boolValue else {
            throw PNGError(path: path, reason: "no such directory \(dir)")
        }
        let data: [UInt8]
        do { data = try encode(image, compression: compression) } catch let e as PNGError {
            throw PNGError(path: path, reason: e.reason)
        }
        let temp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
        guard let file = fopen(temp, "wb") else {
            throw PNGError(path: path, reason: "cannot write (\(String(cString: strerror(errno))))")
        }
        let written = data.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let closed = fclose(file)
        guard written == data.count, closed == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temp)
            throw PNGError(path: path, reason: "cannot write (\(reason))")
        }
        guard rename(temp, path) == 0 else {
            try? FileManager.default.removeItem(atPath: temp)
            throw PNGError(path: path, reason: "cannot move the written file into place (errno \(errno))")
        }
    }

    /// A premultiplied RGBA8 image as the bytes of a straight-alpha RGBA PNG file, deflated at
    /// zlib `compression` level 0...9 (throws for another level or an image without pixels).
    public static func encode(_ image: CGImage, compression: Int = defaultCompression) throws -> [UInt8] {
        guard (0...9).contains(compression) else {
            throw PNGError(path: "", reason: "compression level \(compression) is not in 0...9")
        }
        // libpng's own limits (PNG_USER_WIDTH_MAX / HEIGHT_MAX), checked here so it never errors.
        let w = image.width, h = image.height
        guard w > 0, h > 0, w <= 1_000_000, h <= 1_000_000, image.premultipliedRGBA.count == w * h * 4 else {
            throw PNGError(path: "", reason: "cannot write a \(w)x\(h) image")
        }
        // libpng reports errors by longjmp, which Swift cannot catch: everything it could
        // reject is checked above and output goes to memory, so only running out of memory remains.
        guard let png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nil, { _, message in
            fatalError("libpng: \(message.map { String(cString: $0) } ?? "error")")
        }, { _, _ in }) else {
            throw PNGError(path: "", reason: "libpng could not start")
        }
        var info = png_create_info_struct(png)
        var pngOpt: png_structp? = png
        defer { png_destroy_write_struct(&pngOpt, &info) }
        let sink = PNGSink()
        let ctx = Unmanaged.passUnretained(sink).toOpaque()
        png_set_write_fn(png, ctx, { png, data, length in
            guard let png, let data, let io = png_get_io_ptr(png) else { return }
            Unmanaged<PNGSink>.fromOpaque(io).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: length))
        }, { _ in })
        png_set_IHDR(png, info, png_uint_32(w), png_uint_32(h), 8, PNG_COLOR_TYPE_RGB_ALPHA,
                     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE)
        png_set_compression_level(png, Int32(compression))
        // libpng's adaptive filter choice at 4...9, where size matters more (it pays off on
        // photographic content); the fast levels go through `deflatedScanlines`.
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE | PNG_FILTER_SUB | PNG_FILTER_UP | PNG_FILTER_AVG | PNG_FILTER_PAETH)
        // The sRGB chunk, as the simplified API writes for 8-bit data.
        png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL)
        png_write_info(png, info)
        if compression <= 3 {
            guard let stream = deflatedScanlines(image, level: compression) else {
                throw PNGError(path: "", reason: "zlib could not compress the image (out of memory?)")
            }
            // IDAT chunks of at most 1 MB (any split is valid), then IEND.
            let idat: [UInt8] = Array("IDAT".utf8), iend: [UInt8] = Array("IEND".utf8)
            stream.withUnsafeBufferPointer { s in
                var at = 0
                repeat {
                    let n = min(1 << 20, s.count - at)
                    png_write_chunk(png, idat, s.baseAddress! + at, n)
                    at += n
                } while at < s.count
            }
            png_write_chunk(png, iend, nil, 0)
            return sink.bytes
        }
        var row = [UInt8](repeating: 0, count: w * 4)
        image.premultipliedRGBA.withUnsafeBufferPointer { src in
            row.withUnsafeMutableBufferPointer { r in
                for y in 0..<h {
                    // One row at a time, so the straight-alpha copy is a row, not the image.
                    unpremultiplyRow(src.baseAddress! + y * w * 4, into: r.baseAddress!, count: w)
                    png_write_row(png, r.baseAddress)
                }
            }
        }
        png_write_end(png, nil)
        return sink.bytes
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

    /// One row of `count` premultiplied pixels to straight alpha (as `unpremultiply`).
    static func unpremultiplyRow(_ src: UnsafePointer<UInt8>, into dst: UnsafeMutablePointer<UInt8>, count: Int) {
        for i in stride(from: 0, to: count * 4, by: 4) {
            let a = UInt32(src[i + 3])
            dst[i + 3] = src[i + 3]
            if a == 255 {
                dst[i] = src[i]; dst[i + 1] = src[i + 1]; dst[i + 2] = src[i + 2]
            } else if a == 0 {
                dst[i] = 0; dst[i + 1] = 0; dst[i + 2] = 0
            } else {
                for c in 0..<3 { dst[i + c] = UInt8(min(255, (UInt32(src[i + c]) * 255 + a / 2) / a)) }
            }
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

/// Where libpng's output goes: memory, written to the file in one piece afterwards.
private final class PNGSink {
    var bytes: [UInt8] = []
}
