// Change tracking for retained compositing (Lamina's extension; Core Animation keeps the same
// bookkeeping privately): every change to what a layer draws, its place, its sublayers or its
// animations takes a new revision from one process-wide counter, stored on the layer and on
// every ancestor. A subtree whose `subtreeRevision` is what it was last frame did not change.
import Foundation

/// The process-wide revision counter.
enum LayerRevisions {
    nonisolated(unsafe) private static var last: UInt64 = 0
    private static let lock = NSLock()

    static func next() -> UInt64 {
        lock.lock(); defer { lock.unlock() }
        last += 1
        return last
    }
}

extension CALayer {
    /// The revision of the last change to this layer itself (a property, its sublayers list,
    /// its animations); 0 when it never changed.
    public var revision: UInt64 { ownRevision }

    /// The revision of the last change anywhere in this layer's subtree (this layer included).
    public var subtreeRevision: UInt64 { treeRevision }

    /// Records a change to this layer: a new revision here and on every ancestor (a mask's
    /// host counts as its ancestor: the mask is part of what the host draws).
    func markChanged() {
        let r = LayerRevisions.next()
        ownRevision = r
        var l: CALayer? = self
        while let x = l {
            x.treeRevision = r
            l = x.superlayer ?? x.maskHost
        }
    }
}
