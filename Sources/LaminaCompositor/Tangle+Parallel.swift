// A large tangle's steps that read only what they are given, shared among the cores: its
// pieces' footprints and first pair orders (Tangle.init), and the orders of the cycles left
// once it is split (Tangle.ordered). Each is computed as one core would and taken in the same
// order, so the result is the one of one core. The splits of interpenetrating pairs stay on
// one thread: each depends on the ones before it.
import Dispatch

/// Whether large tangles share their steps among the cores.
enum TangleSharing {
    /// True (the default): they do. False (for tests comparing the two): one thread each.
    /// Read by `orderByConstraints` on its caller's thread, and handed down from there.
    @TaskLocal static var enabled = true
}

/// A value one thread makes for another that waits for it (a DispatchGroup orders the two).
final class Handoff<T>: @unchecked Sendable {
    // @unchecked: written by one thread before it leaves the group, read only after the wait.
    var value: T
    init(_ value: T) { self.value = value }
}

extension Tangle {
    /// Whether this tangle's steps are shared among the cores: a large group ordered without
    /// a memo (a memo session belongs to one job; with one, most steps are looked up).
    var sharesCores: Bool { share && memo == nil && polys.count >= largeTangle }

    /// The footprints of `group` (as `makeFootprint`), computed on all cores.
    static func sharedFootprints(_ group: [DrawPolygon], planeToTarget: Mat4) -> [Footprint] {
        inRanges(group.count, minimum: 2) { r in
            r.map { Footprint(group[$0], planeToTarget: planeToTarget, margin: 0, sliverMargin: overlapMargin) }
        }.flatMap { $0 }
    }

    /// The orders `link(x, y)` would find for `pairs` (the earlier piece in tie order first),
    /// computed on all cores (without a memo: `sharesCores`).
    func sharedOrders(_ pairs: [(Int, Int)]) -> [PairOrder] {
        let t = Unchecked(value: self)
        return inRanges(pairs.count, minimum: 2) { r in
            r.map { k -> PairOrder in
                let (x, y) = pairs[k]
                let (i, j) = t.value.tieBefore(x, y) ? (x, y) : (y, x)
                return Tangle.order(t.value.polys[i], t.value.polys[j], t.value.feet[i], t.value.feet[j], toPlane: t.value.toPlane, memo: nil)
            }
        }.flatMap { $0 }
    }

    /// The orders `ordered` gives the strongly connected groups `cycles` (each in tie order,
    /// more than one piece), computed on all cores (without a memo: `sharesCores`).
    func sharedCycleOrders(_ cycles: [[Int]]) -> [[DrawPolygon]] {
        let t = Unchecked(value: self)
        return inRanges(cycles.count, minimum: 2, parts: cycles.count) { r in
            r.map { k -> [DrawPolygon] in
                let m = cycles[k]
                return m.count > largestCycle ? depthSort(m.map { t.value.polys[$0] }) : t.value.orderCycle(m)
            }
        }.flatMap { $0 }
    }
}
