// What a compile reads of each layer (its context members, own parts, plane extent and
// shadow: LayerInfo), kept from frame to frame. All of it is a function of the layer's
// subtree alone, and a subtree whose `subtreeRevision` is what it was did not change
// (CALayer+Revisions.swift), so a changed frame reads afresh only the layers on the path to
// a change: a card turned among a thousand re-reads that card and its context's root.

import QuartzCore

/// The LayerInfo of the layers of the last frame, reused while their subtree is unchanged.
final class RetainedLayerInfos {
    private struct Entry {
        /// The layer itself, held so that its identifier cannot name another layer meanwhile.
        let layer: CALayer
        let revision: UInt64
        let info: LayerInfo
    }
    private var last: [ObjectIdentifier: Entry] = [:]
    private var current: [ObjectIdentifier: Entry] = [:]
    /// Layers whose info the last frame reused (for tests and benchmarks).
    private(set) var reused = 0

    /// Starts a frame: the infos of the previous one become reusable (only those, so layers
    /// no longer drawn are let go).
    func beginFrame() {
        if !current.isEmpty { last = current }
        current = [:]
        current.reserveCapacity(last.count)
        reused = 0
    }

    /// Forgets every kept info.
    func reset() { last = [:]; current = [:] }

    /// The info kept for `layer`, when its subtree has not changed since.
    func info(of layer: CALayer) -> LayerInfo? {
        let id = ObjectIdentifier(layer)
        guard let e = last[id], e.layer === layer, e.revision == layer.subtreeRevision else { return nil }
        current[id] = e
        reused += 1
        return e.info
    }

    /// Keeps `info`, read from `layer` as it is now, for the next frame.
    func keep(_ info: LayerInfo, of layer: CALayer) {
        current[ObjectIdentifier(layer)] = Entry(layer: layer, revision: layer.subtreeRevision, info: info)
    }
}
