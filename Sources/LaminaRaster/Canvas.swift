// Images the CPU renderer draws into and samples from: premultiplied RGBA8, rows from the top.
import LaminaCompositor
import QuartzCore

/// A premultiplied RGBA8 image being drawn.
public struct Canvas8: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Premultiplied RGBA8, rows from the top.
    public var pixels: [UInt8]

    /// A canvas filled with `clear` (rounded to 8 bits; NaN channels count as 0).
    public init(width: Int, height: Int, clear: PremultipliedColor) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        let q = SIMD4(saturate(clear.x), saturate(clear.y), saturate(clear.z), saturate(clear.w)) * 255
        let c = SIMD4(byte(roundHalfAway(q.x)), byte(roundHalfAway(q.y)), byte(roundHalfAway(q.z)), byte(roundHalfAway(q.w)))
        let n = self.width * self.height
        // One 32-bit pattern repeated: the same bytes as a per-pixel loop, written wholesale.
        let word = UInt32(c.x) | UInt32(c.y) << 8 | UInt32(c.z) << 16 | UInt32(c.w) << 24
        pixels = [UInt8](unsafeUninitializedCapacity: n * 4) { buf, count in
            if n > 0 {
                UnsafeMutableRawPointer(buf.baseAddress!).bindMemory(to: UInt32.self, capacity: n)
                    .initialize(repeating: UInt32(littleEndian: word), count: n)
            }
            count = n * 4
        }
    }

    /// As a CGImage (sharing the pixel storage, no copy).
    public var image: CGImage { CGImage(width: width, height: height, premultipliedRGBA: pixels) }
}

/// A texture for sampling: premultiplied RGBA8 rows from the top.
struct Texture {
    let width: Int, height: Int
    let pixels: [UInt8]

    /// Whether it has texels to sample (a zero-size or short texture draws nothing).
    var isUsable: Bool { width > 0 && height > 0 && pixels.count == width * height * 4 }

    /// Bilinear, clamp-to-edge, at normalized coordinates (texel centres at (i + 0.5) / size).
    /// The plain reference form; `TextureFill.color` is the same arithmetic on hoisted values.
    func sample(_ uv0: SIMD2<Float>, clamp: SIMD4<Float>?) -> SIMD4<Float> {
        var uv = uv0
        if let c = clamp {
            // Keep texel centres inside the box: [min + 0.5 texel, max - 0.5 texel].
            let hx = 0.5 / Float(width), hy = 0.5 / Float(height)
            uv.x = min(max(uv.x, c.x + hx), c.z - hx)
            uv.y = min(max(uv.y, c.y + hy), c.w - hy)
        }
        let tx = uv.x * Float(width) - 0.5, ty = uv.y * Float(height) - 0.5
        let fx = tx.rounded(.down), fy = ty.rounded(.down)
        let ax = tx - fx, ay = ty - fy
        // Indices far outside clamp to the edge texel either way; NaN picks any texel (the result is NaN).
        let ix = clampedInt(fx, -2, width + 1), iy = clampedInt(fy, -2, height + 1)
        let x0 = min(max(ix, 0), width - 1), x1 = min(max(ix + 1, 0), width - 1)
        let y0 = min(max(iy, 0), height - 1), y1 = min(max(iy + 1, 0), height - 1)
        func t(_ x: Int, _ y: Int) -> SIMD4<Float> {
            let i = (y * width + x) * 4
            return SIMD4(Float(pixels[i]), Float(pixels[i + 1]), Float(pixels[i + 2]), Float(pixels[i + 3])) / 255
        }
        let top = t(x0, y0) * (1 - ax) + t(x1, y0) * ax
        let bottom = t(x0, y1) * (1 - ax) + t(x1, y1) * ax
        return top * (1 - ay) + bottom * ay
    }
}

/// Byte value v -> Float(v) / 255, as a table (the same values the division gives).
let unitBytes: [Float] = (0...255).map { Float($0) / 255 }
