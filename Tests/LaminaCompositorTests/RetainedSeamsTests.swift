// The seam pass of a retained frame (RetainedSeams.swift): redone only near what changed, it
// leaves every quad the edges the whole pass (Seams.swift) leaves it, frame after frame.
import Foundation
import Testing
@testable import LaminaCompositor
import LaminaTestSupport
import LaminaWorkloads
import QuartzCore

@Suite struct RetainedSeamsTests {
    /// A tile: one layer's quad, anti-aliased on every side, placed by `m`.
    struct Tile {
        let layer = CALayer()
        var rect: Box
        var m: Mat4
        var quad: DrawQuad {
            var q = DrawQuad(layerName: "t", role: "background", matrix: m, rect: rect, cornerRadius: 0, antialiasedEdges: .all,
                             fill: .color(SIMD4(1, 0, 0, 1)), borderWidth: 0, borderColor: .zero, mask: nil, opacity: 1,
                             lighting: [], clips: [], cover: [], isSplit: false)
            q.layer = ObjectIdentifier(layer)
            return q
        }
    }

    /// Frames of abutting tiles (a straight grid and turned pairs sharing a slanted edge) in
    /// which tiles shrink away from their neighbours, come back, swap places in the order,
    /// go, come again, and sometimes many change at once: each frame's edges are the whole pass's.
    @Test func edgesAreTheWholePassesEveryFrame() {
        var random = TestRandom(state: 0x5EA4_0001)
        var tiles: [Tile] = []
        for r in 0..<12 { for c in 0..<16 { tiles.append(Tile(rect: Box(minX: 0, minY: 0, maxX: 10, maxY: 10), m: .translation(Double(c) * 10 + 20.25, Double(r) * 10 + 20))) } }
        for _ in 0..<40 {
            let a = (random.next() - 0.5) * 3, x = 220 + random.next() * 160, y = 20 + random.next() * 260
            let m = Mat4(SIMD4(cos(a), sin(a), 0, 0), SIMD4(-sin(a), cos(a), 0, 0), SIMD4(0, 0, 1, 0), SIMD4(x, y, 0, 1))
            tiles.append(Tile(rect: Box(minX: 0, minY: 0, maxX: 20, maxY: 10), m: m))
            tiles.append(Tile(rect: Box(minX: 0, minY: 10, maxX: 20, maxY: 20), m: m))
        }
        var order = Array(tiles.indices)
        let retained = RetainedQuads()
        var reused = 0, redone = 0
        for frame in 0..<40 {
            if frame > 0 {
                let k = Int(random.next() * Double(tiles.count))
                switch frame % 5 {
                case 0: tiles[k].rect = Box(minX: 0.5, minY: 0.5, maxX: 9.5, maxY: 9.5)          // away from its neighbours
                case 1: tiles[k].rect = Box(minX: 0, minY: 0, maxX: 10, maxY: 10)                // back (a grid tile's size)
                case 2: let j = Int(random.next() * Double(order.count)); order.swapAt(j, (j + 1) % order.count)
                case 3: if let i = order.firstIndex(of: k) { order.remove(at: i) } else { order.insert(k, at: Int(random.next() * Double(order.count))) }
                default: for _ in 0..<80 { order.swapAt(Int(random.next() * Double(order.count)), Int(random.next() * Double(order.count))) }
                }
            }
            #expect(retained.begin(planeToTarget: .identity, width: 400, height: 300))
            var quads: [DrawQuad] = [], entries: [RetainedQuads.Entry?] = [], visible: [[SIMD2<Double>]] = []
            for t in order.map({ tiles[$0] }) {
                let q = t.quad, h = RetainedQuads.hash(q)
                quads.append(q)
                visible.append(t.rect.corners)
                entries.append(retained.entry(q, hash: h) ?? retained.keep(q, hash: h, placed: q, visible: t.rect.corners))
            }
            let owners = quads.map { $0.layer! }
            var whole = quads
            removeSeamAntialiasing(&whole, owners: owners, visible: visible, width: 400, height: 300, spread: false)
            retained.removeSeams(&quads, entries: entries, owners: owners, visible: visible, width: 400, height: 300)
            #expect(quads.map(\.antialiasedEdges) == whole.map(\.antialiasedEdges), "frame \(frame)")
            if frame > 0 && frame % 5 != 0 { reused += retained.reusedSeams; redone += quads.count - retained.reusedSeams }
        }
        // Most quads took the frame before's edges, and some were redone beside them.
        #expect(reused > 20 * tiles.count)
        #expect(redone > 0)
        // Hard edges were found at all (inner grid edges).
        #expect(retained.lastQuadFrames.contains { !$0.isEmpty })
    }

    /// Closed cubes, one turned per frame, and now and then several: every frame a frame
    /// compositor compiles (seams kept where nothing near changed) is the plan from scratch.
    @Test func changedCubesCompileAsFromScratch() throws {
        let s = Generators.cubes(count: 64, seed: 3)
        let w = s.canvas.width, h = s.canvas.height
        let frames = FrameCompositor()
        _ = try frames.compile(root: s.root, width: w, height: h, background: s.canvas.background)
        var rng = SplitMix64(seed: 77)
        var reused = 0
        let cubes = s.root.sublayers!
        for frame in 0..<10 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            for k in 0..<(frame % 4 == 3 ? 30 : 1) { cubes[(frame * 7 + k) % cubes.count].transform = rng.rotation() }
            CATransaction.commit()
            try compileMatchingScratch(frames, s.root, width: w, height: h, background: s.canvas.background, "frame \(frame)")
            reused += frames.lastReusedSeams
        }
        #expect(reused > 0)
    }
}

/// The grid of reach boxes with edges far beyond any Int (geometry of 1e300 through the API):
/// no trap, and every box that meets a query is still found.
@Test func reachGridTakesFarOffBoxes() {
    let boxes = [Box(minX: -1e308, minY: 0, maxX: 1e308, maxY: 1), Box(minX: 0, minY: 0, maxX: 10, maxY: 10), Box(minX: 5e307, minY: -1e308, maxX: 6e307, maxY: 1e308)]
    let grid = ReachGrid(boxes)
    #expect(grid.meetsAny(Box(minX: 1, minY: 0.5, maxX: 2, maxY: 0.75), of: boxes))
    #expect(grid.meetsAny(Box(minX: 5.5e307, minY: 3, maxX: 5.6e307, maxY: 4), of: boxes))
    #expect(!grid.meetsAny(Box(minX: -5, minY: 20, maxX: -4, maxY: 30), of: boxes))
}
