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
        let item: DrawQuad
        let hash: Int
        let placed: DrawQuad
        let visible: [SIMD2<Double>]
        var finished: (edges: EdgeMask, quad: DrawQuad)?
        /// What the seam pass found for it last (RetainedSeams.swift), and the seam passes
        /// that last used and kept it.
        var seamed: Seamed?
        var seamUse = 0, seamKept = 0
        /// The next entry with the same hash.
        var next: Entry?

        init(item: DrawQuad, hash: Int, placed: DrawQuad, visible: [SIMD2<Double>]) {
            self.item = item
            self.hash = hash
            self.placed = placed
            self.visible = visible
        }
    }

    private var planeToTarget = Mat4.identity, width = -1, height = -1
    /// Entries by hash (chained through `next`): the last frame's, and this frame's so far.
    // (Tables keyed by the hash itself, IdentityTable.swift: no hashing of the hash.)
    private var last = IdentityTable<Entry>()
    private var current = IdentityTable<Entry>()
    /// Items placed and finished from the last frame in the last compile (for tests and benchmarks).
    private(set) var reused = 0
    /// Items looked up and found in the frame being built.
    private var lookups = 0, hits = 0
    /// Seam passes run (RetainedSeams.swift), the edges the last one tested, and its quad count.
    var seamFrame = 0
    var lastSeamFrames: [SeamFrame] = [], lastSeamQuadOf: [Int] = []
    var lastSeamQuads = 0
    /// Quads whose seams the last seam pass took from the frame before (for tests and benchmarks).
    var reusedSeams = 0
    /// While most items change every frame (a view turning), keeping them costs and is never
    /// used: frames left to skip, and how many the next run of misses skips (doubling to 16).
    private var skipping = 0, backoff = 1

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
        if current.count > 0 { last = current }
        if !(sameBits(planeToTarget, self.planeToTarget) && width == self.width && height == self.height) { last.removeAll() }
        self.planeToTarget = planeToTarget
        self.width = width
        self.height = height
        current = IdentityTable()
        current.reserve(last.count)
        reused = 0
        lookups = 0
        hits = 0
        return true
    }

    /// Forgets every kept quad.
    func reset() { last.removeAll(); current.removeAll(); width = -1; lookups = 0; hits = 0; skipping = 0; backoff = 1; lastSeamFrames = []; lastSeamQuadOf = []; lastSeamQuads = 0 }

    /// A hash of an item's placement and clips (equal items, bit for bit, hash the same;
    /// QuickHasher, as a collision only costs a comparison of the items).
    static func hash(_ item: DrawQuad) -> Int {
        var h = QuickHasher()
        func mix(_ v: UInt64) { h.combine(v) }
        let m = item.matrix
        mix(m.r0.x.bitPattern); mix(m.r0.y.bitPattern); mix(m.r0.w.bitPattern)
        mix(m.r1.x.bitPattern); mix(m.r1.y.bitPattern); mix(m.r1.w.bitPattern)
        mix(m.r3.x.bitPattern); mix(m.r3.y.bitPattern); mix(m.r3.w.bitPattern)
        mix(item.rect.minX.bitPattern); mix(item.rect.maxY.bitPattern)
        for c in item.clips { mix(c.c.bitPattern) }
        mix(item.layer.map { UInt64(UInt(bitPattern: $0)) } ?? 0)
        return h.value
    }

    /// The entry of an item equal bit for bit to `item` (hashed `hash`), this frame's or the
    /// last frame's (then kept for the next), or nil.
    func entry(_ item: DrawQuad, hash: Int) -> Entry? {
        lookups += 1
        var e = current.value(key(hash), 0)
        while let x = e { if sameQuad(x.item, item) { return x }; e = x.next }
        e = last.value(key(hash), 0)
        while let x = e {
            if sameQuad(x.item, item) {
                // Moved into this frame's table. (Its link in the last frame's chain is given
                // up: an entry after it there, of another item with the same hash, is at worst
                // not found again, and computed afresh.)
                add(x)
                hits += 1
                return x
            }
            e = x.next
        }
        return nil
    }

    /// Keeps an item's placement (an empty visible part: dropped) and returns its entry.
    func keep(_ item: DrawQuad, hash: Int, placed: DrawQuad, visible: [SIMD2<Double>]) -> Entry {
        let e = Entry(item: item, hash: hash, placed: placed, visible: visible)
        add(e)
        return e
    }

    private func add(_ e: Entry) {
        e.next = current.value(key(e.hash), 0)
        current.set(key(e.hash), 0, e)
    }

    /// The entry's quad finished as before with the same anti-aliased edges, or nil.
    func finished(_ e: Entry, edges: EdgeMask) -> DrawQuad? {
        guard let f = e.finished, f.edges == edges else { return nil }
        reused += 1
        return f.quad
    }
}

/// Whether two quads are equal bit for bit (a NaN equals itself, -0 differs from 0): every
/// field of DrawQuad (RetainedQuadsTests checks that none is missed).
func sameQuad(_ a: DrawQuad, _ b: DrawQuad) -> Bool {
    sameBits(a.matrix, b.matrix) && sameBits(a.rect, b.rect) && a.layer == b.layer && sameBits(a.clips, b.clips)
        && sameBits(a.cornerRadius, b.cornerRadius) && a.antialiasedEdges == b.antialiasedEdges && sameBits(a.fill, b.fill)
        && sameBits(a.borderWidth, b.borderWidth) && sameBits(a.borderColor, b.borderColor) && sameBits(a.mask, b.mask)
        && sameBits(a.opacity, b.opacity) && sameBits(a.lighting, b.lighting) && sameBits(a.cover, b.cover)
        && a.isSplit == b.isSplit && sameBits(a.sampleClamp, b.sampleClamp) && sameBits(a.interior, b.interior)
        && sameBits(a.tint, b.tint) && sameBits(a.maskTexture, b.maskTexture) && sameBits(a.reexpression, b.reexpression)
        && a.unflattenedIndex == b.unflattenedIndex && a.layerName == b.layerName && a.role == b.role
}

/// A hash as a table key.
private func key(_ hash: Int) -> UInt { UInt(bitPattern: hash) }
