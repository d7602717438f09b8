// Reusing a tangle's interpenetrating splits from the last frame where nothing changed.
//
// Splitting a tangle's interpenetrating pairs (Tangle.splitInterpenetrating) decomposes: a
// pair interpenetrates only if the polygons it was cut from did (a piece lies within its
// parent, so over their common footprint it is on one side of a plane when its parent was),
// so its pending pairs stay within the components of the group's initially interpenetrating
// pairs. Which pair is split next, and along which plane, reads only a component's own
// pieces and their interpenetrating neighbours, and the pending stack takes each initial pair
// and all it leads to before the next one (a burst): a component's splits are the same
// whatever the rest of the group is. A constraint between two pieces depends only on the
// splits of their two originals and on the order these interleave in, which the initial
// pairs' places in tie order fix (bursts are taken in the reverse of that order).
//
// A sliver's footprint is grown by the anti-aliasing margin (Tangle.footprint), so it can
// reach past its parent's, and pieces of two components may then interpenetrate after all:
// such components are joined into one unit for the next frame (`joins`).
//
// So a changed frame keeps the last frame's splits of every unit whose originals are the
// very same polygons (unchanged: the same objects, RetainedOrder.swift), and the constraints
// between their pieces; it splits the other units afresh in a small tangle of their
// originals and the unchanged originals next to them (whose kept splits are replayed into it
// at their places in the order), which gives the constraints of the changed pieces. The
// whole is put together as the group as one would have made it, piece for piece and index
// for index (pieces are numbered in the order they are made), and cycles are then broken and
// the pieces ordered as ever: the same result as splitting the whole group. A changed piece
// found interpenetrating an unchanged unit's leaves the frame to the whole-group path, as do
// a missing record and the splits budget.

/// One split of an interpenetrating pair: piece `slot` (`parent`, cut from original `root`)
/// cut into `front` (in its place) and `back` (new piece `made`), in the burst of the initial
/// pair whose originals' keys are (a, b), the n-th split of that burst.
struct TangleEvent {
    let a: Int, b: Int, n: Int
    let slot: Int, made: Int, root: Int
    let parent: DrawPolygon, front: DrawPolygon, back: DrawPolygon

    /// Whether this split comes before `o` in the group's order: bursts are taken from the
    /// last initial pair to the first (pairs pushed in ascending key order, taken from the top).
    func precedes(_ o: TangleEvent) -> Bool { a != o.a ? a > o.a : (b != o.b ? b > o.b : n < o.n) }
}

/// A tangle's state once its interpenetrating pairs were split (pieces numbered as made:
/// the originals, then each split's new piece), kept for the next frame.
final class TangleRecord: @unchecked Sendable {
    /// The group as given and where each of its polygons was in it (by address: `originals`
    /// holds them, so an address names one polygon).
    let originals: [DrawPolygon]
    private let index: IdentityTable<Int>
    /// Each original's unit (the smallest original of it) and each unit's size.
    let unit: [Int]
    let unitSize: [Int]
    /// The splits in order (event k made piece originals.count + k).
    let events: [TangleEvent]
    /// The pieces, their footprints and the constraints between them.
    let pieces: [DrawPolygon]
    let feet: [Footprint]
    let after: [[Int]]
    let before: [[Int]]

    init(_ t: Tangle) {
        let g = t.group.count
        originals = t.group
        var index = IdentityTable<Int>()
        index.reserve(g)
        for (i, p) in t.group.enumerated() { index.set(UInt(bitPattern: ObjectIdentifier(p)), 0, i) }
        self.index = index
        var u = UnionFind(g)
        for i in 0..<g where t.comp[i] != i { u.unite(t.comp[i], i) }
        for (x, y) in t.joins { u.unite(x, y) }
        unit = (0..<g).map { u.find($0) }
        var size = [Int](repeating: 0, count: g)
        for r in unit { size[r] += 1 }
        unitSize = size
        events = t.events
        pieces = t.polys
        feet = t.feet
        after = t.after
        before = t.before
    }
}

extension TangleRecord {
    /// Where polygon `p` (the very object) was in the group, or nil.
    func place(of p: DrawPolygon) -> Int? { index.value(UInt(bitPattern: ObjectIdentifier(p)), 0) }
}

extension Tangle {
    /// Starts tracking a fresh tangle's splits (`keys`: its polygons' places in the context):
    /// each polygon's component of initially interpenetrating pairs, and a log of the splits.
    mutating func track(keys: [Int]) {
        group = polys
        origin = Array(polys.indices)
        self.keys = keys
        var unit = UnionFind(polys.count)
        for p in pending { unit.unite(p.i, p.j) }
        comp = polys.indices.map { unit.find($0) }
        recording = true
        initialLeft = pending.count
    }

    /// Notes that pieces i and j of different components interpenetrate.
    mutating func join(_ i: Int, _ j: Int) {
        guard !locked.isEmpty && (locked[origin[i]] || locked[origin[j]]) else { joins.append((origin[i], origin[j])); return }
        mixed = true
        for x in [i, j] where locked[origin[x]] { mixedWith.append(comp[x]) }
    }

    /// Applies the external splits that come before the burst of initial pair `pair` (all
    /// that are left when nil): each cuts its parent here, related again to its neighbours.
    mutating func replayExternal(before pair: (Int, Int)?) {
        while nextExternal < external.count {
            let e = external[nextExternal]
            if let (a, b) = pair, !(e.a > a || (e.a == a && e.b > b)) { return }
            nextExternal += 1
            guard let j = place[ObjectIdentifier(e.parent)] else { mixed = true; replayedAt.append(-1); continue }
            replayedAt.append(polys.count)
            divide(j, into: e.front, e.back)
        }
    }
}

/// The tangle of `group` with its interpenetrating pairs split, from the last frame's record
/// where its units are unchanged, or nil (no record, or the reuse cannot be sure: the caller
/// then splits the whole group).
func reusedTangle(_ group: [DrawPolygon], edges: [[Int]], planeToTarget: Mat4, memo: TangleMemoSession, keys: [Int]) -> Tangle? {
    guard let r = memo.record(for: group) else { return nil }
    let g = group.count
    // Each original's place in the record (-1: not there).
    var old = [Int](repeating: -1, count: g)
    for i in 0..<g { old[i] = r.place(of: group[i]) ?? -1 }
    let neighbours = Neighbours(edges)
    // Units: the record's, of the originals still here, and new originals joined to those they interpenetrate.
    var unit = UnionFind(g)
    var firstOf = [Int](repeating: -1, count: r.originals.count)
    for i in 0..<g where old[i] >= 0 {
        let u = r.unit[old[i]]
        if firstOf[u] >= 0 { unit.unite(firstOf[u], i) } else { firstOf[u] = i }
    }
    let toPlane = PixelsToPlane(planeToTarget)
    var feet = [Footprint?](repeating: nil, count: g)
    func foot(_ i: Int) -> Footprint {
        if let f = feet[i] { return f }
        let p = group[i]
        let f = memo.footprint(of: p) ?? Footprint(p, planeToTarget: planeToTarget, margin: 0, sliverMargin: overlapMargin)
        feet[i] = f
        return f
    }
    for i in 0..<g where old[i] < 0 {
        for j in neighbours[i] where j != i {
            let (x, y) = (min(i, j), max(i, j))
            if Tangle.order(group[x], group[y], foot(x), foot(y), toPlane: toPlane, memo: memo) == .interleaved { unit.unite(x, y) }
        }
    }
    // A unit is unchanged when it is a unit of the record, whole and alone.
    let root = (0..<g).map { unit.find($0) }
    var count = [Int](repeating: 0, count: g), recordUnit = [Int](repeating: -1, count: g), differs = [Bool](repeating: false, count: g)
    for i in 0..<g {
        let k = root[i]
        count[k] += 1
        if old[i] < 0 { differs[k] = true; continue }
        let u = r.unit[old[i]]
        if recordUnit[k] < 0 { recordUnit[k] = u } else if recordUnit[k] != u { differs[k] = true }
    }
    var changed = (0..<g).map { i in differs[root[i]] || count[root[i]] != r.unitSize[recordUnit[root[i]]] }
    // An unchanged unit a changed piece turns out to interpenetrate is split afresh too (a few
    // times at most, then the whole group is).
    for _ in 0..<4 {
        let (s, kept, external, newOf, keep) = splitChanged(group, edges: edges, neighbours: neighbours, keys: keys, root: root,
                                                              changed: changed, old: old, record: r, planeToTarget: planeToTarget, memo: memo)
        guard s.mixed else {
            guard kept.count + s.events.count <= maxSplits,
                  let t = assemble(group, keys: keys, root: root, record: r, newOf: newOf, kept: kept, external: external, keep: keep, small: s) else { return nil }
            memo.keptSplits += kept.count
            return t
        }
        guard !s.mixedWith.isEmpty else { return nil }
        let units = Set(s.mixedWith)
        for i in 0..<g where units.contains(root[i]) { changed[i] = true }
    }
    return nil
}

/// The small tangle of the `changed` originals of `group` and the unchanged ones next to
/// them, related only in pairs with a changed one (as the whole group's would be), split with
/// the record's splits of those unchanged ones replayed in order; with the record's splits
/// of unchanged units (`kept`, in order), the places in it of those replayed (`external`),
/// each record original's place in `group` when unchanged (`newOf`, else -1), and the small
/// tangle's originals (`keep`).
private func splitChanged(_ group: [DrawPolygon], edges: [[Int]], neighbours: Neighbours, keys: [Int], root: [Int], changed: [Bool],
                          old: [Int], record r: TangleRecord, planeToTarget: Mat4, memo: TangleMemoSession)
    -> (Tangle, kept: [TangleEvent], external: [Int], newOf: [Int], keep: [Int]) {
    let g = group.count
    var near = changed
    for i in 0..<g where changed[i] { for j in neighbours[i] { near[j] = true } }
    let keep = (0..<g).filter { near[$0] }
    var local = [Int](repeating: -1, count: g)
    for (k, i) in keep.enumerated() { local[i] = k }
    let smallEdges = keep.map { i in edges[i].compactMap { j in local[j] >= 0 && (changed[i] || changed[j]) ? local[j] : nil } }
    var s = Tangle(keep.map { group[$0] }, edges: smallEdges, planeToTarget: planeToTarget, memo: memo)
    s.track(keys: keep.map { keys[$0] })
    s.comp = keep.map { root[$0] }
    s.locked = keep.map { !changed[$0] }
    s.place.reserveCapacity(2 * keep.count)
    for (k, p) in s.polys.enumerated() { s.place[ObjectIdentifier(p)] = k }
    var newOf = [Int](repeating: -1, count: r.originals.count)
    for i in 0..<g where old[i] >= 0 && !changed[i] { newOf[old[i]] = i }
    var kept: [TangleEvent] = [], external: [Int] = []
    for e in r.events where newOf[e.root] >= 0 {
        if near[newOf[e.root]] { external.append(kept.count); s.external.append(e) }
        kept.append(e)
    }
    _ = s.splitInterpenetrating(budget: Int.max)
    return (s, kept, external, newOf, keep)
}

/// The whole group's tangle after its interpenetrating splits: the unchanged units' pieces
/// and constraints from the record `r` (`newOf`: its originals' places in `group`, -1 for
/// changed ones; `kept`: their splits), the changed ones' from the small tangle `s` (of the
/// originals `keep`, `external`: the places in `kept` of the splits replayed there),
/// numbered as the whole group would have made them.
private func assemble(_ group: [DrawPolygon], keys: [Int], root: [Int], record r: TangleRecord, newOf: [Int],
                      kept: [TangleEvent], external: [Int], keep: [Int], small s: Tangle) -> Tangle? {
    let g = group.count, rg = r.originals.count
    let total = kept.count + s.events.count, n = g + total
    // Where the record's pieces (of unchanged units) and the small tangle's are now.
    var fromRecord = [Int](repeating: -1, count: r.pieces.count)
    for k in 0..<rg { fromRecord[k] = newOf[k] }
    var fromSmall = [Int](repeating: -1, count: s.polys.count)
    for (k, i) in keep.enumerated() { fromSmall[k] = i }
    var keptMade = [Int](repeating: -1, count: kept.count)
    var polys = group, origin = Array(0..<g), events: [TangleEvent] = []
    polys.reserveCapacity(n); origin.reserveCapacity(n); events.reserveCapacity(total)
    // The splits in the group's order (both lists are in it already).
    var x = 0, y = 0
    while x < kept.count || y < s.events.count {
        let fromKept = y == s.events.count || (x < kept.count && kept[x].precedes(s.events[y]))
        let e = fromKept ? kept[x] : s.events[y]
        let j = fromKept ? fromRecord[e.slot] : fromSmall[e.slot]
        guard j >= 0 else { return nil }
        let made = polys.count
        if fromKept { fromRecord[e.made] = made; keptMade[x] = made; x += 1 } else { fromSmall[e.made] = made; y += 1 }
        events.append(TangleEvent(a: e.a, b: e.b, n: e.n, slot: j, made: made, root: origin[j], parent: e.parent, front: e.front, back: e.back))
        polys[j] = e.front
        polys.append(e.back)
        origin.append(origin[j])
    }
    for (k, at) in s.replayedAt.enumerated() where at >= 0 { fromSmall[at] = keptMade[external[k]] }
    var feet = [Footprint?](repeating: nil, count: n)
    var after = [[Int]](repeating: [], count: n), before = after
    // Constraints between unchanged pieces as the record has them, then those with a changed
    // piece (each list made once, with room for what the small tangle adds: the order within a
    // list matters nowhere).
    func mapped(_ list: [Int], room: Int) -> [Int] {
        // Numbered as they were (common: the changed unit made as many pieces as before): the
        // record's very list, shared.
        var same = true
        for u in list where fromRecord[u] != u { same = false; break }
        if same { return list }
        var out: [Int] = []
        out.reserveCapacity(list.count + room)
        for u in list where fromRecord[u] >= 0 { out.append(fromRecord[u]) }
        return out
    }
    for k in r.pieces.indices where fromRecord[k] >= 0 {
        let a = fromRecord[k]
        feet[a] = r.feet[k]
        after[a] = mapped(r.after[k], room: 4)
        before[a] = mapped(r.before[k], room: 4)
    }
    for k in s.polys.indices where fromSmall[k] >= 0 && after[fromSmall[k]].capacity == 0 {
        after[fromSmall[k]].reserveCapacity(s.after[k].count)
        before[fromSmall[k]].reserveCapacity(s.before[k].count)
    }
    for k in s.polys.indices {
        let a = fromSmall[k]
        guard a >= 0 else { return nil }
        feet[a] = s.feet[k]
        for u in s.after[k] {
            guard fromSmall[u] >= 0 else { return nil }
            after[a].append(fromSmall[u]); before[fromSmall[u]].append(a)
        }
    }
    var out = s
    out.feet = []
    out.feet.reserveCapacity(n)
    for f in feet { guard let f else { return nil }; out.feet.append(f) }
    out.polys = polys
    out.member = polys.map(\.member)
    out.after = after
    out.before = before
    out.version = [Int](repeating: 0, count: n)
    out.pending = []
    out.splits = total
    out.group = group
    out.origin = origin
    out.comp = origin.map { root[$0] }
    out.joins = s.joins.map { (keep[$0.0], keep[$0.1]) }
    out.keys = keys
    out.locked = []
    out.events = events
    out.recording = false
    out.external = []
    out.replayedAt = []
    out.place = [:]
    return out
}

/// Each member of a group's neighbours in its constraints (either way), in one flat list:
/// only those of the changed members are read (an array per member cost more than the rest).
private struct Neighbours {
    private let start: [Int]
    private let list: [Int]

    init(_ edges: [[Int]]) {
        let g = edges.count
        var start = [Int](repeating: 0, count: g + 1)
        for i in 0..<g {
            start[i + 1] += edges[i].count
            for j in edges[i] { start[j + 1] += 1 }
        }
        for i in 0..<g { start[i + 1] += start[i] }
        var fill = start, list = [Int](repeating: 0, count: start[g])
        for i in 0..<g {
            for j in edges[i] {
                list[fill[i]] = j; fill[i] += 1
                list[fill[j]] = i; fill[j] += 1
            }
        }
        self.start = start
        self.list = list
    }

    /// Member i's neighbours (in no particular order; one may be listed twice).
    subscript(_ i: Int) -> ArraySlice<Int> { list[start[i]..<start[i + 1]] }
}

/// Disjoint sets of 0..<n (the smaller root kept, path halving).
struct UnionFind {
    private var parent: [Int]

    init(_ n: Int) { parent = Array(0..<n) }

    mutating func find(_ x: Int) -> Int {
        var x = x
        while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }
        return x
    }

    mutating func unite(_ a: Int, _ b: Int) {
        let (x, y) = (find(a), find(b))
        if x != y { parent[max(x, y)] = min(x, y) }
    }
}
