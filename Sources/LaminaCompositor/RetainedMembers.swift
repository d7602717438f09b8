// A depth-sorted context's members as drawn in the last frame: each one's items in its own
// plane (before lighting) and its polygon, kept from frame to frame. memberContent and the
// polygon are functions of the member (its layer's subtree, its matrix, opacities, tint and
// index), the context's map into the target and the viewport, as long as drawing the member
// changed nothing of the builder's (no target, image or unflattened placement listed, no
// item naming one, no mask being drawn). So a member whose layer's subtreeRevision and inputs
// are what they were draws as it did: a card turned among a thousand draws that card alone.
// Its items as the context's loop placed them are kept too: whole, by lighting, and for each
// fragment of a split polygon, by the very fragment object (placing reads only the member's
// items, matrix and lighting and the fragment's clips, which an object cannot change), so the
// fragments a tangle keeps from frame to frame (TangleReuse.swift) are placed as they were.
import QuartzCore

/// Members of depth-sorted contexts drawn in the last frame, reused where their inputs are equal.
final class RetainedMembers {
    /// A member as drawn: its items (before lighting) and polygon, or nil when nothing showed.
    struct Drawn {
        let items: [Item]
        let polygon: DrawPolygon
    }
    /// A member as drawn, and its items as placed into the context's plane when drawn whole.
    // (A class: its placed items are filled in later in the frame.)
    final class Entry {
        /// The layer itself, held so that its identifier cannot name another layer meanwhile.
        let layer: CALayer
        let revision: UInt64
        let index: Int
        let mat: Mat4
        let inheritedOpacity: Float, layerOpacity: Float
        let tint: SIMD3<Float>
        let isDoubleSided: Bool
        let planeToTarget: Mat4
        let viewport: Box
        let drawn: Drawn?
        /// Its items lit by `light` and placed whole (no fragment clips, not split), as the
        /// context's loop placed them.
        @exclusivity(unchecked) var placed: (light: LightTerm?, items: [Item])?
        /// Its items as placed for fragments of its polygon in recent frames.
        @exclusivity(unchecked) var fragments: [Fragment] = []

        init(_ m: ContextMember, index: Int, planeToTarget: Mat4, viewport: Box, drawn: Drawn?) {
            layer = m.layer
            revision = m.layer.subtreeRevision
            self.index = index
            mat = m.mat
            inheritedOpacity = m.inheritedOpacity
            layerOpacity = m.layerOpacity
            tint = m.tint
            isDoubleSided = m.isDoubleSided
            self.planeToTarget = planeToTarget
            self.viewport = viewport
            self.drawn = drawn
        }

        /// The items placed whole with lighting `light`, when kept for it.
        func placed(light: LightTerm?) -> [Item]? {
            guard let p = placed, sameLight(p.light, light) else { return nil }
            return p.items
        }
    }

    /// A member's items as the context's loop placed them for one fragment of its polygon:
    /// clipped by the fragment's clips, marked split or not, lit by `light`. The fragment is
    /// the very polygon object (its clips cannot change), held so its identity names no other.
    struct Fragment {
        let polygon: DrawPolygon
        let split: Bool
        let light: LightTerm?
        let items: [Item]
        /// The last frame that placed it.
        var used: Int
    }
    // (Tables keyed by the layers' addresses, IdentityTable.swift: no hashing at each look-up.
    // A frame's compile uses them from one thread: no runtime exclusivity checks, a call each.)
    @exclusivity(unchecked) private var last = IdentityTable<Entry>()
    @exclusivity(unchecked) private var current = IdentityTable<Entry>()
    /// Members the last frame drew as the frame before did, and members it placed whole as
    /// the frame before did (for tests and benchmarks).
    @exclusivity(unchecked) private(set) var reused = 0, reusedPlacements = 0
    /// Fragments of members the last frame placed as the frame before did.
    @exclusivity(unchecked) private(set) var reusedFragments = 0
    /// Frames begun (numbers them for the entries' fragments).
    private var frame = 0

    /// Starts a frame: the members drawn in the previous one become reusable (only those).
    func beginFrame() {
        frame += 1
        if current.count > 0 { last = current }
        current = IdentityTable()
        current.reserve(last.count)
        reused = 0
        reusedPlacements = 0
        reusedFragments = 0
    }

    /// Forgets every kept member.
    func reset() { last = IdentityTable(); current = IdentityTable(); reused = 0; reusedPlacements = 0; reusedFragments = 0 }

    /// The member `m` (index `index` of its context, placed by `planeToTarget` into a target
    /// whose box is `viewport`) as drawn last frame from the same inputs (its `drawn` nil when
    /// nothing of it showed); nil when it must be drawn.
    func entry(_ m: ContextMember, index: Int, planeToTarget: Mat4, viewport: Box) -> Entry? {
        let id = UInt(bitPattern: ObjectIdentifier(m.layer))
        guard let e = last.value(id, 0), e.layer === m.layer, e.revision == m.layer.subtreeRevision, e.index == index,
              sameBits(e.mat, m.mat), sameBits(e.inheritedOpacity, m.inheritedOpacity), sameBits(e.layerOpacity, m.layerOpacity),
              sameBits(e.tint, m.tint), e.isDoubleSided == m.isDoubleSided,
              sameBits(e.planeToTarget, planeToTarget), sameBits(e.viewport, viewport) else { return nil }
        current.set(id, 0, e)
        reused += 1
        return e
    }

    /// The items of `e` placed whole with lighting `light`, when kept for it.
    func placed(_ e: Entry, light: LightTerm?) -> [Item]? {
        guard let items = e.placed(light: light) else { return nil }
        reusedPlacements += 1
        return items
    }

    /// The items of `e` placed for `fragment` (the very polygon object), `split` or not, with
    /// lighting `light`, as an earlier frame placed them; nil when none did. (The entry is
    /// the member's while its inputs are unchanged: the fragment alone decides the items.)
    func placed(_ e: Entry, fragment: DrawPolygon, split: Bool, light: LightTerm?) -> [Item]? {
        for k in e.fragments.indices where e.fragments[k].polygon === fragment {
            guard e.fragments[k].split == split, sameLight(e.fragments[k].light, light) else { return nil }
            // (Marked in place: the list is the entry's alone, so nothing is copied.)
            e.fragments[k].used = frame
            reusedFragments += 1
            return e.fragments[k].items
        }
        return nil
    }

    /// Keeps the items of `e` as placed for `fragment` (as `placed(_:fragment:split:light:)`
    /// finds them), and drops those no fragment of this frame or the one before used.
    func keep(_ e: Entry, fragment: DrawPolygon, split: Bool, light: LightTerm?, items: [Item]) {
        let frame = self.frame
        e.fragments.removeAll { $0.used < frame - 1 || $0.polygon === fragment }
        e.fragments.append(Fragment(polygon: fragment, split: split, light: light, items: items, used: frame))
    }

    /// Keeps how member `m` was drawn and returns its entry, when its items name nothing of
    /// the builder's (no image, target, mask texture or unflattened placement): they are then
    /// valid in any frame. Nil (nothing kept) otherwise.
    func keep(_ m: ContextMember, index: Int, planeToTarget: Mat4, viewport: Box, drawn: Drawn?) -> Entry? {
        if let drawn {
            for it in drawn.items {
                switch it.fill {
                case .image, .target: return nil
                case .none, .color: break
                }
                if it.maskTexture != nil || it.unflattenedIndex != nil { return nil }
            }
        }
        let e = Entry(m, index: index, planeToTarget: planeToTarget, viewport: viewport, drawn: drawn)
        current.set(UInt(bitPattern: ObjectIdentifier(m.layer)), 0, e)
        return e
    }
}

/// Whether two lighting terms are the same, bit for bit (both none, or equal bits).
func sameLight(_ a: LightTerm?, _ b: LightTerm?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case let (x?, y?): return sameBits(x, y)
    default: return false
    }
}
