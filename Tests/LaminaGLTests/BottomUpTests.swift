// The output drawn top-down into a bottom-up framebuffer (a window's, the demo's path: the
// shaders' FLIP_Y variants) holds the offscreen image with its rows reversed, byte for byte.
import Foundation
@preconcurrency import CEpoxy
import LaminaCompositor
@testable import LaminaGL
import LaminaWorkloads
import QuartzCore
import Testing

@Suite(.enabled(if: GL.available, GL.reason)) struct BottomUpTests {
    @Test(arguments: ["cards-300", "chain-6"])
    func bottomUpIsTheImageFlipped(_ name: String) throws {
        let w = try #require(Workload(name: name))
        let p = plan(w.scene(seed: 4))
        let out = p.targets[p.outputIndex]
        let expected = try GLRenderer().render(p).premultipliedRGBA
        let row = out.width * 4
        let flipped = (0..<out.height).reversed().flatMap { expected[$0 * row ..< ($0 + 1) * row] }
        let r = try GLRenderer()
        let pixels = try r.context.withCurrent { () throws -> [UInt8] in
            var tex: GLuint = 0, fbo: GLuint = 0
            epoxy_glGenTextures(1, &tex)
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), tex)
            epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(out.width), GLsizei(out.height), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
            epoxy_glGenFramebuffers(1, &fbo)
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
            epoxy_glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), tex, 0)
            defer {
                epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
                epoxy_glDeleteFramebuffers(1, &fbo)
                epoxy_glDeleteTextures(1, &tex)
                r.invalidate()
            }
            try r.drawToFramebuffer(p, framebuffer: fbo, bottomUp: true)
            var pixels = [UInt8](repeating: 0, count: out.width * out.height * 4)
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
            epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
            pixels.withUnsafeMutableBytes {
                epoxy_glReadPixels(0, 0, GLsizei(out.width), GLsizei(out.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
            }
            return pixels
        }
        #expect(expected.contains { $0 != 0 }, "something drawn")
        let same = pixels == flipped   // (not inside #expect: a failure would print both images)
        #expect(same, "\(name)")
    }
}
