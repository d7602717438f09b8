// Depth ordering of a 3D rendering context that does only the work the scene needs.
//
// Painter's order is only constrained between members that overlap on screen, so:
//   1. members on parallel planes (parallel before projection: their planes share a line, a
//      pencil, and lie on one side of the pencil's plane through the eye) are sorted by depth;
//   2. members with disjoint depth ranges are sorted by depth;
//   3. otherwise every pair whose screen footprints overlap (a grid over their bounds in
//      target pixels, with a margin for anti-aliased fringes) is ordered by comparing their
//      depths over the common screen region; the pairs that truly interleave (or close a
//      cycle) form strongly connected groups, and only those go through the BSP tree (splits
//      in local coordinates, thick planes). The groups are drawn in a topological order of
//      the pair constraints, ties broken by tie order, so the result is deterministic.
// Post-divide space as in BSPTree.swift: the eye at +z infinity, nearer is larger z.

/// How contexts are depth-ordered.
public enum DepthOrdering {
    /// When true (for this task), contexts are ordered by screen overlap (this file); otherwise
    /// whole through the BSP tree. Off by default until it passes every ordering test
    /// (CoplanarTests' crossing cases and EdgeOnTests' orthographic edge-on cases do not yet).
    @TaskLocal public static var byOverlap = false
}

/// Screen margin (target pixels) within which two footprints count as overlapping: an
/// anti-aliased edge shades up to one pixel outside its quad.
let overlapMargin = 2.0

/// Orders a context's polygons back to front; `planeToTarget` maps the context's plane into
/// target pixels (to measure screen overlap). Polygons come in tie order.
func orderContext(_ polygons: [DrawPolygon], planeToTarget: Mat4) -> [DrawPolygon] {
    guard polygons.count > 1 else { return polygons }
    guard DepthOrdering.byOverlap else { return depthSort(polygons) }
    if let order = pencilOrder(polygons) { return order.map { polygons[$0] } }
    if let order = disjointDepthOrder(polygons) { return order.map { polygons[$0] } }
    return overlapOrder(polygons, planeToTarget: planeToTarget) ?? depthSort(polygons)
}

/// A cycle left after splitting the interleaving pairs larger than this is handed whole to
/// the BSP tree (unsplit): cutting its pieces again would only make more pieces.
let largestResidualCycle = 256

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
    var order = polygons.indices.sorted { (t[$0], $0) < (t[$1], $1) }
    // Orientation: if the last is behind the first's plane, the order runs front to back.
    if let f = order.first, let l = order.last, f != l {
        let ds = polygons[l].homogeneous.reduce(0.0) { acc, h in
            acc + ((polygons[f].normal * SIMD3(h.x, h.y, h.z)).sum() + polygons[f].d * h.w) / h.w
        } / Double(polygons[l].homogeneous.count)
        let viewer = polygons[f].normal.z >= 0 ? 1.0 : -1.0
        if ds * viewer < 0 { order.reverse() }
    }
    // Planes within the thick-plane threshold of each other draw in tie order.
    var out: [Int] = [], group: [Int] = []
    for i in order {
        if let g = group.first {
            let near = polygons[i].distances(to: polygons[g]).allSatisfy { abs($0) <= splitThreshold }
            if !near { out += group.sorted(); group = [] }
        }
        group.append(i)
    }
    return out + group.sorted()
}

// MARK: Disjoint depths

/// Back-to-front order when the polygons' post-divide depth ranges do not overlap; nil otherwise.
func disjointDepthOrder(_ polygons: [DrawPolygon]) -> [Int]? {
    let ranges = polygons.map { p -> (lo: Double, hi: Double) in
        var lo = Double.infinity, hi = -Double.infinity
        for h in p.homogeneous { let z = h.z / h.w; lo = min(lo, z); hi = max(hi, z) }
        return (lo, hi)
    }
    let byDepth = polygons.indices.sorted { (ranges[$0].lo, $0) < (ranges[$1].lo, $1) }
    for (a, b) in zip(byDepth, byDepth.dropFirst()) where !(ranges[a].hi < ranges[b].lo - splitThreshold) { return nil }
    return byDepth
}

// MARK: Ordering by screen overlap

/// How two polygons must be drawn relative to each other.
enum PairOrder { case free, firstBeforeSecond, secondBeforeFirst, interleaved }

/// Where polygon `a` lies relative to `b`'s plane, toward the viewer: 1 in front, -1 behind,
/// 0 in the plane (within the thick-plane threshold), nil straddling.
private func viewerSide(_ a: DrawPolygon, of b: DrawPolygon) -> Int? {
    let dist = a.distances(to: b)
    let front = dist.contains { $0 > splitThreshold }, back = dist.contains { $0 < -splitThreshold }
    if front && back { return nil }
    if !front && !back { return 0 }
    return (front == (b.normal.z >= 0)) ? 1 : -1
}

/// The order the planes alone impose on `a` and `b` (a before b: `firstBeforeSecond`).
private func planeOrder(_ a: DrawPolygon, _ b: DrawPolygon, aFirstOnTie: Bool) -> PairOrder? {
    if let s = viewerSide(a, of: b) {
        if s == 0, viewerSide(b, of: a) == 0 { return aFirstOnTie ? .firstBeforeSecond : .secondBeforeFirst }
        if s != 0 { return s > 0 ? .secondBeforeFirst : .firstBeforeSecond }
    }
    if let s = viewerSide(b, of: a), s != 0 { return s > 0 ? .firstBeforeSecond : .secondBeforeFirst }
    return nil
}

/// Signed area (twice) of a 2D polygon.
private func area2(_ p: [SIMD2<Double>]) -> Double {
    var a = 0.0
    for i in p.indices { let u = p[i], w = p[(i + 1) % p.count]; a += u.x * w.y - u.y * w.x }
    return a
}

/// The half-planes of a convex 2D polygon's inside; nil when it has no area.
private func insideHalfPlanes(_ p: [SIMD2<Double>]) -> [HalfPlane]? {
    let a = area2(p)
    guard abs(a) > 1e-9 else { return nil }
    let s = a > 0 ? 1.0 : -1.0
    return p.indices.map { i in
        let u = p[i], w = p[(i + 1) % p.count]
        // Inside is to the left of u -> w for a counter-clockwise (positive area) polygon.
        let nx = -(w.y - u.y) * s, ny = (w.x - u.x) * s
        return HalfPlane(a: nx, b: ny, c: -(nx * u.x + ny * u.y))
    }
}

/// Whether two convex target-pixel polygons come within `overlapMargin` of each other
/// (given that they do not overlap): the closest vertex-edge distance.
private func within(_ a: [SIMD2<Double>], _ b: [SIMD2<Double>], _ margin: Double) -> Bool {
    func near(_ p: [SIMD2<Double>], _ q: [SIMD2<Double>]) -> Bool {
        for v in p {
            for i in q.indices {
                let u = q[i], w = q[(i + 1) % q.count], e = w - u
                let l = (e * e).sum()
                let t = l > 0 ? min(1, max(0, ((v - u) * e).sum() / l)) : 0
                let d = v - (u + e * t)
                if (d * d).sum() <= margin * margin { return true }
            }
        }
        return false
    }
    return near(a, b) || near(b, a)
}

/// The order two polygons need. Where their screen footprints overlap, their depths are
/// compared over the common part (depth differences are linear there, so its vertices
/// decide); where they only come within an anti-aliasing margin, their planes decide if they
/// can; apart, they are free. `pixelsA`/`pixelsB` are the footprints in target pixels (nil:
/// unbounded there).
func pairOrder(_ a: DrawPolygon, _ b: DrawPolygon, screenA: [SIMD2<Double>], screenB: [SIMD2<Double>],
               pixelsA: [SIMD2<Double>]?, pixelsB: [SIMD2<Double>]?, aFirstOnTie: Bool) -> PairOrder {
    guard abs(a.normal.z) > 1e-9, abs(b.normal.z) > 1e-9, let hb = insideHalfPlanes(screenB), insideHalfPlanes(screenA) != nil else {
        // Edge-on: no area on screen; only the planes can order it.
        return planeOrder(a, b, aFirstOnTie: aFirstOnTie) ?? .interleaved
    }
    let common = clip(screenA, hb)
    if common.isEmpty || abs(area2(common)) < 1e-9 {
        if let pa = pixelsA, let pb = pixelsB, !within(pa, pb, overlapMargin) { return .free }
        return planeOrder(a, b, aFirstOnTie: aFirstOnTie) ?? .free
    }
    if let o = planeOrder(a, b, aFirstOnTie: aFirstOnTie) { return o }
    var front = false, back = false
    let viewer = b.normal.z >= 0 ? 1.0 : -1.0
    for r in common {
        let za = -(a.normal.x * r.x + a.normal.y * r.y + a.d) / a.normal.z
        let s = ((b.normal * SIMD3(r.x, r.y, za)).sum() + b.d) * viewer
        if s > splitThreshold { front = true } else if s < -splitThreshold { back = true }
    }
    if front && back { return .interleaved }
    if front { return .secondBeforeFirst }
    if back { return .firstBeforeSecond }
    return aFirstOnTie ? .firstBeforeSecond : .secondBeforeFirst
}

/// Orders polygons by the constraints between pairs that overlap on screen. In a strongly
/// connected group (interleaving or cyclic), each polygon is first split by the planes of the
/// polygons it truly interleaves with (and by no other), then the pieces are ordered the same
/// way; what is still cyclic after that (`resolveBySplitting` false) goes through the BSP tree,
/// unless it is larger than `largestResidualCycle` (nil: the caller sorts the originals instead).
func overlapOrder(_ polygons: [DrawPolygon], planeToTarget: Mat4, resolveBySplitting: Bool = true) -> [DrawPolygon]? {
    let n = polygons.count
    // Footprints: post-divide xy of the context's plane, and boxes in target pixels.
    let screen = polygons.map { p in p.homogeneous.map { SIMD2($0.x / $0.w, $0.y / $0.w) } }
    var boxes: [Box?] = [], pixels: [[SIMD2<Double>]?] = []
    boxes.reserveCapacity(n)
    pixels.reserveCapacity(n)
    for p in polygons {
        var b: Box?
        var ok = true
        var px: [SIMD2<Double>] = []
        for h in p.homogeneous {
            let t = h.x * planeToTarget.r0 + h.y * planeToTarget.r1 + h.w * planeToTarget.r3
            guard t.w > 0 else { ok = false; break }
            let q = SIMD2(t.x / t.w, t.y / t.w)
            guard q.x.isFinite, q.y.isFinite, abs(q.x) < 1e7, abs(q.y) < 1e7 else { ok = false; break }
            px.append(q)
            b = b.map { Box(minX: min($0.minX, q.x), minY: min($0.minY, q.y), maxX: max($0.maxX, q.x), maxY: max($0.maxY, q.y)) }
                ?? Box(minX: q.x, minY: q.y, maxX: q.x, maxY: q.y)
        }
        boxes.append(ok ? b?.insetBy(-overlapMargin) : nil)
        pixels.append(ok ? px : nil)
    }
    // Candidate pairs: a uniform grid over the boxes; unbounded footprints meet everything.
    let finite = boxes.compactMap { $0 }
    let meanSide = finite.isEmpty ? 1 : finite.reduce(0.0) { $0 + max($1.width, $1.height) } / Double(finite.count)
    let cell = max(meanSide, 4)
    var grid: [SIMD2<Int>: [Int]] = [:]
    var unbounded: [Int] = []
    for (i, b) in boxes.enumerated() {
        guard let b else { unbounded.append(i); continue }
        for y in Int((b.minY / cell).rounded(.down))...Int((b.maxY / cell).rounded(.down)) {
            for x in Int((b.minX / cell).rounded(.down))...Int((b.maxX / cell).rounded(.down)) { grid[SIMD2(x, y), default: []].append(i) }
        }
    }
    var after = [[Int]](repeating: [], count: n)  // after[i]: polygons drawn after i
    var stamp = [Int](repeating: -1, count: n)
    var interleaved: [(Int, Int)] = []
    func relate(_ i: Int, _ j: Int) {
        switch pairOrder(polygons[i], polygons[j], screenA: screen[i], screenB: screen[j], pixelsA: pixels[i], pixelsB: pixels[j], aFirstOnTie: i < j) {
        case .free: break
        case .firstBeforeSecond: after[i].append(j)
        case .secondBeforeFirst: after[j].append(i)
        case .interleaved: after[i].append(j); after[j].append(i); interleaved.append((i, j))
        }
    }
    for i in 0..<n {
        let candidates: [Int]
        if let b = boxes[i] {
            var c: [Int] = unbounded
            for y in Int((b.minY / cell).rounded(.down))...Int((b.maxY / cell).rounded(.down)) {
                for x in Int((b.minX / cell).rounded(.down))...Int((b.maxX / cell).rounded(.down)) { c += grid[SIMD2(x, y)] ?? [] }
            }
            candidates = c
        } else {
            candidates = Array(0..<n)
        }
        for j in candidates where j > i && stamp[j] != i {
            stamp[j] = i
            if let bi = boxes[i], let bj = boxes[j],
               bi.maxX < bj.minX || bj.maxX < bi.minX || bi.maxY < bj.minY || bj.maxY < bi.minY { continue }
            relate(i, j)
        }
    }
    let (component, count) = stronglyConnected(after)
    // The condensation's edges and members; each group is drawn as a whole.
    var members = [[Int]](repeating: [], count: count)
    for i in 0..<n { members[component[i]].append(i) }
    var indegree = [Int](repeating: 0, count: count)
    var groupAfter = [[Int]](repeating: [], count: count)
    for i in 0..<n {
        for j in after[i] where component[i] != component[j] {
            groupAfter[component[i]].append(component[j])
            indegree[component[j]] += 1
        }
    }
    // Kahn's algorithm, the ready group with the smallest tie order first.
    var ready = MinHeap()
    for g in 0..<count where indegree[g] == 0 { ready.push(members[g][0], g) }
    var out: [DrawPolygon] = []
    out.reserveCapacity(n)
    while let g = ready.pop() {
        if members[g].count == 1 {
            out.append(polygons[members[g][0]])
        } else if resolveBySplitting {
            let pieces = splitInterleaved(members[g], polygons, interleaved, component, g)
            out += overlapOrder(pieces, planeToTarget: planeToTarget, resolveBySplitting: false) ?? depthSort(members[g].map { polygons[$0] })
        } else {
            if members[g].count > largestResidualCycle { return nil }
            out += depthSort(members[g].map { polygons[$0] })
        }
        for h in groupAfter[g] {
            indegree[h] -= 1
            if indegree[h] == 0 { ready.push(members[h][0], h) }
        }
    }
    return out
}

/// The polygons of group `g` (indices `group`, in tie order) with each interleaving pair
/// resolved: the later polygon's pieces split by the earlier's plane (in local coordinates),
/// as the BSP tree built in tie order would split them.
private func splitInterleaved(_ group: [Int], _ polygons: [DrawPolygon], _ pairs: [(Int, Int)], _ component: [Int], _ g: Int) -> [DrawPolygon] {
    var pieces: [Int: [DrawPolygon]] = [:]
    for i in group { pieces[i] = [polygons[i]] }
    for (i, j) in pairs.sorted(by: { ($0.0, $0.1) < ($1.0, $1.1) }) where component[i] == g {
        var next: [DrawPolygon] = []
        for f in pieces[j]! {
            if case .split(let front, let back) = f.classify(against: polygons[i]) { next.append(back); next.append(front) } else { next.append(f) }
        }
        pieces[j] = next
    }
    return group.flatMap { pieces[$0]! }
}

/// Strongly connected components (Tarjan, iterative): each vertex's component and the count.
func stronglyConnected(_ edges: [[Int]]) -> ([Int], Int) {
    let n = edges.count
    var index = [Int](repeating: -1, count: n), low = [Int](repeating: 0, count: n)
    var onStack = [Bool](repeating: false, count: n), comp = [Int](repeating: -1, count: n)
    var stack: [Int] = [], next = 0, count = 0
    var call: [(v: Int, e: Int)] = []
    for root in 0..<n where index[root] < 0 {
        call.append((root, 0))
        index[root] = next; low[root] = next; next += 1
        stack.append(root); onStack[root] = true
        while let top = call.last {
            let v = top.v
            if top.e < edges[v].count {
                call[call.count - 1].e += 1
                let w = edges[v][top.e]
                if index[w] < 0 {
                    index[w] = next; low[w] = next; next += 1
                    stack.append(w); onStack[w] = true
                    call.append((w, 0))
                } else if onStack[w] {
                    low[v] = min(low[v], index[w])
                }
            } else {
                call.removeLast()
                if let parent = call.last { low[parent.v] = min(low[parent.v], low[v]) }
                if low[v] == index[v] {
                    while let w = stack.popLast() {
                        onStack[w] = false
                        comp[w] = count
                        if w == v { break }
                    }
                    count += 1
                }
            }
        }
    }
    return (comp, count)
}

/// A binary min-heap of (key, value) pairs, smallest key first.
struct MinHeap {
    private var items: [(key: Int, value: Int)] = []

    mutating func push(_ key: Int, _ value: Int) {
        items.append((key, value))
        var i = items.count - 1
        while i > 0 {
            let p = (i - 1) / 2
            guard items[i].key < items[p].key else { break }
            items.swapAt(i, p); i = p
        }
    }

    mutating func pop() -> Int? {
        guard let first = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < items.count && items[l].key < items[m].key { m = l }
                if r < items.count && items[r].key < items[m].key { m = r }
                if m == i { break }
                items.swapAt(i, m); i = m
            }
        }
        return first.value
    }
}
