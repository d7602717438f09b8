// Pixel comparison of two images, as the oracle's compare.py measures it.
import QuartzCore

/// How two images of the same size differ.
public struct ImageDiff: Sendable {
    /// Share of pixels whose largest channel difference is at most 2/255.
    public let exact: Double
    /// Share of pixels whose largest channel difference is at most 16/255.
    public let close: Double
    /// Mean absolute channel difference, 0...1.
    public let mean: Double
    /// Largest channel difference, 0...255.
    public let max: Int
    /// Per pixel largest channel difference (0...255), for heat maps and masks.
    public let perPixel: [UInt8]
    /// The images' size in pixels.
    public let width: Int, height: Int

    /// Compares premultiplied RGBA (all four channels), or, with `over`, both images
    /// composited over that straight color and compared in RGB.
    public init(_ a: CGImage, _ b: CGImage, over: (Double, Double, Double)? = nil) throws {
        guard a.width == b.width, a.height == b.height else {
            throw PNGError(path: "", reason: "sizes differ: \(a.width)x\(a.height) and \(b.width)x\(b.height)")
        }
        width = a.width; height = a.height
        let n = a.width * a.height
        var per = [UInt8](repeating: 0, count: n)
        var sum = 0.0, exactCount = 0, closeCount = 0, worst = 0
        let pa = a.premultipliedRGBA, pb = b.premultipliedRGBA
        let channels = over == nil ? 4 : 3
        for i in 0..<n {
            var m = 0
            for c in 0..<channels {
                var va = Double(pa[4 * i + c]), vb = Double(pb[4 * i + c])
                if let o = over {
                    let bg = [o.0, o.1, o.2][c] * 255
                    va += bg * (1 - Double(pa[4 * i + 3]) / 255)
                    vb += bg * (1 - Double(pb[4 * i + 3]) / 255)
                }
                let d = abs(va - vb)
                sum += d / 255
                m = Swift.max(m, clampedInt(d.rounded(), 0, 1 << 30))
            }
            per[i] = UInt8(Swift.min(m, 255))
            if m <= 2 { exactCount += 1 }
            if m <= 16 { closeCount += 1 }
            worst = Swift.max(worst, m)
        }
        exact = Double(exactCount) / Double(n)
        close = Double(closeCount) / Double(n)
        mean = sum / Double(n * channels)
        max = worst
        perPixel = per
    }

    /// A heat map: black where equal, then blue, red, yellow, white as the difference grows (white >= 64/255).
    public var heatMap: CGImage {
        var px = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            let t = Swift.min(Double(perPixel[i]) / 64, 1)
            let stops: [(Double, (Double, Double, Double))] = [(0, (0, 0, 0)), (0.25, (0, 0, 1)), (0.5, (1, 0, 0)), (0.75, (1, 1, 0)), (1, (1, 1, 1))]
            var c = stops.last!.1
            for k in 1..<stops.count where t <= stops[k].0 {
                let (t0, c0) = stops[k - 1], (t1, c1) = stops[k]
                let f = (t - t0) / (t1 - t0)
                c = (c0.0 + (c1.0 - c0.0) * f, c0.1 + (c1.1 - c0.1) * f, c0.2 + (c1.2 - c0.2) * f)
                break
            }
            px[4 * i] = UInt8(clampedInt(c.0 * 255, 0, 255)); px[4 * i + 1] = UInt8(clampedInt(c.1 * 255, 0, 255)); px[4 * i + 2] = UInt8(clampedInt(c.2 * 255, 0, 255))
        }
        return CGImage(width: width, height: height, premultipliedRGBA: px)
    }

    /// One line: the figures.
    public var summary: String {
        String(format: "exact(<=2/255) %.3f%%  close(<=16/255) %.3f%%  mean %.5f  max %d/255", exact * 100, close * 100, mean, max)
    }
}

/// `x` rounded toward zero and clamped to `lo...hi`; NaN gives `lo` (`Int(.nan)` would trap).
@inline(__always) func clampedInt(_ x: Double, _ lo: Int, _ hi: Int) -> Int {
    guard x > Double(lo) else { return lo }
    guard x < Double(hi) else { return hi }
    return Int(x)
}
