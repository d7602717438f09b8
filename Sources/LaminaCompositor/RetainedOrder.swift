// Incremental depth ordering across frames. A context's order is a pure function of its
// polygons (in tie order) and its plane -> target map, so what the last frame computed from
// the same inputs is reused exactly: the footprints of unchanged polygons, the constraints
// between pairs of unchanged polygons, and the order inside each strongly connected group
// none of whose members changed. Only the changed polygons are related again (against every
// polygon whose footprint they may meet: the same pairs the grid of overlapOrder finds), and
// the groups and their topological order are recomputed from the whole constraint graph
// (linear in its size), so the result is the one a compile from scratch makes.

import Foundation

/// The depth orders of the contexts of the last frame, kept for the next (FrameCompositor).
final class RetainedOrders {
    /// Which context: its root layer (nil: the canvas) and its place among the contexts with that
    /// root in one compile (a replicator's instances draw one sublayer several times).
    struct Key: Hashable { let root: ObjectIdentifier?; let occurrence: Int }

    private var last: [Key: RetainedOrder] = [:]
    private var current: [Key: RetainedOrder] = [:]
    private var seen: [ObjectIdentifier?: Int] = [:]
    /// Polygons whose order-dependent work was redone in the last frame, and polygons seen
    /// (for tests and benchmarks: how much was reused).
    private(set) var relatedPolygons = 0, orderedPolygons = 0
    /// Steps of ordering tangled groups looked up from earlier frames in the last frame (TangleMemo).
    private(set) var reusedTangleSteps = 0
    /// Interpenetrating splits of tangled groups kept from the frame before in the last frame (TangleReuse.swift).
    private(set) var keptTangleSplits = 0
    /// The layer infos of the last frame (RetainedLayerInfo.swift), kept with the orders.
    let infos = RetainedLayerInfos()
    /// The output quads of the last frame (RetainedQuads.swift), kept with the orders.
    let quads = RetainedQuads()
    /// The depth-sorted members of the last frame (RetainedMembers.swift), kept with the orders.
    let members = RetainedMembers()

    /// Starts a frame: the contexts ordered in the previous one become reusable.
    func beginFrame() {
        // (The frame before last's orders are freed off this thread: Disposal.swift.)
        if !current.isEmpty { let old = last; last = current; Disposal.release(consume old) }
        current = [:]
        seen = [:]
        relatedPolygons = 0
        orderedPolygons = 0
        reusedTangleSteps = 0
        keptTangleSplits = 0
        infos.beginFrame()
        members.beginFrame()
    }

    /// Forgets every kept order.
    func reset() { last = [:]; current = [:]; seen = [:]; infos.reset(); quads.reset(); members.reset() }

    /// `orderContext(polygons, planeToTarget:)`, reusing what the last frame computed for the
    /// same context from the same inputs.
    func order(_ polygons: [DrawPolygon], planeToTarget: Mat4, root: ObjectIdentifier?) -> [DrawPolygon] {
        let k = seen[root, default: 0]
        seen[root] = k + 1
        orderedPolygons += polygons.count
        guard polygons.count > 1, DepthOrdering.byOverlap else { return orderContext(polygons, planeToTarget: planeToTarget) }
        if let order = pencilOrder(polygons) { return order.map { polygons[$0] } }
        let key = Key(root: root, occurrence: k)
        let previous = last[key]
        // Two polygons whose depth ranges met when the context was last ordered by overlap,
        // both unchanged since: still not disjoint (the depth-range sort is not run again).
        var overlap: (Int, Int)?
        if let previous, let (a, b) = previous.overlap, previous.polygons.count == polygons.count,
           sameInput(polygons[a], previous.polygons[a]), sameInput(polygons[b], previous.polygons[b]) {
            overlap = (a, b)
        } else if let order = disjointDepthOrder(polygons, overlap: &overlap) {
            return order.map { polygons[$0] }
        }
        let state = RetainedOrder(polygons, planeToTarget: planeToTarget, previous: previous)
        state.overlap = overlap
        relatedPolygons += state.related
        reusedTangleSteps += state.reusedTangleSteps
        keptTangleSplits += state.keptTangleSplits
        current[key] = state
        return state.result
    }
}

/// One context's overlap order and what it was computed from.
final class RetainedOrder {
    let polygons: [DrawPolygon]
    let planeToTarget: Mat4
    let feet: [Footprint]
    let after: [[Int]]
    let groups: [[Int]: [DrawPolygon]]
    let result: [DrawPolygon]
    /// How many polygons were related afresh (all of them without a usable previous frame).
    let related: Int
    /// The steps of ordering its tangled groups, kept for the next frame (TangleMemo.swift).
    let memo: TangleMemo
    /// How many of those steps were looked up from earlier frames.
    let reusedTangleSteps: Int
    /// How many interpenetrating splits were kept from the frame before.
    let keptTangleSplits: Int
    /// Two of the polygons whose depth ranges meet (disjointDepthOrder), if one was found.
    var overlap: (Int, Int)?

    init(_ given: [DrawPolygon], planeToTarget: Mat4, previous: RetainedOrder?) {
        var polygons = given
        self.planeToTarget = planeToTarget
        let n = polygons.count
        // The previous frame is usable when the same number of polygons was ordered through
        // the same map and fewer than a quarter of them changed.
        var changed: [Bool] = []
        if let previous, previous.polygons.count == n, sameBits(previous.planeToTarget, planeToTarget) {
            // (The very object, as a retained member hands its polygon out again: unchanged at once.)
            changed = (0..<n).map { polygons[$0] !== previous.polygons[$0] && !sameInput(polygons[$0], previous.polygons[$0]) }
        }
        let changes = changed.reduce(0) { $0 + ($1 ? 1 : 0) }
        guard let previous, !changed.isEmpty, changes * 4 < n else {
            self.polygons = polygons
            (feet, after) = overlapConstraints(polygons, planeToTarget: planeToTarget)
            var made: [[Int]: [DrawPolygon]] = [:]
            // A new memo: last frame's pieces are not these (or the map changed). It is filled
            // unless the frame before was redone whole too (a view turning: filling it every
            // frame would cost and never be used).
            memo = TangleMemo()
            let fill = previous.map { $0.related < $0.polygons.count } ?? true
            result = orderByConstraints(polygons, after: after, planeToTarget: planeToTarget, reuse: [:], made: &made, memo: fill ? memo : nil)
            groups = made
            related = n
            reusedTangleSteps = 0
            keptTangleSplits = 0
            return
        }
        // An unchanged polygon is last frame's very object (equal bit for bit), so the memo
        // of tangle steps knows it by identity.
        for i in 0..<n where !changed[i] { polygons[i] = previous.polygons[i] }
        self.polygons = polygons
        memo = previous.memo
        memo.beginFrame()
        let reusedBefore = memo.reused, keptBefore = memo.keptSplits
        var feet = previous.feet
        var after = previous.after
        if changes > 0 {
            for i in 0..<n where changed[i] { feet[i] = Footprint(polygons[i], planeToTarget: planeToTarget) }
            for i in 0..<n {
                if changed[i] { after[i] = [] } else if after[i].contains(where: { changed[$0] }) { after[i].removeAll { changed[$0] } }
            }
            let toPlane = PixelsToPlane(planeToTarget)
            // Every pair with a changed polygon, once (i < j: the earlier one first, as overlapOrder relates them).
            for c in 0..<n where changed[c] {
                for j in 0..<n where j != c && !(changed[j] && j < c) && feet[c].mayMeet(feet[j]) {
                    relate(min(c, j), max(c, j), polygons, feet, toPlane, &after)
                }
            }
        }
        // Groups none of whose members changed keep last frame's order.
        var reuse: [[Int]: [DrawPolygon]] = [:]
        for (members, order) in previous.groups where !members.contains(where: { changed[$0] }) { reuse[members] = order }
        var made: [[Int]: [DrawPolygon]] = [:]
        result = orderByConstraints(polygons, after: after, planeToTarget: planeToTarget, reuse: reuse, made: &made, memo: memo)
        reusedTangleSteps = memo.reused - reusedBefore
        keptTangleSplits = memo.keptSplits - keptBefore
        self.feet = feet
        self.after = after
        groups = made
        related = changes
    }
}

/// Whether two polygons are the same input to depth ordering, bit for bit.
func sameInput(_ a: DrawPolygon, _ b: DrawPolygon) -> Bool {
    a.member == b.member && sameBits(a.d, b.d) && sameBits(a.normal, b.normal) && sameBits(a.matrix, b.matrix)
        && sameBits(a.local, b.local) && sameBits(a.homogeneous, b.homogeneous) && sameBits(a.clips, b.clips)
}

/// Bitwise equality of plain values (so -0 and 0 differ, and a NaN equals itself): their
/// bytes compared 8 at a time, then one by one (as memcmp would; specialized for each type's
/// size, with no call, where most values compared are a few words).
@inline(__always)
func sameBits<T>(_ a: T, _ b: T) -> Bool {
    withUnsafeBytes(of: a) { x in withUnsafeBytes(of: b) { y in
        let n = x.count
        var i = 0
        while i + 8 <= n {
            if x.loadUnaligned(fromByteOffset: i, as: UInt64.self) != y.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
            i += 8
        }
        while i < n {
            if x[i] != y[i] { return false }
            i += 1
        }
        return true
    } }
}

/// Bitwise equality of arrays of plain values (the very same storage: equal at once).
func sameBits<T>(_ a: [T], _ b: [T]) -> Bool {
    a.count == b.count && a.withUnsafeBytes { x in b.withUnsafeBytes { y in
        x.count == 0 || x.baseAddress == y.baseAddress || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0
    } }
}

/// Whether two quads are the same bytes: then they are equal bit for bit, field by field (the
/// very same arrays and strings). False says nothing: equal quads may differ in padding.
@inline(__always)
func sameQuadBytes(_ a: UnsafePointer<DrawQuad>, _ b: UnsafePointer<DrawQuad>) -> Bool {
    memcmp(a, b, MemoryLayout<DrawQuad>.size) == 0
}
