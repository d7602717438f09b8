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
    /// One pass over `lines` lines of `count` texels: texel i of line l is read at
    /// src[l * lineStride + i * step] and written to dst the same way (stores in every channel
    /// from `channels` 4); the sum in kernel order, as blur.frag's loop.
    func pass(_ kernel: GaussianKernel, lines: Int, count: Int, src: UnsafePointer<UInt8>, srcLine: Int, srcStep: Int,
              dst: UnsafeMutablePointer<UInt8>, dstLine: Int, dstStep: Int, channels: Int) {
        kernel.weights.withUnsafeBufferPointer { w in
            unitBytes.withUnsafeBufferPointer { unit in
                let r = kernel.radius
                for l in 0..<lines {
                    let s = src + l * srcLine, d = dst + l * dstLine
                    for i in 0..<count {
                        var sum: Float = 0
                        for k in max(-r, -i)...min(r, count - 1 - i) { sum += w[k + r] * unit[Int(s[(i + k) * srcStep])] }
                        let a = byte(roundHalfAway(saturate(sum) * 255))
                        for c in 0..<channels { d[i * dstStep + c] = a }
                    }
                }
            }
        }
    }
    var rows = [UInt8](repeating: 0, count: n)
    var out = [UInt8](repeating: 0, count: n * 4)
    pixels.withUnsafeBufferPointer { px in
        rows.withUnsafeMutableBufferPointer { mid in
            // Along x: the alpha bytes of each row.
            pass(horizontal, lines: height, count: width, src: px.baseAddress! + 3, srcLine: width * 4, srcStep: 4,
                 dst: mid.baseAddress!, dstLine: width, dstStep: 1, channels: 1)
        }
    }
    rows.withUnsafeBufferPointer { mid in
        out.withUnsafeMutableBufferPointer { o in
            // Along y: each column, into all four channels.
            pass(vertical, lines: width, count: height, src: mid.baseAddress!, srcLine: 1, srcStep: width,
                 dst: o.baseAddress!, dstLine: 4, dstStep: width * 4, channels: 4)
        }
    }
    return out
}
