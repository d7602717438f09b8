// The fragment shader's pixel row without gl_FragCoord.y. Mesa rewrites every read of
// gl_FragCoord.y as y * t.x + t.y, t a uniform of its own (STATE_FB_WPOS_Y_TRANSFORM: whether
// the bound framebuffer is a window's, flipped, is known only at draw time), and llvmpipe loads
// that uniform lane by lane, bounds-checked, in every 4x4 block: about 25 of the ~210
// instructions a plain shader spends on each half block (cards-1000: 3.7% of llvmpipe's
// rasterizer threads). So quad.vert passes each vertex's row (the pixel y it was placed at) as
// a noperspective varying, and quad.frag takes floor(v) + 0.5: the pixel centre's row exactly,
// whenever the interpolated value is within half a pixel of it.
//
// How far off it can be: llvmpipe's triangle setup (lp_state_setup.c) finds the varying's
// gradients as vertex differences times 1 / (twice the area), in Float, and each pixel's value
// from them. For the row itself (gradient (0, 1)) the rounding of those products, carried
// across the triangle, is at most about 10 * 2^-24 * dx * dy^2 / A pixels (dx, dy: the
// triangle's bounding box, A: twice its area; x gradient 4 * 2^-24 * dy^2 / A times dx, y
// gradient 6 * 2^-24 * dx * dy / A times dy); the vertices' trip through clip space and the
// evaluation from the target's origin add thousandths. A triangle passes when
// 2^-20 * dx * dy^2 / A (1.6 times that) is at most 1/4 pixel, a third of the half pixel that
// would change the row: card and cell triangles are near 10^-4, flat-10000's 800 x 6 rows
// 10^-5. Thinner ones (slivers of covers with nearly collinear points) mostly hold no pixel
// centre, so they shade nothing and pass too. A quad with a triangle that fails both is drawn
// with `ShaderVariant.coordRow`, reading gl_FragCoord.y as before (cards-1000: one quad of
// 1,943). No pixel changes either way.

enum InterpolatedRow {
    /// 2^20 / 4: the most dx * dy^2 per unit of twice the area (see above).
    static let limit = 262144.0

    /// Whether every triangle of `indices` (into `vertices`) interpolates the row to within
    /// half a pixel: by the bound above, or holding no pixel centre. A triangle of zero area
    /// is safe: GL culls it (its points are exact on the 1/256-pixel grid, as GL's fixed point
    /// is), so it shades no pixel.
    static func isSafe(_ vertices: [QuadVertex], _ indices: ArraySlice<UInt32>) -> Bool {
        vertices.withUnsafeBufferPointer { v in
            var k = indices.startIndex
            while k + 2 < indices.endIndex {
                let a = v[Int(indices[k])], b = v[Int(indices[k + 1])], c = v[Int(indices[k + 2])]
                k += 3
                if !isSafe(SIMD2(Double(a.px), Double(a.py)), SIMD2(Double(b.px), Double(b.py)), SIMD2(Double(c.px), Double(c.py))) {
                    return false
                }
            }
            return true
        }
    }

    /// Whether every triangle of the fan from `cover[apex]` (`FrameBatches.appendTriangles`)
    /// interpolates the row to within half a pixel.
    static func isSafe(fan cover: [SIMD2<Double>], apex: Int) -> Bool {
        let n = cover.count
        guard n >= 3 else { return true }
        for i in 1..<n - 1 where !isSafe(cover[apex], cover[(apex + i) % n], cover[(apex + i + 1) % n]) { return false }
        return true
    }

    /// Whether the triangle a, b, c (target pixels) interpolates the row to within half a pixel.
    /// Exact in Double for points on the 1/256-pixel grid inside a target.
    static func isSafe(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>) -> Bool {
        let area = abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x))
        if area == 0 { return true }
        let dx = max(a.x, b.x, c.x) - min(a.x, b.x, c.x)
        let dy = max(a.y, b.y, c.y) - min(a.y, b.y, c.y)
        return dx * dy * dy <= limit * area || !holdsPixelCentre(a, b, c)
    }

    /// Whether a pixel centre lies in the closed triangle a, b, c, or within a millionth of a
    /// pixel of it (so a centre GL shades is never missed: a thin triangle is mostly found
    /// to hold none, and then it shades nothing).
    static func holdsPixelCentre(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>) -> Bool {
        let slack = 1e-6
        let top = min(a.y, b.y, c.y) - slack, bottom = max(a.y, b.y, c.y) + slack
        var y = (top - 0.5).rounded(.up) + 0.5
        while y <= bottom {
            // The triangle's extent along row y: where its sides cross it.
            var lo = Double.infinity, hi = -Double.infinity
            @inline(__always) func side(_ p: SIMD2<Double>, _ q: SIMD2<Double>) {
                guard min(p.y, q.y) - slack <= y && y <= max(p.y, q.y) + slack else { return }
                let t = p.y == q.y ? 0.5 : min(max((y - p.y) / (q.y - p.y), 0), 1)
                let x = p.y == q.y ? min(p.x, q.x) : p.x + t * (q.x - p.x)
                lo = min(lo, x)
                hi = max(hi, p.y == q.y ? max(p.x, q.x) : x)
            }
            side(a, b); side(b, c); side(c, a)
            if lo <= hi && (lo - slack - 0.5).rounded(.up) + 0.5 <= hi + slack { return true }
            y += 1
        }
        return false
    }
}
