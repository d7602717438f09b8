import Foundation
import QuartzCore
// Shared edges: where two layers' projected edges coincide with the layers on opposite
// sides (the faces of a closed cube), per-layer anti-aliasing would leave a seam through
// which the background shows. Core Animation shows such seams; Lamina draws those edges
// hard (pixel centres) in both renderers, so the two faces tile the pixels exactly.
// The edges are found here; the pairs that share a line in Seams+Pairs.swift.

/// Projected edges closer than this (in pixels) count as the same line.
let seamTolerance = 0.05

/// A projected edge as the pair test reads it (kept small: there is one per anti-aliased
/// edge, and they are gathered and read again by the pair searches).
struct SeamFrame {
    let a: SIMD2<Double>, b: SIMD2<Double>
    /// Unit direction a -> b and the length.
    let u: SIMD2<Double>, len: Double
    let inside: SIMD2<Double>
    let owner: ObjectIdentifier
    /// The quad and which of its edges.
    let quad: Int
    let edge: EdgeMask
    /// The unit normal (u turned a quarter: the same numbers every time it is asked for).
    @inline(__always) var n: SIMD2<Double> { SIMD2(-u.y, u.x) }

    /// What fills a slot no edge uses (slottedSeamFrames): quad -1.
    static let hole = SeamFrame(a: .zero, b: .zero, u: .zero, len: 0, inside: .zero, owner: ObjectIdentifier(SeamFrame.self), quad: -1, edge: [])
}

/// The part of a local segment kept by half-planes (parametric clip), or nil.
private func clipSegment(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ clips: [HalfPlane]) -> (SIMD2<Double>, SIMD2<Double>)? {
    var t0 = 0.0, t1 = 1.0
    for h in clips {
        let v0 = h.value(p0), v1 = h.value(p1)
        if v0 < 0 && v1 < 0 { return nil }
        if v0 < 0 { t0 = max(t0, v0 / (v0 - v1)) } else if v1 < 0 { t1 = min(t1, v0 / (v0 - v1)) }
        if t0 >= t1 { return nil }
    }
    return (p0 + (p1 - p0) * t0, p0 + (p1 - p0) * t1)
}

/// clipSegment's result when no clip is below 0 at either end (t0 = 0, t1 = 1).
@inline(__always) private func wholeSegment(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>) -> (SIMD2<Double>, SIMD2<Double>)? {
    let t0 = 0.0, t1 = 1.0
    return (p0 + (p1 - p0) * t0, p0 + (p1 - p0) * t1)
}

/// `v` rounded down and clamped to lo...hi (NaN: lo), as `clampedToInt(in:rounding: .down)`
/// but without a rounding rule to dispatch on (it runs for every cell an edge touches).
@inline(__always) private func clampedFloor(_ v: Double, _ lo: Int, _ hi: Int) -> Int { clampedRounded(v, lo, hi, .down) }

@inline(__always) private func clampedRounded(_ v: Double, _ lo: Int, _ hi: Int, _ rule: FloatingPointRoundingRule) -> Int {
    guard !v.isNaN else { return lo }
    let r = v.rounded(rule)
    if r <= Double(lo) { return lo }
    if r >= Double(hi) { return hi }
    return Int(r)
}

/// The projected anti-aliased edges of quad `i` (long enough to matter), top, right, bottom,
/// left, initialized from `out` on; how many (at most 4). `visible` is its visible part.
@inline(__always)
private func quadSeamFrames(_ quads: UnsafeMutableBufferPointer<DrawQuad>, _ i: Int, owner: ObjectIdentifier, visible: UnsafeBufferPointer<SIMD2<Double>>,
                            to out: UnsafeMutablePointer<SeamFrame>) -> Int {
    // Fields are read in place (a DrawQuad is large: a copy of each would cost more than the test).
    guard !quads[i].antialiasedEdges.isEmpty, !visible.isEmpty else { return 0 }
    let matrix = quads[i].matrix, edgeMask = quads[i].antialiasedEdges
    let inside = matrix.project(visible.reduce(SIMD2<Double>(0, 0), +) / Double(visible.count))
    let r = quads[i].rect
    let c0 = SIMD2(r.minX, r.minY), c1 = SIMD2(r.maxX, r.minY), c2 = SIMD2(r.maxX, r.maxY), c3 = SIMD2(r.minX, r.maxY)
    // No clip below 0 at any corner (most quads): clipSegment would keep every side whole,
    // t0 = 0 and t1 = 1, and the same ends are formed below without it.
    var clipped = false
    for h in quads[i].clips where h.value(c0) < 0 || h.value(c1) < 0 || h.value(c2) < 0 || h.value(c3) < 0 { clipped = true; break }
    var n = 0
    for side in 0..<4 {
        let (mask, p0, p1): (EdgeMask, SIMD2<Double>, SIMD2<Double>) = side == 0 ? (.top, c0, c1) : side == 1 ? (.right, c1, c2) : side == 2 ? (.bottom, c2, c3) : (.left, c3, c0)
        guard edgeMask.contains(mask) else { continue }
        guard let (l0, l1) = clipped ? clipSegment(p0, p1, quads[i].clips) : wholeSegment(p0, p1) else { continue }
        let a = matrix.project(l0), b = matrix.project(l1)
        let d = b - a
        guard (d * d).sum() > 0.25, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { continue }
        // Its start, direction, normal, length, inside point and owner, once, side by side
        // (the pair loops run over every two edges that may share a line).
        let u = d / (d * d).sum().squareRoot()
        (out + n).initialize(to: SeamFrame(a: a, b: b, u: u, len: (d * u).sum(), inside: inside, owner: owner, quad: i, edge: mask))
        n += 1
    }
    return n
}

/// The projected anti-aliased edges of quads `range` (long enough to matter), in quad order
/// then top, right, bottom, left.
func seamFrames(_ quads: UnsafeMutableBufferPointer<DrawQuad>, _ range: Range<Int>, owners: [ObjectIdentifier], visible: [[SIMD2<Double>]]) -> [SeamFrame] {
    var frames: [SeamFrame] = []
    frames.reserveCapacity(range.count * 4)
    withUnsafeTemporaryAllocation(of: SeamFrame.self, capacity: 4) { tmp in
        visible.withUnsafeBufferPointer { vp in
            for i in range {
                let n = (vp.baseAddress! + i).pointee.withUnsafeBufferPointer { v in quadSeamFrames(quads, i, owner: owners[i], visible: v, to: tmp.baseAddress!) }
                for j in 0..<n { frames.append(tmp[j]) }
            }
        }
    }
    return frames
}

/// What slottedSeamFrames found in a range of quads: its straight edges' facing tags by
/// direction (SeamFacing.tag, in frame order), how many edges and whether any is slanted.
private struct SlottedEdges {
    var horizontal: [Int] = [], vertical: [Int] = []
    var edges = 0
    var slanted = false
}

/// seamFrames of all the quads made on all cores straight into their places: quad i's in
/// slots 4i..<4i + 4, the slots it leaves unused holding `SeamFrame.hole` (quad -1). The
/// frames come in the same order as seamFrames', with no copy into one array. Each edge is
/// sorted as it is made (exactly horizontal or vertical: `straight[k]` set, its facing tag
/// listed; else slanted), the frame still at hand: no pass over all the frames afterwards.
private func slottedSeamFrames(_ quads: UnsafeMutableBufferPointer<DrawQuad>, owners: [ObjectIdentifier], visible: [[SIMD2<Double>]],
                               straight: UnsafeMutableBufferPointer<Bool>) -> (frames: [SeamFrame], ranges: [SlottedEdges]) {
    let n = quads.count
    let source = SharedBuffer(base: quads), straightOut = SharedBuffer(base: straight)
    var ranges: [SlottedEdges] = []
    let frames = [SeamFrame](unsafeUninitializedCapacity: 4 * n) { buffer, count in
        let target = SharedBuffer(base: buffer)
        // (Each visible part lent to quadSeamFrames as a buffer. Measured: its retain stays.)
        visible.withUnsafeBufferPointer { vp in
            let seen = Unchecked(value: vp)
            ranges = inRanges(n, minimum: 2) { r in
                var found = SlottedEdges()
                // About half of each range's edges are of each direction (an axis-aligned UI).
                found.horizontal.reserveCapacity(2 * r.count + 16)
                found.vertical.reserveCapacity(2 * r.count + 16)
                for i in r {
                    let slots = target.base.baseAddress! + 4 * i
                    let made = (seen.value.baseAddress! + i).pointee.withUnsafeBufferPointer { v in
                        quadSeamFrames(source.base, i, owner: owners[i], visible: v, to: slots)
                    }
                    for j in 0..<made {
                        let f = slots + j, k = 4 * i + j
                        // As removeSeamAntialiasing sorts them (and the facing filter takes
                        // a.y == b.y as horizontal).
                        if f.pointee.a.y == f.pointee.b.y {
                            straightOut.base[k] = true
                            found.horizontal.append(SeamFacing.tag(f, k, vertical: false))
                        } else if f.pointee.a.x == f.pointee.b.x {
                            straightOut.base[k] = true
                            found.vertical.append(SeamFacing.tag(f, k, vertical: true))
                        } else {
                            found.slanted = true
                        }
                    }
                    found.edges += made
                    for j in made..<4 { (slots + j).initialize(to: .hole) }
                }
                return found
            }
        }
        count = 4 * n
    }
    return (frames, ranges)
}

/// `visible[i]` is quad i's rectangle cut by its clips; the target is `width` x `height` pixels.
/// The work is shared among the cores (pairs by lines and cells;
/// `spread` false: all on this thread); an edge is made hard when any pair test says so, so
/// the result does not depend on the sharing. `byLines` false: pairs with a slanted edge
/// always through the grid (for testing that both searches agree).
func removeSeamAntialiasing(_ quads: inout [DrawQuad], owners: [ObjectIdentifier], visible: [[SIMD2<Double>]], width: Int, height: Int, spread: Bool = true, byLines: Bool = true) {
    // In quad order. Many quads' frames are made on all cores, each quad's in slots of its
    // own (holes where it has fewer than four edges: no copy into one array, which would
    // cost about as much as making them), the holes taken out only when there are slanted
    // edges (the pair searches for them read every frame); else on this thread.
    let slotted = spread && quads.count >= spreadQuads
    // Exactly horizontal or vertical edges (an axis-aligned UI) are paired with each other
    // along their lines (Seams+Pairs.swift), never through the grid; the grid is only for slanted edges.
    var straight: [Bool]
    var anySlanted = false, edgeCount = 0
    var slots: [SeamFrame]
    // The facing tags made with the slotted frames (while the frames keep their slots).
    var tagLists: (horizontal: [[Int]], vertical: [[Int]])?
    if slotted {
        straight = [Bool](repeating: false, count: 4 * quads.count)
        let made = straight.withUnsafeMutableBufferPointer { sp in
            quads.withUnsafeMutableBufferPointer { p in slottedSeamFrames(p, owners: owners, visible: visible, straight: sp) }
        }
        slots = made.frames
        for r in made.ranges {
            edgeCount += r.edges
            anySlanted = anySlanted || r.slanted
        }
        tagLists = (made.ranges.map(\.horizontal), made.ranges.map(\.vertical))
    } else {
        slots = quads.withUnsafeMutableBufferPointer { p in seamFrames(p, p.indices, owners: owners, visible: visible) }
        straight = [Bool](repeating: false, count: slots.count)
        for (k, f) in slots.enumerated() where f.quad >= 0 {
            edgeCount += 1
            if f.a.y == f.b.y || f.a.x == f.b.x { straight[k] = true } else { anySlanted = true }
        }
    }
    guard edgeCount > 1 else { return }
    if slotted && anySlanted && edgeCount < slots.count {
        slots.removeAll { $0.quad < 0 }
        straight = slots.map { $0.a.y == $0.b.y || $0.a.x == $0.b.x }
        // (The frames are renumbered: their tags are made again from them.)
        tagLists = nil
    }
    let frames = slots
    // Pairs with a slanted edge by their lines (Seams+Lines.swift) where that is cheap; else
    // (many edges on few lines) through the grid.
    var lineHard: [Int] = []
    if byLines && anySlanted && SeamSearch.linePairs(frames, straight: straight, width: width, height: height, into: &lineHard) { anySlanted = false } else { lineHard = [] }
    // Bucket edges by position: a uniform grid over the target (cells beyond it folded onto
    // its border), each edge listed in every cell its tolerance-thick segment touches, so only
    // edges that pass near each other are compared (an axis-aligned UI of thousands of layers
    // has thousands of parallel edges). Buckets are filled by counting, edges in order.
    let cell = SeamSearch.cell
    let cx0 = ((-2 - seamTolerance) / cell).clampedToInt(in: -1...0, rounding: .down), cx1 = ((Double(width) + 2 + seamTolerance) / cell).clampedToInt(in: 0...100_000, rounding: .down)
    let cy0 = ((-2 - seamTolerance) / cell).clampedToInt(in: -1...0, rounding: .down), cy1 = ((Double(height) + 2 + seamTolerance) / cell).clampedToInt(in: 0...100_000, rounding: .down)
    let columns = cx1 - cx0 + 1, cellCount = columns * (cy1 - cy0 + 1)
    // Listed by ranges of edges on all cores, gathered in edge order.
    let listings = !anySlanted ? [] : inRanges(frames.count, minimum: spread ? 4 * spreadQuads : Int.max) { r -> [(cell: Int, edge: Int)] in
        var entries: [(cell: Int, edge: Int)] = []
        entries.reserveCapacity(r.count * 2)
        @inline(__always) func cellIndex(_ v: Double, _ lo: Int, _ hi: Int) -> Int { clampedFloor(v / cell, lo, hi) }
        // The last edge listed in each cell: an edge is listed once per cell, in discovery order.
        var listed = [Int](repeating: -1, count: cellCount)
        for k in r {
            let e = frames[k]
            let len = ((e.b - e.a) * (e.b - e.a)).sum().squareRoot()
            let steps = clampedRounded(len / cell, 1, max(1, 4 * (columns + cy1 - cy0 + 2)), .up)
            for s in 0..<steps {
                let p = e.a + (e.b - e.a) * (Double(s) / Double(steps)), q = e.a + (e.b - e.a) * (Double(s + 1) / Double(steps))
                let x0 = cellIndex(min(p.x, q.x) - seamTolerance, cx0, cx1), x1 = cellIndex(max(p.x, q.x) + seamTolerance, cx0, cx1)
                let y0 = cellIndex(min(p.y, q.y) - seamTolerance, cy0, cy1), y1 = cellIndex(max(p.y, q.y) + seamTolerance, cy0, cy1)
                for y in y0...y1 {
                    for x in x0...x1 {
                        let c = (y - cy0) * columns + (x - cx0)
                        if listed[c] != k { listed[c] = k; entries.append((c, k)) }
                    }
                }
            }
        }
        return entries
    }
    let entryCount = listings.reduce(0) { $0 + $1.count }
    var bucketStart = [Int](repeating: 0, count: cellCount + 1)
    for list in listings { for e in list { bucketStart[e.cell + 1] += 1 } }
    for c in 0..<cellCount { bucketStart[c + 1] += bucketStart[c] }
    var fill = bucketStart
    var bucketed = [Int](repeating: 0, count: entryCount)
    for list in listings { for e in list { bucketed[fill[e.cell]] = e.edge; fill[e.cell] += 1 } }
    let search = SeamSearch(frames: frames, straight: straight, anySlanted: anySlanted, bucketed: bucketed, bucketStart: bucketStart,
                            columns: columns, cx0: cx0, cx1: cx1, cy0: cy0, cy1: cy1, tagLists: tagLists)
    // The jobs: horizontal lines, vertical lines, then the cells in ranges holding about
    // equal shares of the listings.
    let onAllCores = spread && edgeCount >= 4 * spreadQuads
    let cellJobs = onAllCores && entryCount >= 256 ? 8 : 1
    var cellBounds = [0]
    for j in 1..<cellJobs {
        var c = cellBounds[j - 1]
        while c < cellCount, bucketStart[c] < entryCount * j / cellJobs { c += 1 }
        cellBounds.append(c)
    }
    cellBounds.append(cellCount)
    let bounds = cellBounds, jobs = 2 + cellJobs
    let hard = inRanges(jobs, minimum: onAllCores ? 2 : Int.max, parts: jobs) { r in
        var hard: [Int] = []
        for job in r {
            switch job {
            case 0, 1: search.straightPairs(vertical: job == 1, into: &hard)
            default: search.cellPairs(bounds[job - 2]..<bounds[job - 1], into: &hard)
            }
        }
        return hard
    }
    for list in hard + [lineHard] {
        for k in list { quads[frames[k].quad].antialiasedEdges.remove(frames[k].edge) }
    }
}
