// Which pixel centres of a row a quad's pixel cover covers, decided as GL decides them.

/// Pixel-centre coverage of a pixel cover (`DrawQuad.pixelCover`: vertices on the 1/256-pixel
/// grid) as GL rasterizes it: the fan triangles (p0, p(i), p(i+1)), each with the top-left
/// fill rule (a centre exactly on an edge belongs to the triangle whose inward normal points
/// right, or straight down), so triangles sharing an edge tile it with no gap and no overlap.
/// Grid coordinates make every edge value exact in Double (differences are multiples of
/// 1/256 below 2^16 pixels, their products fit in 53 bits), so no centre is given to the
/// other side by rounding. A centre inside two triangles (a cover that snapping made slightly
/// concave) is drawn twice, as GL draws it.
///
/// A convex cover (nearly always) is one piece, tested against its own edges: the same
/// pixels as its fan triangles (the top-left rule decides a centre on an edge or a vertex as
/// if it were moved right by an infinitesimal, and slightly more infinitesimally down: the
/// moved point lies inside the polygon exactly when it lies inside one of the triangles
/// that tile it), with one span per row instead of one per triangle.
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

    /// A convex polygon (a fan triangle, or a whole convex cover): its edges and the rows it spans.
    struct Piece {
        let edges: [Edge]
        let minY: Double, maxY: Double

        /// Nil for a polygon without area (GL draws nothing for it).
        init?(_ pts: [SIMD2<Double>]) {
            var area = 0.0
            for i in pts.indices { let p = pts[i], q = pts[(i + 1) % pts.count]; area += p.x * q.y - q.x * p.y }
            guard area != 0 else { return nil }
            let orient: Double = area > 0 ? 1 : -1
            var es: [Edge] = []
            es.reserveCapacity(pts.count)
            for i in pts.indices {
                var p = pts[i], q = pts[(i + 1) % pts.count]
                // Canonical endpoint order, so triangles sharing this edge compute identical values.
                var sign = orient
                if (q.x, q.y) < (p.x, p.y) { swap(&p, &q); sign = -sign }
                // Inward normal: sign * (-(q.y - p.y), q.x - p.x).
                let n = SIMD2(-(q.y - p.y), q.x - p.x) * sign
                es.append(Edge(a: p, b: q, sign: sign, owns: n.x > 0 || (n.x == 0 && n.y > 0)))
            }
            edges = es
            minY = pts.map(\.y).min()!
            maxY = pts.map(\.y).max()!
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
            guard y >= minY && y <= maxY else { return nil }
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
            // The estimate, a pixel wider on each side, then narrowed by the exact test.
            var xa = max(0, clampedInt((lo - 0.5).rounded(.down), -4, width + 4) - 1)
            var xb = min(width - 1, clampedInt((hi - 0.5).rounded(.up), -4, width + 4) + 1)
            while xa <= xb && !inside(Double(xa) + 0.5, y) { xa += 1 }
            while xb >= xa && !inside(Double(xb) + 0.5, y) { xb -= 1 }
            return xa <= xb ? (xa, xb) : nil
        }
    }

    /// The convex pieces drawn: the cover itself when convex, else its fan triangles with area.
    let pieces: [Piece]

    /// The pieces of a pixel cover (fewer than three points: none).
    init(_ pts: [SIMD2<Double>]) {
        guard pts.count >= 3 else { pieces = []; return }
        let triangles = (1..<(pts.count - 1)).map { [pts[0], pts[$0], pts[$0 + 1]] }
        if Self.isConvex(pts, fan: triangles), let whole = Piece(pts) {
            pieces = [whole]
        } else {
            pieces = triangles.compactMap { Piece($0) }
        }
    }

    /// Whether a polygon turns one way only at every vertex and every fan triangle has that
    /// orientation too (which also rules out a polygon winding twice, such as a pentagram).
    /// Exact on grid coordinates.
    static func isConvex(_ pts: [SIMD2<Double>], fan: [[SIMD2<Double>]]) -> Bool {
        func cross(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>) -> Double {
            (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        }
        var positive = false, negative = false
        for i in pts.indices {
            let c = cross(pts[i], pts[(i + 1) % pts.count], pts[(i + 2) % pts.count])
            if c > 0 { positive = true } else if c < 0 { negative = true }
        }
        for t in fan {
            let c = cross(t[0], t[1], t[2])
            if c > 0 { positive = true } else if c < 0 { negative = true }
        }
        return positive != negative
    }
}
