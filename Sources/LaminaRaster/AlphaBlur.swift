// The separable Gaussian blur of a target's alpha (a shadow's source), on the CPU. The GL
// renderer does the same two passes into RGBA8 textures, so each pass here is rounded to
// 8 bits exactly as a UNORM8 target stores it: round(x * 255).
import LaminaCompositor

/// The alpha of `pixels` (premultiplied RGBA8, `width` x `height`, rows from the top)
/// blurred by `horizontal` along x, then by `vertical` along y, texels outside the image counting as
/// transparent. Every channel of a result texel holds the blurred alpha (a valid
/// premultiplied white), of which a shadow quad samples only the alpha.
public func blurredAlpha(_ pixels: [UInt8], width: Int, height: Int, horizontal: GaussianKernel, vertical: GaussianKernel) -> [UInt8] {
    let n = max(width, 0) * max(height, 0)
    guard n > 0, pixels.count == n * 4 else { return [UInt8](repeating: 0, count: n * 4) }
    /// One pass along a line of `count` texels read by `read(i)`, the sum in kernel order.
    @inline(__always) func pass(_ kernel: GaussianKernel, _ count: Int, _ read: (Int) -> UInt8, _ write: (Int, UInt8) -> Void) {
        let w = kernel.weights, r = kernel.radius
        for i in 0..<count {
            var sum: Float = 0
            for k in -r...r {
                let j = i + k
                if j >= 0 && j < count { sum += w[k + r] * unitBytes[Int(read(j))] }
            }
            write(i, byte(roundHalfAway(saturate(sum) * 255)))
        }
    }
    var rows = [UInt8](repeating: 0, count: n)
    for y in 0..<height {
        pass(horizontal, width, { pixels[(y * width + $0) * 4 + 3] }, { rows[y * width + $0] = $1 })
    }
    var out = [UInt8](repeating: 0, count: n * 4)
    for x in 0..<width {
        pass(vertical, height, { rows[$0 * width + x] }, { i, a in
            let o = (i * width + x) * 4
            out[o] = a; out[o + 1] = a; out[o + 2] = a; out[o + 3] = a
        })
    }
    return out
}
