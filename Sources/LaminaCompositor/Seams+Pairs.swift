import Foundation
// The pairs of projected edges that share a line with their layers on opposite sides
// (Seams.swift): straight (horizontal, vertical) edges along their lines, slanted ones through
// the grid's cells. Each search appends the edges it finds hard; any order, any repeats.

/// The edges of a target and their grid, read by the pair searches (each on its own core).
struct SeamSearch: Sendable {
    /// The grid's cell side, in pixels.
    static let cell = 16.0
    let frames: [SeamFrame]
    /// Whether each edge is exactly horizontal or vertical.
    let straight: [Bool]
    let anySlanted: Bool
    /// The edges listed in each cell, cell by cell (cell c's from bucketStart[c] on).
    let bucketed: [Int], bucketStart: [Int]
    /// The grid's columns and its cell index range (cells beyond the target folded onto its border).
    let columns: Int, cx0: Int, cx1: Int, cy0: Int, cy1: Int
    /// The straight edges' facing tags by direction (SeamFacing.tag, in frame order across
    /// each direction's lists) when made with the frames; nil: made here from the frames.
    var tagLists: (horizontal: [[Int]], vertical: [[Int]])? = nil

    /// The pair test, edge k before edge j (k < j: the earlier edge's line is the reference):
    /// both are appended to `hard` when they share a line with their layers on opposite sides.
    @inline(__always)
    static func test(_ frames: UnsafeBufferPointer<SeamFrame>, _ k: Int, _ j: Int, _ hard: inout [Int]) {
        let e = frames[k], f = frames[j], n = e.n
        guard e.owner != f.owner else { return }
        guard abs((n * (f.a - e.a)).sum()) <= seamTolerance, abs((n * (f.b - e.a)).sum()) <= seamTolerance else { return }
        let t0 = ((f.a - e.a) * e.u).sum(), t1 = ((f.b - e.a) * e.u).sum()
        guard min(e.len, max(t0, t1)) - max(0, min(t0, t1)) > 0.5 else { return }
        let si = (n * (e.inside - e.a)).sum(), sj = (n * (f.inside - e.a)).sum()
        guard si * sj < 0 else { return }
        hard.append(k)
        hard.append(j)
    }

    /// Pairs of horizontal (or vertical) edges. An exactly horizontal edge's unit direction
    /// is exactly (+-1, 0) (sqrt(x * x) == |x| in binary floating point), so the test measures
    /// across it the exact difference of y and along it the exact difference of x: such a
    /// pair can pass only within the tolerance in y and where the two overlap in x (by over
    /// 0.5), and a horizontal and a vertical edge never (the second's ends would be within
    /// 2 x tolerance of each other, but it is over 0.5 long). Edges with no neighbour facing
    /// the other way are dropped first (Seams+Facing.swift). Each kind is then sorted by its
    /// line, cut into runs of lines within the tolerance of the next, and each run sorted
    /// along the lines and swept: only edges that overlap along the line are tested.
    func straightPairs(vertical: Bool, into hard: inout [Int]) {
        // Beyond the tolerance (and the overlap) by far more than a rounded difference can be.
        let reach = seamTolerance * (1 + 1e-9) + 1e-9
        var run: [(at: Double, lo: Double, hi: Double, edge: Int)] = []
        frames.withUnsafeBufferPointer { frames in
            // Edges whose every neighbour faces the same way are left out (Seams+Facing.swift).
            var straightLines = tagLists.map { facingStraightLines(frames, tagLists: vertical ? $0.vertical : $0.horizontal, vertical: vertical) }
                ?? facingStraightLines(frames, straight: straight, vertical: vertical)
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
                            Self.test(frames, min(straightLines[x].edge, straightLines[y].edge), max(straightLines[x].edge, straightLines[y].edge), &hard)
                            y += 1
                        }
                    }
                } else if end - start > 1 {
                    // Edges along a line mostly come in order (the cells of a row): swept where
                    // they lie when they do, else sorted in a copy.
                    var sorted = true
                    for x in (start + 1)..<end where straightLines[x].lo < straightLines[x - 1].lo { sorted = false; break }
                    if sorted {
                        Self.sweep(straightLines, start..<end, reach: reach, frames, &hard)
                    } else {
                        run.removeAll(keepingCapacity: true)
                        run += straightLines[start..<end]
                        if !insertionSortByLo(&run) { run.sort { $0.lo < $1.lo } }
                        Self.sweep(run, run.indices, reach: reach, frames, &hard)
                    }
                }
                start = end
            }
        }
    }

    /// The pair tests of the straight edges `range` of `run` (sorted by `lo`, their lines
    /// within `reach` of each other's) that overlap along their lines.
    @inline(__always)
    private static func sweep(_ run: [(at: Double, lo: Double, hi: Double, edge: Int)], _ range: Range<Int>, reach: Double,
                              _ frames: UnsafeBufferPointer<SeamFrame>, _ hard: inout [Int]) {
        for x in range {
            let e = run[x]
            var y = x + 1
            while y < range.upperBound, run[y].lo <= e.hi + 1 {
                let f = run[y]
                y += 1
                if abs(f.at - e.at) <= reach { test(frames, min(e.edge, f.edge), max(e.edge, f.edge), &hard) }
            }
        }
    }

    /// Pairs with a slanted edge among the edges listed in `cells`.
    func cellPairs(_ cells: Range<Int>, into hard: inout [Int]) {
        guard anySlanted else { return }
        let cell = Self.cell
        frames.withUnsafeBufferPointer { frames in
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
            // the edge first meets a crowded cell (the list made then: most cells have none).
            var lineOf: [(n: SIMD2<Double>, bucket: Int, wrapped: Int?)?] = []
            /// Lists edge k's line (and its wrapped twin) seen from `o`, each only when its bucket is in `keep`.
            func addLine(_ k: Int, line: Bool, _ o: SIMD2<Double>, keep: ClosedRange<Int> = Int.min...Int.max) {
                let a = frames[k].a
                let l: (n: SIMD2<Double>, bucket: Int, wrapped: Int?)
                if lineOf.isEmpty { lineOf = Array(repeating: nil, count: frames.count) }
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
                Self.test(frames, min(e.edge, f.edge), max(e.edge, f.edge), &hard)
            }
            for c in cells where bucketStart[c + 1] - bucketStart[c] > 1 {
                let runStart = bucketStart[c], runEnd = bucketStart[c + 1]
                if runEnd - runStart <= 8 {
                    for x in runStart..<(runEnd - 1) {
                        for y in (x + 1)..<runEnd where !(straight[bucketed[x]] && straight[bucketed[y]]) { Self.test(frames, bucketed[x], bucketed[y], &hard) }
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
                        for l in lines { Self.test(frames, min(o, l), max(o, l), &hard) }
                        for p in others[(i + 1)...] { Self.test(frames, min(o, p), max(o, p), &hard) }
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
    }
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
    // Open addressing: each slot holds a line's index (-1: empty). Read through pointers (the
    // loop runs for every straight edge of a target), and an edge on the line of the one
    // before it (a run of cells along a row) takes that line without a look-up.
    var slots = [Int32](repeating: -1, count: size)
    var lineAt: [Double] = [], lineCount: [Int] = []
    var lineOf = [Int32](repeating: 0, count: n)
    list.withUnsafeBufferPointer { lp in
        slots.withUnsafeMutableBufferPointer { sp in
            lineOf.withUnsafeMutableBufferPointer { op in
                // (And the line before that: tops and bottoms of a row's cells alternate.)
                var lastKey: UInt64 = 0, lastLine = -1, otherKey: UInt64 = 0, otherLine = -1
                for i in 0..<n {
                    let key = lp[i].at.bitPattern
                    if lastLine >= 0 && key == lastKey { op[i] = Int32(lastLine); lineCount[lastLine] += 1; continue }
                    if otherLine >= 0 && key == otherKey {
                        swap(&lastKey, &otherKey)
                        swap(&lastLine, &otherLine)
                        op[i] = Int32(lastLine)
                        lineCount[lastLine] += 1
                        continue
                    }
                    otherKey = lastKey
                    otherLine = lastLine
                    // The top bits of a multiplicative hash (the low bits of a round value's pattern are all 0).
                    var h = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
                    while true {
                        let s = Int(sp[h])
                        if s < 0 {
                            sp[h] = Int32(lineAt.count)
                            lastLine = lineAt.count
                            lineAt.append(lp[i].at)
                            lineCount.append(1)
                            break
                        }
                        if lineAt[s].bitPattern == key { lastLine = s; lineCount[s] += 1; break }
                        h = (h + 1) & mask
                    }
                    op[i] = Int32(lastLine)
                    lastKey = key
                }
            }
        }
    }
    if lineAt.count == 1 { return }
    // Lines spread out (the sides of cards): sorting the edges themselves costs less.
    if 4 * lineAt.count > n { list.sort { $0.at < $1.at }; return }
    let order = lineAt.indices.sorted { lineAt[$0] < lineAt[$1] }
    var next = [Int](repeating: 0, count: lineAt.count)
    var position = 0
    for l in order { next[l] = position; position += lineCount[l] }
    // Each edge moved once into its place (every place is filled exactly once).
    list = list.withUnsafeBufferPointer { lp in
        [(at: Double, lo: Double, hi: Double, edge: Int)](unsafeUninitializedCapacity: n) { out, count in
            for i in 0..<n {
                let l = Int(lineOf[i])
                (out.baseAddress! + next[l]).initialize(to: lp[i])
                next[l] += 1
            }
            count = n
        }
    }
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
