import Foundation
// The pairs with a slanted edge (Seams.swift) found by their lines, over the whole target at
// once: each edge is listed once by its line's direction and offset, and meets only edges
// whose lines could be the same within the pair test's tolerance. (The grid of
// Seams+Pairs.swift lists an edge in every cell it crosses and sorts each crowded cell; it
// is kept for what this search cannot do cheaply: many edges on very few lines.)
//
// Why the bounds hold. The test passes edges e (the reference) and f only when both ends of
// f lie within the tolerance t of e's line, so |n_e . (f.b - f.a)| <= 2t: the lines' angle
// phi (mod pi) has |sin phi| <= 2t / |f|, hence phi <= w(min(|e|, |f|)) with
// w(len) = asin(min(1, 2t / len)). With unit normals N taken in one half-turn (twins across
// the wrap at pi) and each line's offset c = N . (a - O) from the target's centre O,
// c_f - c_e = (N_f - N_e) . (f.a - O) + (N_e . (f.a - O) - c_e), so
// |c_f - c_e| <= |N_f - N_e| R + t <= phi R + t, R bounding every end's distance from O.
// An edge is listed by (angle, offset) in buckets of angle sorted by offset; each edge looks
// up the lines within its own w and that offset reach, and takes the partners whose w is no
// larger (a pair is found from the edge with the larger w, so from its shorter edge).

/// One edge's line: its angle (of the normal, in [0, pi), or a twin shifted by pi), its
/// offset from the target's centre, the edge, and the widest angle it can pair across.
private struct SeamLine {
    var theta: Double
    var c: Double
    var edge: Int
    var reach: Double
}

/// Lines bucketed by angle, each bucket sorted by offset.
private struct SeamLineIndex {
    static let width = 0.002, low = -0.5
    var lines: [SeamLine] = []
    var start: [Int] = []

    /// The bucket of angle `theta` (clamped to the first and last; truncation is the floor
    /// for the positive quotients kept).
    @inline(__always) static func bucket(_ theta: Double, _ count: Int) -> Int {
        let x = (theta - low) / width
        return !(x > 0) ? 0 : x >= Double(count - 1) ? count - 1 : Int(x)
    }

    init(_ list: [SeamLine]) {
        // No lines: nothing to look up (and no buckets to make).
        guard !list.isEmpty else { return }
        let count = Int(((Double.pi + 1 - Self.low) / Self.width).rounded(.up))
        var start = [Int](repeating: 0, count: count + 1)
        // Counted and filled through pointers (an array write checks its uniqueness each time),
        // each line's bucket found again where it is placed rather than kept in an array.
        start.withUnsafeMutableBufferPointer { sp in
            for l in list { sp[Self.bucket(l.theta, count) &+ 1] &+= 1 }
            for b in 0..<count { sp[b &+ 1] &+= sp[b] }
        }
        var fill = start
        // Each line moved once into its bucket, then each bucket sorted where it lies.
        lines = [SeamLine](unsafeUninitializedCapacity: list.count) { p, made in
            fill.withUnsafeMutableBufferPointer { fp in
                for l in list {
                    let b = Self.bucket(l.theta, count)
                    (p.baseAddress! + fp[b]).initialize(to: l)
                    fp[b] &+= 1
                }
            }
            made = list.count
            start.withUnsafeBufferPointer { sp in
                for b in 0..<count where sp[b &+ 1] &- sp[b] > 1 {
                    var bucket = UnsafeMutableBufferPointer(rebasing: p[sp[b]..<sp[b &+ 1]])
                    bucket.sort { $0.c < $1.c }
                }
            }
        }
        self.start = start
    }

    /// Calls `visit` with every line whose angle is within [lo, hi] and offset within [cLo, cHi];
    /// false once `budget` (buckets and lines looked at) runs out.
    func lookUp(_ lo: Double, _ hi: Double, _ cLo: Double, _ cHi: Double, budget: inout Int, _ visit: (SeamLine) -> Void) -> Bool {
        guard !lines.isEmpty else { return true }
        let count = start.count - 1
        // Read through pointers (a look-up per edge, a few buckets and lines each); the indices
        // stay within the arrays (bucket() clamps, start[] holds offsets into lines).
        return lines.withUnsafeBufferPointer { lp in
            start.withUnsafeBufferPointer { sp in
                for b in Self.bucket(lo, count)...Self.bucket(hi, count) {
                    var i = sp[b], j = sp[b &+ 1]
                    let end = j
                    budget -= 1
                    if i == j { continue }
                    // The first line at or above cLo.
                    while i < j {
                        let m = (i &+ j) >> 1
                        if lp[m].c < cLo { i = m &+ 1 } else { j = m }
                    }
                    while i < end, lp[i].c <= cHi {
                        let l = lp[i]
                        if l.theta >= lo && l.theta <= hi { visit(l) }
                        i &+= 1
                        budget -= 1
                    }
                    if budget < 0 { return false }
                }
                return true
            }
        }
    }
}

extension SeamSearch {
    /// The pair tests of every pair with a slanted edge whose lines may coincide, appending the
    /// edges found hard to `hard`; false (and `hard` to be dropped) when that would take more
    /// work than listing the edges in the grid (many edges on the same few lines).
    static func linePairs(_ frames: [SeamFrame], straight: [Bool], width: Int, height: Int, into hard: inout [Int]) -> Bool {
        let t = seamTolerance
        // First the buckets the look-ups would cross (about 2 sin(reach) / width + 2 each): short
        // edges (split pieces) reach across many, and then the grid, whose cells bound where a
        // pair can meet, costs less. (Measured: at about 14 crossings an edge, the grid's cost
        // is met.) Given up as soon as the count is past that.
        func sine(_ k: Int) -> Double { 2 * t * (1 + 1e-6) / (frames[k].len * (1 - 1e-9)) }
        var crossings = 0.0, widest = 0.0
        let most = 10 * Double(frames.count)
        for k in frames.indices {
            crossings += (2 * sine(k) / SeamLineIndex.width + 2) * (straight[k] ? 1 : 2)
            if crossings > most { return false }
        }
        let o = SIMD2(Double(width) / 2, Double(height) / 2)
        var radius = 0.0
        for f in frames { radius = max(radius, ((f.a - o) * (f.a - o)).sum(), ((f.b - o) * (f.b - o)).sum()) }
        // Margins far beyond the rounding of angles, offsets and lengths.
        radius = radius.squareRoot() * (1 + 1e-9) + 1e-9
        guard radius.isFinite else { return false }
        let tolerance = t * (1 + 1e-9) + 1e-9
        var own: [SeamLine] = []
        own.reserveCapacity(frames.count)
        var slanted: [SeamLine] = [], axis: [SeamLine] = []
        slanted.reserveCapacity(frames.count + frames.count / 8)
        func line(_ k: Int) -> SeamLine {
            let f = frames[k]
            var n = f.n
            if n.y < 0 || (n.y == 0 && n.x < 0) { n = -n }
            let s = sine(k)
            let reach = (s >= 1 || !s.isFinite ? Double.pi / 2 : asin(s)) + 1e-9
            return SeamLine(theta: atan2(n.y, n.x), c: (n * (f.a - o)).sum(), edge: k, reach: reach)
        }
        // The slanted edges' lines, then the straight edges' where a slanted line is near
        // enough in angle: a straight edge pairs here only with a slanted one whose angle is
        // within the larger of their reaches (an axis-aligned edge's normal is at exactly 0 or
        // pi / 2; the widest reach along an axis is its shortest edge's). The sides of cards
        // whose tops slant are then never listed nor looked up from.
        var shortest = (vertical: Double.infinity, horizontal: Double.infinity)
        for k in frames.indices {
            if !straight[k] {
                let l = line(k)
                own.append(l)
                widest = max(widest, l.reach)
            } else if frames[k].a.y == frames[k].b.y {
                shortest.horizontal = min(shortest.horizontal, frames[k].len)
            } else {
                shortest.vertical = min(shortest.vertical, frames[k].len)
            }
        }
        let slantedCount = own.count
        func axisReach(_ len: Double) -> Double {
            let s = 2 * t * (1 + 1e-6) / (len * (1 - 1e-9))
            return (s >= 1 || !s.isFinite ? Double.pi / 2 : asin(s)) + 1e-9
        }
        /// Whether a slanted line is within reach of the axis at `angle` (0 or pi / 2), its
        /// straight edges' widest reach `reach` (angles compared across the wrap at pi).
        func axisNeeded(_ angle: Double, _ reach: Double) -> Bool {
            own[..<slantedCount].contains { l in
                let d = abs(l.theta - angle)
                return min(d, Double.pi - d) <= max(reach, l.reach) + 1e-9
            }
        }
        let vertical = shortest.vertical.isFinite && axisNeeded(0, axisReach(shortest.vertical))
        let horizontal = shortest.horizontal.isFinite && axisNeeded(Double.pi / 2, axisReach(shortest.horizontal))
        if vertical || horizontal {
            for k in frames.indices where straight[k] && (frames[k].a.y == frames[k].b.y ? horizontal : vertical) {
                let l = line(k)
                own.append(l)
                widest = max(widest, l.reach)
            }
        }
        guard widest < 0.4 else { return false }
        for l in own {
            let straightLine = straight[l.edge]
            if straightLine { axis.append(l) } else { slanted.append(l) }
            // Its twins across the wrap (the same line, normal negated), for partners on the other side.
            let twin = l.theta <= widest ? l.theta + Double.pi : l.theta >= Double.pi - widest ? l.theta - Double.pi : nil
            if let twin {
                let line = SeamLine(theta: twin, c: -l.c, edge: l.edge, reach: l.reach)
                if straightLine { axis.append(line) } else { slanted.append(line) }
            }
        }
        // Axis-aligned lines are looked up by slanted edges alone: those at an angle no slanted
        // edge's window holds are left out. (Their angles are 0, pi / 2 and the twins' pi: a
        // handful of values.)
        var reached: [(theta: Double, known: Bool)] = []
        axis.removeAll { l in
            if let r = reached.first(where: { $0.theta == l.theta }) { return !r.known }
            if reached.count > 8 { return false }
            let known = own[..<slantedCount].contains { $0.theta - $0.reach <= l.theta && l.theta <= $0.theta + $0.reach }
            reached.append((l.theta, known))
            return !known
        }
        let slantedIndex = SeamLineIndex(slanted)
        let axisIndex = SeamLineIndex(axis)
        var budget = 2 * Int(crossings) + 8 * frames.count + 4096
        let ok = frames.withUnsafeBufferPointer { fp -> Bool in
            for x in own {
                let lo = x.theta - x.reach, hi = x.theta + x.reach
                let span = x.reach * radius + tolerance
                func visit(_ y: SeamLine) {
                    guard y.edge != x.edge, y.reach <= x.reach else { return }
                    let turn = abs(y.theta - x.theta) + 1e-12
                    guard abs(y.c - x.c) <= turn * radius + tolerance else { return }
                    test(fp, min(x.edge, y.edge), max(x.edge, y.edge), &hard)
                }
                if !slantedIndex.lookUp(lo, hi, x.c - span, x.c + span, budget: &budget, visit) { return false }
                if !straight[x.edge] && !axisIndex.lookUp(lo, hi, x.c - span, x.c + span, budget: &budget, visit) { return false }
            }
            return true
        }
        return ok
    }
}
