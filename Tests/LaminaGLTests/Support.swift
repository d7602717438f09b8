// The shared test helpers (Tests/LaminaTestSupport): Paths, loadScene, plan, renderCPU, backgroundRGB.
@preconcurrency import CEpoxy
@_exported import LaminaTestSupport
@testable import LaminaGL
import Testing

/// Whether an OpenGL context can be made here (LaminaTestSupport's `glAvailable`); suites that
/// need one are skipped, visibly and with the reason, when it cannot.
enum GL {
    static var available: Bool { glAvailable }
    static var reason: Comment { Comment(rawValue: "no OpenGL context: \(glUnavailableReason)") }
}

/// Runs `body` in `r`'s context with a framebuffer of our own (an RGBA8 texture of `width` x
/// `height`, as a window's would be), handing it the framebuffer and a read-back of its pixels
/// (glReadPixels' rows, row 0 first); everything is deleted afterwards.
func withOwnFramebuffer<T>(_ r: GLRenderer, width: Int, height: Int,
                           _ body: (_ fbo: GLuint, _ readBack: () -> [UInt8]) throws -> T) throws -> T {
    try r.context.withCurrent {
        var tex: GLuint = 0, fbo: GLuint = 0
        epoxy_glGenTextures(1, &tex)
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), tex)
        epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        epoxy_glGenFramebuffers(1, &fbo)
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
        epoxy_glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), tex, 0)
        defer {
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            epoxy_glDeleteFramebuffers(1, &fbo)
            epoxy_glDeleteTextures(1, &tex)
            r.invalidate()
        }
        func readBack() -> [UInt8] {
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
            epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
            pixels.withUnsafeMutableBytes {
                epoxy_glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
            }
            return pixels
        }
        return try body(fbo, readBack)
    }
}
