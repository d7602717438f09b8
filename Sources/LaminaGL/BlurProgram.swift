// The program of a layer shadow's blur (Shaders/blur.vert, blur.frag): a target's alpha
// blurred by a separable Gaussian in two passes, along x into a pooled intermediate texture,
// then along y into the target, blending off (LaminaRaster's AlphaBlur.swift does the same).
@preconcurrency import CEpoxy
import LaminaCompositor

/// The linked blur program and its uniform locations.
struct BlurProgram {
    let program: GLuint
    /// An empty vertex array: the triangle's vertices come from gl_VertexID.
    let vao: GLuint
    private let weightsLoc: GLint, radiusLoc: GLint, directionLoc: GLint, sizeLoc: GLint

    init() throws {
        let p = try QuadProgram.link(vertex: (try ShaderSources.source("blur.vert"), "blur.vert"),
                                     fragment: (try ShaderSources.source("blur.frag"), "blur.frag"), label: "the blur program")
        program = p
        weightsLoc = epoxy_glGetUniformLocation(p, "u_weights")
        radiusLoc = epoxy_glGetUniformLocation(p, "u_radius")
        directionLoc = epoxy_glGetUniformLocation(p, "u_direction")
        sizeLoc = epoxy_glGetUniformLocation(p, "u_size")
        epoxy_glUseProgram(p)
        epoxy_glUniform1i(epoxy_glGetUniformLocation(p, "u_source"), 0)
        epoxy_glUseProgram(0)
        var a: GLuint = 0
        epoxy_glGenVertexArrays(1, &a)
        vao = a
    }

    func destroy() {
        epoxy_glDeleteProgram(program)
        var a = vao
        epoxy_glDeleteVertexArrays(1, &a)
    }

    /// One pass: `source` (a texture holding a `width` x `height` target) blurred by `kernel`
    /// along `direction` into the bound framebuffer's `width` x `height` viewport.
    func pass(source: GLuint, width: Int, height: Int, kernel: GaussianKernel, direction: SIMD2<Int32>) {
        epoxy_glUseProgram(program)
        epoxy_glBindVertexArray(vao)
        epoxy_glViewport(0, 0, GLsizei(width), GLsizei(height))
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), source)
        // The kernel is capped at GaussianKernel.maxRadius: it fits the shader's array.
        let r = min(kernel.radius, GaussianKernel.maxRadius)
        kernel.weights.withUnsafeBufferPointer { epoxy_glUniform1fv(weightsLoc, GLsizei(2 * r + 1), $0.baseAddress) }
        epoxy_glUniform1i(radiusLoc, GLint(r))
        epoxy_glUniform2i(directionLoc, direction.x, direction.y)
        epoxy_glUniform2i(sizeLoc, GLint(width), GLint(height))
        epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
    }
}
