// Which fan a pixel cover is drawn as. llvmpipe shades 4x4 blocks: a block that a triangle
// edge crosses is shaded once for each triangle with a partial mask, so a fan's diagonals
// cost fragment-shader runs (cards-1000: the shortest fans take 5% off llvmpipe's rasterizer
// threads' instructions, as x + y length a little more than Euclidean). For a strictly
// convex cover any triangulation shades the same pixels: every pixel centre inside it lies in
// exactly one triangle (GL's top-left rule on a shared edge, exact on the 1/256-pixel grid of
// PixelCover.swift), the cover's own edges are edges of the triangulation whatever the apex,
// and the shader computes a pixel from the quad's record alone (nothing interpolated). So the
// fan from the vertex whose diagonals are shortest in x + y (about the blocks they cross) is
// drawn. A cover that is not strictly convex (snapping can leave one with a straight or a
// reflex corner) keeps the fan from p0, the triangles the CPU renderer rasterizes.

enum FanTriangles {
    /// The fan's apex for `cover`: the vertex with the least total diagonal length |dx| + |dy|
    /// (the first such), when the cover has four points or more and is strictly convex; else 0.
    static func apex(_ cover: [SIMD2<Double>]) -> Int {
        let n = cover.count
        guard n >= 4, isStrictlyConvex(cover) else { return 0 }
        @inline(__always) func length(_ d: SIMD2<Double>) -> Double { abs(d.x) + abs(d.y) }
        // Most covers are quads: one diagonal from p0 or p1.
        if n == 4 { return length(cover[3] - cover[1]) < length(cover[2] - cover[0]) ? 1 : 0 }
        var best = 0, bestLength = Double.infinity
        for a in 0..<n {
            var total = 0.0
            for k in 2..<n - 1 { total += length(cover[(a + k) % n] - cover[a]) }
            if total < bestLength { best = a; bestLength = total }
        }
        return best
    }

    /// Whether the polygon turns the same way, never straight, at every vertex, and winds
    /// around once. Exact: grid points (1/256 pixel) within a target give exact products.
    static func isStrictlyConvex(_ c: [SIMD2<Double>]) -> Bool {
        let n = c.count
        guard n >= 3 else { return false }
        var sign = 0.0
        var e0 = c[0] - c[n - 1]
        for i in 0..<n {
            let e1 = (i + 1 < n ? c[i + 1] : c[0]) - c[i]
            let turn = e0.x * e1.y - e0.y * e1.x
            if turn == 0 || (sign != 0 && (turn > 0) != (sign > 0)) { return false }
            sign = turn
            e0 = e1
        }
        // Each turn is under a half turn, so four corners or fewer cannot wind twice; beyond,
        // it winds once exactly when its edges run rightward then leftward: x changes
        // direction twice around it (a star changes more often).
        if n <= 4 { return true }
        var flips = 0, first = 0.0, last = 0.0
        for i in 0..<n {
            let dx = (i + 1 < n ? c[i + 1].x : c[0].x) - c[i].x
            if dx == 0 { continue }
            if first == 0 { first = dx } else if (dx > 0) != (last > 0) { flips += 1 }
            last = dx
        }
        if first != 0 && (first > 0) != (last > 0) { flips += 1 }
        return flips == 2
    }
}
