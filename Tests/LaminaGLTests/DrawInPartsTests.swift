// A large target drawn in parts (GLState.partQuads: each part uploaded, drawn and flushed as
// soon as it is batched) gives the bytes of the same target drawn in one go: in the output,
// in an offscreen target sampled by the output, and in a damaged rectangle. (Parts start at
// 1,024 quads here, below the default, so the scenes stay small.)
import Foundation
import LaminaCompositor
@testable import LaminaGL
import LaminaRaster
import LaminaScene
import LaminaWorkloads
import QuartzCore
import Testing

@Suite(.enabled(if: GL.available, GL.reason)) struct DrawInPartsTests {
    /// The image of `p` and the parts flushed, with or without parts.
    static func render(_ p: RenderPlan, parts: Bool) throws -> (image: CGImage, flushes: Int) {
        let gl = try GLRenderer()
        gl.drawsInParts = parts
        gl.partMinimum = 1024
        let image = try gl.render(p)
        return (image, gl.lastFramePartFlushes)
    }

    /// Forced targets put the cards in an offscreen target (flat-2000's would be its rows, each small).
    @Test(arguments: zip(["cards-1000", "cards-1000", "flat-2000"], [false, true, false]))
    func partsGiveTheSameBytes(_ name: String, forceTargets: Bool) throws {
        let w = try #require(Workload(name: name))
        let p = plan(w.scene(seed: 1), forceTargets: forceTargets)
        #expect(p.targets.map(\.quads.count).max() ?? 0 >= 1024, "a target large enough to be drawn in parts")
        let whole = try Self.render(p, parts: false)
        let parts = try Self.render(p, parts: true)
        #expect(whole.flushes == 0)
        #expect(parts.flushes >= 1)
        #expect(parts.image.premultipliedRGBA == whole.image.premultipliedRGBA, "\(name) (targets \(forceTargets))")
        if !forceTargets {
            let parity = Parity(parts.image, CPURenderer().render(p), edges: EdgePixels.mask(for: p))
            #expect(parity.passes(), "\(parity)")
        }
    }

    @Test func partsInADamagedRectangle() throws {
        let w = try #require(Workload(name: "cards-1000"))
        let p = plan(w.scene(seed: 2))
        let blank = CGImage(width: p.targets[p.outputIndex].width, height: p.targets[p.outputIndex].height,
                            premultipliedRGBA: [UInt8](repeating: 0, count: p.targets[p.outputIndex].width * p.targets[p.outputIndex].height * 4))
        let damage = PixelRect(x: 150, y: 100, width: 500, height: 400)
        var images: [[UInt8]] = []
        for parts in [false, true] {
            let gl = try GLRenderer()
            gl.drawsInParts = parts
            gl.partMinimum = 1024
            images.append(try gl.render(p, over: blank, damage: damage).premultipliedRGBA)
            #expect((gl.lastFramePartFlushes > 0) == parts)
        }
        #expect(images[0] == images[1])
    }
}
