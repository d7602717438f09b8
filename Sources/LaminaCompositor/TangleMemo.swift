// What ordering a tangled group computes from its pieces, kept across frames. A DrawPolygon
// is immutable, and each step memoized here is a pure function of the polygons it is given
// (and of the context's planeToTarget, fixed for one memo): a piece's footprint, the order of
// a pair, the split of one piece by another's plane, and the order of a cycle. So when a
// changed card is in a large group, the group is ordered again by the very same algorithm,
// but every step among pieces that were there last frame (the unchanged members are handed
// in as last frame's very objects, RetainedOrder.swift, and a memoized split hands out last
// frame's very pieces) is looked up instead of computed: the result is the one from scratch.
// Every entry holds its polygons, so an identifier in a key is never reused by another object.
import QuartzCore

/// Results of a context's tangle steps, kept from frame to frame (one per retained context).
final class TangleMemo: @unchecked Sendable {
    /// A list of pieces and which function of it (0: orderCycle, 1: depthSort).
    struct List: Hashable { let kind: Int, ids: [ObjectIdentifier] }

    struct Foot { let p: DrawPolygon; let foot: Footprint }
    struct Split { let a: DrawPolygon, by: DrawPolygon; let side: DrawPolygon.Side }
    struct Ordered { let pieces: [DrawPolygon]; let result: [DrawPolygon] }

    // (Tables by the polygons' addresses, IdentityTable.swift: every entry holds its polygons,
    // but pair orders, plain values read at every pair, whose polygons `held` holds.)
    fileprivate(set) var feet = IdentityTable<Foot>()
    fileprivate(set) var orders = IdentityTable<PairOrder>()
    private var held: [DrawPolygon] = []
    fileprivate(set) var splits = IdentityTable<Split>()
    fileprivate(set) var lists: [List: Ordered] = [:]
    /// The last record of the tangle each member was in (TangleReuse.swift), by member.
    // (By the member's number as a key of IdentityTable: a Dictionary ran SipHash for each of
    // the hundreds of members of a large tangle every frame.)
    fileprivate(set) var records = IdentityTable<TangleRecord?>()
    /// The entry count once the memo settled (one frame after it was started): it is
    /// cleared when it has grown well past it (entries of pieces long gone), and refilled
    /// by the next tangle ordered (the same result, computed once more).
    private var settled: Int?

    var count: Int { feet.count + orders.count + splits.count + lists.count }

    /// Starts a frame: clears the memo once it has more than doubled since it settled.
    func beginFrame() {
        guard let settled else { if count > 0 { settled = count }; return }
        guard count > 2 * settled + 4096 else { return }
        feet.removeAll(); orders.removeAll(); held = []; splits.removeAll(); lists = [:]; records.removeAll()
        self.settled = nil
    }

    /// A session for one tangle: it reads this memo (left untouched while tangles run on
    /// several cores) and gathers what it computes, for `absorb` afterwards.
    func session() -> TangleMemoSession { TangleMemoSession(self) }

    /// Steps looked up (computed in an earlier frame) since the memo was made (for tests and benchmarks).
    private(set) var reused = 0
    /// Interpenetrating splits kept from an earlier frame, not redone (TangleReuse.swift), since the memo was made.
    private(set) var keptSplits = 0

    /// Takes in finished sessions' new entries. (Their views of the memo's pair orders are
    /// given up first: a table still shared when written is copied whole.)
    func absorb(_ sessions: [TangleMemoSession]) {
        for s in sessions { s.finish() }
        for s in sessions { absorb(s) }
    }

    /// Takes in a finished session's new entries.
    private func absorb(_ s: TangleMemoSession) {
        reused += s.reused
        keptSplits += s.keptSplits
        s.newFeet.forEach { a, b, v in feet.set(a, b, v) }
        s.newOrders.forEach { a, b, v in orders.set(a, b, v) }
        held += s.newHeld
        s.newSplits.forEach { a, b, v in splits.set(a, b, v) }
        for (k, v) in s.newLists { lists[k] = v }
        for (group, r) in s.newRecords { for p in group { records.set(UInt(bitPattern: p.member), 0, r) } }
    }
}

/// One tangle's view of a TangleMemo: lookups in the memo, new results kept here. (Sendable
/// to be handed to the job that orders one group: each session is used by that job alone.)
final class TangleMemoSession: @unchecked Sendable {
    private let memo: TangleMemo
    /// The memo's pair orders, read without going through the memo at every pair (a table
    /// shares its storage until written: the memo is written only once sessions are done).
    private var orders: IdentityTable<PairOrder>
    fileprivate var newFeet = IdentityTable<TangleMemo.Foot>()
    fileprivate var newOrders = IdentityTable<PairOrder>()
    /// The polygons of newOrders' keys.
    fileprivate var newHeld: [DrawPolygon] = []
    fileprivate var newSplits = IdentityTable<TangleMemo.Split>()
    fileprivate var newLists: [TangleMemo.List: TangleMemo.Ordered] = [:]
    fileprivate var newRecords: [(group: [DrawPolygon], record: TangleRecord?)] = []
    /// Steps looked up in the memo (computed in an earlier frame).
    fileprivate var reused = 0
    /// Interpenetrating splits kept from an earlier frame (TangleReuse.swift).
    var keptSplits = 0

    fileprivate init(_ memo: TangleMemo) { self.memo = memo; orders = memo.orders }

    /// Ends the session's lookups (it no longer shares the memo's table of pair orders).
    fileprivate func finish() { orders = IdentityTable() }

    // (Lookups and stores apart, not one call taking a closure: a closure over the tangle
    // would copy it, all its arrays retained and released, at every pair.)

    /// The footprint found for the very same polygon before, or nil.
    func footprint(of p: DrawPolygon) -> Footprint? {
        let k = address(p)
        if let e = memo.feet.value(k, 0) { reused += 1; return e.foot }
        return newFeet.value(k, 0)?.foot
    }

    /// Keeps the footprint computed for `p`.
    func keep(_ f: Footprint, of p: DrawPolygon) { newFeet.set(address(p), 0, TangleMemo.Foot(p: p, foot: f)) }

    /// The order found for `a` and `b` (in that order) before, or nil.
    func order(_ a: DrawPolygon, _ b: DrawPolygon) -> PairOrder? {
        let ka = address(a), kb = address(b)
        if let o = orders.value(ka, kb) { reused += 1; return o }
        return newOrders.value(ka, kb)
    }

    /// Keeps the order computed for `a` and `b`.
    func keep(_ o: PairOrder, of a: DrawPolygon, _ b: DrawPolygon) {
        newOrders.set(address(a), address(b), o)
        newHeld.append(a)
        newHeld.append(b)
    }

    /// `a.classify(against: plane)`, or what it gave for the same two polygons before (the same pieces).
    func classify(_ a: DrawPolygon, against plane: DrawPolygon) -> DrawPolygon.Side {
        let ka = address(a), kb = address(plane)
        if let e = memo.splits.value(ka, kb) { reused += 1; return e.side }
        if let e = newSplits.value(ka, kb) { return e.side }
        let s = a.classify(against: plane)
        newSplits.set(ka, kb, TangleMemo.Split(a: a, by: plane, side: s))
        return s
    }

    /// The record of the last frame's tangle holding one of `group`'s polygons (the very
    /// object), or nil.
    func record(for group: [DrawPolygon]) -> TangleRecord? {
        for p in group {
            if let r = memo.records.value(UInt(bitPattern: p.member), 0) ?? nil, r.place(of: p) != nil { return r }
        }
        return nil
    }

    /// Keeps the record of the tangle of `group` (nil: none usable; older ones forgotten).
    func keep(_ r: TangleRecord?, for group: [DrawPolygon]) { newRecords.append((group, r)) }

    /// `make()`, a function (`kind`) of the list `pieces`, or what it gave for the same list before.
    func ordered(_ kind: Int, _ pieces: [DrawPolygon], _ make: () -> [DrawPolygon]) -> [DrawPolygon] {
        let k = TangleMemo.List(kind: kind, ids: pieces.map(ObjectIdentifier.init))
        if let e = memo.lists[k] { reused += 1; return e.result }
        if let e = newLists[k] { return e.result }
        let r = make()
        newLists[k] = TangleMemo.Ordered(pieces: pieces, result: r)
        return r
    }
}

/// A polygon's address, its key in the memo's tables (each entry holds the polygon, so the
/// address names no other object while the entry is there).
private func address(_ p: DrawPolygon) -> UInt { UInt(bitPattern: ObjectIdentifier(p)) }
