// The overlap test written out (DepthOrder+Clip.swift) answers as clipping with withClipped
// does, pair for pair: footprints apart, touching along a shared edge (the pieces of a
// split), crossing, nested, and polygons of many points (past the buffers' room).
import Foundation
@testable import LaminaCompositor
import LaminaTestSupport
import Testing

@Suite struct ClipIsEmptyTests {
    /// A convex polygon of `n` points on an ellipse (counter-clockwise or not).
    static func polygon(_ random: inout TestRandom, n: Int, at c: SIMD2<Double>, size: Double) -> [SIMD2<Double>] {
        let rx = size * (0.2 + random.next()), ry = size * (0.2 + random.next()), turn = random.next() * 2 * Double.pi
        let angles = (0..<n).map { k in turn + (Double(k) + random.next() * 0.8) * 2 * Double.pi / Double(n) }
        let pts = angles.map { SIMD2(c.x + rx * cos($0), c.y + ry * sin($0)) }
        return random.next() < 0.5 ? pts : pts.reversed()
    }

    /// Reaches of random polygons, grown by the margin or not, and the halves of some cut
    /// along a line (which touch each other along it).
    static func reaches() -> [Reach] {
        var random = TestRandom(state: 5)
        var out: [Reach] = []
        for k in 0..<300 {
            let n = k % 9 == 0 ? 12 + k % 7 : 3 + k % 5
            let c = SIMD2(random.next() * 120, random.next() * 90)
            var p = polygon(&random, n: n, at: c, size: 5 + random.next() * 40)
            if k % 3 == 0 {
                // A half of a cut polygon: the cut line through the centre, either side.
                let t = random.next() * Double.pi, h = HalfPlane(a: cos(t), b: sin(t), c: -(cos(t) * c.x + sin(t) * c.y))
                p = clip(p, [k % 2 == 0 ? h : HalfPlane(a: -h.a, b: -h.b, c: -h.c)])
            }
            guard let b = boundingBox(p) else { continue }
            let margin = k % 4 == 0 ? overlapMargin : 0
            let made = p.withUnsafeBufferPointer { Reach(pixels: $0, box: b.insetBy(-margin), margin: margin) }
            if let made { out.append(made) }
        }
        return out
    }

    @Test func answersAsClipping() {
        let rs = Self.reaches()
        var empty = 0, overlapping = 0
        for a in rs {
            for b in rs {
                let fast = clipIsEmpty(a.polygon, b.halfPlanes), slow = clipIsEmptyByClipping(a.polygon, b.halfPlanes)
                #expect(fast == slow)
                if slow { empty += 1 } else { overlapping += 1 }
            }
        }
        // Both answers met many times (the pairs are not all of one kind).
        #expect(empty > 10_000 && overlapping > 10_000)
    }

    @Test func degenerateInputs() {
        let square: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(1, 0), SIMD2(1, 1), SIMD2(0, 1)]
        let cases: [([SIMD2<Double>], [HalfPlane])] = [
            ([], [HalfPlane(a: 1, b: 0, c: 0)]),
            (Array(square.prefix(2)), []),
            (square, []),
            (square, [HalfPlane(a: 1, b: 0, c: -1)]),            // touching the right edge only
            (square, [HalfPlane(a: 1, b: 0, c: -0.5)]),          // half of it
            (square, [HalfPlane(a: 1, b: 0, c: -0.5), HalfPlane(a: -1, b: 0, c: 0.5)]),  // a line
            (square, [HalfPlane(a: 1, b: 0, c: -0.9999995)]),    // a sliver under leastOverlap
            (square, [HalfPlane(a: .nan, b: 0, c: 0)]),
            ([SIMD2(0, 0), SIMD2(1, 0), SIMD2(2, 0)], []),       // no area
        ]
        for (p, h) in cases {
            let fast = p.withUnsafeBufferPointer { pb in h.withUnsafeBufferPointer { clipIsEmpty(pb, $0) } }
            let slow = p.withUnsafeBufferPointer { pb in h.withUnsafeBufferPointer { clipIsEmptyByClipping(pb, $0) } }
            #expect(fast == slow)
        }
    }
}
