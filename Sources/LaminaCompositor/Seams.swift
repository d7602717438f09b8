import Foundation
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

/// `visible[i]` is quad i's rectangle cut by its clips.
func removeSeamAntialiasing(_ quads: inout [DrawQuad], owners: [ObjectIdentifier], visible: [[SIMD2<Double>]]) {
    var edges: [ProjectedEdge] = []
    edges.reserveCapacity(quads.count * 4)
    for (i, q) in quads.enumerated() where !q.antialiasedEdges.isEmpty {
        let visible = visible[i]
        guard !visible.isEmpty else { continue }
        let inside = q.matrix.project(visible.reduce(SIMD2<Double>(0, 0), +) / Double(visible.count))
        let c = q.rect.corners
        let sides: [(EdgeMask, SIMD2<Double>, SIMD2<Double>)] = [(.top, c[0], c[1]), (.right, c[1], c[2]), (.bottom, c[2], c[3]), (.left, c[3], c[0])]
        for (mask, p0, p1) in sides where q.antialiasedEdges.contains(mask) {
            guard let (l0, l1) = clipSegment(p0, p1, q.clips) else { continue }
            let a = q.matrix.project(l0), b = q.matrix.project(l1)
            let d = b - a
            guard (d * d).sum() > 0.25, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { continue }
            edges.append(ProjectedEdge(quad: i, edge: mask, a: a, b: b, inside: inside))
        }
    }
    guard edges.count > 1 else { return }
    // Bucket edges by position: a uniform grid over the target, each edge listed in every
    // cell its tolerance-thick segment touches, so only edges that pass near each other are
    // compared (an axis-aligned UI of thousands of layers has thousands of parallel edges).
    let cell = 16.0
    var grid: [SIMD2<Int>: [Int]] = [:]
    var cellsOf = [[SIMD2<Int>]](repeating: [], count: edges.count)
    for (k, e) in edges.enumerated() {
        let len = ((e.b - e.a) * (e.b - e.a)).sum().squareRoot()
        let steps = max(1, Int((len / cell).rounded(.up)))
        var seen: [SIMD2<Int>] = []
        for s in 0..<steps {
            let p = e.a + (e.b - e.a) * (Double(s) / Double(steps)), q = e.a + (e.b - e.a) * (Double(s + 1) / Double(steps))
            let x0 = Int(((min(p.x, q.x) - seamTolerance) / cell).rounded(.down)), x1 = Int(((max(p.x, q.x) + seamTolerance) / cell).rounded(.down))
            let y0 = Int(((min(p.y, q.y) - seamTolerance) / cell).rounded(.down)), y1 = Int(((max(p.y, q.y) + seamTolerance) / cell).rounded(.down))
            for y in y0...y1 {
                for x in x0...x1 where !seen.contains(SIMD2(x, y)) {
                    seen.append(SIMD2(x, y))
                    grid[SIMD2(x, y), default: []].append(k)
                }
            }
        }
        cellsOf[k] = seen
    }
    var hard = Set<Int>()
    var tested = [Int](repeating: -1, count: edges.count)
    for (k, e) in edges.enumerated() {
        let u = (e.b - e.a) / ((e.b - e.a) * (e.b - e.a)).sum().squareRoot()
        let n = SIMD2(-u.y, u.x)
        let len = ((e.b - e.a) * u).sum()
        for c in cellsOf[k] {
            for j in grid[c, default: []] where j > k && tested[j] != k {
                tested[j] = k
                let f = edges[j]
                guard owners[e.quad] != owners[f.quad] else { continue }
                guard abs((n * (f.a - e.a)).sum()) <= seamTolerance, abs((n * (f.b - e.a)).sum()) <= seamTolerance else { continue }
                let t0 = ((f.a - e.a) * u).sum(), t1 = ((f.b - e.a) * u).sum()
                guard min(len, max(t0, t1)) - max(0, min(t0, t1)) > 0.5 else { continue }
                let si = (n * (e.inside - e.a)).sum(), sj = (n * (f.inside - e.a)).sum()
                guard si * sj < 0 else { continue }
                hard.insert(k); hard.insert(j)
            }
        }
    }
    for k in hard { quads[edges[k].quad].antialiasedEdges.remove(edges[k].edge) }
}
