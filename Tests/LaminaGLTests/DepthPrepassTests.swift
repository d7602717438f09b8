// The opaque depth pre-pass (Sources/LaminaGL/DepthPrepass.swift) changes no pixel: every
// scene renders byte-identical with it forced on and off, a heavy-overdraw scene (opaque,
// translucent, anti-aliased, bordered, rounded cards) gets it automatically, and a caller's
// framebuffer without a depth buffer is drawn without it.
@preconcurrency import CEpoxy
import Foundation
import LaminaCompositor
@testable import LaminaGL
import LaminaRaster
import LaminaScene
import LaminaWorkloads
import QuartzCore
import Testing

@Suite(.enabled(if: glAvailable, "needs an OpenGL context (headless EGL): \(glUnavailableReason)"))
struct DepthPrepassTests {
    /// 150 stacked cards turned about y (anti-aliased edges): most opaque, every fifth
    /// translucent, some with a border or rounded corners, one flattened group with sublayers.
    static func overdrawScene() -> Scene {
        var cards: [CALayer] = []
        for i in 0..<150 {
            let c = card("card\(i)", 160, 120, at: 200 + Double(i % 7) * 4, 200 + Double(i % 11) * 3,
                         CGColor(red: Double(i % 5) / 4, green: Double(i % 3) / 2, blue: Double(i % 7) / 6, alpha: i % 5 == 4 ? 0.6 : 1),
                         transform: then(ry(25 + Double(i % 4)), tr(0, 0, Double(i) * 0.5 - 40)))
            if i % 6 == 1 { c.borderWidth = 3; c.borderColor = blue }
            if i % 9 == 2 { c.cornerRadius = 12 }
            if i % 13 == 3 { c.opacity = 0.8 }
            cards.append(c)
        }
        let group = card("group", 120, 90, at: 180, 220, green, transform: rz(10))
        group.addSublayer(card("inner", 60, 40, at: 60, 45, red, transform: rz(20)))
        group.opacity = 0.9
        cards.append(group)
        return Scene(description: "depth pre-pass overdraw", canvas: Canvas(width: 400, height: 400, background: white),
                     root: stage(eye: 600, cards))
    }

    /// Bytes that differ (all of them for images of different sizes).
    func differing(_ a: CGImage, _ b: CGImage) -> Int {
        let x = a.premultipliedRGBA, y = b.premultipliedRGBA
        guard x.count == y.count else { return max(x.count, y.count) }
        return zip(x, y).reduce(0) { $0 + ($1.0 != $1.1 ? 1 : 0) }
    }

    /// `rings`: pre-passed quads drawn as rings wherever possible (InteriorRing.swift), not
    /// only above `DepthPrepass.minRingArea`.
    static func render(_ p: RenderPlan, _ mode: DepthPrepassMode, rings: Bool = false) throws -> (CGImage, Int) {
        let gl = try GLRenderer()
        gl.depthPrepass = mode
        if rings { gl.ringMinArea = 0 }
        let image = try gl.render(p)
        return (image, gl.lastFramePrepassTargets)
    }

    @Test func overdrawSceneIsIdenticalAndUsesThePrepass() throws {
        let scene = Self.overdrawScene()
        for force in [false, true] {
            let p = plan(scene, forceTargets: force)
            let (off, offTargets) = try Self.render(p, .never)
            let (auto, autoTargets) = try Self.render(p, .automatic)
            let (always, alwaysTargets) = try Self.render(p, .always)
            let (rings, _) = try Self.render(p, .always, rings: true)
            #expect(differing(rings, off) == 0, "rings everywhere (targets \(force))")
            #expect(offTargets == 0)
            #expect(autoTargets >= 1, "the estimate should pick the pre-pass for 150 stacked cards")
            #expect(alwaysTargets >= autoTargets)
            #expect(differing(auto, off) == 0, "automatic (targets \(force))")
            #expect(differing(always, off) == 0, "always (targets \(force))")
            // And the CPU agrees as in the parity suite.
            let parity = Parity(always, CPURenderer().render(p), edges: EdgePixels.mask(for: p))
            #expect(parity.passes(), "\(parity)")
        }
    }

    /// Every fixture scene (and with forced targets): the pre-pass wherever possible changes nothing.
    @Test(arguments: Paths.sceneNames)
    func sceneIsIdentical(_ name: String) throws {
        let scene = try loadScene(name)
        for force in [false, true] {
            let p = plan(scene, forceTargets: force)
            let (off, _) = try Self.render(p, .never)
            let (always, _) = try Self.render(p, .always)
            #expect(differing(always, off) == 0, "\(name)\(force ? " (targets)" : "")")
            let (rings, _) = try Self.render(p, .always, rings: true)
            #expect(differing(rings, off) == 0, "\(name)\(force ? " (targets)" : ""), rings everywhere")
        }
    }

    /// A generated benchmark workload of stacked cards, and the damaged-rectangle path.
    @Test func parallelCardsAndDamage() throws {
        guard let w = Workload(name: "parallel-200") else { Issue.record("no workload"); return }
        let p = plan(w.scene(seed: 3))
        let (off, _) = try Self.render(p, .never)
        let gl = try GLRenderer()
        let image = try gl.render(p)
        #expect(gl.lastFramePrepassTargets == 1)
        #expect(differing(image, off) == 0)
        let (rings, _) = try Self.render(p, .automatic, rings: true)
        #expect(differing(rings, off) == 0)
        let blank = CGImage(width: off.width, height: off.height, premultipliedRGBA: [UInt8](repeating: 0, count: off.width * off.height * 4))
        let damaged = try gl.render(p, over: blank, damage: PixelRect(x: 100, y: 50, width: 300, height: 200))
        let reference = try GLRenderer()
        reference.depthPrepass = .never
        let expected = try reference.render(p, over: blank, damage: PixelRect(x: 100, y: 50, width: 300, height: 200))
        #expect(differing(damaged, expected) == 0)
    }

    /// Drawing into a caller's framebuffer: without a depth buffer no pre-pass (and the same
    /// image); with a 24-bit depth renderbuffer the pre-pass, still the same image.
    @Test(arguments: [false, true])
    func callersFramebuffer(withDepth: Bool) throws {
        let p = plan(Self.overdrawScene())
        let out = p.targets[p.outputIndex]
        let (expected, _) = try Self.render(p, .never)
        let gl = try GLRenderer()
        gl.depthPrepass = .always
        // Rings need the pre-pass: without a depth buffer the quads are drawn whole.
        gl.ringMinArea = 0
        let pixels: [UInt8] = try gl.context.withCurrent {
            var fbo: GLuint = 0, rbs = [GLuint](repeating: 0, count: 2)
            epoxy_glGenFramebuffers(1, &fbo)
            epoxy_glGenRenderbuffers(2, &rbs)
            defer { epoxy_glDeleteFramebuffers(1, &fbo); epoxy_glDeleteRenderbuffers(2, &rbs) }
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
            epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), rbs[0])
            epoxy_glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(out.width), GLsizei(out.height))
            epoxy_glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), rbs[0])
            if withDepth {
                epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), rbs[1])
                epoxy_glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH_COMPONENT24), GLsizei(out.width), GLsizei(out.height))
                epoxy_glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_ATTACHMENT), GLenum(GL_RENDERBUFFER), rbs[1])
            }
            epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), 0)
            try gl.drawToFramebuffer(p, framebuffer: fbo)
            var px = [UInt8](repeating: 0, count: out.width * out.height * 4)
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
            epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
            px.withUnsafeMutableBytes { epoxy_glReadPixels(0, 0, GLsizei(out.width), GLsizei(out.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress) }
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            return px
        }
        // Offscreen, every target had it (the flattened group's too); here the output only with depth.
        let (_, offscreen) = try Self.render(p, .always)
        #expect(p.targets.count == 2 && offscreen == 2)
        #expect(gl.lastFramePrepassTargets == (withDepth ? 2 : 1))
        #expect(differing(CGImage(width: out.width, height: out.height, premultipliedRGBA: pixels), expected) == 0)
    }
}
