// The quad program in its fragment-shader variants (ShaderVariant), compiled on first use,
// with every uniform location looked up once at link time.
@preconcurrency import CEpoxy
import Foundation

/// Texture unit of the per-quad record buffer (units 0..<FrameBatches.textureSlots hold fills).
let recordTextureUnit: GLint = 7

/// One linked variant of the quad program.
struct QuadProgram {
    let program: GLuint
    let targetSize: GLint, flipY: GLint, texSize: GLint

    /// The program for quads of `variant`, sampling `slots` textures (with `.texture`).
    init(variant: ShaderVariant, slots: Int, vertex: String, fragment: String) throws {
        // The defines go right after the #version line, which must come first.
        let split = fragment.firstIndex(of: "\n").map { fragment.index(after: $0) } ?? fragment.startIndex
        let defines = variant.defines + (variant.contains(.texture) ? "#define TEXTURE_SLOTS \(max(1, slots))\n" : "")
        let source = String(fragment[..<split]) + defines + String(fragment[split...])
        let p = try Self.link(vertex: (vertex, "quad.vert"), fragment: (source, "quad.frag"), label: "the quad program")
        program = p
        targetSize = epoxy_glGetUniformLocation(p, "u_targetSize")
        flipY = epoxy_glGetUniformLocation(p, "u_flipY")
        texSize = epoxy_glGetUniformLocation(p, "u_texSize")
        // Samplers never change units: set once.
        epoxy_glUseProgram(p)
        epoxy_glUniform1i(epoxy_glGetUniformLocation(p, "u_quads"), recordTextureUnit)
        for k in 0..<FrameBatches.textureSlots {
            let loc = epoxy_glGetUniformLocation(p, "u_tex\(k)")
            if loc >= 0 { epoxy_glUniform1i(loc, GLint(k)) }
        }
        epoxy_glUseProgram(0)
    }

    /// A program linked from a vertex and a fragment shader (each a source and a name for
    /// messages); the shaders are freed once linked, everything on failure.
    static func link(vertex: (String, String), fragment: (String, String), label: String) throws -> GLuint {
        let vs = try compile(GLenum(GL_VERTEX_SHADER), vertex.0, vertex.1)
        let fs: GLuint
        do { fs = try compile(GLenum(GL_FRAGMENT_SHADER), fragment.0, fragment.1) } catch { epoxy_glDeleteShader(vs); throw error }
        let p = epoxy_glCreateProgram()
        epoxy_glAttachShader(p, vs)
        epoxy_glAttachShader(p, fs)
        epoxy_glLinkProgram(p)
        epoxy_glDeleteShader(vs)
        epoxy_glDeleteShader(fs)
        var ok: GLint = 0
        epoxy_glGetProgramiv(p, GLenum(GL_LINK_STATUS), &ok)
        guard ok != 0 else {
            let log = infoLog { epoxy_glGetProgramInfoLog(p, $0, nil, $1) }
            epoxy_glDeleteProgram(p)
            throw GLError("linking \(label) failed: \(log)")
        }
        return p
    }

    static func compile(_ kind: GLenum, _ source: String, _ name: String) throws -> GLuint {
        let s = epoxy_glCreateShader(kind)
        source.withCString { ptr in
            var p: UnsafePointer<GLchar>? = ptr
            epoxy_glShaderSource(s, 1, &p, nil)
        }
        epoxy_glCompileShader(s)
        var ok: GLint = 0
        epoxy_glGetShaderiv(s, GLenum(GL_COMPILE_STATUS), &ok)
        guard ok != 0 else {
            let log = infoLog { epoxy_glGetShaderInfoLog(s, $0, nil, $1) }
            epoxy_glDeleteShader(s)
            throw GLError("compiling \(name) failed: \(log)")
        }
        return s
    }

    static func infoLog(_ get: (GLsizei, UnsafeMutablePointer<GLchar>) -> Void) -> String {
        var buf = [GLchar](repeating: 0, count: 4096)
        buf.withUnsafeMutableBufferPointer { get(4096, $0.baseAddress!) }
        return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
