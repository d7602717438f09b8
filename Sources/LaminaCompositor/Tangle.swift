// Ordering a strongly connected group of a context's overlap constraints with few splits.
//
// A group is strongly connected because some of its pairs interpenetrate where both can
// show (each straddles the other's plane and the planes cross over their common footprint:
// pairOrder's .interleaved), or because one-way constraints close a cycle. Interpenetrating
// pairs are split first, one at a time and only the later polygon (in tie order) along the
// earlier one's plane, as the BSP tree would; the two pieces are related again only to the
// polygons the split one was related to (a piece's footprint lies inside its parent's, so no
// other pair can meet). What stays strongly connected after that is cycles of polygons that
// do not interpenetrate: such a group is split by the member whose plane straddles the
// fewest others (as a BSP builder picks its splitter), and each side is ordered again from
// scratch. The result is a topological order of the constraints between the pieces, ties
// broken by tie order, so it is deterministic.

/// Orders a strongly connected group: `group` in tie order, `edges[i]` the members drawn
/// after member i (indices into `group`). With `memo`, steps over pieces it has seen before
/// are looked up (TangleMemo.swift): the same result. `keys`: the members' places in their
/// context, the same from frame to frame (with `memo`, they let the next frame reuse this
/// one's interpenetrating splits where nothing changed, TangleReuse.swift).
func orderTangle(_ group: [DrawPolygon], edges: [[Int]], planeToTarget: Mat4, memo: TangleMemoSession? = nil, keys: [Int]? = nil) -> [DrawPolygon] {
    // A dense tangle (many interpenetrating pairs per member, as in thousands of random cards
    // on a small canvas) splits into more pieces pair by pair than through the BSP tree; the
    // pairs constrained both ways (with the margin) tell before any work.
    var mutual = 0
    for i in edges.indices { for j in edges[i] where j > i && edges[j].contains(i) { mutual += 1 } }
    guard 2 * mutual <= 3 * group.count else { return memoDepthSort(group, memo) }
    // With a memo: the interpenetrating splits redone only where the group changed since the
    // last frame (TangleReuse.swift), else all made here; kept for the next frame either way.
    if let memo, let keys {
        var t: Tangle
        if let reused = reusedTangle(group, edges: edges, planeToTarget: planeToTarget, memo: memo, keys: keys) {
            t = reused
        } else {
            t = Tangle(group, edges: edges, planeToTarget: planeToTarget, memo: memo)
            t.track(keys: keys)
            guard t.splitInterpenetrating(budget: maxSplits) else { memo.keep(nil, for: group); return memoDepthSort(group, memo) }
        }
        memo.keep(TangleRecord(t), for: group)
        t.recording = false
        guard t.breakCycles(budget: maxSplits) else { return memoDepthSort(group, memo) }
        return t.ordered()
    }
    var t = Tangle(group, edges: edges, planeToTarget: planeToTarget, memo: memo)
    guard t.splitInterpenetrating(budget: maxSplits), t.breakCycles(budget: maxSplits) else { return memoDepthSort(group, memo) }
    return t.ordered()
}

/// `body` given the reach `u` refers to (nil for nil), unretained: the caller holds it.
@inline(__always)
func guaranteed<R>(_ u: Unmanaged<Reach>?, _ body: (Reach?) -> R) -> R {
    guard let u else { return body(nil) }
    return u._withUnsafeGuaranteedRef { body($0) }
}

/// depthSort(pieces), through `memo` when there is one.
func memoDepthSort(_ pieces: [DrawPolygon], _ memo: TangleMemoSession?) -> [DrawPolygon] {
    guard let memo else { return depthSort(pieces) }
    return memo.ordered(1, pieces) { depthSort(pieces) }
}

/// A cycle of more pieces than this (after the interpenetrating pairs are split) goes through
/// the BSP tree whole: splitting it by one plane and ordering each side again costs a pass
/// over the cycle per level, quadratic in a large one.
let largestCycle = 64

/// Rounds of single splits that break cycles before whole-plane splits take over.
let maxCycleRounds = 8

/// An empty list of constraints with room for a piece's usual neighbours (grown one by one
/// from nothing, most lists would be reallocated three or four times).
func edgeList() -> [Int] {
    var list: [Int] = []
    list.reserveCapacity(12)
    return list
}

/// The edges reversed, in one flat list: the members with an edge to member i are
/// `reverse[start[i]..<start[i + 1]]`.
func reversedEdges(_ edges: [[Int]]) -> (start: [Int], reverse: [Int]) {
    var start = [Int](repeating: 0, count: edges.count + 1)
    for list in edges { for j in list { start[j + 1] += 1 } }
    for i in edges.indices { start[i + 1] += start[i] }
    var fill = start, reverse = [Int](repeating: 0, count: start[edges.count])
    for i in edges.indices {
        for j in edges[i] {
            reverse[fill[j]] = i
            fill[j] += 1
        }
    }
    return (start, reverse)
}

/// The pieces of a group and the constraints between them.
struct Tangle {
    var polys: [DrawPolygon]
    /// Each piece's member (polys[i].member), apart: tie order is compared in every link and
    /// sort, and reading it through the polygon cost a retain and release of the polygon.
    var member: [Int]
    /// Footprints without the anti-aliasing margin: what each piece covers.
    var feet: [Footprint]
    /// after[i]: pieces that must be drawn after i (their footprints overlap); before[i]: the
    /// same edges reversed.
    var after: [[Int]]
    var before: [[Int]]
    /// Bumped when a piece is split, so stale pending pairs are skipped.
    var version: [Int]
    /// Interpenetrating pairs not yet split: (earlier, its version, later, its version).
    var pending: [(i: Int, vi: Int, j: Int, vj: Int)] = []
    /// Splits made.
    var splits = 0
    let planeToTarget: Mat4
    let toPlane: PixelsToPlane?
    /// Earlier frames' results of the steps below (nil: all computed).
    let memo: TangleMemoSession?

    // Tracking for reuse across frames (TangleReuse.swift; empty / off unless `track` was called).
    /// The group's polygons as given (piece i < group.count starts as group[i]).
    var group: [DrawPolygon] = []
    /// Each piece's original: the index in `group` of the polygon it was cut from.
    var origin: [Int] = []
    /// Each piece's interpenetration component (of its original, TangleReuse.swift).
    var comp: [Int] = []
    /// Pairs of originals whose pieces interpenetrated though their components differ (a
    /// sliver's footprint, grown by the margin, can reach past its parent's): one component.
    var joins: [(Int, Int)] = []
    /// Originals whose splits are replayed (a small tangle, TangleReuse.swift): a piece of
    /// theirs interpenetrating another component's makes the reuse unsafe (`mixed`).
    var locked: [Bool] = []
    var mixed = false
    /// The units of the locked pieces found interpenetrating another unit's.
    var mixedWith: [Int] = []
    /// Whether splits of interpenetrating pairs are logged in `events`.
    var recording = false
    var events: [TangleEvent] = []
    /// Sort keys of the originals (TangleReuse.swift), and the burst being logged: the initial
    /// pending pair it started from and how many splits it made so far.
    var keys: [Int] = []
    var burst = (a: 0, b: 0, n: 0)
    /// Pending pairs below this place are the initial ones not yet taken.
    var initialLeft = 0
    /// Splits made elsewhere to interleave with this tangle's own (TangleReuse.swift), in
    /// the order the whole group makes them; `place` finds their pieces here.
    var external: [TangleEvent] = []
    var nextExternal = 0
    /// Where each external split's new piece was put here.
    var replayedAt: [Int] = []
    var place: [ObjectIdentifier: Int] = [:]

    init(_ group: [DrawPolygon], edges: [[Int]], planeToTarget: Mat4, memo: TangleMemoSession?) {
        self.memo = memo
        polys = group
        member = group.map(\.member)
        feet = []
        feet.reserveCapacity(group.count)
        after = (0..<group.count).map { _ in edgeList() }
        before = (0..<group.count).map { _ in edgeList() }
        version = [Int](repeating: 0, count: group.count)
        self.planeToTarget = planeToTarget
        toPlane = PixelsToPlane(planeToTarget)
        for p in group { feet.append(footprint(p)) }
        // The pairs related with the margin, related again without it (each pair once, i < j,
        // in order of i then j).
        let (start, reverse) = reversedEdges(edges)
        var later: [Int] = []
        later.reserveCapacity(32)
        for i in edges.indices {
            // (One reused list: copying each piece's edges to append the reversed ones made
            // and freed an array a piece.)
            later.removeAll(keepingCapacity: true)
            for j in edges[i] where j > i { later.append(j) }
            for k in start[i]..<start[i + 1] where reverse[k] > i { later.append(reverse[k]) }
            later.sort()
            var last = -1
            for j in later where j != last {
                last = j
                link(i, j)
            }
        }
    }

    /// The order of pieces a and b (a first in tie order) over their footprints: static, so a
    /// caller holding the tangle inout passes the two pieces rather than a copy of the whole
    /// tangle (which cost a retain and release of each of its arrays at every pair).
    static func order(_ a: DrawPolygon, _ b: DrawPolygon, _ fa: Footprint, _ fb: Footprint,
                      toPlane: PixelsToPlane?, memo: TangleMemoSession?) -> PairOrder {
        // Boxes apart: footprints apart (what pairOrder would find, sooner).
        guard fa.mayMeet(fb) else { return .free }
        return order(a, b, reachA: fa.reach, reachB: fb.reach, bounded: fa.bounded && fb.bounded, toPlane: toPlane, memo: memo)
    }

    /// The order of pieces a and b whose footprints' boxes meet, given the footprints' reaches.
    @inline(__always)
    static func order(_ a: DrawPolygon, _ b: DrawPolygon, reachA: Reach?, reachB: Reach?, bounded: Bool,
                      toPlane: PixelsToPlane?, memo: TangleMemoSession?) -> PairOrder {
        if let memo, let o = memo.order(a, b) { return o }
        let o = pairOrder(a, b, reachA: reachA, reachB: reachB, toPlane: toPlane, bounded: bounded)
        memo?.keep(o, of: a, b)
        return o
    }

    /// Tie order: the member, then the piece's index (pieces of one member never overlap).
    func tieBefore(_ x: Int, _ y: Int) -> Bool { (member[x], x) < (member[y], y) }

    /// A piece's place in tie order as one number (members and pieces are far fewer than 2^31).
    /// (Written out where a closure needs it: calling this one captures the tangle.)
    func tieKey(_ x: Int) -> Int { member[x] << 32 | x }

    /// Relates pieces x and y (either order) as relate() does, but over what they cover (no
    /// margin), queueing them for a split if their planes cross there. Pairs that only come
    /// within the margin of each other stay free: where one's anti-aliased fringe (outside
    /// it, with no depth of its own) meets the other, either order is as good.
    mutating func link(_ x: Int, _ y: Int) {
        let (i, j) = tieBefore(x, y) ? (x, y) : (y, x)
        // Boxes apart: footprints apart (what pairOrder would find, sooner).
        guard boxesMeet(feet[i].box, feet[j].box) else { return }
        // The two pieces and their reaches passed unretained (`polys` and `feet` hold them
        // until the order is made): read from the arrays here, the four were retained and
        // released at every pair.
        let bounded = feet[i].bounded && feet[j].bounded
        let ra = feet[i].reach.map(Unmanaged.passUnretained), rb = feet[j].reach.map(Unmanaged.passUnretained)
        let o = Unmanaged.passUnretained(polys[i])._withUnsafeGuaranteedRef { a in
            Unmanaged.passUnretained(polys[j])._withUnsafeGuaranteedRef { b in
                guaranteed(ra) { reachA in
                    guaranteed(rb) { reachB in
                        Tangle.order(a, b, reachA: reachA, reachB: reachB, bounded: bounded, toPlane: toPlane, memo: memo)
                    }
                }
            }
        }
        switch o {
        case .free: break
        case .firstBeforeSecond: after[i].append(j); before[j].append(i)
        case .secondBeforeFirst: after[j].append(i); before[i].append(j)
        case .interleaved:
            after[i].append(j); before[j].append(i)
            after[j].append(i); before[i].append(j)
            pending.append((i, version[i], j, version[j]))
            if !comp.isEmpty && comp[i] != comp[j] { join(i, j) }
        }
    }

    /// Splits every interpenetrating pair (the later along the earlier's plane) until none is
    /// left; false when the splits made so far pass `budget`.
    mutating func splitInterpenetrating(budget: Int) -> Bool {
        while let p = pending.last {
            if recording && pending.count - 1 < initialLeft {
                // An initial pair: a burst of its own (what it leads to is split before the next).
                initialLeft = pending.count - 1
                let a = keys[min(p.i, p.j)], b = keys[max(p.i, p.j)]
                replayExternal(before: (a, b))
                burst = (a, b, 0)
            }
            pending.removeLast()
            guard version[p.i] == p.vi, version[p.j] == p.vj else { continue }
            // The later is split along the earlier's plane, as the BSP tree would, unless the
            // other way round resolves more crossings at once (the earlier crossing a row of
            // cards in one plane, cut once by that plane).
            let (x, y) = resolved(p.i, by: p.j) > resolved(p.j, by: p.i) ? (p.i, p.j) : (p.j, p.i)
            if (split(x, by: y) || split(y, by: x)) && splits > budget { return false }
        }
        if recording { replayExternal(before: nil) }
        return true
    }

    /// How many members (not pieces: the pieces of one member count once) that piece x
    /// interpenetrates (constrained both ways with it) lie in y's plane: the crossings a split
    /// of x along that plane resolves.
    func resolved(_ x: Int, by y: Int) -> Int {
        var members: [Int] = []
        for u in after[x] where before[x].contains(u) && !members.contains(member[u])
            && (u == y || viewerSide(polys[u], of: polys[y]) == 0) { members.append(member[u]) }
        return members.count
    }

    /// A piece's footprint: what it covers, or for a sliver (thinner than a pixel on average,
    /// as an edge-on card, whose fringe is most of what it shades) what it may shade, margin included.
    func footprint(_ p: DrawPolygon) -> Footprint {
        if let memo, let f = memo.footprint(of: p) { return f }
        let f = makeFootprint(p)
        memo?.keep(f, of: p)
        return f
    }

    /// footprint(p), computed.
    func makeFootprint(_ p: DrawPolygon) -> Footprint {
        Footprint(p, planeToTarget: planeToTarget, margin: 0, sliverMargin: overlapMargin)
    }

    /// Splits what stays strongly connected once nothing interpenetrates (cycles of pieces
    /// that overlap one another in turn): in each cycle, the member whose plane the fewest
    /// others straddle picks one straddling neighbour (one it is constrained with, if any) and
    /// splits it, then the groups are found again; a few rounds at most (what is left then is
    /// split by planes whole, in `ordered`). False when the splits pass `budget`.
    mutating func breakCycles(budget: Int) -> Bool {
        // A split piece's constraints are a subset of its parent's, so a cycle after a round
        // lies within a cycle before it (or among new pieces): each round looks only at those.
        var suspects = Array(polys.indices)
        var lastCycling = Int.max, lastSplits = 0
        for _ in 0..<maxCycleRounds {
            let cycles = cyclicGroups(among: suspects)
            guard !cycles.isEmpty else { return true }
            // Single splits that leave about as many pieces cycling as they made (cycles
            // through many overlaps, as in a dense tangle) are not breaking them: the
            // whole-plane splits of `ordered` do better there.
            let cycling = cycles.reduce(0) { $0 + $1.count }
            guard lastCycling == Int.max || lastCycling - cycling >= lastSplits else { return true }
            lastCycling = cycling
            let first = polys.count, before = splits
            var progress = false
            for m in cycles {
                guard let (x, y) = cycleCut(m) else { continue }
                progress = split(x, by: y) || progress
            }
            lastSplits = splits - before
            guard progress, splitInterpenetrating(budget: budget), splits <= budget else { return splits <= budget }
            suspects = cycles.flatMap { $0 } + Array(first..<polys.count)
        }
        return true
    }

    /// The strongly connected groups of more than one piece among `pieces` (constraints to
    /// pieces outside ignored), each in tie order, ordered by their first pieces.
    func cyclicGroups(among pieces: [Int]) -> [[Int]] {
        // The constraints among them, in one flat list (an array per piece was most of the
        // cost), numbered by their place in `pieces`, or by piece when they are all the pieces.
        // (The groups do not depend on the order pieces are visited in: taken as given, and
        // only the pieces of groups of several put in tie order.)
        let all = pieces.count == polys.count
        var start = [Int](), targets: [Int] = []
        if all {
            (start, targets) = flatEdges(after)
        } else {
            var local = [Int](repeating: -1, count: polys.count)
            for (k, i) in pieces.enumerated() { local[i] = k }
            start.reserveCapacity(pieces.count + 1)
            start.append(0)
            for i in pieces {
                for u in after[i] where local[u] >= 0 { targets.append(local[u]) }
                start.append(targets.count)
            }
        }
        let (component, count) = stronglyConnected(start: start, targets: targets)
        // (Lists for groups of several pieces only: most pieces are groups of their own.)
        var size = [Int](repeating: 0, count: count)
        for c in component { size[c] += 1 }
        var slot = [Int](repeating: -1, count: count), groups: [[Int]] = []
        for (k, i) in pieces.enumerated() where size[component[all ? i : k]] > 1 {
            let c = component[all ? i : k]
            if slot[c] < 0 {
                slot[c] = groups.count
                groups.append([])
                groups[slot[c]].reserveCapacity(size[c])
            }
            groups[slot[c]].append(i)
        }
        // (The keys through `member` alone: a closure calling tieKey captured a copy of the
        // whole tangle, each of its arrays retained and released.)
        let member = member
        func key(_ x: Int) -> Int { member[x] << 32 | x }
        for g in groups.indices { groups[g].sort { key($0) < key($1) } }
        return groups.sorted { key($0[0]) < key($1[0]) }
    }

    /// In a cycle `m` (tie order): the piece to split and the piece along whose plane (nil when
    /// no member's plane is straddled by another).
    func cycleCut(_ m: [Int]) -> (Int, Int)? {
        var best: (x: Int, y: Int)?, fewest = Int.max
        for y in m.prefix(32) {
            var straddling: [Int] = []
            for x in m where x != y && viewerSide(polys[x], of: polys[y]) == nil {
                straddling.append(x)
                if straddling.count >= fewest { break }
            }
            guard !straddling.isEmpty, straddling.count < fewest else { continue }
            fewest = straddling.count
            let x = straddling.first { after[y].contains($0) || before[y].contains($0) } ?? straddling[0]
            best = (x, y)
        }
        return best
    }

    /// Splits piece j along piece i's plane, relating both halves to j's neighbours; false
    /// when j does not straddle that plane.
    mutating func split(_ j: Int, by i: Int) -> Bool {
        guard case .split(let f, let b) = memo?.classify(polys[j], against: polys[i]) ?? polys[j].classify(against: polys[i]) else { return false }
        if recording {
            events.append(TangleEvent(a: burst.a, b: burst.b, n: burst.n, slot: j, made: polys.count, root: origin[j], parent: polys[j], front: f, back: b))
            burst.n += 1
        }
        divide(j, into: f, b)
        return true
    }

    /// Replaces piece j by its pieces f (in j's place) and b (a new piece), relating both to
    /// j's neighbours.
    mutating func divide(_ j: Int, into f: DrawPolygon, _ b: DrawPolygon) {
        splits += 1
        // Unlink j from its neighbours, then relate both pieces to each of them.
        let wasAfter = after[j], wasBefore = before[j]
        var neighbours = wasAfter + wasBefore
        for u in after[j] { before[u].removeAll { $0 == j } }
        for u in before[j] { after[u].removeAll { $0 == j } }
        after[j].removeAll(keepingCapacity: true); before[j].removeAll(keepingCapacity: true)
        neighbours.sort()
        let k = polys.count
        polys[j] = f
        feet[j] = footprint(f)
        version[j] += 1
        polys.append(b)
        member.append(b.member)
        feet.append(footprint(b))
        after.append(edgeList()); before.append(edgeList())
        version.append(0)
        if !origin.isEmpty { origin.append(origin[j]) }
        if !comp.isEmpty { comp.append(comp[j]) }
        if !place.isEmpty { place[ObjectIdentifier(f)] = j; place[ObjectIdentifier(b)] = k }
        var last = -1
        for u in neighbours where u != last {
            last = u
            let meetsFront = feet[j].mayMeet(feet[u]), meetsBack = feet[k].mayMeet(feet[u])
            if meetsFront && meetsBack {
                link(j, u)
                link(k, u)
            } else if meetsFront || meetsBack {
                // u misses one piece: what it shares with the other is what it shared with
                // j, on j's plane, so a one-way constraint holds for that pair as it was (an
                // interpenetrating pair is tested again: the piece may lie on one side).
                let p = meetsFront ? j : k, later = wasAfter.contains(u), earlier = wasBefore.contains(u)
                if later && earlier { link(p, u) } else { inherit(p, u, later: later, earlier: earlier) }
            }
        }
    }

    /// Constrains piece p and u one way as its parent was: u drawn after it (`later`) or
    /// before it (`earlier`).
    mutating func inherit(_ p: Int, _ u: Int, later: Bool, earlier: Bool) {
        if later { after[p].append(u); before[u].append(p) }
        if earlier { after[u].append(p); before[p].append(u) }
    }

    /// The pieces in a topological order of their constraints between strongly connected
    /// groups (each now a cycle with no interpenetration, split by its best splitter).
    func ordered() -> [DrawPolygon] {
        let member = member
        let c = Condensation(after) { member[$0] << 32 | $0 }  // tieKey, without capturing the tangle
        var out: [DrawPolygon] = []
        out.reserveCapacity(polys.count)
        for g in c.order {
            let slice = c.members(g)
            if slice.count == 1 {
                out.append(polys[slice[slice.startIndex]])
                continue
            }
            let m = Array(slice)
            if m.count > largestCycle {
                // Re-ordering each side after a split costs a pass over the cycle per level.
                out += memoDepthSort(m.map { polys[$0] }, memo)
            } else if let memo {
                out += memo.ordered(0, m.map { polys[$0] }) { orderCycle(m) }
            } else {
                out += orderCycle(m)
            }
        }
        return out
    }

    /// Orders a cycle of pieces (`m` in tie order) that do not interpenetrate: split by the
    /// plane of the member that straddles the fewest others (among the first few, for a
    /// bound on the work), each side ordered again by overlap.
    func orderCycle(_ m: [Int]) -> [DrawPolygon] {
        var best = m[0], fewest = Int.max
        for s in m.prefix(32) {
            var straddling = 0
            for x in m where x != s && viewerSide(polys[x], of: polys[s]) == nil {
                straddling += 1
                if straddling >= fewest { break }
            }
            if straddling < fewest { fewest = straddling; best = s }
        }
        let root = polys[best]
        var coplanar: [DrawPolygon] = [], front: [DrawPolygon] = [], back: [DrawPolygon] = []
        for x in m {
            guard x != best else { coplanar.append(root); continue }
            switch polys[x].classify(against: root) {
            case .coplanar: coplanar.append(polys[x])
            case .front: front.append(polys[x])
            case .back: back.append(polys[x])
            case .split(let f, let b): front.append(f); back.append(b)
            }
        }
        let viewerInFront = root.normal.z >= 0
        let (first, last) = viewerInFront ? (back, front) : (front, back)
        return orderContext(first, planeToTarget: planeToTarget) + coplanar + orderContext(last, planeToTarget: planeToTarget)
    }
}
