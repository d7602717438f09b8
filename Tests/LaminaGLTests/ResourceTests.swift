// GL resources: the headless context is shared safely; a renderer frees every object it made
// when it goes away or is invalidated; render targets come from a pool and images are
// uploaded once, so many frames leave the live objects flat. Live objects are counted by
// asking GL (glIsTexture, glIsFramebuffer, ...) about every name handed out, never from the
// renderer's own records. The counts run with the shared context held throughout, so no
// other test can make or free objects in between.
@preconcurrency import CEpoxy
import Foundation
import LaminaCompositor
import LaminaGL
import LaminaImage
import LaminaRaster
import LaminaScene
import QuartzCore
import Testing

/// Live GL objects of each kind among names 1...limit (context current).
struct Census: Equatable, CustomStringConvertible {
    var textures = 0, framebuffers = 0, buffers = 0, programs = 0, vertexArrays = 0

    init(upTo limit: GLuint) {
        guard limit > 0 else { return }
        for n in 1...limit {
            if epoxy_glIsTexture(n) != 0 { textures += 1 }
            if epoxy_glIsFramebuffer(n) != 0 { framebuffers += 1 }
            if epoxy_glIsBuffer(n) != 0 { buffers += 1 }
            if epoxy_glIsProgram(n) != 0 { programs += 1 }
            if epoxy_glIsVertexArray(n) != 0 { vertexArrays += 1 }
        }
    }

    var total: Int { textures + framebuffers + buffers + programs + vertexArrays }
    var description: String {
        "textures \(textures), framebuffers \(framebuffers), buffers \(buffers), programs \(programs), vertex arrays \(vertexArrays)"
    }

    /// The highest name GL would hand out next for any kind (context current): a new name of
    /// each kind, made and deleted at once. Names of objects made before are below it.
    static func highWater() -> GLuint {
        var t: GLuint = 0, f: GLuint = 0, b: GLuint = 0, v: GLuint = 0
        epoxy_glGenTextures(1, &t); epoxy_glGenFramebuffers(1, &f); epoxy_glGenBuffers(1, &b); epoxy_glGenVertexArrays(1, &v)
        let p = epoxy_glCreateProgram()
        defer {
            epoxy_glDeleteTextures(1, &t); epoxy_glDeleteFramebuffers(1, &f); epoxy_glDeleteBuffers(1, &b)
            epoxy_glDeleteVertexArrays(1, &v); epoxy_glDeleteProgram(p)
        }
        return max(t, f, b, v, p)
    }
}

@Suite(.enabled(if: GL.available, GL.reason)) struct ResourceTests {
    /// A plan with a render target (a flattened plane) and a contents image, shrunk to be quick.
    func planWithTargetAndImage() throws -> RenderPlan {
        let scene = try loadScene("transforms-5.8-nested-y-flattened")
        scene.canvas.scale = 0.25
        let pixels = (0..<(8 * 8)).flatMap { i -> [UInt8] in i % 2 == 0 ? [255, 0, 0, 255] : [0, 0, 128, 128] }
        let pic = CALayer()
        pic.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        pic.contents = CGImage(width: 8, height: 8, premultipliedRGBA: pixels)
        scene.root.addSublayer(pic)
        let p = plan(scene)
        #expect(p.targets.count == 2 && p.images.count == 1)
        return p
    }

    @Test func headlessContextIsCoreProfileOnMesa() throws {
        let ctx = try HeadlessContext.shared()
        #expect(ctx.rendererDescription.contains("OpenGL"), "\(ctx.rendererDescription)")
        #expect(try HeadlessContext.shared() === ctx)
    }

    /// 1,000 renderers made, used and dropped: every object they made is gone.
    @Test func droppedRenderersFreeEverything() throws {
        let p = try planWithTargetAndImage()
        let ctx = try HeadlessContext.shared()
        try ctx.withCurrent {
            var limit = Census.highWater()
            let before = Census(upTo: limit)
            var seen = Census(upTo: 0)
            for k in 0..<1000 {
                let renderer = try GLRenderer()
                _ = try renderer.render(p)
                if k == 0 {
                    // What one live renderer holds: programs, a vertex array, buffers, two targets, an image.
                    limit = max(limit, Census.highWater())
                    seen = Census(upTo: limit)
                }
                limit = max(limit, Census.highWater())
            }
            let after = Census(upTo: limit)
            #expect(after == before, "before: \(before); after 1,000 renderers: \(after)")
            #expect(seen.textures >= before.textures + 4 && seen.framebuffers >= before.framebuffers + 2
                    && seen.buffers >= before.buffers + 2 && seen.programs >= before.programs + 1
                    && seen.vertexArrays >= before.vertexArrays + 1,
                    "a live renderer's objects are counted: \(seen) against \(before)")
        }
    }

    /// `invalidate()` frees everything at once; the renderer draws the same image afterwards.
    @Test func invalidateFreesEverything() throws {
        let p = try planWithTargetAndImage()
        try HeadlessContext.shared().withCurrent {
            let limit0 = Census.highWater()
            let before = Census(upTo: limit0)
            let renderer = try GLRenderer()
            let first = try renderer.render(p)
            let limit = Census.highWater()
            #expect(Census(upTo: limit).total > before.total)
            renderer.invalidate()
            #expect(Census(upTo: limit) == before)
            #expect(try renderer.render(p).premultipliedRGBA == first.premultipliedRGBA)
        }
    }

    /// 1,000 frames of a scene with a render target and a contents image: live objects stay flat.
    @Test func thousandFramesLeaveObjectCountsFlat() throws {
        let p = try planWithTargetAndImage()
        try HeadlessContext.shared().withCurrent {
            let renderer = try GLRenderer()
            _ = try renderer.render(p)
            var limit = Census.highWater()
            let first = Census(upTo: limit)
            for _ in 0..<999 { _ = try renderer.render(p) }
            limit = max(limit, Census.highWater())
            #expect(Census(upTo: limit) == first)
        }
    }

    /// Targets of changing sizes are freed once unused for a few frames.
    @Test func poolFreesUnusedTargets() throws {
        let scene = try loadScene("transforms-5.8-nested-y-flattened")
        try HeadlessContext.shared().withCurrent {
            let before = Census(upTo: Census.highWater())
            let renderer = try GLRenderer()
            var limit: GLuint = 0
            for k in 0..<40 {
                // Sizes across several size classes.
                scene.canvas.scale = 0.2 + Double(k % 20) * 0.1
                _ = try renderer.render(plan(scene))
                limit = max(limit, Census.highWater())
            }
            let live = Census(upTo: limit)
            // At most the last 9 frames' two targets each are kept.
            #expect(live.framebuffers - before.framebuffers <= 2 * 9, "\(live)")
        }
    }

    /// Pooled targets larger than what they hold (size classes) draw exactly what exact-size
    /// targets draw: a flattened plane at sizes inside and at the edges of their classes.
    @Test(arguments: [0.25, 0.5, 0.75, 1.0, 1.3, 1.6])
    func sizeClassesDrawTheSame(scale: Double) throws {
        let scene = try loadScene("transforms-5.8-nested-y-flattened")
        scene.canvas.scale = scale
        let p = plan(scene, forceTargets: true)
        let parity = Parity(try GLRenderer().render(p), CPURenderer().render(p), edges: EdgePixels.mask(for: p))
        #expect(parity.nonEdgeMisses == 0 && parity.exactShare >= 0.995, "\(parity)")
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
