// The seam pass of a retained frame's output (Seams.swift), redone only near what changed. An
// edge is made hard when some pair test with it passes, and the test reads only the two edges
// (their projected segments, inside points and owners) and which comes first. So a quad whose
// item is last frame's (the same edges), drawn in the same order relative to the other such
// quads, keeps last frame's hard edges unless one of its edges comes near an edge that is new,
// gone, or moved in the order: a passing pair's segments come within the tolerance of each
// other, so boxes grown by more than it that stay apart cannot pass. Every other quad (new,
// moved, or near such an edge) is tested against every edge near it, as the whole pass would.
// The result is the whole pass's, quad for quad (RetainedQuadsTests, ChangingCardsTests).
import QuartzCore

extension RetainedQuads {
    /// What the seam pass found for an entry's quad in the frame `stamp`: its edges (quad
    /// index aside), the box of their reach, its place among that frame's quads, and its
    /// edges left anti-aliased.
    final class Seamed {
        /// (Their quad indices are of the frame that found them.)
        let frames: [SeamFrame]
        /// The union of the frames' reach boxes (nil: no frames).
        let reach: Box?
        @exclusivity(unchecked) var index: Int
        let edges: EdgeMask
        @exclusivity(unchecked) var stamp: Int
        init(frames: [SeamFrame], reach: Box?, index: Int, edges: EdgeMask, stamp: Int) {
            self.frames = frames; self.reach = reach; self.index = index; self.edges = edges; self.stamp = stamp
        }
    }

    /// Boxes of edges grown by this much (pixels) that stay apart hold no passing pair (the
    /// tolerance, with a margin far beyond any rounding).
    static let seamReach = 2 * seamTolerance

    /// The union of the reach boxes of `frames` (nil when there are none).
    static func reach(of frames: [SeamFrame]) -> Box? {
        guard let f = frames.first else { return nil }
        return frames.dropFirst().reduce(Box(seamReachOf: f)) { $0.union(Box(seamReachOf: $1)) }
    }

    /// `removeSeamAntialiasing` over a retained frame's output quads (`entries[k]`: quad k's
    /// entry, nil for quads never kept), reusing the last frame's results where they stand.
    /// Each quad's edges are read where they are kept (no list of every edge is built): the
    /// pair tests run in the order the whole pass's list would give them (quad, then side).
    func removeSeams(_ quads: inout [DrawQuad], entries: [Entry?], owners: [ObjectIdentifier], visible: [[SIMD2<Double>]], width: Int, height: Int) {
        let n = quads.count
        seamFrame += 1
        let stamp = seamFrame
        // Quads whose entry was seamed in the last frame (and is used once in this one), in a
        // longest run that kept its order: their edges are last frame's.
        var candidates: [Int] = [], oldIndex: [Int] = []
        for k in 0..<n {
            guard let s = entries[k]?.seamed, s.stamp == stamp - 1, entries[k]!.seamUse != stamp else { continue }
            entries[k]!.seamUse = stamp
            candidates.append(k)
            oldIndex.append(s.index)
        }
        let inOrder = longestIncreasing(oldIndex)
        var same = [Bool](repeating: false, count: n)
        var keptOld = [Bool](repeating: false, count: lastQuadFrames.count)
        for (c, k) in candidates.enumerated() where inOrder[c] { same[k] = true; if !keptOld.isEmpty { keptOld[oldIndex[c]] = true } }
        let changed = n - same.reduce(0) { $0 + ($1 ? 1 : 0) }
        let whole = lastQuadFrames.isEmpty || 4 * changed > n
        // Each quad's edges (kept ones as they were, others found afresh) and their reach,
        // and where they start in the whole pass's list.
        var quadFrames = [[SeamFrame]](repeating: [], count: n)
        var reach = [Box?](repeating: nil, count: n)
        var firstFrame = [Int](repeating: 0, count: n + 1)
        quads.withUnsafeMutableBufferPointer { p in
            for k in 0..<n {
                if !whole, same[k], let s = entries[k]?.seamed {
                    quadFrames[k] = s.frames
                    reach[k] = s.reach
                } else {
                    quadFrames[k] = seamFrames(p, k..<(k + 1), owners: owners, visible: visible)
                    reach[k] = Self.reach(of: quadFrames[k])
                }
                firstFrame[k + 1] = firstFrame[k] + quadFrames[k].count
            }
        }
        // Quads whose edges are found again (all of them in a whole pass).
        var redo = [Bool](repeating: true, count: n)
        if whole {
            reusedSeams = 0
            // No last frame to build on, or much changed: the whole pass.
            removeSeamAntialiasing(&quads, owners: owners, visible: visible, width: width, height: height)
        } else {
            // Edges that are new, gone or moved: those of quads not kept in order, and last frame's not kept.
            var changedBoxes: [Box] = []
            for k in 0..<n where !same[k] { for f in quadFrames[k] { changedBoxes.append(Box(seamReachOf: f)) } }
            for (k, frames) in lastQuadFrames.enumerated() where !keptOld[k] { for f in frames { changedBoxes.append(Box(seamReachOf: f)) } }
            // Quads to redo: those not kept, and kept ones with an edge near a changed edge.
            for k in 0..<n { redo[k] = !same[k] }
            if !changedBoxes.isEmpty {
                let grid = ReachGrid(changedBoxes)
                for k in 0..<n where same[k] {
                    guard let r = reach[k], grid.reaches(r) else { continue }
                    for f in quadFrames[k] where grid.meetsAny(Box(seamReachOf: f), of: changedBoxes) { redo[k] = true; break }
                }
            }
            // Redone quads: every pair of one of their edges with any edge near it (each pair
            // tested with the earlier edge first, as the pass does).
            var redoBoxes: [(box: Box, quad: Int, side: Int)] = []
            for k in 0..<n where redo[k] { for (i, f) in quadFrames[k].enumerated() { redoBoxes.append((Box(seamReachOf: f), k, i)) } }
            var hard: [(quad: Int, edge: EdgeMask)] = []
            if !redoBoxes.isEmpty {
                let grid = ReachGrid(redoBoxes.map(\.box))
                // The query that last met each redone edge (an edge is listed in several cells).
                var met = [Int](repeating: -1, count: redoBoxes.count)
                var pair = [SeamFrame]()
                pair.reserveCapacity(2)
                var found: [Int] = []
                for j in 0..<n {
                    guard let r = reach[j], grid.reaches(r) else { continue }
                    for (side, f) in quadFrames[j].enumerated() {
                        let b = Box(seamReachOf: f)
                        guard grid.reaches(b) else { continue }
                        let fj = firstFrame[j] + side
                        let (x0, x1, y0, y1) = grid.span(b)
                        for y in y0...y1 { for x in x0...x1 { for i in grid.cell(x, y) where met[i] != fj && redoBoxes[i].box.meets(b) {
                            met[i] = fj
                            let e = redoBoxes[i]
                            let fr = firstFrame[e.quad] + e.side
                            // A pair of two redone edges is met from both sides: tested once.
                            if fr == fj || (redo[j] && fj < fr) { continue }
                            // The earlier edge first (the test reads its line as the reference).
                            let g = quadFrames[e.quad][e.side]
                            pair.removeAll(keepingCapacity: true)
                            if fj < fr { pair.append(f); pair.append(g) } else { pair.append(g); pair.append(f) }
                            found.removeAll(keepingCapacity: true)
                            pair.withUnsafeBufferPointer { SeamSearch.test($0, 0, 1, &found) }
                            if !found.isEmpty { hard.append((j, f.edge)); hard.append((e.quad, g.edge)) }
                        } } }
                    }
                }
            }
            for k in 0..<n where !redo[k] { quads[k].antialiasedEdges = entries[k]!.seamed!.edges }
            reusedSeams = redo.reduce(0) { $0 + ($1 ? 0 : 1) }
            for h in hard where redo[h.quad] { quads[h.quad].antialiasedEdges.remove(h.edge) }
        }
        // Kept for the next frame (an entry drawn twice in this frame: not kept, its places differ).
        for k in 0..<n {
            guard let e = entries[k] else { continue }
            if e.seamKept == stamp { e.seamed = nil; continue }
            e.seamKept = stamp
            if !redo[k], let s = e.seamed {
                s.index = k
                s.stamp = stamp
            } else {
                e.seamed = Seamed(frames: quadFrames[k], reach: reach[k], index: k, edges: quads[k].antialiasedEdges, stamp: stamp)
            }
        }
        // (The frame before's edge lists are let go off this thread: Disposal.swift.)
        let old = lastQuadFrames
        lastQuadFrames = quadFrames
        Disposal.release(consume old)
    }
}

extension Box {
    /// An edge's box grown by `RetainedQuads.seamReach`.
    init(seamReachOf f: SeamFrame) {
        self = Box(minX: min(f.a.x, f.b.x), minY: min(f.a.y, f.b.y), maxX: max(f.a.x, f.b.x), maxY: max(f.a.y, f.b.y)).insetBy(-RetainedQuads.seamReach)
    }

    /// Whether the two boxes share a point (edges included).
    func meets(_ o: Box) -> Bool { !(maxX < o.minX || o.maxX < minX || maxY < o.minY || o.maxY < minY) }
}
