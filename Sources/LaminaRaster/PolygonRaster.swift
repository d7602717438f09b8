// Which pixel centres of a row a quad's pixel cover covers, decided as GL decides them.
import LaminaCompositor

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
    /// An edge from a to b (canonical order), with b - a kept, and its exact test on pixel
    /// centres in grid units (1/256 pixel): the centre of column px, row py is on the inside
    /// exactly when `c + ky * py + kx * px >= 0`. That value is 65536 times the one `inside`
    /// computes (exact there too), less 1 when the edge does not own its points (so "> 0"
    /// becomes ">= 0" on integers). The integers are zero for an edge off the grid.
    struct Edge {
        let a: SIMD2<Double>, d: SIMD2<Double>, sign: Double, owns: Bool
        let c: Int64, ky: Int64, kx: Int64
        /// Nil when an endpoint is off the grid or more than 2^16 pixels out.
        init?(a: SIMD2<Double>, b: SIMD2<Double>, sign: Double, owns: Bool) {
            self.a = a; self.sign = sign; self.owns = owns
            d = SIMD2(b.x - a.x, b.y - a.y)
            // Grid units up to 2^24 keep every product below 2^50 and every sum below 2^52,
            // so each value is exact in Int64 and converts exactly to Double.
            @inline(__always) func grid(_ v: Double) -> Int64? {
                let g = v * SubpixelGrid.steps
                guard g.magnitude <= 16_777_216 else { return nil }  // also NaN
                let i = Int64(g)
                return Double(i) == g ? i : nil
            }
            guard let ax = grid(a.x), let ay = grid(a.y), let bx = grid(b.x), let by = grid(b.y) else { return nil }
            let s: Int64 = sign > 0 ? 1 : -1, dx = bx - ax, dy = by - ay
            // 65536 v = s (dx (Y - ay) - dy (X - ax)) at X = 256 px + 128, Y = 256 py + 128.
            c = s * (dx * (128 - ay) - dy * (128 - ax)) - (owns ? 0 : 1)
            ky = 256 * s * dx; kx = -256 * s * dy
        }
        /// An edge off the grid: only `inside` uses it.
        init(offGrid a: SIMD2<Double>, b: SIMD2<Double>, sign: Double, owns: Bool) {
            self.a = a; self.sign = sign; self.owns = owns
            d = SIMD2(b.x - a.x, b.y - a.y)
            c = 0; ky = 0; kx = 0
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
    /// Whether every edge has its integer test (every vertex on the 1/256-pixel grid within
    /// 2^16 pixels of the origin: always, for a pixel cover); if not, spans are found by
    /// testing every centre.
    let onGrid: Bool

    /// The pieces of a pixel cover (fewer than three points: none).
    init(_ pts: [SIMD2<Double>]) {
        var es: [Edge] = [], ps: [Piece] = [], onGrid = true
        guard pts.count >= 3 else { edges = es; pieces = ps; self.onGrid = false; return }
        if Self.isConvex(pts) {
            es.reserveCapacity(pts.count)
            Self.add(pts.count, { pts[$0] }, to: &es, &ps, &onGrid)
        } else {
            es.reserveCapacity(3 * (pts.count - 2))
            for i in 1..<(pts.count - 1) { Self.add(3, { pts[$0 == 0 ? 0 : i + $0 - 1] }, to: &es, &ps, &onGrid) }
        }
        edges = es; pieces = ps; self.onGrid = onGrid && !es.isEmpty
    }

    /// Appends the convex polygon vertex(0), ..., vertex(n - 1) as a piece, unless it has no
    /// area (GL draws nothing for it).
    private static func add(_ n: Int, _ vertex: (Int) -> SIMD2<Double>, to es: inout [Edge], _ ps: inout [Piece], _ onGrid: inout Bool) {
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
            let owns = n.x > 0 || (n.x == 0 && n.y > 0)
            if let e = Edge(a: p, b: q, sign: sign, owns: owns) {
                es.append(e)
            } else {
                es.append(Edge(offGrid: p, b: q, sign: sign, owns: owns)); onGrid = false
            }
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

    /// The first and last pixel columns (within 0..<width) whose centres on row `row` are
    /// inside the piece. Each edge bounds the columns on one side (its test is linear in the
    /// column): the bound is the exact quotient of two integers below 2^53, rounded to a
    /// column, which a Double quotient gives exactly (it is correctly rounded, and a quotient
    /// n / m that is not an integer lies at least 1/|m| from one, more than its rounding error).
    func span(_ piece: Piece, row: Int, width: Int) -> (Int, Int)? {
        let y = Double(row) + 0.5
        guard y >= piece.minY && y <= piece.maxY, width > 0 else { return nil }
        guard onGrid else { return exhaustive(piece, y: y, from: 0, to: width - 1) }
        let py = Int64(row)
        var lo = 0.0, hi = Double(width - 1)
        for i in piece.edges {
            let l = edges[i]
            let b = l.c + l.ky * py
            if l.kx == 0 {
                if b < 0 { return nil }
            } else if l.kx > 0 {
                lo = max(lo, Double(-b) / Double(l.kx))  // px >= -b / kx
            } else {
                hi = min(hi, Double(b) / Double(-l.kx))  // px <= b / -kx
            }
        }
        guard lo <= hi else { return nil }
        // lo is in 0...width - 1, so both ends convert without overflow.
        var xa = Int(lo), xb = Int(hi)
        if Double(xa) < lo { xa += 1 }
        if Double(xb) > hi { xb -= 1 }
        return xa <= xb ? (xa, xb) : nil
    }

    /// The span by testing every centre of xa...xb (a polygon off the grid).
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
