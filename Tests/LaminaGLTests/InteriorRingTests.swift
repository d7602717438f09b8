// The ring between a pixel cover and its pre-pass interior (Sources/LaminaGL/InteriorRing.swift):
// on random convex pairs on the 1/256-pixel grid its triangles are positively oriented, their
// areas sum to the cover's minus the interior's, and every sample point of the cover lies in
// exactly one of ring and interior (none in two ring triangles).
import Foundation
@testable import LaminaGL
import Testing

@Suite struct InteriorRingTests {
    /// A small deterministic generator (xorshift), so a failure repeats.
    struct Random {
        var state: UInt64
        mutating func next() -> Double {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    /// A convex polygon on the 1/256 grid: `n` points on an ellipse turned by `turn`, snapped.
    static func convex(_ r: inout Random, n: Int, centre: SIMD2<Double>, rx: Double, ry: Double, turn: Double, clockwise: Bool) -> [SIMD2<Double>] {
        var angles = (0..<n).map { _ in r.next() * 2 * .pi }.sorted()
        if clockwise { angles.reverse() }
        var out: [SIMD2<Double>] = []
        for a in angles {
            let px: Double = rx * cos(a), py: Double = ry * sin(a)
            let ct: Double = cos(turn), st: Double = sin(turn)
            let q = SIMD2<Double>(px * ct - py * st + centre.x, px * st + py * ct + centre.y)
            let s = SIMD2((q.x * 256).rounded() / 256, (q.y * 256).rounded() / 256)
            if out.last != s && out.first != s { out.append(s) }
        }
        return out
    }

    /// Whether p is strictly inside the triangle / on no edge (the samples avoid edges).
    static func side(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ p: SIMD2<Double>) -> Double { InteriorRing.orient(a, b, p) }
    static func inTriangle(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>, _ p: SIMD2<Double>) -> Bool {
        let s = [side(a, b, p), side(b, c, p), side(c, a, p)]
        return s.allSatisfy { $0 > 0 } || s.allSatisfy { $0 < 0 }
    }
    static func inConvex(_ poly: [SIMD2<Double>], _ p: SIMD2<Double>) -> Bool {
        let s = poly.indices.map { side(poly[$0], poly[($0 + 1) % poly.count], p) }
        return s.allSatisfy { $0 > 0 } || s.allSatisfy { $0 < 0 }
    }

    static func strictlyConvex(_ p: [SIMD2<Double>]) -> Bool {
        let s = p.indices.map { side(p[$0], p[($0 + 1) % p.count], p[($0 + 2) % p.count]) }
        return s.allSatisfy { $0 > 0 } || s.allSatisfy { $0 < 0 }
    }

    @Test func randomConvexPairsTile() {
        var r = Random(state: 0x9E37_79B9_7F4A_7C15)
        var tried = 0
        while tried < 300 {
            let centre = SIMD2(100 + r.next() * 50, 100 + r.next() * 50)
            let rx = 5 + r.next() * 80, ry = 5 + r.next() * 80, turn = r.next() * .pi
            let outer = Self.convex(&r, n: 3 + Int(r.next() * 6), centre: centre, rx: rx, ry: ry, turn: turn, clockwise: r.next() < 0.5)
            // The interior: the outer's points pulled towards a point well inside, by a random
            // factor (so it has the outer's shape, strictly inside), sometimes with its own points.
            let k = 0.3 + r.next() * 0.65
            let c = outer.reduce(.zero, +) / Double(outer.count)
            var inner = outer.map { c + ($0 - c) * k }.map { SIMD2(($0.x * 256).rounded() / 256, ($0.y * 256).rounded() / 256) }
            if r.next() < 0.5 {
                inner = Self.convex(&r, n: 3 + Int(r.next() * 6), centre: c, rx: min(rx, ry) * 0.3, ry: min(rx, ry) * 0.2,
                                    turn: r.next() * .pi, clockwise: r.next() < 0.5)
            }
            guard outer.count >= 3, inner.count >= 3, inner.allSatisfy({ Self.inConvex(outer, $0) }) else { continue }
            // Snapping may bend a polygon of close points: such pairs get no ring.
            guard Self.strictlyConvex(outer) && Self.strictlyConvex(inner) else {
                #expect(InteriorRing.triangles(outer: outer, inner: inner) == nil)
                continue
            }
            tried += 1
            guard let tris = InteriorRing.triangles(outer: outer, inner: inner) else {
                Issue.record("no ring for \(outer) around \(inner)")
                continue
            }
            let pts = outer + inner
            #expect(tris.count == 3 * (outer.count + inner.count))
            var area2 = 0.0
            for t in stride(from: 0, to: tris.count, by: 3) {
                let o = InteriorRing.orient(pts[tris[t]], pts[tris[t + 1]], pts[tris[t + 2]])
                #expect(o > 0)
                area2 += o
            }
            #expect(area2 == abs(InteriorRing.signedArea2(outer)) - abs(InteriorRing.signedArea2(inner)))
            // Sample points on an offset grid (never on a grid edge): each in the cover is in
            // exactly one of the interior and the ring's triangles; outside, in none.
            // 40 x 40 points over the cover's bounding box and a margin.
            let lo = outer.reduce(outer[0]) { pointwiseMin($0, $1) } - 1, hi = outer.reduce(outer[0]) { pointwiseMax($0, $1) } + 1
            let step = (hi - lo) / 40
            for sx in stride(from: lo.x + 1.0 / 1024, to: hi.x, by: step.x) {
                for sy in stride(from: lo.y + 3.0 / 1024, to: hi.y, by: step.y) {
                    let p = SIMD2(sx, sy)
                    var hits = Self.inConvex(inner, p) ? 1 : 0
                    for t in stride(from: 0, to: tris.count, by: 3) where Self.inTriangle(pts[tris[t]], pts[tris[t + 1]], pts[tris[t + 2]], p) {
                        hits += 1
                    }
                    if hits != (Self.inConvex(outer, p) ? 1 : 0) {
                        Issue.record("\(p): \(hits) pieces (outer \(outer), inner \(inner))")
                        return
                    }
                }
            }
        }
    }

    /// An interior touching or leaving the cover has no ring (the quad is then drawn whole).
    @Test func interiorNotStrictlyInsideHasNoRing() {
        let outer: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(10, 0), SIMD2(10, 10), SIMD2(0, 10)]
        #expect(InteriorRing.triangles(outer: outer, inner: [SIMD2(0, 0), SIMD2(5, 1), SIMD2(5, 5)]) == nil)
        #expect(InteriorRing.triangles(outer: outer, inner: [SIMD2(2, 2), SIMD2(12, 2), SIMD2(5, 5)]) == nil)
        #expect(InteriorRing.triangles(outer: outer, inner: [SIMD2(2, 2), SIMD2(4, 4), SIMD2(6, 6)]) == nil)
        #expect(InteriorRing.triangles(outer: outer, inner: [SIMD2(2, 2), SIMD2(8, 2), SIMD2(8, 8), SIMD2(2, 8)])?.count == 24)
        // A bent (not strictly convex) cover.
        let bent: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(5, 0), SIMD2(10, 0), SIMD2(10, 10), SIMD2(0, 10)]
        #expect(InteriorRing.triangles(outer: bent, inner: [SIMD2(2, 2), SIMD2(8, 2), SIMD2(8, 8), SIMD2(2, 8)]) == nil)
    }
}
