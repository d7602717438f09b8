import Foundation
import QuartzCore
// Shared edges: where two layers' projected edges coincide with the layers on opposite
// sides (the faces of a closed cube), per-layer anti-aliasing would leave a seam through
// which the background shows. Core Animation shows such seams; Lamina draws those edges
// hard (pixel centres) in both renderers, so the two faces tile the pixels exactly.

/// Projected edges closer than this (in pixels) count as the same line.
let seamTolerance = 0.05

private struct ProjectedEdge {
    let quad: Int
    let edge: EdgeMask
    let a: SIMD2<Double>, b: SIMD2<Double>
    let inside: SIMD2<Double>
}

/// A projected edge as the pair test reads it.
private struct SeamFrame {
    let a: SIMD2<Double>, b: SIMD2<Double>
    /// Unit direction a -> b, its normal, and the length.
    let u: SIMD2<Double>, n: SIMD2<Double>, len: Double
    let inside: SIMD2<Double>
    let owner: ObjectIdentifier
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

/// `visible[i]` is quad i's rectangle cut by its clips; the target is `width` x `height` pixels.
func removeSeamAntialiasing(_ quads: inout [DrawQuad], owners: [ObjectIdentifier], visible: [[SIMD2<Double>]], width: Int, height: Int) {
    var edges: [ProjectedEdge] = []
    edges.reserveCapacity(quads.count * 4)
    for (i, q) in quads.enumerated() where !q.antialiasedEdges.isEmpty {
        let visible = visible[i]
        guard !visible.isEmpty else { continue }
        let inside = q.matrix.project(visible.reduce(SIMD2<Double>(0, 0), +) / Double(visible.count))
        let r = q.rect
        let c0 = SIMD2(r.minX, r.minY), c1 = SIMD2(r.maxX, r.minY), c2 = SIMD2(r.maxX, r.maxY), c3 = SIMD2(r.minX, r.maxY)
        for side in 0..<4 {
            let (mask, p0, p1): (EdgeMask, SIMD2<Double>, SIMD2<Double>) = side == 0 ? (.top, c0, c1) : side == 1 ? (.right, c1, c2) : side == 2 ? (.bottom, c2, c3) : (.left, c3, c0)
            guard q.antialiasedEdges.contains(mask) else { continue }
            guard let (l0, l1) = clipSegment(p0, p1, q.clips) else { continue }
            let a = q.matrix.project(l0), b = q.matrix.project(l1)
            let d = b - a
            guard (d * d).sum() > 0.25, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { continue }
            edges.append(ProjectedEdge(quad: i, edge: mask, a: a, b: b, inside: inside))
        }
    }
    guard edges.count > 1 else { return }
    // Bucket edges by position: a uniform grid over the target (cells beyond it folded onto
    // its border), each edge listed in every cell its tolerance-thick segment touches, so only
    // edges that pass near each other are compared (an axis-aligned UI of thousands of layers
    // has thousands of parallel edges). Buckets are filled by counting, edges in order.
    let cell = 16.0
    let cx0 = ((-2 - seamTolerance) / cell).clampedToInt(in: -1...0, rounding: .down), cx1 = ((Double(width) + 2 + seamTolerance) / cell).clampedToInt(in: 0...100_000, rounding: .down)
    let cy0 = ((-2 - seamTolerance) / cell).clampedToInt(in: -1...0, rounding: .down), cy1 = ((Double(height) + 2 + seamTolerance) / cell).clampedToInt(in: 0...100_000, rounding: .down)
    let columns = cx1 - cx0 + 1, cellCount = columns * (cy1 - cy0 + 1)
    func cellIndex(_ v: Double, _ lo: Int, _ hi: Int) -> Int { clampedFloor(v / cell, lo, hi) }
    var entries: [(cell: Int, edge: Int)] = []
    entries.reserveCapacity(edges.count * 2)
    // The last edge listed in each cell: an edge is listed once per cell, in discovery order.
    var listed = [Int](repeating: -1, count: cellCount)
    for (k, e) in edges.enumerated() {
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
    var bucketStart = [Int](repeating: 0, count: cellCount + 1)
    for e in entries { bucketStart[e.cell + 1] += 1 }
    for c in 0..<cellCount { bucketStart[c + 1] += bucketStart[c] }
    var fill = bucketStart
    var bucketed = [Int](repeating: 0, count: entries.count)
    for e in entries { bucketed[fill[e.cell]] = e.edge; fill[e.cell] += 1 }
    var hard = [Bool](repeating: false, count: edges.count)
    // Each edge's start, direction, normal, length, inside point and owner, once, side by
    // side (the pair loop below runs over every two edges sharing a cell).
    var frames: [SeamFrame] = []
    frames.reserveCapacity(edges.count)
    for e in edges {
        let u = (e.b - e.a) / ((e.b - e.a) * (e.b - e.a)).sum().squareRoot()
        frames.append(SeamFrame(a: e.a, b: e.b, u: u, n: SIMD2(-u.y, u.x), len: ((e.b - e.a) * u).sum(), inside: e.inside, owner: owners[e.quad]))
    }
    frames.withUnsafeBufferPointer { frames in
        /// The pair test, edge k before edge j (k < j: the earlier edge's line is the reference).
        func test(_ k: Int, _ j: Int) {
            let e = frames[k], f = frames[j], n = e.n
            guard e.owner != f.owner else { return }
            guard abs((n * (f.a - e.a)).sum()) <= seamTolerance, abs((n * (f.b - e.a)).sum()) <= seamTolerance else { return }
            let t0 = ((f.a - e.a) * e.u).sum(), t1 = ((f.b - e.a) * e.u).sum()
            guard min(e.len, max(t0, t1)) - max(0, min(t0, t1)) > 0.5 else { return }
            let si = (n * (e.inside - e.a)).sum(), sj = (n * (f.inside - e.a)).sum()
            guard si * sj < 0 else { return }
            hard[k] = true; hard[j] = true
        }
        var lines: [(axis: Int, at: Double, edge: Int)] = [], others: [Int] = []
        for c in 0..<cellCount where bucketStart[c + 1] - bucketStart[c] > 1 {
            let runStart = bucketStart[c], runEnd = bucketStart[c + 1]
            if runEnd - runStart <= 8 {
                for x in runStart..<(runEnd - 1) {
                    for y in (x + 1)..<runEnd { test(bucketed[x], bucketed[y]) }
                }
                continue
            }
            // A crowded cell (an axis-aligned UI): an exactly horizontal edge's unit direction
            // is exactly (+-1, 0) (sqrt(x * x) == |x| in binary floating point), so the test
            // measures across it the exact difference of y; such a pair can pass only within
            // the tolerance in y, and a horizontal and a vertical edge never (the second's
            // ends would be within 2 x tolerance of each other, but it is over 0.5 long). So
            // horizontal and vertical edges are sorted by their line and tested within the
            // tolerance of it; any other edge is tested against every edge of the cell.
            lines.removeAll(keepingCapacity: true)
            others.removeAll(keepingCapacity: true)
            for x in runStart..<runEnd {
                let k = bucketed[x], f = frames[k]
                if f.a.y == f.b.y { lines.append((0, f.a.y, k)) } else if f.a.x == f.b.x { lines.append((1, f.a.x, k)) } else { others.append(k) }
            }
            lines.sort { ($0.axis, $0.at, $0.edge) < ($1.axis, $1.at, $1.edge) }
            // Beyond the tolerance by far more than a rounded difference can be.
            let reach = seamTolerance * (1 + 1e-9) + 1e-9
            for x in lines.indices {
                let l = lines[x]
                var y = x + 1
                while y < lines.count, lines[y].axis == l.axis, lines[y].at - l.at <= reach {
                    test(min(l.edge, lines[y].edge), max(l.edge, lines[y].edge))
                    y += 1
                }
            }
            for (i, o) in others.enumerated() {
                for l in lines { test(min(o, l.edge), max(o, l.edge)) }
                for p in others[(i + 1)...] { test(min(o, p), max(o, p)) }
            }
        }
    }
    for k in edges.indices where hard[k] { quads[edges[k].quad].antialiasedEdges.remove(edges[k].edge) }
}
