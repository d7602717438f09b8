// The seam pass's early rejects (Seams+Facing.swift) drop only edges that no pair test would
// pass: checked against testing every pair, and on the cases they must keep.
import Foundation
@testable import LaminaCompositor
import LaminaTestSupport
import QuartzCore
import Testing

@Suite struct SeamFacingTests {
    /// Frames for the given ends and inside points, each with a layer of its own.
    static func frames(_ ends: [(SIMD2<Double>, SIMD2<Double>, inside: SIMD2<Double>)], _ owners: inout [CALayer]) -> [SeamFrame] {
        ends.enumerated().map { k, e in
            let d = e.1 - e.0, u = d / (d * d).sum().squareRoot()
            owners.append(CALayer())
            return SeamFrame(a: e.0, b: e.1, u: u, len: (d * u).sum(), inside: e.inside, owner: ObjectIdentifier(owners[owners.count - 1]), quad: k, edge: .top)
        }
    }

    /// The straight pairs' search (its early reject included) against every pair of straight
    /// edges: crowded lines, lines within the tolerance of each other across bin boundaries,
    /// insides either side at one pixel and beyond, thin quads (insides on or near the line),
    /// and lines off the target.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func straightPairsFindWhatAllPairsFind(_ seed: UInt64) {
        var random = TestRandom(state: seed)
        var ends: [(SIMD2<Double>, SIMD2<Double>, inside: SIMD2<Double>)] = []
        let lines = [0.0, 6, 6.125, 6.17, 12.499, 12.53, 300, -40, 900]
        let offsets = [0, 0.02, -0.049, 0.051, 0.3]
        let sides = [5.0, -5, 1.0001, -1.0001, 0.999, -0.5, 0.03, 0.02, -0.03, 0, 3e6]
        for _ in 0..<700 {
            let line = lines[Int(random.next() * Double(lines.count))] + offsets[Int(random.next() * Double(offsets.count))]
            let from = (random.next() * 40).rounded(.down), to = from + 1 + (random.next() * 20).rounded(.down)
            let side = sides[Int(random.next() * Double(sides.count))]
            let vertical = random.next() < 0.5, reversed = random.next() < 0.5
            var a = SIMD2(from, line), b = SIMD2(to, line)
            var inside = SIMD2((from + to) / 2, line + side)
            if vertical { a = SIMD2(a.y, a.x); b = SIMD2(b.y, b.x); inside = SIMD2(inside.y, inside.x) }
            ends.append(reversed ? (b, a, inside) : (a, b, inside))
        }
        var owners: [CALayer] = []
        let frames = Self.frames(ends, &owners)
        let straight = [Bool](repeating: true, count: frames.count)
        let search = SeamSearch(frames: frames, straight: straight, anySlanted: false, bucketed: [], bucketStart: [0],
                                columns: 1, cx0: 0, cx1: 0, cy0: 0, cy1: 0)
        var found: [Int] = []
        search.straightPairs(vertical: false, into: &found)
        search.straightPairs(vertical: true, into: &found)
        var all: [Int] = []
        frames.withUnsafeBufferPointer { fp in
            for k in frames.indices {
                for j in (k + 1)..<frames.count where (fp[k].a.y == fp[k].b.y) == (fp[j].a.y == fp[j].b.y) { SeamSearch.test(fp, k, j, &all) }
            }
        }
        #expect(Set(found) == Set(all))
        #expect(Set(all).count > 40, "some edges are hard")
    }

    /// The reject drops one-sided edges and keeps every edge that may pass: an edge with an
    /// opposite one 0.04 away across a bin boundary, one with a thin quad's edge (inside on
    /// its line) in the next bin, thin quads' edges that pass, and edges far off the target;
    /// vertical edges are not listed with horizontal ones.
    @Test func oneSidedEdgesAreDroppedOthersKept() {
        var ends: [(SIMD2<Double>, SIMD2<Double>, inside: SIMD2<Double>)] = []
        // 300 card tops along y = 100, all facing down: none can pair.
        for k in 0..<300 { ends.append((SIMD2(Double(k), 100), SIMD2(Double(k) + 30, 100), SIMD2(Double(k) + 15, 120))) }
        // A top at y = 200.124 and a bottom at 200.126 (bins of 1/8: 200.125 divides them).
        ends.append((SIMD2(0, 200.124), SIMD2(30, 200.124), SIMD2(15, 210)))
        ends.append((SIMD2(30, 200.126), SIMD2(0, 200.126), SIMD2(15, 190)))
        // A top at 300 and a thin quad's edge at 300.2 (its inside on its line: undecided).
        ends.append((SIMD2(0, 300), SIMD2(30, 300), SIMD2(15, 310)))
        ends.append((SIMD2(30, 300.2), SIMD2(0, 300.2), SIMD2(15, 300.2)))
        // Two tops facing the same way a bin apart: dropped.
        ends.append((SIMD2(0, 400), SIMD2(30, 400), SIMD2(15, 410)))
        ends.append((SIMD2(0, 400.1), SIMD2(30, 400.1), SIMD2(15, 410)))
        // Two thin quads' edges, their insides just below their lines, yet on either side of
        // the first one's line: they pass.
        ends.append((SIMD2(0, 500.049), SIMD2(30, 500.049), SIMD2(15, 500.079)))
        ends.append((SIMD2(0, 500), SIMD2(30, 500), SIMD2(15, 500.02)))
        // Far off, facing down: kept (not binned).
        ends.append((SIMD2(0, 1e10), SIMD2(30, 1e10), SIMD2(15, 1e10 + 20)))
        ends.append((SIMD2(0, -5000), SIMD2(30, -5000), SIMD2(15, -4980)))
        // A vertical edge: not a horizontal line.
        ends.append((SIMD2(7, 0), SIMD2(7, 30), SIMD2(15, 15)))
        var owners: [CALayer] = []
        let frames = Self.frames(ends, &owners)
        var passing: [Int] = []
        frames.withUnsafeBufferPointer { SeamSearch.test($0, 306, 307, &passing) }
        #expect(passing == [306, 307])
        let straight = [Bool](repeating: true, count: frames.count)
        let lines = frames.withUnsafeBufferPointer { facingStraightLines($0, straight: straight, vertical: false) }
        #expect(lines.map(\.edge) == [300, 301, 302, 303, 306, 307, 308, 309])
        #expect(lines[0] == (at: 200.124, lo: 0, hi: 30, edge: 300) && lines[1] == (at: 200.126, lo: 0, hi: 30, edge: 301))
        let vertical = frames.withUnsafeBufferPointer { facingStraightLines($0, straight: straight, vertical: true) }
        #expect(vertical.isEmpty, "one vertical edge alone pairs with nothing")
        // Few frames: every edge of the direction is listed.
        let few = frames.withUnsafeBufferPointer { facingStraightLines(UnsafeBufferPointer(rebasing: $0[300..<311]), straight: straight, vertical: false) }
        #expect(few.map(\.edge) == Array(0..<10))
    }

    /// The line search lists straight edges only where a slanted line is near their axis in
    /// angle, within the larger of the two edges' reaches: a short horizontal piece along a
    /// long line 0.01 rad off the horizontal (beyond the long edge's reach, within the
    /// short one's) is paired with it; the vertical sides, far from every slanted angle, are
    /// not listed, and nothing that passes is missed.
    @Test func shortStraightEdgesAlongANearlyStraightLineArePaired() {
        var ends: [(SIMD2<Double>, SIMD2<Double>, inside: SIMD2<Double>)] = []
        let u = SIMD2(cos(0.01), sin(0.01)), n = SIMD2(-u.y, u.x)
        let a = SIMD2(100.0, 200.0)
        ends.append((a, a + u * 200, inside: a + u * 100 + n * 10))
        // A 2-pixel horizontal piece on it (its ends 0.01 off the line), the quad on the other side.
        let p = a + u * 50
        ends.append((SIMD2(p.x + 2, p.y + 0.01), SIMD2(p.x, p.y + 0.01), inside: SIMD2(p.x + 1, p.y - 5)))
        // Vertical sides of other quads, one pair of them on one line facing each other.
        for k in 0..<10 { ends.append((SIMD2(400 + Double(k) * 30, 100), SIMD2(400 + Double(k) * 30, 160), inside: SIMD2(410 + Double(k) * 30, 130))) }
        ends.append((SIMD2(400, 160), SIMD2(400, 100), inside: SIMD2(390, 130)))
        var owners: [CALayer] = []
        let frames = Self.frames(ends, &owners)
        let straight = frames.map { $0.a.y == $0.b.y || $0.a.x == $0.b.x }
        #expect(straight == [false] + [Bool](repeating: true, count: 12))
        var byLines: [Int] = []
        #expect(SeamSearch.linePairs(frames, straight: straight, width: 800, height: 600, into: &byLines))
        #expect(Set(byLines) == [0, 1])
    }
}
