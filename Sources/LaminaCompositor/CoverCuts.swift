// A quad's cover polygon (Cover.swift) cut in two scratch buffers on the stack that trade
// places after each cut, with clipStep's arithmetic point for point: the same polygon as one
// array per cut, without allocating and growing one (a compile cuts about ten per quad).

/// A polygon being cut: `count` points at `points`, `spare` as large for the next cut.
struct CutBuffers {
    var points: UnsafeMutablePointer<SIMD2<Double>>, spare: UnsafeMutablePointer<SIMD2<Double>>
    var count: Int
    let capacity: Int
    /// Set when a cut needed more room than the buffers have (a convex outline of many points
    /// cut many times over: cuts lengthen it by one point at most).
    var overflow = false

    /// clipStep on the buffers: keeps value >= 0; false (count 0) when under 3 points are left.
    mutating func cut(_ h: HalfPlane) -> Bool {
        guard count >= 3 else { count = 0; return false }
        // Wholly inside (the common case): untouched.
        var inside = true
        for i in 0..<count where !(h.value(points[i]) >= 0) { inside = false; break }
        if inside { return true }
        var n = 0
        var prev = points[count - 1]
        var pv = h.value(prev)
        for i in 0..<count {
            let cur = points[i]
            let cv = h.value(cur)
            // At most two points a step.
            if n + 2 > capacity { overflow = true; return false }
            if cv >= 0 {
                if pv < 0 { spare[n] = prev + (cur - prev) * (pv / (pv - cv)); n += 1 }
                spare[n] = cur
                n += 1
            } else if pv >= 0 {
                spare[n] = prev + (cur - prev) * (pv / (pv - cv))
                n += 1
            }
            prev = cur
            pv = cv
        }
        guard n >= 3 else { count = 0; return false }
        swap(&points, &spare)
        count = n
        return true
    }
}

/// An array of the `count` points at `p`: four (most polygons) as an array literal, which
/// allocates inline; Array(UnsafeBufferPointer), Array(repeating:count:) and
/// Array(unsafeUninitializedCapacity:) go through the runtime's unspecialized paths, at
/// several times the cost for a handful of points.
/// Four points get room for eight: a visible part becomes its quad's cover in place
/// (coverPolygon), and a cover with a few points more then needs no new array.
func pointArray(_ p: UnsafePointer<SIMD2<Double>>, count: Int) -> [SIMD2<Double>] {
    if count == 4 {
        var a = [p[0], p[1], p[2], p[3], p[3], p[3], p[3], p[3]]
        // (One at a time: removeLast(4) goes through the generic replaceSubrange.)
        a.removeLast(); a.removeLast(); a.removeLast(); a.removeLast()
        return a
    }
    var a: [SIMD2<Double>] = []
    a.reserveCapacity(count)
    for i in 0..<count { a.append(p[i]) }
    return a
}

/// The cover polygon of `q` (as coverPolygon) into `out` (its buffer reused); false when the
/// buffers' room (`room` points each, by default far more than needed) ran short (`out`
/// then to be ignored).
func cutCover(_ q: inout DrawQuad, minStretch: Double, into out: inout [SIMD2<Double>], room: Int? = nil) -> Bool {
    // No cuts (no clips, mask or perspective): the outline alone, written where `out` lies.
    if q.clips.isEmpty && q.mask == nil && q.matrix.r0.w == 0 && q.matrix.r1.w == 0 {
        let original = q.rect
        _ = forEachCoverCut(&q, minStretch: minStretch, outline: { outline(grown: $0, original: original, into: &out) }) { _ in true }
        return true
    }
    // Two buffers of 32 points: 1 KiB in all, on the stack. (Each also holds the outline's 12
    // points at most.)
    let capacity = room ?? 32, size = max(capacity, 12)
    return withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: 2 * size) { buffer -> Bool in
        var cuts = CutBuffers(points: buffer.baseAddress!, spare: buffer.baseAddress! + size, count: 0, capacity: capacity)
        let original = q.rect
        let kept = forEachCoverCut(&q, minStretch: minStretch, outline: { cuts.count = outlinePoints(grown: $0, original: original, to: cuts.points) }) { h in
            cuts.cut(h)
        }
        if cuts.overflow { return false }
        let n = kept ? cuts.count : 0
        // More points than `out` has room for: a new array of exactly them (growing `out`
        // by appending would cost more than the cuts).
        if n > out.capacity {
            out = pointArray(cuts.points, count: n)
            return true
        }
        // Written over the slots `out` has, as outline does.
        let shared = min(n, out.count)
        out.withUnsafeMutableBufferPointer { p in for i in 0..<shared { p[i] = cuts.points[i] } }
        if out.count > n { out.removeLast(out.count - n) } else if n > shared { out.append(contentsOf: UnsafeBufferPointer(start: cuts.points + shared, count: n - shared)) }
        return true
    }
}
