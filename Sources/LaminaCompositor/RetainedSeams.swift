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
    /// index aside), its place among that frame's quads, and its edges left anti-aliased.
    final class Seamed {
        /// (Their quad indices are of the frame that found them.)
        let frames: [SeamFrame]
        var index: Int
        let edges: EdgeMask
        var stamp: Int
        init(frames: [SeamFrame], index: Int, edges: EdgeMask, stamp: Int) {
            self.frames = frames; self.index = index; self.edges = edges; self.stamp = stamp
        }
    }

    /// Boxes of edges grown by this much (pixels) that stay apart hold no passing pair (the
    /// tolerance, with a margin far beyond any rounding).
    static let seamReach = 2 * seamTolerance

    /// `removeSeamAntialiasing` over a retained frame's output quads (`entries[k]`: quad k's
    /// entry, nil for quads never kept), reusing the last frame's results where they stand.
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
        var keptOld = [Bool](repeating: false, count: lastSeamFrames.isEmpty ? 0 : lastSeamQuads)
        for (c, k) in candidates.enumerated() where inOrder[c] { same[k] = true; if !keptOld.isEmpty { keptOld[oldIndex[c]] = true } }
        let changed = n - same.reduce(0) { $0 + ($1 ? 1 : 0) }
        // The frames of this frame's quads, in quad order then side (the order the pass tests
        // pairs in): kept ones as they were, others found afresh. (A kept frame's `quad` is
        // the frame before's index: quadOf holds this frame's.)
        var frames: [SeamFrame] = [], quadOf: [Int] = []
        frames.reserveCapacity(4 * n)
        quadOf.reserveCapacity(4 * n)
        var firstFrame = [Int](repeating: 0, count: n + 1)
        let whole = lastSeamFrames.isEmpty || 4 * changed > n
        quads.withUnsafeMutableBufferPointer { p in
            for k in 0..<n {
                firstFrame[k] = frames.count
                if !whole, same[k], let s = entries[k]?.seamed {
                    frames += s.frames
                } else {
                    frames += seamFrames(p, k..<(k + 1), owners: owners, visible: visible)
                }
                while quadOf.count < frames.count { quadOf.append(k) }
            }
        }
        firstFrame[n] = frames.count
        // Quads whose edges are found again (all of them in a whole pass).
        var redo = [Bool](repeating: true, count: n)
        if whole {
            reusedSeams = 0
            // No last frame to build on, or much changed: the whole pass.
            removeSeamAntialiasing(&quads, owners: owners, visible: visible, width: width, height: height)
        } else {
            // Edges that are new, gone or moved: those of quads not kept in order, and last frame's not kept.
            var changedBoxes: [Box] = []
            for k in 0..<n where !same[k] { for f in firstFrame[k]..<firstFrame[k + 1] { changedBoxes.append(Box(seamReachOf: frames[f])) } }
            for (f, k) in zip(lastSeamFrames, lastSeamQuadOf) where !keptOld[k] { changedBoxes.append(Box(seamReachOf: f)) }
            // Quads to redo: those not kept, and kept ones with an edge near a changed edge.
            for k in 0..<n { redo[k] = !same[k] }
            if !changedBoxes.isEmpty {
                let all = changedBoxes.dropFirst().reduce(changedBoxes[0]) { $0.union($1) }
                for k in 0..<n where same[k] {
                    for f in firstFrame[k]..<firstFrame[k + 1] {
                        let b = Box(seamReachOf: frames[f])
                        if b.meets(all) && changedBoxes.contains(where: { $0.meets(b) }) { redo[k] = true; break }
                    }
                }
            }
            // Redone quads: every pair of one of their edges with any edge near it (each pair
            // tested with the earlier edge first, as the pass does).
            var redoBoxes: [(box: Box, frame: Int)] = []
            for k in 0..<n where redo[k] { for f in firstFrame[k]..<firstFrame[k + 1] { redoBoxes.append((Box(seamReachOf: frames[f]), f)) } }
            var hard: [Int] = []
            if !redoBoxes.isEmpty {
                let all = redoBoxes.dropFirst().reduce(redoBoxes[0].box) { $0.union($1.box) }
                frames.withUnsafeBufferPointer { fp in
                    for j in fp.indices {
                        let b = Box(seamReachOf: fp[j])
                        guard b.meets(all) else { continue }
                        for r in redoBoxes where r.frame != j && r.box.meets(b) {
                            // A pair of two redone edges is met from both sides: tested once.
                            if redo[quadOf[j]] && j < r.frame { continue }
                            SeamSearch.test(fp, min(r.frame, j), max(r.frame, j), &hard)
                        }
                    }
                }
            }
            for k in 0..<n where !redo[k] { quads[k].antialiasedEdges = entries[k]!.seamed!.edges }
            reusedSeams = redo.reduce(0) { $0 + ($1 ? 0 : 1) }
            for f in hard where redo[quadOf[f]] { quads[quadOf[f]].antialiasedEdges.remove(frames[f].edge) }
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
                e.seamed = Seamed(frames: Array(frames[firstFrame[k]..<firstFrame[k + 1]]), index: k, edges: quads[k].antialiasedEdges, stamp: stamp)
            }
        }
        lastSeamFrames = frames
        lastSeamQuadOf = quadOf
        lastSeamQuads = n
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
