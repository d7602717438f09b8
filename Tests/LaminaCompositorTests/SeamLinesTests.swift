// Seams found by lines (Seams+Lines.swift) are exactly those every pair test finds: checked
// against all pairs, and against the grid on quads.
import Foundation
@testable import LaminaCompositor
import LaminaTestSupport
import QuartzCore
import Testing

@Suite struct SeamLinesTests {
    /// Edges in pairs along nearly the same line (offsets and turns around the tolerance, every
    /// direction, across the wrap of the normal's angle, axis-aligned partners, a few short
    /// pieces: few enough for the line search to be taken): it tests every pair that passes,
    /// as testing all pairs does.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func linePairsFindWhatAllPairsFind(_ seed: UInt64) {
        var random = TestRandom(state: seed)
        var frames: [SeamFrame] = []
        var owners: [CALayer] = []
        func add(_ a: SIMD2<Double>, _ b: SIMD2<Double>, side: Double) {
            let d = b - a, u = d / (d * d).sum().squareRoot(), n = SIMD2(-u.y, u.x)
            owners.append(CALayer())
            frames.append(SeamFrame(a: a, b: b, u: u, len: (d * u).sum(), inside: (a + b) / 2 + n * side * 5,
                                    owner: ObjectIdentifier(owners[owners.count - 1]), quad: frames.count, edge: .top))
        }
        let offsets = [0, 0.02, -0.03, 0.049, -0.051, 0.07, 0.3]
        let turns = [0, 1e-4, -5e-4, 2e-3, 0.01]
        let angles = [0, Double.pi / 2, 1e-5, Double.pi - 1e-5, Double.pi / 2 + 2e-4]
        for k in 0..<400 {
            // Every fifth pair along an axis or just off it (the wrap at pi included).
            let angle = k % 5 == 0 ? angles[k / 5 % angles.count] : random.next() * Double.pi
            let u = SIMD2(cos(angle), sin(angle)), n = SIMD2(-u.y, u.x)
            let p = SIMD2(random.next() * 800, random.next() * 600)
            let length = k % 40 == 0 ? 2 + random.next() * 2 : 60 + random.next() * 80
            var a = p, b = p + u * length
            // Axis-aligned pairs are exactly so.
            if angle == 0 { b.y = a.y } else if angle == Double.pi / 2 { b.x = a.x }
            add(a, b, side: 1)
            let turn = turns[Int(random.next() * Double(turns.count))], shift = offsets[Int(random.next() * Double(offsets.count))]
            let v = SIMD2(cos(angle + turn), sin(angle + turn))
            let start = random.next() * length * 0.8 - length * 0.1
            a = p + u * start + n * shift
            b = a + v * (k % 3 == 0 ? length * 0.5 : length)
            if k % 4 == 1 { swap(&a, &b) }
            add(a, b, side: k % 6 == 5 ? 1 : -1)
        }
        let straight = frames.map { $0.a.y == $0.b.y || $0.a.x == $0.b.x }
        #expect(straight.contains(true) && straight.contains(false))
        var byLines: [Int] = []
        #expect(SeamSearch.linePairs(frames, straight: straight, width: 800, height: 600, into: &byLines), "the line search is taken")
        var all: [Int] = []
        frames.withUnsafeBufferPointer { fp in
            for k in frames.indices {
                for j in (k + 1)..<frames.count where !(straight[k] && straight[j]) { SeamSearch.test(fp, k, j, &all) }
            }
        }
        #expect(Set(byLines) == Set(all))
        #expect(Set(all).count > 50 && Set(all).count < frames.count / 2, "some edges are hard, most are not")
    }

    /// On quads (turned cards sharing edges, cells of a grid, cards abutting axis-aligned
    /// ones), the same edges are made hard with the line search as through the grid alone.
    @Test func linesAndGridAgreeOnQuads() {
        var random = TestRandom(state: 7)
        var quads: [DrawQuad] = [], visible: [[SIMD2<Double>]] = []
        var layers: [CALayer] = []
        func add(_ rect: Box, _ m: Mat4) {
            layers.append(CALayer())
            quads.append(.seamTestQuad(rect, m))
            visible.append(rect.corners)
        }
        for r in 0..<6 {
            for c in 0..<8 { add(Box(minX: 0, minY: 0, maxX: 50, maxY: 50), .translation(Double(c) * 50 + 0.25, Double(r) * 50)) }
        }
        for k in 0..<300 {
            let a = k % 10 == 0 ? 1e-4 : (random.next() - 0.5) * 3, x = random.next() * 780, y = random.next() * 580
            let m = Mat4(SIMD4(cos(a), sin(a), 0, 0), SIMD4(-sin(a), cos(a), 0, 0), SIMD4(0, 0, 1, 0), SIMD4(x, y, 0, 1))
            add(Box(minX: 0, minY: 0, maxX: 60, maxY: 40), m)
            add(Box(minX: 0, minY: 40, maxX: 60, maxY: 80), m)
        }
        let owners = layers.map(ObjectIdentifier.init)
        var lines = quads, grid = quads
        removeSeamAntialiasing(&lines, owners: owners, visible: visible, width: 800, height: 600, spread: false, byLines: true)
        removeSeamAntialiasing(&grid, owners: owners, visible: visible, width: 800, height: 600, spread: false, byLines: false)
        #expect(lines.map(\.antialiasedEdges) == grid.map(\.antialiasedEdges))
        #expect(!lines[48].antialiasedEdges.contains(.bottom) && !lines[49].antialiasedEdges.contains(.top), "turned cards share an edge")
    }
}
