// Quads hidden behind later pre-pass interiors (HiddenQuads.swift) are left out, and the image
// stays byte-identical: with them drawn, and without the pre-pass at all.
import Foundation
import LaminaCompositor
@testable import LaminaGL
import LaminaWorkloads
import QuartzCore
import Testing

struct HiddenQuadsTests {
    @Test func blockMask() {
        var m = BlockMask(width: 40, height: 30)
        #expect(m.columns == 10 && m.rows == 8)
        #expect(!m.covers(minX: 8, minY: 8, maxX: 16, maxY: 16))
        // A square from 7.9 to 24.1: its pixel centres 8.5...23.5, blocks 2...5 both ways.
        m.cover(convex: [[7.9, 7.9], [24.1, 7.9], [24.1, 24.1], [7.9, 24.1]])
        #expect(m.covers(minX: 8, minY: 8, maxX: 24, maxY: 24))
        #expect(m.covers(minX: 8.2, minY: 10, maxX: 23.9, maxY: 12))
        #expect(!m.covers(minX: 7.4, minY: 8, maxX: 24, maxY: 24), "pixel column 7 is outside")
        #expect(!m.covers(minX: 8, minY: 8, maxX: 24.6, maxY: 24), "pixel column 24 is outside")
        // A square that misses its blocks' first pixel centres covers none of those blocks.
        var n = BlockMask(width: 40, height: 30)
        n.cover(convex: [[8.6, 8], [24, 8], [24, 24], [8.6, 24]])
        #expect(n.covers(minX: 12, minY: 12, maxX: 15, maxY: 15))
        #expect(!n.covers(minX: 8.6, minY: 12, maxX: 11, maxY: 15))
        // Nothing covers a box that holds no pixel centre.
        #expect(n.covers(minX: 30.6, minY: 2.6, maxX: 31.4, maxY: 3.4))
    }

    static func render(_ p: RenderPlan, _ mode: DepthPrepassMode, skips: Bool) throws -> (image: [UInt8], hidden: Int) {
        let gl = try GLRenderer()
        gl.depthPrepass = mode
        gl.skipsHidden = skips
        let image = try gl.render(p).premultipliedRGBA
        return (image, gl.lastFrameHiddenQuads)
    }

    @Test(.enabled(if: GL.available, GL.reason), arguments: ["parallel-300", "parallel-1000", "cards-300", "cubes-64"])
    func hiddenQuadsChangeNoByte(_ name: String) throws {
        let w = try #require(Workload(name: name))
        let p = plan(w.scene(seed: 5))
        let never = try Self.render(p, .never, skips: true)
        let drawn = try Self.render(p, .always, skips: false)
        let skipped = try Self.render(p, .always, skips: true)
        #expect(never.hidden == 0 && drawn.hidden == 0)
        if name.hasPrefix("parallel") { #expect(skipped.hidden > 0, "\(name): cards wholly behind nearer ones") }
        let same = skipped.image == drawn.image && skipped.image == never.image   // (outside #expect: a failure would print images)
        #expect(same, "\(name): \(skipped.hidden) quads left out")
    }
}
