// The overlap test of pair orders (DepthOrder.swift): whether one footprint's polygon, clipped
// by another's half-planes, keeps any area. A dense tangle makes some 60,000 such tests a
// view, most of them on polygons of four to six points and four half-planes, so the test
// is written out here with the arithmetic of `withClipped` step for step (the same points,
// the same area), but each point's value computed once, the polygon left in place until a
// half-plane cuts it, and no closure.

/// Whether `clip(poly, hs)` is empty or has less than `leastOverlap` area: the answer of
/// `clipIsEmptyByClipping`, sooner.
func clipIsEmpty(_ poly: UnsafeBufferPointer<SIMD2<Double>>, _ hs: UnsafeBufferPointer<HalfPlane>) -> Bool {
    let n0 = poly.count
    guard n0 >= 3, let src0 = poly.baseAddress else { return true }
    // The half-planes holding the whole polygon leave it as it is: the first that cuts it.
    var first = 0
    search: while first < hs.count {
        let h = hs[first]
        for k in 0..<n0 where !(h.value(src0[k]) >= 0) { break search }
        first += 1
    }
    if first == hs.count { return abs(areaTwice(src0, n0)) <= 2 * leastOverlap }
    // Two buffers of `room` points and the values of one, in one allocation of constant size
    // on the stack (a step at most doubles the count: a polygon of more than room / 2 points
    // left is clipped by clipIsEmptyByClipping, the same arithmetic).
    let room = 24
    let answer = withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: 2 * room + room / 2) { buffer -> Bool? in
        let base = buffer.baseAddress!
        let values = UnsafeMutableRawPointer(base + 2 * room).assumingMemoryBound(to: Double.self)
        return clipIsEmpty(src0, n0, hs, from: first, base, base + room, room: room, values)
    }
    return answer ?? clipIsEmptyByClipping(poly, hs)
}

/// clipIsEmpty from the first half-plane `first` that cuts the polygon of `n0` points at
/// `src0`, clipping into `dst` and `spare` (`room` points each; `values` room for as many);
/// nil when a step could need more room.
private func clipIsEmpty(_ src0: UnsafePointer<SIMD2<Double>>, _ n0: Int, _ hs: UnsafeBufferPointer<HalfPlane>, from first: Int,
                         _ dst0: UnsafeMutablePointer<SIMD2<Double>>, _ spare0: UnsafeMutablePointer<SIMD2<Double>>, room: Int,
                         _ v: UnsafeMutablePointer<Double>) -> Bool? {
    var src = src0, n = n0, dst = dst0, spare = spare0
    var k = first
    while k < hs.count {
        let h = hs[k]
        k &+= 1
        guard n &* 2 <= room else { return nil }
        var inside = true
        for i in 0..<n {
            let x = h.value(src[i])
            v[i] = x
            if !(x >= 0) { inside = false }
        }
        if inside { continue }
        var m = 0
        var prev = src[n &- 1]
        var pv = v[n &- 1]
        for i in 0..<n {
            let cur = src[i], cv = v[i]
            if cv >= 0 {
                if pv < 0 { dst[m] = prev + (cur - prev) * (pv / (pv - cv)); m &+= 1 }
                dst[m] = cur; m &+= 1
            } else if pv >= 0 {
                dst[m] = prev + (cur - prev) * (pv / (pv - cv)); m &+= 1
            }
            prev = cur
            pv = cv
        }
        if m < 3 { return true }
        n = m
        src = UnsafePointer(dst)
        swap(&dst, &spare)
    }
    return abs(areaTwice(src, n)) <= 2 * leastOverlap
}

/// Signed area (twice) of the polygon of `n` points at `p`, summed as area2 sums it.
@inline(__always)
private func areaTwice(_ p: UnsafePointer<SIMD2<Double>>, _ n: Int) -> Double {
    var a = 0.0
    for i in 0..<n { let u = p[i], w = p[i + 1 < n ? i + 1 : 0]; a += u.x * w.y - u.y * w.x }
    return a
}

/// clipIsEmpty by clipping with withClipped (the arrays' clip when its buffers could overflow).
func clipIsEmptyByClipping(_ poly: UnsafeBufferPointer<SIMD2<Double>>, _ hs: UnsafeBufferPointer<HalfPlane>) -> Bool {
    withClipped(poly, hs) { abs(polygonArea2($0)) <= 2 * leastOverlap } ?? (abs(polygonArea2(clip(Array(poly), Array(hs)))) <= 2 * leastOverlap)
}
