// The cover polygon cut in scratch buffers (CoverCuts.swift) is the one cut one array per
// cut (clipStep), point for point, whatever the quad.
import Foundation
@testable import LaminaCompositor
import LaminaTestSupport
import Testing

@Suite struct CoverCutsTests {
    /// Quads under perspective or not, every mix of hard and anti-aliased edges, with clips
    /// that cut them, miss them or leave nothing, and masks.
    static func quads() -> [(DrawQuad, Double)] {
        var random = TestRandom(state: 11)
        var out: [(DrawQuad, Double)] = []
        for k in 0..<400 {
            let w = 5 + random.next() * 200, h = 5 + random.next() * 200
            let rect = Box(minX: random.next() * 10, minY: random.next() * 10, maxX: 0, maxY: 0)
            let box = Box(minX: rect.minX, minY: rect.minY, maxX: rect.minX + w, maxY: rect.minY + h)
            let a = (random.next() - 0.5) * 2, lean = k % 3 == 0 ? 0 : (random.next() - 0.5) * 0.004
            let m = Mat4(SIMD4(cos(a), sin(a), 0, lean), SIMD4(-sin(a), cos(a), 0, lean * (random.next() - 0.5)),
                         SIMD4(0, 0, 1, 0), SIMD4(random.next() * 600, random.next() * 400, 0, 1))
            var q = DrawQuad.seamTestQuad(box, m)
            q.antialiasedEdges = EdgeMask(rawValue: UInt8(k % 16))
            for _ in 0..<(k % 5) {
                // Lines through the rectangle or beyond it, any way round.
                let t = random.next() * 2 * Double.pi, x = box.minX + random.next() * w * 1.6 - w * 0.3, y = box.minY + random.next() * h * 1.6 - h * 0.3
                q.clips.append(HalfPlane(a: cos(t), b: sin(t), c: -(cos(t) * x + sin(t) * y)))
            }
            if k % 7 == 3 { q.mask = RoundedBox(box: Box(minX: box.minX + 2, minY: box.minY + 3, maxX: box.maxX - w / 3, maxY: box.maxY - 1), radius: 2) }
            out.append((q, k % 11 == 0 ? 0 : 0.2 + random.next() * 3))
        }
        return out
    }

    @Test func buffersCutAsArraysDo() {
        var nonEmpty = 0, cut = 0
        for (quad, stretch) in Self.quads() {
            var q = quad
            let byArrays = coverPolygonByArrays(&q, minStretch: stretch)
            var out: [SIMD2<Double>] = [SIMD2(1, 2)]
            #expect(cutCover(&q, minStretch: stretch, into: &out))
            let expected = q.antialiasedEdges.isEmpty && q.mask == nil ? out : byArrays
            #expect(out == expected)
            // Over a visible part of two points and of four (the outline written in place).
            let visibles: [[SIMD2<Double>]] = [[SIMD2(1, 2), SIMD2(3, 4)], [SIMD2(1, 2), SIMD2(3, 4), SIMD2(5, 6), SIMD2(7, 8)]]
            for visible in visibles {
                #expect(coverPolygon(&q, visible: visible, minStretch: stretch) == (q.antialiasedEdges.isEmpty && q.mask == nil ? visible : byArrays))
            }
            if !byArrays.isEmpty { nonEmpty += 1 }
            if byArrays.count > 4 && !(q.antialiasedEdges.isEmpty && q.mask == nil) { cut += 1 }
        }
        #expect(nonEmpty > 200 && nonEmpty < 390, "clips leave most quads something, a few nothing")
        #expect(cut > 50, "many outlines are cut")
    }

    /// Too little room: the buffers say so (and coverPolygon then cuts arrays).
    @Test func tooLittleRoomIsReported() {
        var q = DrawQuad.seamTestQuad(Box(minX: 0, minY: 0, maxX: 100, maxY: 50), Mat4(SIMD4(1, 0, 0, 0.001), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(10, 10, 0, 1)))
        q.clips = [HalfPlane(a: 1, b: 1, c: -20), HalfPlane(a: -1, b: 0.5, c: 90)]
        var out: [SIMD2<Double>] = []
        #expect(!cutCover(&q, minStretch: 1, into: &out, room: 4))
        #expect(cutCover(&q, minStretch: 1, into: &out))
        #expect(out == coverPolygonByArrays(&q, minStretch: 1) && out.count >= 5)
    }
}
