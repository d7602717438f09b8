// Work shared among the cores (Parallel.swift): whatever the split and the threads, the
// results come back in index order, and small work stays on the calling thread.
import Foundation
@testable import LaminaCompositor
import LaminaTestSupport
import QuartzCore
import Testing

@Suite struct InRangesTests {
    /// The quads after the seam pass on an 800x600 target, its work shared across cores and
    /// not (enough quads for it to be shared): the same edges left anti-aliased either way.
    func seamsSharedAndNot(_ quads: [DrawQuad], _ layers: [CALayer], _ visible: [[SIMD2<Double>]]) -> [DrawQuad] {
        let owners = layers.map(ObjectIdentifier.init)
        var spread = quads, one = quads
        #expect(quads.count >= spreadQuads)
        removeSeamAntialiasing(&spread, owners: owners, visible: visible, width: 800, height: 600, spread: true)
        removeSeamAntialiasing(&one, owners: owners, visible: visible, width: 800, height: 600, spread: false)
        #expect(spread.map(\.antialiasedEdges) == one.map(\.antialiasedEdges))
        return one
    }

    /// Every index once, in order, for counts around the thresholds and part counts.
    @Test(arguments: [0, 1, 2, 15, 16, 17, 255, 256, 1000])
    func resultsComeBackInIndexOrder(_ count: Int) {
        for parts in [1, 2, 16, 64] {
            let ranges = inRanges(count, minimum: 2, parts: parts) { r in r }
            #expect(ranges.flatMap { Array($0) } == Array(0..<count), "\(count) in \(parts) parts")
            #expect(ranges.count == (count >= 2 ? min(count, parts) : 1))
            let squares = inRanges(count, minimum: 2, parts: parts) { r in r.map { $0 * $0 } }.flatMap { $0 }
            #expect(squares == (0..<count).map { $0 * $0 })
        }
    }

    /// Below the minimum: one range, run on the calling thread.
    @Test func smallWorkStaysOnTheCallingThread() {
        let caller = pthread_self()
        let ranges = inRanges(100, minimum: 256) { r in (r, pthread_equal(pthread_self(), caller) != 0) }
        #expect(ranges.count == 1 && ranges[0].0 == 0..<100 && ranges[0].1)
    }

    /// A context's depth order does not depend on how the pair tests were shared out: the
    /// same polygons ordered twice (the second time with the cores busy) give the same plan.
    @Test func depthOrderIsTheSameEveryTime() {
        var random = TestRandom(state: 7)
        var cards: [CALayer] = []
        for i in 0..<400 {
            let c = CGColor(red: random.next(), green: random.next(), blue: random.next(), alpha: 1)
            cards.append(card("c\(i)", 30, 30, at: 60 + random.next() * 480, 60 + random.next() * 280, c, transform: random.rotation()))
        }
        let root = stage(600, 400, cards)
        let a = Compositor().compile(root: root, width: 600, height: 400)
        #expect(a.splitCount > 0, "the cards interpenetrate: the tangles are ordered on several cores")
        for _ in 0..<3 { #expect(Compositor().compile(root: root, width: 600, height: 400).listing == a.listing) }
    }

    /// Seams found on all cores are those found on one: a grid of abutting cells (straight
    /// edges) and pairs of turned cards sharing an edge (slanted ones), thousands of edges.
    @Test func seamsAreTheSameHoweverTheWorkIsShared() {
        var random = TestRandom(state: 12)
        var quads: [DrawQuad] = [], visible: [[SIMD2<Double>]] = []
        var layers: [CALayer] = []
        func add(_ rect: Box, _ m: Mat4) {
            layers.append(CALayer())
            quads.append(.seamTestQuad(rect, m))
            visible.append(rect.corners)
        }
        for r in 0..<60 {
            for c in 0..<80 { add(Box(minX: 0, minY: 0, maxX: 10, maxY: 10), .translation(Double(c) * 10 + 0.25, Double(r) * 10)) }
        }
        for _ in 0..<400 {
            let a = (random.next() - 0.5) * 3, x = random.next() * 780, y = random.next() * 580
            let m = Mat4(SIMD4(cos(a), sin(a), 0, 0), SIMD4(-sin(a), cos(a), 0, 0), SIMD4(0, 0, 1, 0), SIMD4(x, y, 0, 1))
            add(Box(minX: 0, minY: 0, maxX: 20, maxY: 10), m)
            add(Box(minX: 0, minY: 10, maxX: 20, maxY: 20), m)
        }
        let one = seamsSharedAndNot(quads, layers, visible)
        // Inner grid edges and the cards' shared edges are hard.
        #expect(one[81].antialiasedEdges.isEmpty)
        #expect(!one[4800].antialiasedEdges.contains(.bottom) && !one[4801].antialiasedEdges.contains(.top))
    }

    /// The same with quads of fewer than four edges (slots left empty when the edges are made
    /// on all cores: some cells anti-aliased on two sides only, some on none, some with no
    /// visible part), with and without slanted edges (the empty slots taken out, or skipped).
    @Test(arguments: [false, true])
    func seamsOfQuadsWithFewerEdgesAreTheSameHoweverTheWorkIsShared(slanted: Bool) {
        var quads: [DrawQuad] = [], visible: [[SIMD2<Double>]] = []
        var layers: [CALayer] = []
        for r in 0..<60 {
            for c in 0..<80 {
                let rect = Box(minX: 0, minY: 0, maxX: 10, maxY: 10)
                var q = DrawQuad.seamTestQuad(rect, .translation(Double(c) * 10, Double(r) * 10))
                let k = r * 80 + c
                if k % 7 == 0 { q.antialiasedEdges = [.top, .left] }
                if k % 11 == 0 { q.antialiasedEdges = [] }
                layers.append(CALayer())
                quads.append(q)
                visible.append(k % 13 == 0 ? [] : rect.corners)
            }
        }
        if slanted {
            let m = Mat4(SIMD4(0.6, 0.8, 0, 0), SIMD4(-0.8, 0.6, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(300, 200, 0, 1))
            for rect in [Box(minX: 0, minY: 0, maxX: 20, maxY: 10), Box(minX: 0, minY: 10, maxX: 20, maxY: 20)] {
                layers.append(CALayer())
                quads.append(.seamTestQuad(rect, m))
                visible.append(rect.corners)
            }
        }
        let one = seamsSharedAndNot(quads, layers, visible)
        // Cell 1's right edge meets cell 2's left: both hard (neither is a 7th, 11th or 13th).
        #expect(!one[1].antialiasedEdges.contains(.right) && !one[2].antialiasedEdges.contains(.left))
        // Cell 14 (a 7th) keeps its top against cell -66 (none) and its left meets cell 13 (no visible part).
        #expect(one[14].antialiasedEdges.contains(.top) && one[14].antialiasedEdges.contains(.left))
        if slanted { #expect(!one[4800].antialiasedEdges.contains(.bottom) && !one[4801].antialiasedEdges.contains(.top)) }
    }
}

extension DrawQuad {
    /// An opaque red quad of `rect` under `m`, every edge anti-aliased: the seam tests' edges.
    static func seamTestQuad(_ rect: Box, _ m: Mat4) -> DrawQuad {
        DrawQuad(layerName: "q", role: "background", matrix: m, rect: rect, cornerRadius: 0, antialiasedEdges: .all,
                 fill: .color(SIMD4(1, 0, 0, 1)), borderWidth: 0, borderColor: .zero, mask: nil, opacity: 1,
                 lighting: [], clips: [], cover: [], isSplit: false)
    }
}
