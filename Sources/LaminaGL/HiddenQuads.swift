// Quads of a pre-passed target that nothing of shows (DepthPrepass.swift): every pixel
// centre of the quad's cover lies inside the pre-pass interior of a later opaque quad, so the
// pre-pass gives that pixel a nearer depth and both of the quad's draws would be rejected
// there (and painting in order, the later quad replaces it exactly). Such a quad is left out
// of the frame: no record, no triangles, no 4x4 blocks for llvmpipe to visit and reject
// (parallel-1000: cards stacked 77 deep, most wholly behind nearer ones).
//
// Found on the CPU with a mask of 4x4-pixel blocks, walking the quads last to first: a quad
// whose cover's bounding box lies in blocks already covered is hidden; otherwise its interior
// (if any) covers the blocks whose 16 pixel centres it holds with a margin, so a rounding in
// the scanline crossings can only leave a block uncovered.

struct BlockMask {
    let columns: Int, rows: Int
    private let words: Int
    private var bits: [UInt64]
    /// The margin (pixels) by which a block's pixel centres must lie inside an interior.
    static let margin = 1.0 / 64

    init(width: Int, height: Int) {
        columns = (width + 3) / 4
        rows = (height + 3) / 4
        words = (columns + 63) / 64
        bits = [UInt64](repeating: 0, count: words * rows)
    }

    /// Whether every block holding a pixel centre of the box [minX, maxX] x [minY, maxY] is covered.
    func covers(minX: Double, minY: Double, maxX: Double, maxY: Double) -> Bool {
        // Pixel centres i + 0.5 within the box; blocks of four of them.
        let x0 = Int((minX - 0.5).rounded(.up)), x1 = Int((maxX - 0.5).rounded(.down))
        let y0 = Int((minY - 0.5).rounded(.up)), y1 = Int((maxY - 0.5).rounded(.down))
        guard x0 <= x1, y0 <= y1 else { return true }   // no pixel centre at all
        let bx0 = max(x0, 0) / 4, bx1 = min(x1 / 4, columns - 1), by0 = max(y0, 0) / 4, by1 = min(y1 / 4, rows - 1)
        guard bx0 <= bx1, by0 <= by1 else { return true }
        for by in by0...by1 where !allSet(row: by, from: bx0, to: bx1) { return false }
        return true
    }

    private func allSet(row: Int, from a: Int, to b: Int) -> Bool {
        var c = a
        while c <= b {
            let w = c >> 6, lo = c & 63, hi = min(63, lo + (b - c))
            let span = hi - lo + 1
            let m: UInt64 = span == 64 ? ~0 : ((1 << UInt64(span)) - 1) << UInt64(lo)
            if bits[row * words + w] & m != m { return false }
            c += span
        }
        return true
    }

    private mutating func set(row: Int, from a: Int, to b: Int) {
        var c = a
        while c <= b {
            let w = c >> 6, lo = c & 63, hi = min(63, lo + (b - c))
            let span = hi - lo + 1
            let m: UInt64 = span == 64 ? ~0 : ((1 << UInt64(span)) - 1) << UInt64(lo)
            bits[row * words + w] |= m
            c += span
        }
    }

    /// Covers the blocks whose pixel centres all lie inside the convex polygon `p` (by the
    /// margin): per block row, the columns inside its first and last centre rows' crossings
    /// (a convex polygon holds every centre between two it holds).
    mutating func cover(convex p: [SIMD2<Double>]) {
        var minY = Double.infinity, maxY = -Double.infinity
        for v in p { minY = min(minY, v.y); maxY = max(maxY, v.y) }
        // Block rows whose first centre row 4by + 0.5 >= minY and last 4by + 3.5 <= maxY.
        let by0 = max(0, Int(((minY - 0.5) / 4).rounded(.up))), by1 = min(rows - 1, Int(((maxY - 3.5) / 4).rounded(.down)))
        guard by0 <= by1 else { return }
        for by in by0...by1 {
            guard let top = Self.span(p, y: Double(4 * by) + 0.5), let bottom = Self.span(p, y: Double(4 * by) + 3.5) else { continue }
            let left = max(top.0, bottom.0) + Self.margin, right = min(top.1, bottom.1) - Self.margin
            // Blocks whose first centre 4bx + 0.5 >= left and last 4bx + 3.5 <= right.
            let bx0 = max(0, Int(((left - 0.5) / 4).rounded(.up))), bx1 = min(columns - 1, Int(((right - 3.5) / 4).rounded(.down)))
            if bx0 <= bx1 { set(row: by, from: bx0, to: bx1) }
        }
    }

    /// The x range of the convex polygon at height y (nil: none, or only touching).
    static func span(_ p: [SIMD2<Double>], y: Double) -> (Double, Double)? {
        var lo = Double.infinity, hi = -Double.infinity, crossings = 0
        var a = p[p.count - 1]
        for b in p {
            if (a.y < y && b.y > y) || (a.y > y && b.y < y) {
                let x = a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x)
                lo = min(lo, x); hi = max(hi, x); crossings += 1
            }
            a = b
        }
        // A row through a vertex: no strict inside (margins keep it out; the block stays uncovered).
        return crossings == 2 && lo < hi ? (lo, hi) : nil
    }
}

extension FrameBatches {
    /// Per quad, whether it is hidden behind later quads' pre-pass interiors (`interiorOf`: a
    /// quad's interior polygon or empty); all false without interiors.
    static func hiddenQuads(_ geometry: QuadGeometry, interiorOf: [[SIMD2<Double>]], width: Int, height: Int) -> [Bool] {
        var hidden = [Bool](repeating: false, count: geometry.count)
        guard !interiorOf.isEmpty, width > 0, height > 0 else { return hidden }
        var mask = BlockMask(width: width, height: height)
        var any = false
        for k in (0..<geometry.count).reversed() {
            let c = geometry.points[geometry.range(k)]
            guard c.count >= 3 else { continue }
            if any {
                var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
                for v in c { minX = min(minX, v.x); maxX = max(maxX, v.x); minY = min(minY, v.y); maxY = max(maxY, v.y) }
                if mask.covers(minX: minX, minY: minY, maxX: maxX, maxY: maxY) { hidden[k] = true; continue }
            }
            let interior = interiorOf[k]
            if interior.count >= 3 && FanTriangles.isStrictlyConvex(interior) {
                mask.cover(convex: interior)
                any = true
            }
        }
        return hidden
    }
}
