// Depth ordering of a 3D rendering context: a BSP tree over the members' polygons in
// post-divide space (x, y, z) = (X/W, Y/W, Z/W), where the eye is at +z infinity.
//
// After the perspective divide every line of sight is parallel to z, so "nearer the viewer"
// is "larger z" and a plane's viewer side is the sign of its normal's z. Projective maps take
// planes to planes, so splitting there is exact. Following Chromium's DrawPolygon/BspTree:
// polygons of any vertex count; a thick plane (|distance| <= splitThreshold counts as on the
// plane) so touching edges never make slivers; split points interpolated from the stored
// vertex distances (linear in homogeneous, hence local, coordinates, so texturing stays
// exact); every fragment keeps its parent's plane; coplanar polygons draw in tie order.

/// Distance (in post-divide units, i.e. context pixels) within which a vertex counts as on a plane.
let splitThreshold = 0.05

/// A convex polygon of one member, in the member's local coordinates and the root's homogeneous space.
/// Immutable and shared (a class): depth ordering moves polygons between many lists, and a
/// reference moves for one retain where the value (a matrix and three arrays) was copied.
final class DrawPolygon: Sendable {
    /// Index into the context's members (also the tie order).
    let member: Int
    /// Member space -> root space.
    let matrix: Mat4
    /// Vertices in member-local coordinates.
    let local: [SIMD2<Double>]
    /// The same vertices in root space, homogeneous (W > 0).
    let homogeneous: [SIMD4<Double>]
    /// The member's plane in post-divide space: n . p + d = 0, |n| = 1.
    let normal: SIMD3<Double>
    let d: Double
    /// Half-planes in member-local coordinates that cut this fragment out of the member.
    let clips: [HalfPlane]

    /// A fragment of `parent`: its plane and matrix, new vertices and clips.
    private init(fragmentOf parent: DrawPolygon, local: [SIMD2<Double>], homogeneous: [SIMD4<Double>], clips: [HalfPlane]) {
        member = parent.member
        matrix = parent.matrix
        normal = parent.normal
        d = parent.d
        self.local = local
        self.homogeneous = homogeneous
        self.clips = clips
    }

    init?(member: Int, matrix: Mat4, local: [SIMD2<Double>]) {
        guard local.count >= 3 else { return nil }
        // Four corners (most polygons) as an array literal, which allocates inline (map grows
        // its result through a reservation, at about twice the cost).
        let hom = local.count == 4 ? [matrix.map(local[0]), matrix.map(local[1]), matrix.map(local[2]), matrix.map(local[3])]
            : local.map { matrix.map($0) }
        // The post-divide points, made where they are read (no array of them).
        @inline(__always) func pt(_ i: Int) -> SIMD3<Double> { let h = hom[i]; return SIMD3(h.x / h.w, h.y / h.w, h.z / h.w) }
        // Newell's method: a robust normal for any vertex count.
        var n = SIMD3<Double>(0, 0, 0)
        for i in hom.indices {
            let a = pt(i), b = pt((i + 1) % hom.count)
            n += SIMD3((a.y - b.y) * (a.z + b.z), (a.z - b.z) * (a.x + b.x), (a.x - b.x) * (a.y + b.y))
        }
        let len = (n * n).sum().squareRoot()
        guard len > 1e-12, len.isFinite else { return nil }
        n /= len
        var sum = SIMD3<Double>(0, 0, 0)
        for i in hom.indices { sum += pt(i) }
        let centroid = sum / Double(hom.count)
        self.member = member
        self.matrix = matrix
        self.local = local
        self.homogeneous = hom
        self.normal = n
        self.d = -(n * centroid).sum()
        self.clips = []
    }

    /// Signed post-divide distance of each vertex from `plane`'s plane.
    func distances(to plane: DrawPolygon) -> [Double] {
        homogeneous.map { h in ((plane.normal * SIMD3(h.x, h.y, h.z)).sum() + plane.d * h.w) / h.w }
    }

    /// The half-plane of member-local points on the front (positive) side of `plane`:
    /// n . (X, Y, Z) + d * W >= 0 is linear in local coordinates.
    func frontHalfPlane(of plane: DrawPolygon) -> HalfPlane {
        let m = matrix, n = plane.normal, d = plane.d
        let nd = SIMD4(n.x, n.y, n.z, d)
        return HalfPlane(a: (m.r0 * nd).sum(), b: (m.r1 * nd).sum(), c: (m.r3 * nd).sum())
    }

    enum Side { case front, back, coplanar, split(front: DrawPolygon, back: DrawPolygon) }

    /// Where this polygon lies relative to `plane`, splitting it when it straddles.
    func classify(against plane: DrawPolygon) -> Side {
        // The sides first, with no array (most polygons do not straddle); the same distances
        // as `distances(to:)`, computed again below only for a split.
        var anyFront = false, anyBack = false
        for h in homogeneous {
            let d = ((plane.normal * SIMD3(h.x, h.y, h.z)).sum() + plane.d * h.w) / h.w
            if d > splitThreshold { anyFront = true } else if d < -splitThreshold { anyBack = true }
        }
        if !anyFront && !anyBack { return .coplanar }
        if !anyBack { return .front }
        if !anyFront { return .back }
        // Vertices within the threshold go to both sides; crossing edges get a new vertex at
        // the zero of the (homogeneous-linear) distance function g (distance = g / W).
        let count = local.count
        var fl: [SIMD2<Double>] = [], fh: [SIMD4<Double>] = [], bl: [SIMD2<Double>] = [], bh: [SIMD4<Double>] = []
        fl.reserveCapacity(count + 1); fh.reserveCapacity(count + 1); bl.reserveCapacity(count + 1); bh.reserveCapacity(count + 1)
        withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { g in
            for (k, h) in homogeneous.enumerated() { g[k] = (plane.normal * SIMD3(h.x, h.y, h.z)).sum() + plane.d * h.w }
            for i in 0..<count {
                let j = (i + 1) % count
                let di = g[i] / homogeneous[i].w, dj = g[j] / homogeneous[j].w
                if di >= -splitThreshold { fl.append(local[i]); fh.append(homogeneous[i]) }
                if di <= splitThreshold { bl.append(local[i]); bh.append(homogeneous[i]) }
                if (di > splitThreshold && dj < -splitThreshold) || (di < -splitThreshold && dj > splitThreshold) {
                    let t = g[i] / (g[i] - g[j])  // the zero of g, linear along the edge in local coordinates
                    let l = local[i] + (local[j] - local[i]) * t
                    let h = homogeneous[i] + (homogeneous[j] - homogeneous[i]) * t
                    fl.append(l); fh.append(h); bl.append(l); bh.append(h)
                }
            }
        }
        let h = frontHalfPlane(of: plane)
        var fc = clips, bc = clips
        fc.reserveCapacity(clips.count + 1)
        fc.append(h)
        bc.reserveCapacity(clips.count + 1)
        bc.append(HalfPlane(a: -h.a, b: -h.b, c: -h.c))
        return .split(front: DrawPolygon(fragmentOf: self, local: fl, homogeneous: fh, clips: fc),
                      back: DrawPolygon(fragmentOf: self, local: bl, homogeneous: bh, clips: bc))
    }
}

/// A BSP tree node: a splitting plane, the polygons lying in it, and the two half-spaces.
final class BSPNode {
    let plane: DrawPolygon
    var coplanar: [DrawPolygon]
    var front: BSPNode?
    var back: BSPNode?

    init(_ p: DrawPolygon) { plane = p; coplanar = [p] }

    /// Inserts `p`; `splits` is how many more splits the sort may make (a guard: 10,000
    /// mutually intersecting planes would otherwise make millions of pieces). Past it a
    /// straddling polygon goes whole to the side its centroid is on.
    func insert(_ p: DrawPolygon, splits: inout Int) {
        var node = self
        let pending = p
        // Iterative descent for the non-splitting cases, so a long chain cannot overflow the stack.
        while true {
            switch pending.classify(against: node.plane) {
            case .coplanar:
                node.coplanar.append(pending)
                return
            case .front:
                guard let f = node.front else { node.front = BSPNode(pending); return }
                node = f
            case .back:
                guard let b = node.back else { node.back = BSPNode(pending); return }
                node = b
            case .split(let f, let b):
                guard splits > 0 else {
                    let front = pending.distances(to: node.plane).reduce(0, +) >= 0
                    guard let next = front ? node.front : node.back else {
                        if front { node.front = BSPNode(pending) } else { node.back = BSPNode(pending) }
                        return
                    }
                    node = next
                    continue
                }
                splits -= 1
                if let nf = node.front { nf.insert(f, splits: &splits) } else { node.front = BSPNode(f) }
                if let nb = node.back { nb.insert(b, splits: &splits) } else { node.back = BSPNode(b) }
                return
            }
        }
    }

    /// Back-to-front order for a viewer at +z infinity.
    func backToFront(_ out: inout [DrawPolygon]) {
        let viewerInFront = plane.normal.z >= 0
        let (first, last) = viewerInFront ? (back, front) : (front, back)
        first?.backToFront(&out)
        out.append(contentsOf: coplanar)
        last?.backToFront(&out)
    }
}

/// The most splits one depth sort makes (far more than any real scene needs).
let maxSplits = 20_000

/// Orders polygons back to front, splitting where they intersect. Cheap paths first:
/// all in one plane (tie order), all planes parallel (sort by offset), or z ranges that do
/// not overlap (sort by depth); otherwise a BSP tree built in tie order (deterministic).
func depthSort(_ polygons: [DrawPolygon]) -> [DrawPolygon] {
    guard polygons.count > 1 else { return polygons }
    let n0 = polygons[0].normal
    // Parallel planes (either facing): order by offset along n0; equal offsets keep tie order.
    if polygons.allSatisfy({ abs(abs(($0.normal * n0).sum()) - 1) < 1e-9 }) {
        // Position along n0 (the viewer is on the side of +n0.z); equal within the
        // threshold counts as coplanar and keeps tie order.
        let keyed = polygons.enumerated().map { (i, p) in ((p.normal * n0).sum() > 0 ? -p.d : p.d, i) }
            .sorted { n0.z >= 0 ? $0.0 < $1.0 : $0.0 > $1.0 }
        var out: [DrawPolygon] = []
        var group: [(Double, Int)] = []
        for k in keyed {
            if let f = group.first, abs(k.0 - f.0) > splitThreshold {
                out += group.sorted { $0.1 < $1.1 }.map { polygons[$0.1] }
                group = []
            }
            group.append(k)
        }
        out += group.sorted { $0.1 < $1.1 }.map { polygons[$0.1] }
        return out
    }
    // Disjoint depth ranges: a plain sort.
    let ranges = polygons.map { p -> (lo: Double, hi: Double) in
        let zs = p.homogeneous.map { $0.z / $0.w }
        return (zs.min()!, zs.max()!)
    }
    let byDepth = polygons.indices.sorted { (ranges[$0].lo, $0) < (ranges[$1].lo, $1) }
    if zip(byDepth, byDepth.dropFirst()).allSatisfy({ ranges[$0.0].hi < ranges[$0.1].lo - splitThreshold }) {
        return byDepth.map { polygons[$0] }
    }
    let root = BSPNode(polygons[0])
    var splits = maxSplits
    for p in polygons.dropFirst() { root.insert(p, splits: &splits) }
    var out: [DrawPolygon] = []
    root.backToFront(&out)
    return out
}
