// What a compile reads of each layer (its context members, own parts, plane extent and
// shadow: LayerInfo), kept from frame to frame. All of it is a function of the layer's
// subtree alone, and a subtree whose `subtreeRevision` is what it was did not change
// (CALayer+Revisions.swift), so a changed frame reads afresh only the layers on the path to
// a change: a card turned among a thousand re-reads that card and its context's root. A
// member's plane extent as placed in its context (projectedExtent) is kept with its info, for
// the matrix it was placed by: the context root's extent, read afresh, reuses its unchanged
// members' boxes without looking their infos up.

import QuartzCore

/// The LayerInfo of the layers of the last frame, reused while their subtree is unchanged.
final class RetainedLayerInfos {
    private final class Entry {
        /// The layer itself, held so that its identifier cannot name another layer meanwhile.
        let layer: CALayer
        let revision: UInt64
        let info: LayerInfo
        /// Its plane extent placed by `mat` into its context (projectedExtent), once computed.
        @exclusivity(unchecked) var projected: (mat: Mat4, box: Box?)?
        init(layer: CALayer, revision: UInt64, info: LayerInfo) { self.layer = layer; self.revision = revision; self.info = info }
    }
    // (Tables keyed by the layers' addresses, IdentityTable.swift: no hashing at each look-up.
    // A frame's compile uses them from one thread: no runtime exclusivity checks, a call each.)
    @exclusivity(unchecked) private var last = IdentityTable<Entry>()
    @exclusivity(unchecked) private var current = IdentityTable<Entry>()
    /// Layers whose info the last frame reused (for tests and benchmarks).
    @exclusivity(unchecked) private(set) var reused = 0

    /// Starts a frame: the infos of the previous one become reusable (only those, so layers
    /// no longer drawn are let go).
    func beginFrame() {
        if current.count > 0 { last = current }
        current = IdentityTable()
        current.reserve(last.count)
        reused = 0
    }

    /// Forgets every kept info.
    func reset() { last = IdentityTable(); current = IdentityTable() }

    private static func key(_ layer: CALayer) -> UInt { UInt(bitPattern: ObjectIdentifier(layer)) }

    /// The last frame's entry of `layer` when its subtree has not changed since (then kept
    /// for the next frame).
    private func reusable(_ layer: CALayer) -> Entry? {
        let id = Self.key(layer)
        guard let e = current.value(id, 0) ?? last.value(id, 0), e.layer === layer, e.revision == layer.subtreeRevision else { return nil }
        if current.value(id, 0) == nil {
            current.set(id, 0, e)
            reused += 1
        }
        return e
    }

    /// The info kept for `layer`, when its subtree has not changed since.
    func info(of layer: CALayer) -> LayerInfo? { reusable(layer)?.info }

    /// Keeps `info`, read from `layer` as it is now, for the next frame.
    func keep(_ info: LayerInfo, of layer: CALayer) {
        current.set(Self.key(layer), 0, Entry(layer: layer, revision: layer.subtreeRevision, info: info))
    }

    /// The plane extent of `layer` placed by `mat` into its context as kept (.some(nil):
    /// nothing shows), when its subtree has not changed and `mat` is the same bit for bit.
    func projectedExtent(of layer: CALayer, mat: Mat4) -> Box?? {
        guard let e = reusable(layer), let p = e.projected, sameBits(p.mat, mat) else { return nil }
        return .some(p.box)
    }

    /// Keeps the plane extent of `layer` placed by `mat` (after its info was read or kept in
    /// this frame).
    func keepProjected(_ box: Box?, of layer: CALayer, mat: Mat4) {
        guard let e = current.value(Self.key(layer), 0), e.layer === layer else { return }
        e.projected = (mat, box)
    }
}
