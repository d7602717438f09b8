// The output target's quads of the last frame, kept for the next: placing an item (its map
// into pixels, its visible part, the view's clips) and finishing its quad (cover, interior,
// recentering) are functions of the item alone (given the target's map and size) and, for
// finishing, of which edges the seam pass left anti-aliased. So an item equal bit for bit to
// one of the last frame is placed as it was, and finished as it was when the seams left it
// the same edges: a changed card among a thousand places and finishes that card's quads.
// (The seam pass itself runs over every quad: it relates quads to one another.)
import QuartzCore

/// Placed and finished quads of the last frame's output target, by the item they came from.
final class RetainedQuads {
    /// An item as placed (an empty visible part: dropped), and as finished once for given
    /// edges. (A class: a DrawQuad is large, and entries are handed around, never copied.)
    final class Entry {
        /// The item and its placement, each where it lies (compared and copied from there:
        /// a DrawQuad is large, and reading one out of a class's property copies it).
        let item: UnsafeMutablePointer<DrawQuad>
        let hash: Int
        let placed: UnsafeMutablePointer<DrawQuad>
        let visible: [SIMD2<Double>]
        @exclusivity(unchecked) var finished: Finished?
        /// What the seam pass found for it last (RetainedSeams.swift), and the seam passes
        /// that last used and kept it.
        @exclusivity(unchecked) var seamed: Seamed?
        @exclusivity(unchecked) var seamUse = 0, seamKept = 0
        /// The frame that last took it into its table, and the one that last finished its quad.
        @exclusivity(unchecked) var usedInFrame = 0, finishUse = 0
        /// The next entry with the same hash.
        @exclusivity(unchecked) var next: Entry?

        init(item: DrawQuad, hash: Int, placed: DrawQuad, visible: [SIMD2<Double>]) {
            self.item = .allocate(capacity: 1)
            self.item.initialize(to: item)
            self.hash = hash
            self.placed = .allocate(capacity: 1)
            self.placed.initialize(to: placed)
            self.visible = visible
        }

        deinit {
            item.deinitialize(count: 1)
            item.deallocate()
            placed.deinitialize(count: 1)
            placed.deallocate()
        }
    }

    /// A quad as finished for the anti-aliased edges it had before. (A class: taking it from an
    /// entry retains one reference, not every array of the quad, and the quad is copied once.)
    final class Finished {
        let edges: EdgeMask
        let quad: DrawQuad
        /// Whether the finished quad draws anything (a function of the quad).
        let drawn: Bool
        init(edges: EdgeMask, quad: DrawQuad, drawn: Bool) { self.edges = edges; self.quad = quad; self.drawn = drawn }
    }

    private var planeToTarget = Mat4.identity, width = -1, height = -1
    /// Entries by hash (chained through `next`): the last frame's, and this frame's so far.
    // (Tables keyed by the hash itself, IdentityTable.swift: no hashing of the hash. Read on
    // several threads at once, written by one: no runtime exclusivity checks, a call each.)
    @exclusivity(unchecked) private var last = IdentityTable<Entry>()
    @exclusivity(unchecked) private var current = IdentityTable<Entry>()
    /// Items placed and finished from the last frame in the last compile (for tests and benchmarks).
    @exclusivity(unchecked) private(set) var reused = 0
    /// Items looked up and found in the frame being built.
    @exclusivity(unchecked) private var lookups = 0, hits = 0
    /// Seam passes run (RetainedSeams.swift), and the edges of each quad the last one tested.
    var seamFrame = 0
    var lastQuadFrames: [[SeamFrame]] = []
    /// Quads whose seams the last seam pass took from the frame before (for tests and benchmarks).
    var reusedSeams = 0
    /// While most items change every frame (a view turning), keeping them costs and is never
    /// used: frames left to skip, and how many the next run of misses skips (doubling to 16).
    private var skipping = 0, backoff = 1
    /// Output targets begun with kept quads in use (numbers the frames for `use`).
    @exclusivity(unchecked) private var frame = 0
    /// finishKept passes run (numbers them for entries met twice in one).
    private var finishPasses = 0

    /// Starts the output target of a frame and says whether to use the kept quads in it: the
    /// last frame's entries are usable when its map and size were the same.
    func begin(planeToTarget: Mat4, width: Int, height: Int) -> Bool {
        if skipping > 0 {
            skipping -= 1
            last.removeAll(); current.removeAll()
            reused = 0
            return false
        }
        // Fewer than a quarter found again (after a frame that had entries to find): skip a while.
        if lookups > 0 && last.count > 0 && 4 * hits < lookups {
            skipping = backoff - 1
            backoff = min(2 * backoff, 16)
            last.removeAll(); current.removeAll()
            lookups = 0; hits = 0
            reused = 0
            return false
        }
        if lookups > 0 && 4 * hits >= lookups { backoff = 1 }
        // (The frame before last's table is freed off this thread: Disposal.swift.)
        if current.count > 0 { let old = last; last = current; Disposal.release(consume old) }
        if !(sameBits(planeToTarget, self.planeToTarget) && width == self.width && height == self.height) { last.removeAll() }
        self.planeToTarget = planeToTarget
        self.width = width
        self.height = height
        current = IdentityTable()
        current.reserve(last.count)
        frame += 1
        reused = 0
        lookups = 0
        hits = 0
        return true
    }

    /// Forgets every kept quad.
    func reset() { last.removeAll(); current.removeAll(); width = -1; lookups = 0; hits = 0; skipping = 0; backoff = 1; lastQuadFrames = [] }

    /// A hash of an item's placement and clips (equal items, bit for bit, hash the same;
    /// QuickHasher, as a collision only costs a comparison of the items).
    static func hash(_ item: DrawQuad) -> Int { withUnsafePointer(to: item) { hash($0) } }

    /// `hash` of the item at `item` (read in place).
    static func hash(_ item: UnsafePointer<DrawQuad>) -> Int {
        var h = QuickHasher()
        func mix(_ v: UInt64) { h.combine(v) }
        let m = item.pointee.matrix
        mix(m.r0.x.bitPattern); mix(m.r0.y.bitPattern); mix(m.r0.w.bitPattern)
        mix(m.r1.x.bitPattern); mix(m.r1.y.bitPattern); mix(m.r1.w.bitPattern)
        mix(m.r3.x.bitPattern); mix(m.r3.y.bitPattern); mix(m.r3.w.bitPattern)
        mix(item.pointee.rect.minX.bitPattern); mix(item.pointee.rect.maxY.bitPattern)
        item.pointee.clips.withUnsafeBufferPointer { for c in $0 { mix(c.c.bitPattern) } }
        mix(item.pointee.layer.map { UInt64(UInt(bitPattern: $0)) } ?? 0)
        return h.value
    }

    /// The last frame's entry of an item equal bit for bit to the one at `item` (hashed
    /// `hash`), or nil. It writes nothing, so several threads may ask at once (before any
    /// `use` of this frame).
    func lastEntry(_ item: UnsafePointer<DrawQuad>, hash: Int) -> Entry? {
        var e = last.value(key(hash), 0)
        while let x = e { if sameQuad(x.item, item) { return x }; e = x.next }
        return nil
    }

    /// The entry of an item equal bit for bit to `item` (hashed `hash`), this frame's or the
    /// last frame's (then kept for the next), or nil.
    func entry(_ item: DrawQuad, hash: Int) -> Entry? {
        if let e = currentEntry(item, hash: hash) { return e }
        guard let e = withUnsafePointer(to: item, { lastEntry($0, hash: hash) }) else { return nil }
        use(e, counted: true)
        return e
    }

    /// Takes an entry `lastEntry` found into this frame's table (kept for the next frame), once.
    func use(_ e: Entry, counted: Bool = false) {
        if !counted { lookups += 1 }
        guard e.usedInFrame != frame else { return }
        e.usedInFrame = frame
        // (Its link in the last frame's chain is given up: lookups in that table are over.)
        add(e)
        hits += 1
    }

    /// This frame's entry of an item equal bit for bit to `item` (hashed `hash`), or nil (for
    /// an item `lastEntry` did not find).
    func currentEntry(_ item: DrawQuad, hash: Int) -> Entry? {
        lookups += 1
        var e = current.value(key(hash), 0)
        while let x = e { if sameQuad(x.item.pointee, item) { return x }; e = x.next }
        return nil
    }

    /// Keeps an item's placement (an empty visible part: dropped) and returns its entry.
    func keep(_ item: DrawQuad, hash: Int, placed: DrawQuad, visible: [SIMD2<Double>]) -> Entry {
        let e = Entry(item: item, hash: hash, placed: placed, visible: visible)
        e.usedInFrame = frame
        add(e)
        return e
    }

    private func add(_ e: Entry) {
        e.next = current.value(key(e.hash), 0)
        current.set(key(e.hash), 0, e)
    }

    /// Quad `q` finished (its entry's finished quad when its edges are the same, else finished
    /// afresh and kept in the entry): whether it was found, and whether it draws anything.
    private static func finishOne(_ q: inout DrawQuad, _ e: Entry?, _ visible: [SIMD2<Double>]) -> (found: Bool, drawn: Bool) {
        if let e, let f = e.finished, f.edges == q.antialiasedEdges {
            q = f.quad
            return (true, f.drawn)
        }
        let edges = q.antialiasedEdges
        PlanBuilder.finish(&q, visible: visible)
        let drawn = !q.cover.isEmpty && q.fitsInFloat
        e?.finished = Finished(edges: edges, quad: q, drawn: drawn)
        return (false, drawn)
    }

    /// Finishes a retained frame's output quads (after the seam pass; `entries[k]`: quad k's,
    /// nil for quads never kept): a quad whose entry was finished with the same anti-aliased
    /// edges is that quad again, others are finished (`PlanBuilder.finish`) and kept in their
    /// entry. `drawn[k]`: whether quad k draws anything. On all cores, each quad in its own
    /// slots; an entry met again in the frame waits until the loop is over, and is then taken
    /// in quad order, as one loop would.
    func finishKept(_ quads: inout [DrawQuad], entries: [Entry?], visible: [[SIMD2<Double>]], drawn: inout [Bool]) {
        let n = quads.count
        finishPasses += 1
        let stamp = finishPasses
        var again: [Int] = []
        for k in 0..<n { if let e = entries[k] { if e.finishUse == stamp { again.append(k) } else { e.finishUse = stamp } } }
        var found = [Bool](repeating: false, count: n)
        quads.withUnsafeMutableBufferPointer { qp in found.withUnsafeMutableBufferPointer { fp in drawn.withUnsafeMutableBufferPointer { dp in
            let q = SharedBuffer(base: qp), f = SharedBuffer(base: fp), d = SharedBuffer(base: dp)
            let later = Set(again), kept = Unchecked(value: entries)
            _ = inRanges(n, minimum: spreadRetainedQuads) { r in
                for k in r where !later.contains(k) { (f.base[k], d.base[k]) = Self.finishOne(&q.base[k], kept.value[k], visible[k]) }
            }
        } } }
        for k in again { (found[k], drawn[k]) = Self.finishOne(&quads[k], entries[k], visible[k]) }
        reused = found.reduce(0) { $0 + ($1 ? 1 : 0) }
    }
}

/// Whether two quads are equal bit for bit (a NaN equals itself, -0 differs from 0): every
/// field of DrawQuad (RetainedQuadsTests checks that none is missed).
func sameQuad(_ a: DrawQuad, _ b: DrawQuad) -> Bool {
    withUnsafePointer(to: a) { pa in withUnsafePointer(to: b) { pb in sameQuad(pa, pb) } }
}

/// `sameQuad` of the quads at `pa` and `pb`, read in place: the same bytes (the very same
/// arrays and strings) at once, else field by field.
func sameQuad(_ pa: UnsafePointer<DrawQuad>, _ pb: UnsafePointer<DrawQuad>) -> Bool {
    if sameQuadBytes(pa, pb) { return true }
    return sameFields(pa.pointee, pb.pointee)
}

/// `sameQuad`, field by field.
@inline(__always)
private func sameFields(_ a: borrowing DrawQuad, _ b: borrowing DrawQuad) -> Bool {
    sameBits(a.matrix, b.matrix) && sameBits(a.rect, b.rect) && a.layer == b.layer && sameBits(a.clips, b.clips)
        && sameBits(a.cornerRadius, b.cornerRadius) && a.antialiasedEdges == b.antialiasedEdges && sameBits(a.fill, b.fill)
        && sameBits(a.borderWidth, b.borderWidth) && sameBits(a.borderColor, b.borderColor) && sameBits(a.mask, b.mask)
        && sameBits(a.opacity, b.opacity) && sameBits(a.lighting, b.lighting) && sameBits(a.cover, b.cover)
        && a.isSplit == b.isSplit && sameBits(a.sampleClamp, b.sampleClamp) && sameBits(a.interior, b.interior)
        && sameBits(a.tint, b.tint) && sameBits(a.maskTexture, b.maskTexture) && sameBits(a.reexpression, b.reexpression)
        && a.unflattenedIndex == b.unflattenedIndex && a.layerName == b.layerName && a.role == b.role
}

/// The fewest output quads whose kept placements are looked up on all cores (fewer: waking
/// the other threads costs more than the look-ups).
let spreadRetainedQuads = 512

/// A hash as a table key.
private func key(_ hash: Int) -> UInt { UInt(bitPattern: hash) }
