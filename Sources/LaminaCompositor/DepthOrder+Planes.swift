// Depth order without pair tests (DepthOrder.swift's steps 1 and 2): members on the planes
// of one pencil, and members whose depth ranges do not overlap.
// Post-divide space as in BSPTree.swift: the eye at +z infinity, nearer is larger z.

// MARK: Parallel planes

/// The plane n . (X, Y, Z) + d W = 0 as a covector of homogeneous root coordinates.
private func covector(_ p: DrawPolygon) -> SIMD4<Double> { SIMD4(p.normal.x, p.normal.y, p.normal.z, p.d) }

private func unit(_ v: SIMD4<Double>) -> SIMD4<Double>? {
    let l = (v * v).sum().squareRoot()
    return l > 1e-300 && l.isFinite ? v / l : nil
}

/// Back-to-front order when every plane belongs to one pencil (planes through a common line:
/// parallel before projection, whatever the perspective did to them) and every polygon lies
/// strictly on one side of the pencil's plane through the eye (so no two planes meet where
/// anything is drawn and depth order is the order around the pencil); nil otherwise.
func pencilOrder(_ polygons: [DrawPolygon]) -> [Int]? {
    let planes = polygons.map { unit(covector($0)) ?? SIMD4(0, 0, 0, 0) }
    let u = planes[0]
    // The plane farthest from u spans the pencil with it.
    var v = SIMD4<Double>(0, 0, 0, 0), best = 0.0
    for p in planes {
        let r = p - (p * u).sum() * u
        let l = (r * r).sum()
        if l > best { best = l; v = r }
    }
    guard best > 1e-18, let vn = unit(v) else {
        // One plane: coplanar, tie order.
        return polygons.allSatisfy({ p in p.distances(to: polygons[0]).allSatisfy { abs($0) <= 1e-6 } }) ? Array(polygons.indices) : nil
    }
    v = vn
    // Each polygon must lie (within a hundredth of a pixel) on its plane's image in the pencil.
    var inPencil: [SIMD4<Double>] = []
    inPencil.reserveCapacity(polygons.count)
    for (i, p) in polygons.enumerated() {
        let proj = (planes[i] * u).sum() * u + (planes[i] * v).sum() * v
        let n = SIMD3(proj.x, proj.y, proj.z)
        let nl = (n * n).sum().squareRoot()
        guard nl > 1e-12 else { return nil }
        for h in p.homogeneous where abs(((n * SIMD3(h.x, h.y, h.z)).sum() + proj.w * h.w) / (h.w * nl)) > 0.01 { return nil }
        inPencil.append(proj)
    }
    // The pencil's plane through the eye E = (0, 0, 1, 0), and its complement r.
    guard let q = unit(v.z * u - u.z * v) else { return nil }
    let r = (u * q).sum() * v - (v * q).sum() * u
    guard let rn = unit(r) else { return nil }
    let qn = SIMD3(q.x, q.y, q.z), ql = (qn * qn).sum().squareRoot()
    guard ql > 1e-12 else { return nil }
    var side = 0.0
    for p in polygons {
        for h in p.homogeneous {
            let s = ((qn * SIMD3(h.x, h.y, h.z)).sum() + q.w * h.w) / (h.w * ql)
            guard abs(s) > splitThreshold, side == 0 || (s > 0) == (side > 0) else { return nil }
            side = s
        }
    }
    // Position around the pencil: monotone in depth along every line of sight on that side.
    let t = inPencil.map { p -> Double in (p * q).sum() / (p * rn).sum() }
    guard t.allSatisfy({ $0.isFinite }) else { return nil }
    // (t, index) pairs are all distinct: any sort gives this one order. Read through a pointer
    // (the comparisons are most of the cost for a thousand parallel cards).
    var order = Array(polygons.indices)
    t.withUnsafeBufferPointer { tp in order.sort { (tp[$0], $0) < (tp[$1], $1) } }
    // Orientation: if the last is behind the first's plane, the order runs front to back.
    if let f = order.first, let l = order.last, f != l {
        let ds = polygons[l].homogeneous.reduce(0.0) { acc, h in
            acc + ((polygons[f].normal * SIMD3(h.x, h.y, h.z)).sum() + polygons[f].d * h.w) / h.w
        } / Double(polygons[l].homogeneous.count)
        let viewer = polygons[f].normal.z >= 0 ? 1.0 : -1.0
        if ds * viewer < 0 { order.reverse() }
    }
    // Planes within the thick-plane threshold of each other draw in tie order: each group
    // is gathered in place at the end of `out` and sorted there when it closes (no array
    // per group: a thousand parallel cards make a thousand groups of one).
    var out: [Int] = []
    out.reserveCapacity(order.count)
    var groupStart = 0
    for i in order {
        if out.count > groupStart, !withinThreshold(polygons[i], of: polygons[out[groupStart]]) {
            if out.count - groupStart > 1 { out[groupStart...].sort() }
            groupStart = out.count
        }
        out.append(i)
    }
    if out.count - groupStart > 1 { out[groupStart...].sort() }
    return out
}

/// Whether every vertex of `p` lies within the thick-plane threshold of `plane`'s plane
/// (`p.distances(to: plane)`, the same sums, with no array).
private func withinThreshold(_ p: DrawPolygon, of plane: DrawPolygon) -> Bool {
    let n = plane.normal, d = plane.d
    for h in p.homogeneous where !(abs(((n * SIMD3(h.x, h.y, h.z)).sum() + d * h.w) / h.w) <= splitThreshold) { return false }
    return true
}

// MARK: Disjoint depths

/// Back-to-front order when the polygons' post-divide depth ranges do not overlap; nil otherwise.
func disjointDepthOrder(_ polygons: [DrawPolygon]) -> [Int]? {
    var overlap: (Int, Int)?
    return disjointDepthOrder(polygons, overlap: &overlap)
}

/// `disjointDepthOrder(polygons)`; when nil, `overlap` is two polygons whose depth ranges
/// meet, with finite ends, if it found such (the answer is then nil as long as both are the
/// same: a disjoint order would have put one wholly before the other).
func disjointDepthOrder(_ polygons: [DrawPolygon], overlap: inout (Int, Int)?) -> [Int]? {
    let ranges = polygons.map { p -> (lo: Double, hi: Double) in
        var lo = Double.infinity, hi = -Double.infinity
        for h in p.homogeneous { let z = h.z / h.w; lo = min(lo, z); hi = max(hi, z) }
        return (lo, hi)
    }
    let byDepth = polygons.indices.sorted { (ranges[$0].lo, $0) < (ranges[$1].lo, $1) }
    for (a, b) in zip(byDepth, byDepth.dropFirst()) where !(ranges[a].hi < ranges[b].lo - splitThreshold) {
        let ends = [ranges[a].lo, ranges[a].hi, ranges[b].lo, ranges[b].hi]
        overlap = ends.allSatisfy(\.isFinite) ? (a, b) : nil
        return nil
    }
    return byDepth
}
