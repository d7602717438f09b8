import Foundation
import QuartzCore
// Shared edges: where two layers' projected edges coincide with the layers on opposite
// sides (the faces of a closed cube), per-layer anti-aliasing would leave a seam through
// which the background shows. Core Animation shows such seams; Lamina draws those edges
// hard (pixel centres) in both renderers, so the two faces tile the pixels exactly.

/// Projected edges closer than this (in pixels) count as the same line.
let seamTolerance = 0.05

private struct ProjectedEdge {
    let quad: Int
    let edge: EdgeMask
    let a: SIMD2<Double>, b: SIMD2<Double>
    let inside: SIMD2<Double>
}

/// A projected edge as the pair test reads it.
private struct SeamFrame {
    let a: SIMD2<Double>, b: SIMD2<Double>
    /// Unit direction a -> b, its normal, and the length.
    let u: SIMD2<Double>, n: SIMD2<Double>, len: Double
    let inside: SIMD2<Double>
    let owner: ObjectIdentifier
}

/// The part of a local segment kept by half-planes (parametric clip), or nil.
private func clipSegment(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ clips: [HalfPlane]) -> (SIMD2<Double>, SIMD2<Double>)? {
    var t0 = 0.0, t1 = 1.0
    for h in clips {
        let v0 = h.value(p0), v1 = h.value(p1)
        if v0 < 0 && v1 < 0 { return nil }
        if v0 < 0 { t0 = max(t0, v0 / (v0 - v1)) } else if v1 < 0 { t1 = min(t1, v0 / (v0 - v1)) }
        if t0 >= t1 { return nil }
    }
    return (p0 + (p1 - p0) * t0, p0 + (p1 - p0) * t1)
}

/// `v` rounded down and clamped to lo...hi (NaN: lo), as `clampedToInt(in:rounding: .down)`
/// but without a rounding rule to dispatch on (it runs for every cell an edge touches).
@inline(__always) private func clampedFloor(_ v: Double, _ lo: Int, _ hi: Int) -> Int { clampedRounded(v, lo, hi, .down) }

@inline(__always) private func clampedRounded(_ v: Double, _ lo: Int, _ hi: Int, _ rule: FloatingPointRoundingRule) -> Int {
    guard !v.isNaN else { return lo }
    let r = v.rounded(rule)
    if r <= Double(lo) { return lo }
    if r >= Double(hi) { return hi }
    return Int(r)
}

/// Straight edges sorted by their line (`at`; ties in any order: a pair test only marks edges
/// hard, so the order pairs are tested in does not matter). An axis-aligned UI has few lines
/// with many edges each (the cells of a row): edges are gathered by line (a hash of the exact
/// value), the distinct lines sorted, and each line's edges kept in the order they came.
private func sortByLine(_ list: inout [(at: Double, lo: Double, hi: Double, edge: Int)]) {
    let n = list.count
    guard n > 1 else { return }
    var size = 16, bits = 4
    while size < 2 * n { size <<= 1; bits += 1 }
    let mask = size - 1
    // Open addressing: each slot holds a line's index (-1: empty).
    var slots = [Int32](repeating: -1, count: size)
    var lineAt: [Double] = [], lineCount: [Int] = []
    var lineOf = [Int32](repeating: 0, count: n)
    for i in 0..<n {
        let key = list[i].at.bitPattern
        // The top bits of a multiplicative hash (the low bits of a round value's pattern are all 0).
        var h = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
        while true {
            let s = Int(slots[h])
            if s < 0 {
                slots[h] = Int32(lineAt.count)
                lineOf[i] = Int32(lineAt.count)
                lineAt.append(list[i].at)
                lineCount.append(1)
                break
            }
            if lineAt[s].bitPattern == key { lineOf[i] = Int32(s); lineCount[s] += 1; break }
            h = (h + 1) & mask
        }
    }
    if lineAt.count == 1 { return }
    // Lines spread out (the sides of cards): sorting the edges themselves costs less.
    if 4 * lineAt.count > n { list.sort { $0.at < $1.at }; return }
    let order = lineAt.indices.sorted { lineAt[$0] < lineAt[$1] }
    var next = [Int](repeating: 0, count: lineAt.count)
    var position = 0
    for l in order { next[l] = position; position += lineCount[l] }
    var sorted = list
    for i in 0..<n {
        let l = Int(lineOf[i])
        sorted[next[l]] = list[i]
        next[l] += 1
    }
    list = sorted
}

/// Sorts `run` by `lo` by insertion (edges along a line mostly come in order), giving up
/// (false, `run` then in some order) once that moves more than a few entries per edge.
private func insertionSortByLo(_ run: inout [(at: Double, lo: Double, hi: Double, edge: Int)]) -> Bool {
    var moves = 0
    let budget = 8 * run.count
    for x in run.indices.dropFirst() {
        let e = run[x]
        var y = x
        while y > 0, run[y - 1].lo > e.lo { run[y] = run[y - 1]; y -= 1 }
        run[y] = e
        moves += x - y
        if moves > budget { return false }
    }
    return true
}

/// `visible[i]` is quad i's rectangle cut by its clips; the target is `width` x `height` pixels.
func removeSeamAntialiasing(_ quads: inout [DrawQuad], owners: [ObjectIdentifier], visible: [[SIMD2<Double>]], width: Int, height: Int) {
    var edges: [ProjectedEdge] = []
    edges.reserveCapacity(quads.count * 4)
    // Fields are read in place (a DrawQuad is large: a copy of each would cost more than the test).
    for i in quads.indices where !quads[i].antialiasedEdges.isEmpty {
        let visible = visible[i]
        guard !visible.isEmpty else { continue }
        let matrix = quads[i].matrix, edgeMask = quads[i].antialiasedEdges
        let inside = matrix.project(visible.reduce(SIMD2<Double>(0, 0), +) / Double(visible.count))
        let r = quads[i].rect
        let c0 = SIMD2(r.minX, r.minY), c1 = SIMD2(r.maxX, r.minY), c2 = SIMD2(r.maxX, r.maxY), c3 = SIMD2(r.minX, r.maxY)
        for side in 0..<4 {
            let (mask, p0, p1): (EdgeMask, SIMD2<Double>, SIMD2<Double>) = side == 0 ? (.top, c0, c1) : side == 1 ? (.right, c1, c2) : side == 2 ? (.bottom, c2, c3) : (.left, c3, c0)
            guard edgeMask.contains(mask) else { continue }
            guard let (l0, l1) = clipSegment(p0, p1, quads[i].clips) else { continue }
            let a = matrix.project(l0), b = matrix.project(l1)
            let d = b - a
            guard (d * d).sum() > 0.25, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { continue }
            edges.append(ProjectedEdge(quad: i, edge: mask, a: a, b: b, inside: inside))
        }
    }
    guard edges.count > 1 else { return }
    var hard = [Bool](repeating: false, count: edges.count)
    // Each edge's start, direction, normal, length, inside point and owner, once, side by
    // side (the pair loop below runs over every two edges sharing a cell).
    var frames: [SeamFrame] = []
    frames.reserveCapacity(edges.count)
    for e in edges {
        let u = (e.b - e.a) / ((e.b - e.a) * (e.b - e.a)).sum().squareRoot()
        frames.append(SeamFrame(a: e.a, b: e.b, u: u, n: SIMD2(-u.y, u.x), len: ((e.b - e.a) * u).sum(), inside: e.inside, owner: owners[e.quad]))
    }
    // Exactly horizontal or vertical edges (an axis-aligned UI) are paired with each other
    // along their lines (below), never through the grid; the grid is only for slanted edges.
    var straight = [Bool](repeating: false, count: frames.count)
    var anySlanted = false
    for (k, f) in frames.enumerated() { if f.a.y == f.b.y || f.a.x == f.b.x { straight[k] = true } else { anySlanted = true } }
    // Bucket edges by position: a uniform grid over the target (cells beyond it folded onto
    // its border), each edge listed in every cell its tolerance-thick segment touches, so only
    // edges that pass near each other are compared (an axis-aligned UI of thousands of layers
    // has thousands of parallel edges). Buckets are filled by counting, edges in order.
    let cell = 16.0
    let cx0 = ((-2 - seamTolerance) / cell).clampedToInt(in: -1...0, rounding: .down), cx1 = ((Double(width) + 2 + seamTolerance) / cell).clampedToInt(in: 0...100_000, rounding: .down)
    let cy0 = ((-2 - seamTolerance) / cell).clampedToInt(in: -1...0, rounding: .down), cy1 = ((Double(height) + 2 + seamTolerance) / cell).clampedToInt(in: 0...100_000, rounding: .down)
    let columns = cx1 - cx0 + 1, cellCount = columns * (cy1 - cy0 + 1)
    @inline(__always) func cellIndex(_ v: Double, _ lo: Int, _ hi: Int) -> Int { clampedFloor(v / cell, lo, hi) }
    var entries: [(cell: Int, edge: Int)] = []
    entries.reserveCapacity(edges.count * 2)
    // The last edge listed in each cell: an edge is listed once per cell, in discovery order.
    var listed = [Int](repeating: -1, count: cellCount)
    for (k, e) in edges.enumerated() where anySlanted {
        let len = ((e.b - e.a) * (e.b - e.a)).sum().squareRoot()
        let steps = clampedRounded(len / cell, 1, max(1, 4 * (columns + cy1 - cy0 + 2)), .up)
        for s in 0..<steps {
            let p = e.a + (e.b - e.a) * (Double(s) / Double(steps)), q = e.a + (e.b - e.a) * (Double(s + 1) / Double(steps))
            let x0 = cellIndex(min(p.x, q.x) - seamTolerance, cx0, cx1), x1 = cellIndex(max(p.x, q.x) + seamTolerance, cx0, cx1)
            let y0 = cellIndex(min(p.y, q.y) - seamTolerance, cy0, cy1), y1 = cellIndex(max(p.y, q.y) + seamTolerance, cy0, cy1)
            for y in y0...y1 {
                for x in x0...x1 {
                    let c = (y - cy0) * columns + (x - cx0)
                    if listed[c] != k { listed[c] = k; entries.append((c, k)) }
                }
            }
        }
    }
    var bucketStart = [Int](repeating: 0, count: cellCount + 1)
    for e in entries { bucketStart[e.cell + 1] += 1 }
    for c in 0..<cellCount { bucketStart[c + 1] += bucketStart[c] }
    var fill = bucketStart
    var bucketed = [Int](repeating: 0, count: entries.count)
    for e in entries { bucketed[fill[e.cell]] = e.edge; fill[e.cell] += 1 }
    frames.withUnsafeBufferPointer { frames in
        /// The pair test, edge k before edge j (k < j: the earlier edge's line is the reference).
        func test(_ k: Int, _ j: Int) {
            let e = frames[k], f = frames[j], n = e.n
            guard e.owner != f.owner else { return }
            guard abs((n * (f.a - e.a)).sum()) <= seamTolerance, abs((n * (f.b - e.a)).sum()) <= seamTolerance else { return }
            let t0 = ((f.a - e.a) * e.u).sum(), t1 = ((f.b - e.a) * e.u).sum()
            guard min(e.len, max(t0, t1)) - max(0, min(t0, t1)) > 0.5 else { return }
            let si = (n * (e.inside - e.a)).sum(), sj = (n * (f.inside - e.a)).sum()
            guard si * sj < 0 else { return }
            hard[k] = true; hard[j] = true
        }
        var lines: [Int] = [], others: [Int] = []
        // Lines by direction bucket (of the normal's angle, taken in [0, pi)), then offset.
        var byLine: [(bucket: Int, d: Double, n: SIMD2<Double>, edge: Int, line: Bool)] = []
        var runs: [(bucket: Int, start: Int)] = []
        let bucketWidth = 0.01, radius = 12.0, angle = 0.2 + 1e-6
        let bucketSpan = Int((angle / bucketWidth).rounded(.up)) + 1
        /// The largest offset difference of a pair whose buckets are k apart (their normals
        /// differ by under (k + 1) bucket widths), with a margin far beyond any rounding.
        func lineReach(_ k: Int) -> Double { seamTolerance + min(angle, Double(k + 1) * bucketWidth) * radius + 1e-6 }
        // Each edge's normal (y >= 0) and its angle's buckets (the second near the wrap at pi:
        // turned back by pi, its normal negated, next to the lines just above 0), once, when
        // the edge first meets a crowded cell.
        var lineOf = [(n: SIMD2<Double>, bucket: Int, wrapped: Int?)?](repeating: nil, count: anySlanted ? frames.count : 0)
        /// Lists edge k's line (and its wrapped twin) seen from `o`, each only when its bucket is in `keep`.
        func addLine(_ k: Int, line: Bool, _ o: SIMD2<Double>, keep: ClosedRange<Int> = Int.min...Int.max) {
            let a = frames[k].a
            let l: (n: SIMD2<Double>, bucket: Int, wrapped: Int?)
            if let known = lineOf[k] { l = known } else {
                var n = frames[k].n
                if n.y < 0 || (n.y == 0 && n.x < 0) { n = -n }
                let theta = atan2(n.y, n.x)
                l = (n, Int((theta / bucketWidth).rounded(.down)),
                     theta > Double.pi - 0.25 ? Int(((theta - Double.pi) / bucketWidth).rounded(.down)) : nil)
                lineOf[k] = l
            }
            let n = l.n
            if keep.contains(l.bucket) { byLine.append((l.bucket, (n * (o - a)).sum(), n, k, line)) }
            if let w = l.wrapped, keep.contains(w) { byLine.append((w, (-n * (o - a)).sum(), -n, k, line)) }
        }
        func pair(_ e: (bucket: Int, d: Double, n: SIMD2<Double>, edge: Int, line: Bool), _ f: (bucket: Int, d: Double, n: SIMD2<Double>, edge: Int, line: Bool)) {
            if (e.line && f.line) || e.edge == f.edge { return }
            let dn = e.n - f.n, gap = (dn * dn).sum().squareRoot()
            guard gap <= angle, abs(f.d - e.d) <= seamTolerance + gap * radius + 1e-6 else { return }
            test(min(e.edge, f.edge), max(e.edge, f.edge))
        }
        // Straight edges. An exactly horizontal edge's unit direction is exactly (+-1, 0)
        // (sqrt(x * x) == |x| in binary floating point), so the test measures across it the
        // exact difference of y and along it the exact difference of x: such a pair can pass
        // only within the tolerance in y and where the two overlap in x (by over 0.5), and a
        // horizontal and a vertical edge never (the second's ends would be within 2 x
        // tolerance of each other, but it is over 0.5 long). So each kind is sorted by its
        // line, cut into runs of lines within the tolerance of the next, and each run sorted
        // along the lines and swept: only edges that overlap along the line are tested.
        // Beyond the tolerance (and the overlap) by far more than a rounded difference can be.
        let reach = seamTolerance * (1 + 1e-9) + 1e-9
        var straightLines: [(at: Double, lo: Double, hi: Double, edge: Int)] = []
        straightLines.reserveCapacity(frames.count)
        var run: [(at: Double, lo: Double, hi: Double, edge: Int)] = []
        for vertical in [false, true] {
            straightLines.removeAll(keepingCapacity: true)
            for k in frames.indices where straight[k] {
                let f = frames[k]
                if !vertical && f.a.y == f.b.y { straightLines.append((f.a.y, min(f.a.x, f.b.x), max(f.a.x, f.b.x), k)) }
                if vertical && f.a.y != f.b.y { straightLines.append((f.a.x, min(f.a.y, f.b.y), max(f.a.y, f.b.y), k)) }
            }
            sortByLine(&straightLines)
            var start = 0
            while start < straightLines.count {
                var end = start + 1
                while end < straightLines.count, straightLines[end].at - straightLines[end - 1].at <= reach { end += 1 }
                // Few pairs within the tolerance of each other's line (lines spread out, as the
                // sides of parallel cards): those pairs; else (many edges on one line, as the
                // cells of a row) sweep along the lines.
                var near = 0, z = start
                for x in start..<end {
                    while straightLines[x].at - straightLines[z].at > reach { z += 1 }
                    near += x - z
                }
                if end - start > 1 && near <= 4 * (end - start) {
                    for x in start..<end {
                        var y = x + 1
                        while y < end, straightLines[y].at - straightLines[x].at <= reach {
                            test(min(straightLines[x].edge, straightLines[y].edge), max(straightLines[x].edge, straightLines[y].edge))
                            y += 1
                        }
                    }
                } else if end - start > 1 {
                    run.removeAll(keepingCapacity: true)
                    run += straightLines[start..<end]
                    if !insertionSortByLo(&run) { run.sort { $0.lo < $1.lo } }
                    for x in run.indices {
                        let e = run[x]
                        var y = x + 1
                        while y < run.count, run[y].lo <= e.hi + 1 {
                            let f = run[y]
                            y += 1
                            if abs(f.at - e.at) <= reach { test(min(e.edge, f.edge), max(e.edge, f.edge)) }
                        }
                    }
                }
                start = end
            }
        }
        for c in 0..<cellCount where bucketStart[c + 1] - bucketStart[c] > 1 {
            let runStart = bucketStart[c], runEnd = bucketStart[c + 1]
            if runEnd - runStart <= 8 {
                for x in runStart..<(runEnd - 1) {
                    for y in (x + 1)..<runEnd where !(straight[bucketed[x]] && straight[bucketed[y]]) { test(bucketed[x], bucketed[y]) }
                }
                continue
            }
            // A crowded cell: pairs with a slanted edge (pairs of straight edges are paired
            // along their lines above).
            lines.removeAll(keepingCapacity: true)
            others.removeAll(keepingCapacity: true)
            for x in runStart..<runEnd {
                let k = bucketed[x]
                if straight[k] { lines.append(k) } else { others.append(k) }
            }
            if others.isEmpty { continue }
            let cellX = c % columns + cx0, cellY = c / columns + cy0
            // A border cell also holds everything folded onto it from beyond the target: no
            // bound on where a pair meets, so every pair with a slanted edge is tested (and
            // so it is where there are few: sorting them would cost more).
            if cellX == cx0 || cellX == cx1 || cellY == cy0 || cellY == cy1 || others.count * (others.count + 2 * lines.count) <= 2048 {
                for (i, o) in others.enumerated() {
                    for l in lines { test(min(o, l), max(o, l)) }
                    for p in others[(i + 1)...] { test(min(o, p), max(o, p)) }
                }
                continue
            }
            // Pairs with a slanted edge, by line. A pair that passes overlaps by over 0.5 along
            // the first edge while the second stays within the tolerance of its line, so the
            // lines' directions differ by under atan(2 x 0.05 / 0.5) < 0.2 rad (mod pi), and
            // their unit normals by under 0.2. Every such pair shares the cell holding a point
            // p of the overlap (both edges are listed there) and, where that cell is inside the
            // grid, p is within 8 sqrt 2 < 12 of its centre o; with n the first edge's normal
            // and d = n . (o - a) a line's offset from o, |d_e - d_f| <= tolerance + |n_e - n_f| x 12.
            // So edges are sorted by the angle of their normal (buckets of 0.01 rad) and offset,
            // and paired only with edges in buckets within 0.2 rad and offsets within that reach
            // (normals taken with y >= 0; a near-vertical line is also listed with its normal
            // negated, as the neighbour across the wrap may hold it). Pairs of two axis-aligned
            // lines are left to the sweep above.
            let o = SIMD2(Double(cellX) * cell + cell / 2, Double(cellY) * cell + cell / 2)
            byLine.removeAll(keepingCapacity: true)
            for k in others { addLine(k, line: false, o) }
            // Axis-aligned lines pair only with slanted edges, and only within bucketSpan of
            // their buckets: the lines beyond (the sides of cards whose tops slant) are not listed.
            var lowest = Int.max, highest = Int.min
            for entry in byLine { lowest = min(lowest, entry.bucket); highest = max(highest, entry.bucket) }
            if !byLine.isEmpty { for l in lines { addLine(l, line: true, o, keep: (lowest - bucketSpan)...(highest + bucketSpan)) } }
            byLine.sort { ($0.bucket, $0.d, $0.edge) < ($1.bucket, $1.d, $1.edge) }
            runs.removeAll(keepingCapacity: true)
            for x in byLine.indices where x == 0 || byLine[x].bucket != byLine[x - 1].bucket { runs.append((byLine[x].bucket, x)) }
            runs.append((Int.max, byLine.count))
            for r in 0..<(runs.count - 1) {
                // Its own bucket: each entry with the later entries within reach.
                for x in runs[r].start..<runs[r + 1].start {
                    let e = byLine[x]
                    var y = x + 1
                    while y < runs[r + 1].start, byLine[y].d - e.d <= lineReach(0) { pair(e, byLine[y]); y += 1 }
                }
                // The buckets above within the angle: the entries within reach either way. The
                // run's entries come in increasing offset, so where the reach starts in the other
                // run only moves forward (a sweep, not a search per entry).
                var s = r + 1
                while s < runs.count - 1, runs[s].bucket - runs[r].bucket <= bucketSpan {
                    let span = lineReach(runs[s].bucket - runs[r].bucket)
                    var first = runs[s].start
                    for x in runs[r].start..<runs[r + 1].start {
                        let e = byLine[x]
                        let lo = e.d - span, hi = e.d + span
                        while first < runs[s + 1].start, byLine[first].d < lo { first += 1 }
                        var y = first
                        while y < runs[s + 1].start, byLine[y].d <= hi { pair(e, byLine[y]); y += 1 }
                    }
                    s += 1
                }
            }
        }
    }
    for k in edges.indices where hard[k] { quads[edges[k].quad].antialiasedEdges.remove(edges[k].edge) }
}
