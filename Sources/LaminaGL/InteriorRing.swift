// The ring of a pre-passed quad: its pixel cover minus its pre-pass interior (DepthPrepass.swift),
// as triangles on the two polygons' own vertices. The main pass draws only this ring for such
// a quad (its interior's fragments would all be rejected by depth), so the interior is
// rasterized once, by the pre-pass's cheap shader variant.
//
// Why the image cannot change: interior fan + ring triangles are a triangulation of the cover
// with exactly shared vertices and edges (no T-junction), and GL's rasterization is exact on
// the 1/256-pixel grid with the top-left rule, which decides a pixel centre on an edge or a
// vertex as the point nudged by a fixed infinitesimal step would be decided: every pixel
// centre of the cover goes to exactly one triangle of any such triangulation, the same pixels
// as the cover's own fan. And every triangle is made positively oriented (checked exactly:
// grid coordinates times 256 are integers below 2^24, their cross products exact in Double),
// so by the winding argument (the triangles' boundaries sum to the cover's minus the
// interior's) they tile cover minus interior exactly once and never enter the interior.
// When that cannot be had (the interior not strictly inside, a degenerate polygon) the
// caller draws the whole cover: also exact, only slower.

enum InteriorRing {
    /// Triangles (index triples; 0..<outer.count are `outer`'s points, outer.count + j is
    /// `inner[j]`) tiling the convex polygon `outer` minus the convex polygon `inner`, which
    /// must lie strictly inside it; nil when the zipper below finds no such tiling, or a
    /// polygon is not strictly convex (snapping can bend a cover with nearly equal points:
    /// its fan is then drawn as it is).
    ///
    /// The zipper: a bridge (an outer vertex, an inner vertex) advances around both polygons
    /// in the same turning direction; it moves along the inner polygon while the outer vertex
    /// lies strictly outside the next inner edge (triangle outer, next inner, inner), else to
    /// the next outer vertex (triangle outer, next outer, inner: positive when inner is strictly
    /// inside), until both have gone round once. It starts at outer vertex 0 and the first
    /// inner edge of the chain that vertex sees.
    static func triangles(outer: [SIMD2<Double>], inner: [SIMD2<Double>]) -> [Int]? {
        let n = outer.count, m = inner.count
        guard n >= 3, m >= 3 else { return nil }
        let so = signedArea2(outer), si = signedArea2(inner)
        guard so != 0, si != 0 else { return nil }
        // Both walked with positive signed area (whatever the pixel space's handedness).
        func o(_ k: Int) -> Int { so > 0 ? k % n : (n - 1) - k % n }
        func i(_ k: Int) -> Int { si > 0 ? k % m : (m - 1) - k % m }
        for k in 0..<n where !(orient(outer[o(k)], outer[o(k + 1)], outer[o(k + 2)]) > 0) { return nil }
        for k in 0..<m where !(orient(inner[i(k)], inner[i(k + 1)], inner[i(k + 2)]) > 0) { return nil }
        let o0 = outer[o(0)]
        // Edge k of the inner polygon runs from i(k) to i(k + 1); o0 sees it when strictly outside.
        func sees(_ p: SIMD2<Double>, _ k: Int) -> Bool { orient(inner[i(k)], inner[i(k + 1)], p) < 0 }
        guard let s = (0..<m).first(where: { sees(o0, $0) && !sees(o0, $0 + m - 1) }) else { return nil }
        var out: [Int] = []
        out.reserveCapacity(3 * (n + m))
        var a = 0, b = 0
        while a < n || b < m {
            let oc = outer[o(a)]
            if b < m && sees(oc, s + b) {
                out += [o(a), n + i(s + b + 1), n + i(s + b)]
                b += 1
            } else if a < n {
                guard orient(oc, outer[o(a + 1)], inner[i(s + b)]) > 0 else { return nil }
                out += [o(a), o(a + 1), n + i(s + b)]
                a += 1
            } else {
                return nil
            }
        }
        return out
    }

    /// Twice the signed area (shoelace).
    static func signedArea2(_ p: [SIMD2<Double>]) -> Double {
        var s = 0.0
        var prev = p[p.count - 1]
        for v in p {
            s += prev.x * v.y - v.x * prev.y
            prev = v
        }
        return s
    }

    /// The cross product (b - a) x (c - a): positive when a, b, c turn as a polygon of positive
    /// signed area does.
    @inline(__always) static func orient(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>) -> Double {
        (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
    }
}
