// Depth ordering of a 3D rendering context that does only the work the scene needs.
//
// Painter's order is only constrained between members that overlap on screen, so:
//   1. members on parallel planes (parallel before projection: their planes share a line, a
//      pencil, and lie on one side of the pencil's plane through the eye) are sorted by depth;
//   2. members with disjoint depth ranges are sorted by depth;
//   3. otherwise every pair whose screen footprints come near (a grid over their bounds in
//      target pixels, with a margin for anti-aliased fringes) is ordered: by the earlier
//      one's plane when the later lies on one side of it, else by the later one's plane when
//      the earlier lies on one side of that, else by their depths where both can shade
//      pixels. The pairs whose planes cross there (or that close a cycle) form strongly
//      connected groups, and only those are split (Tangle.swift: interpenetrating pairs
//      first, each once, then what still cycles by its best splitter). The groups are drawn
//      in a topological order of the pair constraints, ties broken by tie order, so the
//      result is deterministic.
// Post-divide space as in BSPTree.swift: the eye at +z infinity, nearer is larger z.

/// How contexts are depth-ordered.
public enum DepthOrdering {
    /// True (the default): contexts are ordered by screen overlap (this file). False (for
    /// tests comparing against it): whole contexts go through the BSP tree.
    @TaskLocal public static var byOverlap = true
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
    return overlapOrder(polygons, planeToTarget: planeToTarget)
}

// MARK: Ordering by screen overlap

/// How two polygons must be drawn relative to each other.
enum PairOrder { case free, firstBeforeSecond, secondBeforeFirst, interleaved }

/// Where polygon `a` lies relative to `b`'s plane, toward the viewer: 1 in front, -1 behind,
/// 0 in the plane (within the thick-plane threshold), nil straddling.
func viewerSide(_ a: DrawPolygon, of b: DrawPolygon) -> Int? {
    var front = false, back = false
    for h in a.homogeneous {
        let s = ((b.normal * SIMD3(h.x, h.y, h.z)).sum() + b.d * h.w) / h.w
        if s > splitThreshold { front = true } else if s < -splitThreshold { back = true }
    }
    if front && back { return nil }
    if !front && !back { return 0 }
    return (front == (b.normal.z >= 0)) ? 1 : -1
}

/// Signed area (twice) of a 2D polygon (for DepthOrder+Clip.swift).
func polygonArea2<C: RandomAccessCollection>(_ p: C) -> Double where C.Element == SIMD2<Double>, C.Index == Int { area2(p) }

/// Signed area (twice) of a 2D polygon.
private func area2<C: RandomAccessCollection>(_ p: C) -> Double where C.Element == SIMD2<Double>, C.Index == Int {
    var a = 0.0
    for i in p.indices { let u = p[i], w = p[i + 1 < p.endIndex ? i + 1 : p.startIndex]; a += u.x * w.y - u.y * w.x }
    return a
}

/// The half-planes of a convex 2D polygon's inside, each moved outward by `grow` (0: the
/// polygon itself); nil when it has no area.
private func insideHalfPlanes(_ p: [SIMD2<Double>], grow: Double = 0) -> [HalfPlane]? {
    var out = [HalfPlane](repeating: HalfPlane(a: 0, b: 0, c: 0), count: p.count)
    let n = p.withUnsafeBufferPointer { pb in out.withUnsafeMutableBufferPointer { insideHalfPlanes(pb, grow: grow, into: $0) } }
    guard let n else { return nil }
    out.removeLast(out.count - n)
    return out
}

/// `insideHalfPlanes(p, grow:)` written into `out` (room for one per point): how many, or nil
/// when the polygon has no area.
private func insideHalfPlanes(_ p: UnsafeBufferPointer<SIMD2<Double>>, grow: Double,
                              into out: UnsafeMutableBufferPointer<HalfPlane>) -> Int? {
    let a = area2(p)
    guard abs(a) > 1e-9, a.isFinite else { return nil }
    let s = a > 0 ? 1.0 : -1.0
    var count = 0
    for i in p.indices {
        let u = p[i], w = p[i + 1 < p.count ? i + 1 : 0]
        // Inside is to the left of u -> w for a counter-clockwise (positive area) polygon.
        let nx = -(w.y - u.y) * s, ny = (w.x - u.x) * s
        let l = (nx * nx + ny * ny).squareRoot()
        if l > 0 { out[count] = HalfPlane(a: nx, b: ny, c: -(nx * u.x + ny * u.y) + grow * l); count += 1 }
    }
    return count
}

/// A polygon's footprint in target pixels grown by a margin (the anti-aliasing margin unless
/// told): the box around it cut by its edges moved outward (nil when it has no area there).
/// A class: pair tests pass reaches around by the hundred thousand, one retain each.
final class Reach: @unchecked Sendable {
    // @unchecked: the buffer is written in init only, then only read (and freed in deinit).
    /// The reach polygon and its inside half-planes, in memory of the reach's own rather than
    /// arrays: pair tests on both cores read them by the hundred thousand, and an array read
    /// out of a shared object cost an atomic retain and release of the object and of the
    /// array's buffer each time (a quarter of the retains of the demo's 1,000-card frames).
    /// Both lie in one allocation, made once the sizes are known.
    let polygon: UnsafeBufferPointer<SIMD2<Double>>
    let halfPlanes: UnsafeBufferPointer<HalfPlane>
    private let storage: UnsafeMutableRawPointer
    /// The polygon's bounds (its least and greatest x and y) and its turn (1 counter-clockwise,
    /// -1 not), for surelyOverlap.
    let low: SIMD2<Double>, high: SIMD2<Double>
    let turn: Double

    /// The reach of the polygon `pixels` (target pixels) whose box is `box`, grown by `margin`.
    init?(pixels: UnsafeBufferPointer<SIMD2<Double>>, box: Box, margin: Double = overlapMargin) {
        // Built on the stack, then copied once into the reach's own memory (footprints are
        // made for every piece of every split: arrays made and freed were most of their cost).
        let made = withUnsafeTemporaryAllocation(of: HalfPlane.self, capacity: max(pixels.count, 1)) { hs -> (UnsafeMutableRawPointer, Int, Int)? in
            guard let n = insideHalfPlanes(pixels, grow: margin, into: hs) else { return nil }
            let h = UnsafeBufferPointer(rebasing: hs[0..<n])
            // No margin: the polygon is its own reach (the box cut by its own edges).
            if margin == 0 { return Reach.store(h, pixels) }
            let corners = [SIMD2(box.minX, box.minY), SIMD2(box.maxX, box.minY), SIMD2(box.maxX, box.maxY), SIMD2(box.minX, box.maxY)]
            return corners.withUnsafeBufferPointer { c in
                withClipped(c, h) { $0.isEmpty ? nil : Reach.store(h, UnsafeBufferPointer($0)) }
                    ?? clip(Array(c), Array(h)).withUnsafeBufferPointer { $0.isEmpty ? nil : Reach.store(h, $0) }
            }
        }
        guard let made else { return nil }
        storage = made.0
        let polygon = UnsafeBufferPointer(start: made.0.assumingMemoryBound(to: SIMD2<Double>.self), count: made.2)
        self.polygon = polygon
        halfPlanes = UnsafeBufferPointer(start: (made.0 + made.2 * MemoryLayout<SIMD2<Double>>.stride).assumingMemoryBound(to: HalfPlane.self), count: made.1)
        var low = polygon.first ?? .zero, high = low
        for p in polygon { low = pointwiseMin(low, p); high = pointwiseMax(high, p) }
        self.low = low
        self.high = high
        turn = area2(polygon) > 0 ? 1 : -1
    }

    deinit { storage.deallocate() }

    /// One allocation holding copies of `p` and then `h` (plain values: no deinitialization;
    /// the points first, as SIMD2<Double> wants 16-byte alignment and a HalfPlane 8).
    private static func store(_ h: UnsafeBufferPointer<HalfPlane>, _ p: UnsafeBufferPointer<SIMD2<Double>>) -> (UnsafeMutableRawPointer, Int, Int) {
        let pBytes = p.count * MemoryLayout<SIMD2<Double>>.stride
        let m = UnsafeMutableRawPointer.allocate(byteCount: max(pBytes + h.count * MemoryLayout<HalfPlane>.stride, 1),
                                                 alignment: max(MemoryLayout<HalfPlane>.alignment, MemoryLayout<SIMD2<Double>>.alignment))
        if let b = p.baseAddress { m.initializeMemory(as: SIMD2<Double>.self, from: b, count: p.count) }
        if let b = h.baseAddress { (m + pBytes).initializeMemory(as: HalfPlane.self, from: b, count: h.count) }
        return (m, h.count, p.count)
    }
}

/// The inverse of a context plane -> target pixels map (projective in 2D), for taking pixel
/// points back into the plane's post-divide coordinates.
struct PixelsToPlane {
    let m: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

    init?(_ t: Mat4) {
        // Row vectors: (x, y, 1) * [r0; r1; r3] restricted to the x, y, w columns.
        let a = SIMD3(t.r0.x, t.r0.y, t.r0.w), b = SIMD3(t.r1.x, t.r1.y, t.r1.w), c = SIMD3(t.r3.x, t.r3.y, t.r3.w)
        func cross(_ u: SIMD3<Double>, _ v: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
        }
        let det = (a * cross(b, c)).sum()
        guard abs(det) > 1e-300, det.isFinite else { return nil }
        // Columns of the inverse are the cross products of the rows, over the determinant.
        let c0 = cross(b, c) / det, c1 = cross(c, a) / det, c2 = cross(a, b) / det
        m = (SIMD3(c0.x, c1.x, c2.x), SIMD3(c0.y, c1.y, c2.y), SIMD3(c0.z, c1.z, c2.z))
    }

    func map(_ p: SIMD2<Double>) -> SIMD2<Double>? {
        let h = p.x * m.0 + p.y * m.1 + m.2
        guard h.z > 0 || h.z < 0 else { return nil }
        let q = SIMD2(h.x / h.z, h.y / h.z)
        return q.x.isFinite && q.y.isFinite ? q : nil
    }
}

/// Whether `b` lies in front of (1) or behind (-1) `a` over the points `region` (post-divide
/// xy of the context's plane), 0 within the thick plane throughout; nil when their planes
/// cross there: one side beyond the thick plane and the other side at all (the BSP tree
/// would split there, and the thin wedge on the near side can cover pixels).
private func depthRelation(_ a: DrawPolygon, _ b: DrawPolygon, over region: [SIMD2<Double>]) -> Int? {
    var range = DepthRange(a, b)
    for r in region { range.add(r) }
    return range.relation
}

/// The range of b's distance from a's plane (toward the viewer) over points of a region.
private struct DepthRange {
    let a: DrawPolygon, b: DrawPolygon
    let viewer: Double
    var hi = -Double.infinity, lo = Double.infinity

    init(_ a: DrawPolygon, _ b: DrawPolygon) {
        self.a = a
        self.b = b
        viewer = a.normal.z >= 0 ? 1.0 : -1.0
    }

    mutating func add(_ r: SIMD2<Double>) {
        // b's point over r, measured from a's plane along a's normal, toward the viewer.
        let zb = -(b.normal.x * r.x + b.normal.y * r.y + b.d) / b.normal.z
        let s = ((a.normal * SIMD3(r.x, r.y, zb)).sum() + a.d) * viewer
        hi = max(hi, s); lo = min(lo, s)
    }

    /// 1 in front, -1 behind, 0 within the thick plane throughout, nil crossing.
    var relation: Int? {
        let front = hi > splitThreshold, back = lo < -splitThreshold
        if (front && lo < -exactSide) || (back && hi > exactSide) { return nil }
        return front ? 1 : (back ? -1 : 0)
    }
}

/// Distance (post-divide units) past which a point counts as off a plane when deciding a
/// pair's order exactly (rounding only), where the thick plane would hide a thin crossing.
let exactSide = 1e-7

/// Where polygon `a` lies relative to `b`'s plane, toward the viewer, with no thick plane:
/// 1 in front, -1 behind, nil straddling or touching it only.
private func exactSide(_ a: DrawPolygon, of b: DrawPolygon) -> Int? {
    var front = false, back = false
    for h in a.homogeneous {
        let s = ((b.normal * SIMD3(h.x, h.y, h.z)).sum() + b.d * h.w) / h.w
        if s > exactSide { front = true } else if s < -exactSide { back = true }
    }
    guard front != back else { return nil }
    return (front == (b.normal.z >= 0)) ? 1 : -1
}

/// The order two polygons need, `a` coming before `b` in tie order (as the BSP tree built
/// in tie order would decide it, splitting only where the planes cross where it shows).
/// If `b` lies on one side of `a`'s plane, that side decides (as in the BSP tree, whose
/// node `a` would classify `b`). Otherwise, over the part of the screen where both can
/// shade pixels (their footprints grown by the anti-aliasing margin), their depths are
/// compared: one in front throughout decides; crossing planes there interleave (the BSP
/// splits `b` by `a`'s plane); no common part leaves them free.
func pairOrder(_ a: DrawPolygon, _ b: DrawPolygon, reachA: Reach?, reachB: Reach?, toPlane: PixelsToPlane?, bounded: Bool) -> PairOrder {
    if let s = viewerSide(b, of: a) {
        guard !bounded || overlaps(reachA, reachB) else { return .free }
        return s >= 0 ? .firstBeforeSecond : .secondBeforeFirst
    }
    // b straddles a's plane; if a lies on one side of b's (exactly: a thin crossing would
    // show), that side decides (a point of a in front of b's plane is nearer than b's point
    // on the same line of sight).
    if let s = exactSide(a, of: b) {
        guard !bounded || overlaps(reachA, reachB) else { return .free }
        return s < 0 ? .firstBeforeSecond : .secondBeforeFirst
    }
    // Each straddles the other's plane: the planes cross inside both.
    guard bounded else {
        // Post-divide xy of the context's plane (rare: a footprint partly behind the eye).
        let screenA = a.homogeneous.map { SIMD2($0.x / $0.w, $0.y / $0.w) }, screenB = b.homogeneous.map { SIMD2($0.x / $0.w, $0.y / $0.w) }
        guard let hb = insideHalfPlanes(screenB), insideHalfPlanes(screenA) != nil else { return .interleaved }
        let region = clip(screenA, hb)
        if region.isEmpty { return .interleaved }
        guard abs(a.normal.z) > 1e-9, abs(b.normal.z) > 1e-9 else { return .interleaved }
        return order(depthRelation(a, b, over: region))
    }
    // An edge-on polygon (no reach) shades nothing but its fringe: the BSP tree's split.
    guard let reachA, let reachB, let toPlane else { return .interleaved }
    // Over where both can shade pixels, taken back into the plane's coordinates.
    func decide(_ common: UnsafeBufferPointer<SIMD2<Double>>) -> PairOrder {
        if abs(area2(common)) <= 2 * leastOverlap { return .free }
        guard abs(a.normal.z) > 1e-9, abs(b.normal.z) > 1e-9 else { return .interleaved }
        var range = DepthRange(a, b)
        for p in common {
            guard let q = toPlane.map(p) else { return .interleaved }
            range.add(q)
        }
        return order(range.relation)
    }
    let pa = reachA.polygon, hb = reachB.halfPlanes
    if let onStack = withClipped(pa, hb, { decide(UnsafeBufferPointer($0)) }) { return onStack }
    return clip(Array(pa), Array(hb)).withUnsafeBufferPointer(decide)
}

/// The pair order of a depth relation (`depthRelation`: b in front of a, behind it, level
/// with it, or crossing it).
private func order(_ relation: Int?) -> PairOrder {
    switch relation {
    case nil: return .interleaved
    case 0: return .firstBeforeSecond
    case let s?: return s > 0 ? .firstBeforeSecond : .secondBeforeFirst
    }
}

/// Whether two footprints come within the anti-aliasing margin of each other (their boxes
/// were found to meet); an edge-on footprint (no reach) counts as meeting.
private func overlaps(_ ra: Reach?, _ rb: Reach?) -> Bool {
    guard let ra, let rb else { return true }
    return surelyOverlap(ra, rb) || !clipIsEmpty(ra.polygon, rb.halfPlanes)
}

/// Whether `clip(a.polygon, b.halfPlanes)` surely has far more than `leastOverlap` area,
/// found without clipping: the middle of where the two polygons' boxes meet lies a twentieth
/// of a pixel or more inside each edge of a's polygon (convex) and each of b's half-planes,
/// so a disc of that radius (0.008 square pixels) lies in both. Rounding in clip moves its
/// points by some 1e-13 of the coordinates, so clipIsEmpty would answer false too. (That
/// point finds two in three of a dense tangle's overlapping pairs, most of which overlap in
/// part: the mean of a's points, tried before, found one in four.)
private func surelyOverlap(_ a: Reach, _ b: Reach) -> Bool {
    guard a.polygon.count >= 3, !b.polygon.isEmpty else { return false }
    let m = (pointwiseMax(a.low, b.low) + pointwiseMin(a.high, b.high)) * 0.5
    return surelyInside(m, a.polygon, turn: a.turn, b.halfPlanes)
}

/// Whether the disc of a twentieth of a pixel about `c` lies inside each of `hs` and inside
/// the convex polygon `poly` (turning the way of `turn`: 1 counter-clockwise, -1 clockwise).
@inline(__always)
private func surelyInside(_ c: SIMD2<Double>, _ poly: UnsafeBufferPointer<SIMD2<Double>>, turn s: Double, _ hs: UnsafeBufferPointer<HalfPlane>) -> Bool {
    let r2 = 0.05 * 0.05
    for h in hs {
        let v = h.value(c)
        guard v > 0, v * v >= r2 * (h.a * h.a + h.b * h.b) else { return false }
    }
    var u = poly[poly.count - 1]
    for w in poly {
        // Twice the area of (u, w, c), signed by the polygon's turn: c's distance from the edge times its length.
        let e = w - u, d = c - u
        let cross = (e.x * d.y - e.y * d.x) * s
        guard cross > 0, cross * cross >= r2 * (e * e).sum() else { return false }
        u = w
    }
    return true
}

/// Calls `body` with `clip(poly, hs)` (the same arithmetic, empty when nothing is left) held
/// in a stack buffer: pair tests clip thousands of small polygons, and arrays made and freed
/// at each step were most of their cost. Nil, without calling `body`, when the buffer could
/// overflow (rounding can add vertices; the caller then clips with arrays).
@inline(__always)
func withClipped<R>(_ poly: UnsafeBufferPointer<SIMD2<Double>>, _ hs: UnsafeBufferPointer<HalfPlane>,
                    _ body: (UnsafeMutableBufferPointer<SIMD2<Double>>) -> R) -> R? {
    // A convex polygon gains at most one vertex per half-plane, so a step (which can at most
    // double the count) always fits: the array fallback below is for rounding's odd shapes only.
    let capacity = 2 * (poly.count + hs.count) + 4
    return withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: 2 * capacity) { buffer -> R? in
        let empty = UnsafeMutableBufferPointer(rebasing: buffer[0..<0])
        guard poly.count >= 3 else { return body(empty) }
        var src = 0, dst = capacity, n = poly.count
        for (k, p) in poly.enumerated() { buffer[k] = p }
        for h in hs {
            guard n * 2 <= capacity else { return nil }
            var inside = true
            for k in 0..<n where !(h.value(buffer[src + k]) >= 0) { inside = false; break }
            if inside { continue }
            var m = 0
            var prev = buffer[src + n - 1]
            var pv = h.value(prev)
            for k in 0..<n {
                let cur = buffer[src + k], cv = h.value(cur)
                if cv >= 0 {
                    if pv < 0 { buffer[dst + m] = prev + (cur - prev) * (pv / (pv - cv)); m += 1 }
                    buffer[dst + m] = cur; m += 1
                } else if pv >= 0 {
                    buffer[dst + m] = prev + (cur - prev) * (pv / (pv - cv)); m += 1
                }
                prev = cur
                pv = cv
            }
            if m < 3 { return body(empty) }
            n = m
            swap(&src, &dst)
        }
        return body(UnsafeMutableBufferPointer(rebasing: buffer[src..<src + n]))
    }
}

/// Footprints that share less area than this (square pixels) count as apart: pieces of a
/// split touching along the cut, which no pixel centre can tell apart, would otherwise be
/// ordered against each other by chance of rounding.
let leastOverlap = 1e-6

/// A polygon's footprint: its box and reach in target pixels grown by `margin` (box nil and
/// `bounded` false when some corner does not map to a finite pixel in front of the eye).
struct Footprint {
    let box: Box?
    /// Whether every corner maps to a finite pixel in front of the eye.
    let bounded: Bool
    let reach: Reach?

    init(_ p: DrawPolygon, planeToTarget: Mat4, margin: Double = overlapMargin) {
        self.init(p, planeToTarget: planeToTarget, margin: margin, sliverMargin: nil)
    }

    /// With `sliverMargin`: a footprint thinner than a pixel on average (twice its area at most
    /// its perimeter) is grown by that margin instead of `margin`.
    init(_ p: DrawPolygon, planeToTarget: Mat4, margin: Double, sliverMargin: Double?) {
        let count = p.homogeneous.count
        // The corners in pixels, on the stack (footprints are made for every piece of every split).
        let made = withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: max(count, 1)) { px -> (Box, Reach?, Double)? in
            var b: Box?
            for (k, h) in p.homogeneous.enumerated() {
                let t = h.x * planeToTarget.r0 + h.y * planeToTarget.r1 + h.w * planeToTarget.r3
                guard t.w > 0 else { return nil }
                let q = SIMD2(t.x / t.w, t.y / t.w)
                guard q.x.isFinite, q.y.isFinite, abs(q.x) < 1e7, abs(q.y) < 1e7 else { return nil }
                px[k] = q
                b = b.map { Box(minX: min($0.minX, q.x), minY: min($0.minY, q.y), maxX: max($0.maxX, q.x), maxY: max($0.maxY, q.y)) }
                    ?? Box(minX: q.x, minY: q.y, maxX: q.x, maxY: q.y)
            }
            guard let b else { return nil }
            let pixels = UnsafeBufferPointer(px)
            var m = margin
            if let sliverMargin {
                var area = 0.0, perimeter = 0.0
                for k in 0..<count {
                    let u = pixels[k], w = pixels[(k + 1) % count], d = w - u
                    area += u.x * w.y - u.y * w.x
                    perimeter += (d * d).sum().squareRoot()
                }
                // Thinner than a pixel on average: mostly fringe.
                if !(abs(area) > perimeter) { m = sliverMargin }
            }
            return (b, Reach(pixels: pixels, box: b.insetBy(-m), margin: m), m)
        }
        box = made.map { $0.0.insetBy(-$0.2) }
        bounded = made != nil
        reach = made?.1
    }

    /// Whether the pair must be related: boxes that meet, or an unbounded footprint.
    func mayMeet(_ o: Footprint) -> Bool { boxesMeet(box, o.box) }
}

/// Whether two footprints' boxes meet (a footprint without a box may meet anything).
@inline(__always)
func boxesMeet(_ a: Box?, _ b: Box?) -> Bool {
    guard let a, let b else { return true }
    return !(a.maxX < b.minX || b.maxX < a.minX || a.maxY < b.minY || b.maxY < a.minY)
}

/// Adds the constraint between polygons `i` < `j` (tie order) to `after` (after[i]: drawn after i).
func relate(_ i: Int, _ j: Int, _ polygons: [DrawPolygon], _ f: [Footprint], _ toPlane: PixelsToPlane?, _ after: inout [[Int]]) {
    constrain(i, j, pairOrder(polygons[i], polygons[j], reachA: f[i].reach, reachB: f[j].reach,
                              toPlane: toPlane, bounded: f[i].bounded && f[j].bounded), &after)
}

/// Adds a pair order between polygons `i` < `j` (tie order) to `after`.
private func constrain(_ i: Int, _ j: Int, _ order: PairOrder, _ after: inout [[Int]]) {
    switch order {
    case .free: break
    case .firstBeforeSecond: after[i].append(j)
    case .secondBeforeFirst: after[j].append(i)
    case .interleaved: after[i].append(j); after[j].append(i)
    }
}

/// Orders polygons by the constraints between pairs that overlap on screen. A strongly
/// connected group (polygons whose planes cross where they show, or a cycle) is split only
/// as it needs (orderTangle).
func overlapOrder(_ polygons: [DrawPolygon], planeToTarget: Mat4) -> [DrawPolygon] {
    let (_, after) = overlapConstraints(polygons, planeToTarget: planeToTarget)
    var made: [[Int]: [DrawPolygon]] = [:]
    return orderByConstraints(polygons, after: after, planeToTarget: planeToTarget, reuse: [:], made: &made)
}

/// The polygons' footprints and the constraints between every pair whose footprints may meet
/// (after[i]: the polygons drawn after i).
func overlapConstraints(_ polygons: [DrawPolygon], planeToTarget: Mat4) -> (feet: [Footprint], after: [[Int]]) {
    let n = polygons.count
    // Footprints and pair tests on all cores (each pair's test reads only its two polygons);
    // the constraints are added in the order one core would find them.
    let feet = inRanges(n, minimum: 256) { r in r.map { Footprint(polygons[$0], planeToTarget: planeToTarget) } }.flatMap { $0 }
    let boxes = feet.map(\.box)
    let toPlane = PixelsToPlane(planeToTarget)
    // Candidate pairs: a uniform grid over the boxes; unbounded footprints meet everything.
    let finite = boxes.compactMap { $0 }
    let meanSide = finite.isEmpty ? 1 : finite.reduce(0.0) { $0 + max($1.width, $1.height) } / Double(finite.count)
    let grid = BoxGrid(boxes, cell: max(meanSide, 4))
    // Unbounded footprints, and boxes too wide for the grid (a floor running to the horizon
    // beside thousands of cards), are candidates of every polygon.
    let unbounded = boxes.indices.filter { boxes[$0].map(grid.isWide) ?? true }
    let found = inRanges(n, minimum: 256) { range -> [(i: Int, j: Int, order: PairOrder)] in
        var out: [(i: Int, j: Int, order: PairOrder)] = []
        var stamp = [Int](repeating: -1, count: n)
        func test(_ i: Int, _ j: Int) {
            guard j > i, stamp[j] != i else { return }
            stamp[j] = i
            guard feet[i].mayMeet(feet[j]) else { return }
            let order = pairOrder(polygons[i], polygons[j], reachA: feet[i].reach, reachB: feet[j].reach,
                                  toPlane: toPlane, bounded: feet[i].bounded && feet[j].bounded)
            if order != .free { out.append((i, j, order)) }
        }
        for i in range {
            guard let b = boxes[i], !grid.isWide(b) else {
                for j in i + 1..<n { test(i, j) }
                continue
            }
            for j in unbounded { test(i, j) }
            let r = grid.cells(b)
            for y in r.y0...r.y1 {
                for x in r.x0...r.x1 {
                    let bucket = grid.bucket(x, y)
                    for k in grid.start[bucket]..<grid.start[bucket + 1] { test(i, grid.items[k]) }
                }
            }
        }
        return out
    }
    var after = [[Int]](repeating: [], count: n)  // after[i]: polygons drawn after i
    for part in found { for p in part { constrain(p.i, p.j, p.order, &after) } }
    return (feet, after)
}

/// Footprint boxes listed under each grid cell they cover, the cells hashed into one flat
/// table (a collision only adds candidates, which the box test drops): candidate pairs for
/// overlap tests with no array per cell.
private struct BoxGrid {
    /// The most cells a box is listed under.
    let mostCellsPerBox = 256
    let cell: Double
    let mask: Int
    /// Bucket k's boxes: items[start[k]..<start[k + 1]].
    private(set) var start: [Int]
    private(set) var items: [Int]

    init(_ boxes: [Box?], cell: Double) {
        self.cell = cell
        var size = 64
        while size < 2 * boxes.count { size *= 2 }
        mask = size - 1
        start = [Int](repeating: 0, count: size + 1)
        items = []
        for b in boxes {
            guard let b, !isWide(b) else { continue }
            let r = cells(b)
            for y in r.y0...r.y1 { for x in r.x0...r.x1 { start[bucket(x, y) + 1] += 1 } }
        }
        for k in 0..<size { start[k + 1] += start[k] }
        items = [Int](repeating: 0, count: start[size])
        var next = start
        for (i, b) in boxes.enumerated() {
            guard let b, !isWide(b) else { continue }
            let r = cells(b)
            for y in r.y0...r.y1 {
                for x in r.x0...r.x1 {
                    let k = bucket(x, y)
                    items[next[k]] = i
                    next[k] += 1
                }
            }
        }
    }

    /// Whether a box covers more cells than the grid lists under one box (it is then no
    /// cell's: listing it would cost more than testing it against every polygon).
    func isWide(_ b: Box) -> Bool {
        let w = (b.maxX / cell).rounded(.down) - (b.minX / cell).rounded(.down) + 1
        let h = (b.maxY / cell).rounded(.down) - (b.minY / cell).rounded(.down) + 1
        return !(w * h <= Double(mostCellsPerBox))
    }

    /// The cells a box covers.
    func cells(_ b: Box) -> (x0: Int, x1: Int, y0: Int, y1: Int) {
        (Int((b.minX / cell).rounded(.down)), Int((b.maxX / cell).rounded(.down)),
         Int((b.minY / cell).rounded(.down)), Int((b.maxY / cell).rounded(.down)))
    }

    func bucket(_ x: Int, _ y: Int) -> Int { (x &* 73_856_093 ^ y &* 19_349_663) & mask }
}

