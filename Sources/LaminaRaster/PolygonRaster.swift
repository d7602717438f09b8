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

    /// A convex polygon drawn (the whole cover, or one of its fan triangles): its edges in
    /// `edges` and the rows it spans.
    struct Piece {
        let edges: Range<Int>
        let minY: Double, maxY: Double
    }

    /// Every piece's edges, piece after piece.
    let edges: [Edge]
    /// The pieces: the cover itself when it is convex, else its fan triangles with area.
    let pieces: [Piece]

    /// The pieces of a pixel cover (fewer than three points: none).
    init(_ pts: [SIMD2<Double>]) {
        var es: [Edge] = [], ps: [Piece] = []
        guard pts.count >= 3 else { edges = es; pieces = ps; return }
        if Self.isConvex(pts) {
            es.reserveCapacity(pts.count)
            Self.add(pts.count, { pts[$0] }, to: &es, &ps)
        } else {
            es.reserveCapacity(3 * (pts.count - 2))
            for i in 1..<(pts.count - 1) { Self.add(3, { pts[$0 == 0 ? 0 : i + $0 - 1] }, to: &es, &ps) }
        }
        edges = es; pieces = ps
    }

    /// Appends the convex polygon vertex(0), ..., vertex(n - 1) as a piece, unless it has no
    /// area (GL draws nothing for it).
    private static func add(_ n: Int, _ vertex: (Int) -> SIMD2<Double>, to es: inout [Edge], _ ps: inout [Piece]) {
        var area = 0.0, minY = Double.infinity, maxY = -Double.infinity
        for j in 0..<n {
            let p = vertex(j), q = vertex((j + 1) % n)
            area += p.x * q.y - q.x * p.y
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        guard area != 0 else { return }
        let orient: Double = area > 0 ? 1 : -1
        let first = es.count
        for j in 0..<n {
            var p = vertex(j), q = vertex((j + 1) % n)
            // Canonical endpoint order, so pieces sharing this edge compute identical values.
            var sign = orient
            if (q.x, q.y) < (p.x, p.y) { swap(&p, &q); sign = -sign }
            // Inward normal: sign * (-(q.y - p.y), q.x - p.x).
            let n = SIMD2(-(q.y - p.y), q.x - p.x) * sign
            es.append(Edge(a: p, b: q, sign: sign, owns: n.x > 0 || (n.x == 0 && n.y > 0)))
        }
        ps.append(Piece(edges: first..<es.count, minY: minY, maxY: maxY))
    }

    /// Whether a polygon turns one way only at every vertex and every fan triangle has that
    /// orientation too (which also rules out a polygon winding twice, such as a pentagram).
    /// Exact on grid coordinates.
    static func isConvex(_ pts: [SIMD2<Double>]) -> Bool {
        func cross(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>) -> Double {
            (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        }
        var positive = false, negative = false
        let n = pts.count
        for i in 0..<n {
            let turn = cross(pts[i], pts[(i + 1) % n], pts[(i + 2) % n])
            if turn > 0 { positive = true } else if turn < 0 { negative = true }
            if i >= 1 && i < n - 1 {
                let fan = cross(pts[0], pts[i], pts[i + 1])
                if fan > 0 { positive = true } else if fan < 0 { negative = true }
            }
        }
        return positive != negative
    }

    @inline(__always) func inside(_ piece: Piece, _ x: Double, _ y: Double) -> Bool {
        for i in piece.edges {
            let e = edges[i]
            let v = (e.d.x * (y - e.a.y) - e.d.y * (x - e.a.x)) * e.sign
            if v < 0 || (v == 0 && !e.owns) { return false }
        }
        return true
    }

    /// The first and last pixel columns whose centres on row centre y are inside the piece.
    func span(_ piece: Piece, y: Double, width: Int) -> (Int, Int)? {
        guard y >= piece.minY && y <= piece.maxY else { return nil }
        var lo = -Double.infinity, hi = Double.infinity
        for i in piece.edges {
            let e = edges[i]
            // v(x) = A x + B with A = -(b.y - a.y) * sign.
            let A = e.slopeA
            let B = (e.d.x * (y - e.a.y) + e.dyAx) * e.sign
            if A == 0 { if B < 0 { return nil }; continue }
            let x = -B / A
            if A > 0 { lo = max(lo, x) } else { hi = min(hi, x) }
        }
        lo = max(lo, -2); hi = min(hi, Double(width) + 2)
        guard lo <= hi else { return nil }  // also NaN
        // The estimate (the first and last centres within lo...hi), moved by the exact test:
        // outward while the next centre out is inside, else inward until one is. Rounding
        // puts the estimate at most a pixel off, so this is usually two tests per end. The
        // centres inside a convex piece are consecutive, so the ends found are the span's.
        let limit = width + 4
        var xa = max(0, min(width - 1, clampedInt((lo - 0.5).rounded(.up), -4, limit)))
        var xb = min(width - 1, max(0, clampedInt((hi - 0.5).rounded(.down), -4, limit)))
        if xa > xb { return exhaustive(piece, y: y, from: max(0, xb - 2), to: min(width - 1, xa + 2)) }
        if inside(piece, Double(xa) + 0.5, y) {
            while xa > 0 && inside(piece, Double(xa - 1) + 0.5, y) { xa -= 1 }
        } else {
            repeat { xa += 1 } while xa <= xb && !inside(piece, Double(xa) + 0.5, y)
            if xa > xb { return nil }
        }
        if inside(piece, Double(xb) + 0.5, y) {
            while xb < width - 1 && inside(piece, Double(xb + 1) + 0.5, y) { xb += 1 }
        } else {
            repeat { xb -= 1 } while !inside(piece, Double(xb) + 0.5, y)
        }
        return (xa, xb)
    }

    /// The span by testing every centre of xa...xb (a span too thin for the estimate).
    private func exhaustive(_ piece: Piece, y: Double, from xa: Int, to xb: Int) -> (Int, Int)? {
        guard xa <= xb else { return nil }
        var first: Int?, last = 0
        for x in xa...xb where inside(piece, Double(x) + 0.5, y) {
            if first == nil { first = x }
            last = x
        }
        return first.map { ($0, last) }
    }
}
