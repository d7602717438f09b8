// GL resources: the headless context is shared safely, render targets come from a pool and
// images are uploaded once, so many frames leave the object counts flat.
import Foundation
import LaminaCompositor
import LaminaGL
import LaminaImage
import LaminaRaster
import LaminaScene
import QuartzCore
import Testing

@Suite struct ResourceTests {
    @Test func headlessContextIsCoreProfileOnMesa() throws {
        let ctx = try HeadlessContext.shared()
        #expect(ctx.rendererDescription.contains("OpenGL"), "\(ctx.rendererDescription)")
        #expect(try HeadlessContext.shared() === ctx)
    }

    /// 1,000 frames of a scene with a render target and a contents image: counts stay flat.
    @Test func thousandFramesLeaveObjectCountsFlat() throws {
        let scene = try loadScene("transforms-5.8-nested-y-flattened")
        scene.canvas.scale = 0.25
        // A contents image too, so the texture cache is exercised.
        let pixels = (0..<(8 * 8)).flatMap { i -> [UInt8] in i % 2 == 0 ? [255, 0, 0, 255] : [0, 0, 128, 128] }
        let image = CGImage(width: 8, height: 8, premultipliedRGBA: pixels)
        let pic = CALayer()
        pic.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        pic.contents = image
        scene.root.addSublayer(pic)
        let renderer = try GLRenderer()
        let p = plan(scene)
        #expect(p.targets.count == 2)
        _ = try renderer.render(p)
        let first = renderer.objectCounts
        for _ in 0..<999 { _ = try renderer.render(p) }
        #expect(renderer.objectCounts == first)
        // Two render targets (the flattened plane and the output) and one image.
        #expect(first["texture"] == 3 && first["framebuffer"] == 2, "\(first)")
    }

    /// Targets of changing sizes are freed once unused for a few frames.
    @Test func poolFreesUnusedTargets() throws {
        let scene = try loadScene("transforms-5.8-nested-y-flattened")
        let renderer = try GLRenderer()
        for k in 0..<40 {
            scene.canvas.scale = 0.2 + Double(k % 20) * 0.01
            _ = try renderer.render(plan(scene))
        }
        let counts = renderer.objectCounts
        #expect((counts["framebuffer"] ?? 0) <= 2 * 10, "\(counts)")
    }

    /// Several threads rendering at once through the one headless context get the right images.
    @Test func concurrentRenderingIsSafe() async throws {
        let scene = try loadScene("transforms-5.21-cube-corner-on")
        scene.canvas.scale = 0.5
        let p = plan(scene)
        let reference = CPURenderer().render(p)
        let edges = EdgePixels.mask(for: p)
        try await withThrowingTaskGroup(of: Parity.self) { group in
            for _ in 0..<6 {
                group.addTask { Parity(try GLRenderer().render(p), reference, edges: edges) }
            }
            for try await parity in group { #expect(parity.nonEdgeMisses == 0, "\(parity)") }
        }
    }

    @Test func shadersAreFound() throws {
        let dir = try ShaderSources.directory()
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("quad.vert").path))
    }
}
