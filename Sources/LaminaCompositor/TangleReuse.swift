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
// So a changed frame keeps the last frame's splits of every component whose originals are
// the very same polygons (unchanged: the same objects, RetainedOrder.swift), and the
// constraints between their pieces; it splits the other components afresh in a small tangle
// of their originals and the unchanged originals next to them (whose kept splits are
// replayed into it at their places in the order), which gives the constraints of the changed
// pieces. The whole is put together in the order the group as one would have made it, piece
// for piece and index for index, and cycles are then broken and the pieces ordered as ever:
// the same result as splitting the whole group. Pieces of different components found
// interpenetrating (against the reasoning above: rounding at a plane) leave the frame to the
// whole-group path, as do a missing record and the splits budget.

/// One split of an interpenetrating pair: `parent` cut into `front` (in its place) and `back`
/// (a new piece), in the burst of the initial pair whose originals' keys are (a, b), the
/// n-th split of that burst; `root` is the original the parent was cut from.
struct TangleEvent {
    let a: Int, b: Int, n: Int
    let root: DrawPolygon, parent: DrawPolygon, front: DrawPolygon, back: DrawPolygon

    /// Whether this split comes before `o` in the group's order: bursts are taken from the
    /// last initial pair to the first (pairs pushed in ascending key order, taken from the top).
    func precedes(_ o: TangleEvent) -> Bool { a != o.a ? a > o.a : (b != o.b ? b > o.b : n < o.n) }
}

/// A tangle's state once its interpenetrating pairs were split, kept for the next frame.
final class TangleRecord: @unchecked Sendable {
    /// The group as given and where each of its polygons was in it.
    let originals: [DrawPolygon]
    let index: [ObjectIdentifier: Int]
    /// The pieces, each one's original (index into `originals`), and the constraints between them.
    let pieces: [DrawPolygon]
    let origin: [Int]
    let after: [[Int]]
    /// Each component's splits in order, by its originals (in group order).
    let components: [[ObjectIdentifier]: [TangleEvent]]

    init(_ t: Tangle) {
        originals = t.group
        var index: [ObjectIdentifier: Int] = [:]
        index.reserveCapacity(t.group.count)
        for (i, p) in t.group.enumerated() { index[ObjectIdentifier(p)] = i }
        self.index = index
        pieces = t.polys
        origin = t.origin
        after = t.after
        var members: [Int: [ObjectIdentifier]] = [:], events: [Int: [TangleEvent]] = [:]
        for (i, p) in t.group.enumerated() { members[t.comp[i], default: []].append(ObjectIdentifier(p)) }
        for e in t.events { events[t.comp[index[ObjectIdentifier(e.root)]!], default: []].append(e) }
        var components: [[ObjectIdentifier]: [TangleEvent]] = [:]
        for (c, m) in members { components[m] = events[c] ?? [] }
        self.components = components
    }
}

extension Tangle {
    /// Starts tracking a fresh tangle's splits (`keys`: its polygons' places in the context):
    /// each polygon's component of initially interpenetrating pairs, and a log of the splits.
    mutating func track(keys: [Int]) {
        group = polys
        origin = Array(polys.indices)
        self.keys = keys
        var parent = Array(polys.indices)
        func find(_ x: Int) -> Int {
            var x = x
            while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }
            return x
        }
        for p in pending { let (x, y) = (find(p.i), find(p.j)); if x != y { parent[max(x, y)] = min(x, y) } }
        comp = polys.indices.map(find)
        recording = true
        initialLeft = pending.count
    }

    /// Applies the external splits that come before the burst of initial pair `pair` (all
    /// that are left when nil): each cuts its parent here, related again to its neighbours.
    mutating func replayExternal(before pair: (Int, Int)?) {
        while nextExternal < external.count {
            let e = external[nextExternal]
            if let (a, b) = pair, !(e.a > a || (e.a == a && e.b > b)) { return }
            nextExternal += 1
            guard let j = place[ObjectIdentifier(e.parent)] else { mixed = true; continue }
            divide(j, into: e.front, e.back)
        }
    }

    /// The small tangle of `t`'s originals `keep` (ascending), related as in `t` but only in
    /// pairs with a changed original, with `t`'s initial pending pairs among changed ones.
    init(restricting t: Tangle, to keep: [Int], changed: [Bool]) {
        self = t
        var local = [Int](repeating: -1, count: t.polys.count)
        for (k, i) in keep.enumerated() { local[i] = k }
        polys = keep.map { t.polys[$0] }
        member = keep.map { t.member[$0] }
        feet = keep.map { t.feet[$0] }
        after = keep.map { _ in edgeList() }
        before = keep.map { _ in edgeList() }
        for (k, i) in keep.enumerated() {
            for u in t.after[i] where local[u] >= 0 && (changed[i] || changed[u]) {
                after[k].append(local[u])
                before[local[u]].append(k)
            }
        }
        version = [Int](repeating: 0, count: keep.count)
        pending = t.pending.compactMap { p in
            changed[p.i] && changed[p.j] && local[p.i] >= 0 && local[p.j] >= 0 ? (i: local[p.i], vi: 0, j: local[p.j], vj: 0) : nil
        }
        splits = 0
        group = polys
        origin = Array(polys.indices)
        comp = keep.map { t.comp[$0] }
        keys = keep.map { t.keys[$0] }
        mixed = false
        recording = true
        events = []
        initialLeft = pending.count
        place = [:]
        place.reserveCapacity(2 * keep.count)
        for (k, p) in polys.enumerated() { place[ObjectIdentifier(p)] = k }
    }
}

/// `t` (fresh, tracked) with its interpenetrating pairs split, from the last frame's record
/// where its components are unchanged (nil: no usable record, or the reuse cannot be sure;
/// the caller then splits the whole group).
func reusePhaseOne(_ t: Tangle, memo: TangleMemoSession) -> Tangle? {
    guard !t.mixed, let r = memo.record(for: t.group) else { return nil }
    let g = t.group.count
    // The components, and which are unchanged (the very same originals as one last frame).
    var members: [Int: [Int]] = [:]
    for i in 0..<g { members[t.comp[i], default: []].append(i) }
    var changed = [Bool](repeating: true, count: g)
    var kept: [TangleEvent] = []
    for m in members.values {
        guard let events = r.components[m.map { ObjectIdentifier(t.group[$0]) }] else { continue }
        for i in m { changed[i] = false }
        kept += events
    }
    // The changed originals and the unchanged ones next to them, split in a small tangle with
    // the latter's kept splits replayed in order.
    var near = changed
    for i in 0..<g where changed[i] {
        for u in t.after[i] { near[u] = true }
        for u in t.before[i] { near[u] = true }
    }
    let keep = (0..<g).filter { near[$0] }
    var nearRoots = Set<ObjectIdentifier>()
    for i in keep where !changed[i] { nearRoots.insert(ObjectIdentifier(t.group[i])) }
    kept.sort { $0.precedes($1) }
    var s = Tangle(restricting: t, to: keep, changed: changed)
    s.external = kept.filter { nearRoots.contains(ObjectIdentifier($0.root)) }
    _ = s.splitInterpenetrating(budget: Int.max)
    guard !s.mixed, kept.count + s.events.count <= maxSplits else { return nil }
    return assemble(t, record: r, changed: changed, kept: kept, small: s)
}

/// The whole group's state after its interpenetrating splits: the unchanged components'
/// pieces and constraints from the record `r`, the changed ones' from the small tangle `s`,
/// pieces numbered as the whole group would have made them.
private func assemble(_ t: Tangle, record r: TangleRecord, changed: [Bool], kept: [TangleEvent], small s: Tangle) -> Tangle? {
    let g = t.group.count
    var out = t
    var at: [ObjectIdentifier: Int] = [:]
    at.reserveCapacity(2 * (g + kept.count + s.events.count))
    for (i, p) in t.group.enumerated() { at[ObjectIdentifier(p)] = i }
    let events = (kept + s.events).sorted { $0.precedes($1) }
    var polys = t.group, origin = Array(0..<g)
    polys.reserveCapacity(g + events.count)
    for e in events {
        guard let j = at[ObjectIdentifier(e.parent)] else { return nil }
        at[ObjectIdentifier(e.front)] = j
        at[ObjectIdentifier(e.back)] = polys.count
        polys[j] = e.front
        polys.append(e.back)
        origin.append(origin[j])
    }
    let n = polys.count
    var after = (0..<n).map { _ in edgeList() }, before = (0..<n).map { _ in edgeList() }
    // Constraints between unchanged pieces, as the record has them.
    var rUnchanged = [Bool](repeating: false, count: r.originals.count)
    for (i, p) in t.group.enumerated() where !changed[i] { if let k = r.index[ObjectIdentifier(p)] { rUnchanged[k] = true } }
    var now = [Int](repeating: -1, count: r.pieces.count)
    for (k, p) in r.pieces.enumerated() where rUnchanged[r.origin[k]] {
        guard let i = at[ObjectIdentifier(p)] else { return nil }
        now[k] = i
    }
    for k in r.pieces.indices where now[k] >= 0 {
        for u in r.after[k] where now[u] >= 0 { after[now[k]].append(now[u]); before[now[u]].append(now[k]) }
    }
    // Constraints with a changed piece, as the small tangle has them.
    var sNow = [Int](repeating: -1, count: s.polys.count)
    for (k, p) in s.polys.enumerated() {
        guard let i = at[ObjectIdentifier(p)] else { return nil }
        sNow[k] = i
    }
    for k in s.polys.indices {
        for u in s.after[k] { after[sNow[k]].append(sNow[u]); before[sNow[u]].append(sNow[k]) }
    }
    out.polys = polys
    out.member = polys.map(\.member)
    out.feet = polys.map { out.footprint($0) }
    out.after = after
    out.before = before
    out.version = [Int](repeating: 0, count: n)
    out.pending = []
    out.splits = events.count
    out.origin = origin
    out.comp = origin.map { t.comp[$0] }
    out.events = events
    out.recording = false
    return out
}
