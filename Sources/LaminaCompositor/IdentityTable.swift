// A hash table keyed by one or two words (object addresses, or a hash), for the memo of
// tangle steps (TangleMemo.swift), which looks up every pair a re-ordered tangle relates, and
// the retained quads (RetainedQuads.swift): open addressing with linear probing and a
// multiplicative mix of the two words, where a Dictionary would run SipHash at every lookup.
// Keys that are addresses need their objects kept alive by the values (TangleMemo's entries
// hold their polygons), so that an address names one object.

/// Values by a pair of words (the second 0 for a key of one word).
struct IdentityTable<Value> {
    private var keysA: [UInt] = []
    private var keysB: [UInt] = []
    /// nil: an empty slot.
    private var values: [Value?] = []
    /// Entries held.
    private(set) var count = 0

    /// An empty table.
    init() {}

    /// The slot of a key, or of the empty slot where it would go (capacity a power of two).
    private func slot(_ a: UInt, _ b: UInt) -> Int {
        let mask = values.count - 1
        var h = (a &* 0x9E37_79B9_7F4A_7C15) ^ (b &* 0xC2B2_AE3D_27D4_EB4F)
        h ^= h >> 32
        var i = Int(truncatingIfNeeded: h) & mask
        while values[i] != nil && !(keysA[i] == a && keysB[i] == b) { i = (i + 1) & mask }
        return i
    }

    /// The value of the key (a, b), or nil.
    func value(_ a: UInt, _ b: UInt) -> Value? {
        guard count > 0 else { return nil }
        return values[slot(a, b)]
    }

    /// Sets the value of the key (a, b).
    mutating func set(_ a: UInt, _ b: UInt, _ v: Value) {
        // Kept at most half full, so probes stay short and an empty slot always ends them.
        if 2 * (count + 1) > values.count { grow() }
        let i = slot(a, b)
        if values[i] == nil { count += 1; keysA[i] = a; keysB[i] = b }
        values[i] = v
    }

    /// Every entry, in no particular order.
    func forEach(_ body: (UInt, UInt, Value) -> Void) {
        for i in values.indices { if let v = values[i] { body(keysA[i], keysB[i], v) } }
    }

    /// Makes room for `count` entries at least without growing.
    mutating func reserve(_ count: Int) {
        var capacity = max(16, values.count)
        while capacity < 2 * count + 2 { capacity <<= 1 }
        if capacity > values.count { grow(to: capacity) }
    }

    /// Empties the table, giving up its storage.
    mutating func removeAll() { keysA = []; keysB = []; values = []; count = 0 }

    private mutating func grow() { grow(to: max(16, 2 * values.count)) }

    /// Moves the entries into `capacity` slots (a power of two, more than there are entries).
    private mutating func grow(to capacity: Int) {
        let old = (keysA, keysB, values)
        keysA = [UInt](repeating: 0, count: capacity)
        keysB = [UInt](repeating: 0, count: capacity)
        values = [Value?](repeating: nil, count: capacity)
        for i in old.2.indices {
            guard let v = old.2[i] else { continue }
            let j = slot(old.0[i], old.1[i])
            keysA[j] = old.0[i]; keysB[j] = old.1[i]; values[j] = v
        }
    }
}

/// A plain multiply-and-xorshift mix of words (Damage's placement keys, RetainedQuads' item
/// hashes): for tables where a collision only costs a comparison, so SipHash is not needed.
struct QuickHasher {
    private var h: UInt64 = 0x243F_6A88_85A3_08D3
    /// Mixes in one word.
    mutating func combine(_ v: UInt64) { h = (h ^ v) &* 0x9E37_79B9_7F4A_7C15; h ^= h >> 29 }
    /// The hash so far.
    var value: Int { Int(bitPattern: UInt(h)) }
}
