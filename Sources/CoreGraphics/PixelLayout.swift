import CCairo

/// Where a bitmap context's 8-bit components sit within each 4-byte pixel, and the
/// conversions between that memory and Cairo's native-endian premultiplied ARGB32 / RGB24.
struct PixelLayout: Equatable {
    /// Byte offsets of red, green, blue and alpha (or the skipped byte) within a pixel.
    let r: Int, g: Int, b: Int, a: Int
    /// Whether the alpha byte holds premultiplied alpha (false: it is skipped, pixels are opaque).
    let hasAlpha: Bool

    /// The layout for a bitmap info, or nil for layouts a bitmap context cannot hold (straight
    /// alpha, no alpha byte, alpha only, 16-bit byte orders, float components), as Core Graphics.
    init?(bitmapInfo raw: UInt32) {
        let info = CGBitmapInfo(rawValue: raw)
        guard !info.contains(.floatComponents),
              let alpha = CGImageAlphaInfo(rawValue: raw & CGBitmapInfo.alphaInfoMask.rawValue) else { return nil }
        let order = raw & CGBitmapInfo.byteOrderMask.rawValue
        let little: Bool
        switch order {
        case CGBitmapInfo.byteOrderDefault.rawValue, CGBitmapInfo.byteOrder32Big.rawValue: little = false
        case CGBitmapInfo.byteOrder32Little.rawValue: little = true
        default: return nil
        }
        // Offsets in big-endian order (a 32-bit word read from memory), reversed for little endian.
        let big: (r: Int, g: Int, b: Int, a: Int)
        switch alpha {
        case .premultipliedLast, .noneSkipLast: big = (0, 1, 2, 3)
        case .premultipliedFirst, .noneSkipFirst: big = (1, 2, 3, 0)
        default: return nil
        }
        func o(_ i: Int) -> Int { little ? 3 - i : i }
        (r, g, b, a) = (o(big.r), o(big.g), o(big.b), o(big.a))
        hasAlpha = alpha == .premultipliedLast || alpha == .premultipliedFirst
    }

    /// The Cairo format drawing happens in.
    var cairoFormat: cairo_format_t { hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24 }

    /// Whether this memory layout is Cairo's own on this machine (a native-endian 32-bit word
    /// A R G B from high to low byte), so Cairo can draw straight into the caller's memory.
    var isCairoNative: Bool {
        let le = 1.littleEndian == 1
        return le ? (b, g, r, a) == (0, 1, 2, 3) : (a, r, g, b) == (0, 1, 2, 3)
    }

    /// Copies rows `rows` and columns `columns` from `memory` (this layout) into a Cairo surface's pixels.
    func copy(from memory: UnsafeMutableRawPointer, bytesPerRow: Int, to cairoPixels: UnsafeMutablePointer<UInt8>,
              stride: Int, rows: Range<Int>, columns: Range<Int>) {
        for y in rows {
            let src = (memory + y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
            let dst = UnsafeMutableRawPointer(cairoPixels + y * stride)
            for x in columns {
                let p = src + x * 4
                let alpha: UInt32 = hasAlpha ? UInt32(p[a]) : 255
                let word = alpha << 24 | UInt32(p[r]) << 16 | UInt32(p[g]) << 8 | UInt32(p[b])
                dst.storeBytes(of: word, toByteOffset: x * 4, as: UInt32.self)
            }
        }
    }

    /// Copies rows `rows` and columns `columns` from a Cairo surface's pixels into `memory` (this layout).
    func copy(fromCairo cairoPixels: UnsafeMutablePointer<UInt8>, stride: Int, to memory: UnsafeMutableRawPointer,
              bytesPerRow: Int, rows: Range<Int>, columns: Range<Int>) {
        for y in rows {
            let src = UnsafeMutableRawPointer(cairoPixels + y * stride)
            let dst = (memory + y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
            for x in columns {
                let word = src.load(fromByteOffset: x * 4, as: UInt32.self)
                let p = dst + x * 4
                p[r] = UInt8(truncatingIfNeeded: word >> 16)
                p[g] = UInt8(truncatingIfNeeded: word >> 8)
                p[b] = UInt8(truncatingIfNeeded: word)
                p[a] = hasAlpha ? UInt8(truncatingIfNeeded: word >> 24) : 255
            }
        }
    }

    /// Premultiplied RGBA bytes (top row first) from `memory` in this layout.
    func premultipliedRGBA(from memory: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        out.withUnsafeMutableBufferPointer { o in
            for y in 0..<height {
                let src = (memory + y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
                for x in 0..<width {
                    let p = src + x * 4, q = (y * width + x) * 4
                    o[q] = p[r]; o[q + 1] = p[g]; o[q + 2] = p[b]; o[q + 3] = hasAlpha ? p[a] : 255
                }
            }
        }
        return out
    }
}
