// Which pixel centres of a row a convex polygon covers.

/// Pixel-centre coverage of a convex polygon in pixel space with the top-left fill rule:
/// a centre exactly on an edge belongs to the polygon whose inward normal points right,
/// or straight down, so polygons sharing an edge tile it with no gap and no overlap.
struct PolygonRaster {
    /// An edge from a to b (canonical order), with b - a and (b.y - a.y) * a.x kept, so rows
    /// compute the same values with fewer operations.
    struct Edge {
        let a: SIMD2<Double>, d: SIMD2<Double>, sign: Double, owns: Bool
        let slopeA: Double, dyAx: Double
        init(a: SIMD2<Double>, b: SIMD2<Double>, sign: Double, owns: Bool) {
            self.a = a; self.sign = sign; self.owns = owns
            d = SIMD2(b.x - a.x, b.y - a.y)
            slopeA = -(b.y - a.y) * sign
            dyAx = (b.y - a.y) * a.x
        }
    }
    let edges: [Edge]

    init(_ pts: [SIMD2<Double>]) {
        var area = 0.0
        for i in pts.indices { let p = pts[i], q = pts[(i + 1) % pts.count]; area += p.x * q.y - q.x * p.y }
        let orient: Double = area >= 0 ? 1 : -1
        var es: [Edge] = []
        es.reserveCapacity(pts.count)
        for i in pts.indices {
            var p = pts[i], q = pts[(i + 1) % pts.count]
            if p == q { continue }
            // Canonical endpoint order, so polygons sharing this edge compute identical values.
            var sign = orient
            if (q.x, q.y) < (p.x, p.y) { swap(&p, &q); sign = -sign }
            // Inward normal: sign * (-(q.y - p.y), q.x - p.x).
            let n = SIMD2(-(q.y - p.y), q.x - p.x) * sign
            es.append(Edge(a: p, b: q, sign: sign, owns: n.x > 0 || (n.x == 0 && n.y > 0)))
        }
        edges = es
    }

    @inline(__always) func inside(_ x: Double, _ y: Double) -> Bool {
        for e in edges {
            let v = (e.d.x * (y - e.a.y) - e.d.y * (x - e.a.x)) * e.sign
            if v < 0 || (v == 0 && !e.owns) { return false }
        }
        return true
    }

    /// The first and last pixel columns whose centres on row centre y are inside.
    func span(y: Double, width: Int) -> (Int, Int)? {
        var lo = -Double.infinity, hi = Double.infinity
        for e in edges {
            // v(x) = A x + B with A = -(b.y - a.y) * sign.
            let A = e.slopeA
            let B = (e.d.x * (y - e.a.y) + e.dyAx) * e.sign
            if A == 0 { if B < 0 { return nil }; continue }
            let x = -B / A
            if A > 0 { lo = max(lo, x) } else { hi = min(hi, x) }
        }
        lo = max(lo, -2); hi = min(hi, Double(width) + 2)
        guard lo <= hi else { return nil }  // also NaN
        var xa = max(0, clampedInt((lo - 0.5).rounded(.down), -4, width + 4) - 1)
        var xb = min(width - 1, clampedInt((hi - 0.5).rounded(.up), -4, width + 4) + 1)
        while xa <= xb && !inside(Double(xa) + 0.5, y) { xa += 1 }
        while xb >= xa && !inside(Double(xb) + 0.5, y) { xb -= 1 }
        return xa <= xb ? (xa, xb) : nil
    }
}
