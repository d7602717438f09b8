// The OpenGL renderer of a RenderPlan: the same plan the CPU renderer draws, with the
// perspective and the shading done in GLSL (Shaders/quad.vert, quad.frag). Render targets
// are RGBA8 textures in framebuffers from a pool reused across frames; images are uploaded
// once and cached; single-sample, analytic coverage, premultiplied source-over.
@preconcurrency import CEpoxy
import Foundation
import LaminaCompositor
import QuartzCore

/// Something that can make a GL context current around a piece of work.
public protocol GLContextProvider: AnyObject, Sendable {
    /// Runs `body` with the context current on the calling thread.
    func withCurrent<T>(_ body: () throws -> T) throws -> T
}

extension HeadlessContext: GLContextProvider {}

/// Draws render plans with OpenGL.
public final class GLRenderer: @unchecked Sendable {
    /// The GL context the renderer draws in.
    public let context: GLContextProvider
    private var gl: GLState?
    private let lock = NSLock()

    /// A renderer on `context` (the shared headless one by default).
    public init(context: GLContextProvider? = nil) throws {
        self.context = try context ?? HeadlessContext.shared()
    }

    /// Renders the plan offscreen and reads back the output image (premultiplied RGBA8, top row first).
    public func render(_ plan: RenderPlan) throws -> CGImage {
        lock.lock(); defer { lock.unlock() }
        return try context.withCurrent {
            let state = try self.state()
            let output = try state.draw(plan)
            let out = plan.targets[plan.outputIndex]
            var pixels = [UInt8](repeating: 0, count: out.width * out.height * 4)
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), output.fbo)
            epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
            pixels.withUnsafeMutableBytes { buf in
                epoxy_glReadPixels(0, 0, GLsizei(out.width), GLsizei(out.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), buf.baseAddress)
            }
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            state.endFrame()
            try state.checkError("reading back the output")
            return CGImage(width: out.width, height: out.height, premultipliedRGBA: pixels)
        }
    }

    /// Renders the plan's offscreen targets, then its output into the framebuffer currently
    /// bound as `framebuffer` (0: a window's), top row at the top. Call inside `context.withCurrent`.
    public func drawToFramebuffer(_ plan: RenderPlan, framebuffer: GLuint) throws {
        let state = try self.state()
        try state.draw(plan, finalFramebuffer: framebuffer)
        state.endFrame()
        try state.checkError("drawing to the framebuffer")
    }

    /// How many GL objects of each kind the renderer holds now (for leak checks).
    public var objectCounts: [String: Int] {
        lock.lock(); defer { lock.unlock() }
        return gl?.counts ?? [:]
    }

    private func state() throws -> GLState {
        if let gl { return gl }
        let s = try GLState()
        gl = s
        return s
    }
}

/// Messages from KHR_debug (debug builds): errors GL reports through its debug callback.
final class GLDebugLog: @unchecked Sendable {
    static let shared = GLDebugLog()
    private let lock = NSLock()
    private var messages: [String] = []
    func add(_ m: String) { lock.lock(); messages.append(m); lock.unlock() }
    func drain() -> [String] { lock.lock(); defer { messages = []; lock.unlock() }; return messages }
}

/// The GL objects and per-frame logic. Used only with the context current.
final class GLState {
    struct Surface { let width: Int, height: Int, fbo: GLuint, texture: GLuint; var lastUsed: Int; var inUse: Bool }
    struct CachedTexture { let image: CGImage; let texture: GLuint; var lastUsed: Int }

    let program: GLuint
    let vao: GLuint, vbo: GLuint
    var uniforms: [String: GLint] = [:]
    var pool: [Surface] = []
    var textures: [ObjectIdentifier: CachedTexture] = [:]
    var frame = 0
    var counts: [String: Int] = ["program": 0, "vertexArray": 0, "buffer": 0, "framebuffer": 0, "texture": 0]
    /// Frames a pooled surface or cached texture may go unused before it is freed.
    let keepFrames = 8

    init() throws {
        let vs = try GLState.compile(GLenum(GL_VERTEX_SHADER), try ShaderSources.source("quad.vert"), "quad.vert")
        let fs = try GLState.compile(GLenum(GL_FRAGMENT_SHADER), try ShaderSources.source("quad.frag"), "quad.frag")
        let p = epoxy_glCreateProgram()
        epoxy_glAttachShader(p, vs)
        epoxy_glAttachShader(p, fs)
        epoxy_glLinkProgram(p)
        epoxy_glDeleteShader(vs)
        epoxy_glDeleteShader(fs)
        var ok: GLint = 0
        epoxy_glGetProgramiv(p, GLenum(GL_LINK_STATUS), &ok)
        guard ok != 0 else {
            let log = GLState.infoLog { epoxy_glGetProgramInfoLog(p, $0, nil, $1) }
            epoxy_glDeleteProgram(p)
            throw GLError("linking the quad program failed: \(log)")
        }
        program = p
        var a: GLuint = 0, b: GLuint = 0
        epoxy_glGenVertexArrays(1, &a)
        epoxy_glGenBuffers(1, &b)
        vao = a; vbo = b
        counts["program"] = 1; counts["vertexArray"] = 1; counts["buffer"] = 1
        epoxy_glBindVertexArray(vao)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        epoxy_glEnableVertexAttribArray(0)
        epoxy_glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 8, nil)
        epoxy_glBindVertexArray(0)
        #if DEBUG
        // KHR_debug (core since 4.3): errors arrive synchronously through the callback.
        if epoxy_has_gl_extension("GL_KHR_debug") || epoxy_gl_version() >= 43 {
            epoxy_glEnable(GLenum(GL_DEBUG_OUTPUT))
            epoxy_glEnable(GLenum(GL_DEBUG_OUTPUT_SYNCHRONOUS))
            epoxy_glDebugMessageCallback({ _, type, _, severity, _, message, _ in
                guard type == GLenum(GL_DEBUG_TYPE_ERROR) || severity == GLenum(GL_DEBUG_SEVERITY_HIGH) else { return }
                let text = message.map { String(cString: $0) } ?? "?"
                GLDebugLog.shared.add(text)
            }, nil)
        }
        #endif
        for name in ["u_matrix", "u_targetSize", "u_flipY", "u_hx", "u_hy", "u_hw", "u_rect", "u_radius", "u_aa", "u_borderWidth",
                     "u_borderColor", "u_maskRect", "u_maskRadius", "u_hasMask", "u_opacity", "u_lightCount", "u_lightNormal",
                     "u_lightDirection", "u_lightAmbient", "u_lightRest", "u_fillKind", "u_fillColor", "u_texture", "u_uv", "u_hasClamp", "u_clamp", "u_hasInterior", "u_interior"] {
            uniforms[name] = epoxy_glGetUniformLocation(p, name)
        }
        try checkError("creating the quad program")
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

    func checkError(_ doing: String) throws {
        var errors: [String] = GLDebugLog.shared.drain()
        while true {
            let e = epoxy_glGetError()
            if e == GLenum(GL_NO_ERROR) || errors.count > 8 { break }
            errors.append("0x" + String(e, radix: 16))
        }
        if !errors.isEmpty { throw GLError("OpenGL error \(errors.joined(separator: ", ")) while \(doing)") }
    }

    // MARK: Frames

    /// Draws every target; returns the surface holding the output (unless drawn to `finalFramebuffer`).
    @discardableResult
    func draw(_ plan: RenderPlan, finalFramebuffer: GLuint? = nil) throws -> Surface {
        frame += 1
        for k in pool.indices { pool[k].inUse = false }
        var drawn: [Surface] = []
        epoxy_glDisable(GLenum(GL_DITHER))
        epoxy_glDisable(GLenum(GL_DEPTH_TEST))
        epoxy_glDisable(GLenum(GL_CULL_FACE))
        epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
        epoxy_glEnable(GLenum(GL_BLEND))
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        epoxy_glUseProgram(program)
        epoxy_glBindVertexArray(vao)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        epoxy_glUniform1i(uniforms["u_texture"]!, 0)
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        for (i, t) in plan.targets.enumerated() {
            let isFinal = i == plan.outputIndex && finalFramebuffer != nil
            let surface = isFinal ? Surface(width: t.width, height: t.height, fbo: finalFramebuffer!, texture: 0, lastUsed: frame, inUse: true)
                                  : try acquire(t.width, t.height)
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), surface.fbo)
            epoxy_glViewport(0, 0, GLsizei(t.width), GLsizei(t.height))
            epoxy_glClearColor(t.clearColor.x, t.clearColor.y, t.clearColor.z, t.clearColor.w)
            epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            epoxy_glUniform2f(uniforms["u_targetSize"]!, Float(t.width), Float(t.height))
            epoxy_glUniform1f(uniforms["u_flipY"]!, isFinal && finalFramebuffer == 0 ? -1 : 1)
            for q in t.quads { try drawQuad(q, plan: plan, drawn: drawn) }
            drawn.append(surface)
            #if DEBUG
            try checkError("drawing target #\(i) \"\(t.label)\"")
            #endif
        }
        epoxy_glBindVertexArray(0)
        epoxy_glUseProgram(0)
        return drawn[plan.outputIndex]
    }

    /// Frees pooled surfaces and textures unused for a while.
    func endFrame() {
        for s in pool where !s.inUse && frame - s.lastUsed > keepFrames {
            var f = s.fbo, t = s.texture
            epoxy_glDeleteFramebuffers(1, &f)
            epoxy_glDeleteTextures(1, &t)
            counts["framebuffer"]! -= 1
            counts["texture"]! -= 1
        }
        pool.removeAll { !$0.inUse && frame - $0.lastUsed > keepFrames }
        for (k, c) in textures where frame - c.lastUsed > keepFrames {
            var t = c.texture
            epoxy_glDeleteTextures(1, &t)
            counts["texture"]! -= 1
            textures[k] = nil
        }
    }

    /// GL_MAX_TEXTURE_SIZE (and the renderbuffer limit): the largest target side.
    lazy var maxTextureSize: Int = {
        var v: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &v)
        return Int(v)
    }()

    private func acquire(_ w: Int, _ h: Int) throws -> Surface {
        guard w <= maxTextureSize, h <= maxTextureSize else {
            throw GLError("a \(w)x\(h) render target exceeds GL_MAX_TEXTURE_SIZE (\(maxTextureSize)); render on the CPU (--backend cpu)")
        }
        if let k = pool.indices.first(where: { !pool[$0].inUse && pool[$0].width == w && pool[$0].height == h }) {
            pool[k].inUse = true
            pool[k].lastUsed = frame
            return pool[k]
        }
        var tex: GLuint = 0, fbo: GLuint = 0
        epoxy_glGenTextures(1, &tex)
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), tex)
        epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(w), GLsizei(h), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        setSampling()
        epoxy_glGenFramebuffers(1, &fbo)
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
        epoxy_glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), tex, 0)
        counts["texture"]! += 1
        counts["framebuffer"]! += 1
        let status = epoxy_glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            epoxy_glDeleteFramebuffers(1, &fbo); epoxy_glDeleteTextures(1, &tex)
            counts["texture"]! -= 1; counts["framebuffer"]! -= 1
            throw GLError("a \(w)x\(h) render target is incomplete (status 0x\(String(status, radix: 16)))")
        }
        let s = Surface(width: w, height: h, fbo: fbo, texture: tex, lastUsed: frame, inUse: true)
        pool.append(s)
        return s
    }

    /// Bilinear, clamp-to-edge, no mipmaps: what the CPU renderer does.
    private func setSampling() {
        let t = GLenum(GL_TEXTURE_2D)
        epoxy_glTexParameteri(t, GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        epoxy_glTexParameteri(t, GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        epoxy_glTexParameteri(t, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        epoxy_glTexParameteri(t, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
    }

    private func texture(for image: CGImage) -> GLuint {
        let key = ObjectIdentifier(image)
        if var c = textures[key] {
            c.lastUsed = frame
            textures[key] = c
            return c.texture
        }
        var tex: GLuint = 0
        epoxy_glGenTextures(1, &tex)
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), tex)
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        image.premultipliedRGBA.withUnsafeBytes { buf in
            epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(image.width), GLsizei(image.height), 0,
                               GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), buf.baseAddress)
        }
        setSampling()
        counts["texture"]! += 1
        // The cache holds the image itself, so its identity cannot be reused while cached.
        textures[key] = CachedTexture(image: image, texture: tex, lastUsed: frame)
        return tex
    }

    private func drawQuad(_ q: DrawQuad, plan: RenderPlan, drawn: [Surface]) throws {
        guard q.cover.count >= 3 else { return }
        let u = uniforms
        let m = q.matrix
        var fields = m.fields.map { Float($0) }
        epoxy_glUniformMatrix4fv(u["u_matrix"]!, 1, GLboolean(GL_FALSE), &fields)
        epoxy_glUniform3f(u["u_hx"]!, Float(m.r0.x), Float(m.r1.x), Float(m.r3.x))
        epoxy_glUniform3f(u["u_hy"]!, Float(m.r0.y), Float(m.r1.y), Float(m.r3.y))
        epoxy_glUniform3f(u["u_hw"]!, Float(m.r0.w), Float(m.r1.w), Float(m.r3.w))
        epoxy_glUniform4f(u["u_rect"]!, Float(q.rect.minX), Float(q.rect.minY), Float(q.rect.maxX), Float(q.rect.maxY))
        epoxy_glUniform1f(u["u_radius"]!, Float(q.cornerRadius))
        let e = q.antialiasedEdges
        epoxy_glUniform4f(u["u_aa"]!, e.contains(.left) ? 1 : 0, e.contains(.top) ? 1 : 0, e.contains(.right) ? 1 : 0, e.contains(.bottom) ? 1 : 0)
        epoxy_glUniform1f(u["u_borderWidth"]!, Float(q.borderWidth))
        epoxy_glUniform4f(u["u_borderColor"]!, q.borderColor.x, q.borderColor.y, q.borderColor.z, q.borderColor.w)
        if let mk = q.mask {
            epoxy_glUniform1i(u["u_hasMask"]!, 1)
            epoxy_glUniform4f(u["u_maskRect"]!, Float(mk.box.minX), Float(mk.box.minY), Float(mk.box.maxX), Float(mk.box.maxY))
            epoxy_glUniform1f(u["u_maskRadius"]!, Float(mk.radius))
        } else {
            epoxy_glUniform1i(u["u_hasMask"]!, 0)
        }
        epoxy_glUniform1f(u["u_opacity"]!, q.opacity)
        let lights = Array(q.lighting.prefix(4))
        epoxy_glUniform1i(u["u_lightCount"]!, GLint(lights.count))
        // Contexts nested more than four deep: the rest of the product in one factor.
        epoxy_glUniform1f(u["u_lightRest"]!, q.lighting.dropFirst(4).reduce(Float(1)) { $0 * $1.factor })
        if !lights.isEmpty {
            var n = lights.flatMap { [$0.normal.x, $0.normal.y, $0.normal.z] }
            var d = lights.flatMap { [$0.direction.x, $0.direction.y, $0.direction.z] }
            var a = lights.map(\.ambient)
            epoxy_glUniform3fv(u["u_lightNormal"]!, GLsizei(lights.count), &n)
            epoxy_glUniform3fv(u["u_lightDirection"]!, GLsizei(lights.count), &d)
            epoxy_glUniform1fv(u["u_lightAmbient"]!, GLsizei(lights.count), &a)
        }
        var uvBox: Box?
        switch q.fill {
        case .none:
            epoxy_glUniform1i(u["u_fillKind"]!, 0)
        case .color(let c):
            epoxy_glUniform1i(u["u_fillKind"]!, 1)
            epoxy_glUniform4f(u["u_fillColor"]!, c.x, c.y, c.z, c.w)
        case .image(let i, let uv):
            epoxy_glUniform1i(u["u_fillKind"]!, 2)
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture(for: plan.images[i]))
            uvBox = uv
        case .target(let i, let uv):
            epoxy_glUniform1i(u["u_fillKind"]!, 2)
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), drawn[i].texture)
            uvBox = uv
        }
        if let b = uvBox {
            epoxy_glUniform4f(u["u_uv"]!, Float(b.minX), Float(b.minY), Float(b.maxX), Float(b.maxY))
        }
        if let c = q.sampleClamp {
            epoxy_glUniform1i(u["u_hasClamp"]!, 1)
            epoxy_glUniform4f(u["u_clamp"]!, Float(c.minX), Float(c.minY), Float(c.maxX), Float(c.maxY))
        } else {
            epoxy_glUniform1i(u["u_hasClamp"]!, 0)
        }
        if let b = q.interior {
            epoxy_glUniform1i(u["u_hasInterior"]!, 1)
            epoxy_glUniform4f(u["u_interior"]!, Float(b.minX), Float(b.minY), Float(b.maxX), Float(b.maxY))
        } else {
            epoxy_glUniform1i(u["u_hasInterior"]!, 0)
        }
        // The cover polygon as a triangle fan, in local coordinates.
        var verts: [Float] = []
        verts.reserveCapacity(q.cover.count * 2)
        for p in q.cover { verts.append(Float(p.x)); verts.append(Float(p.y)) }
        verts.withUnsafeBytes { buf in
            epoxy_glBufferData(GLenum(GL_ARRAY_BUFFER), buf.count, buf.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        epoxy_glDrawArrays(GLenum(GL_TRIANGLE_FAN), 0, GLsizei(q.cover.count))
        #if DEBUG
        try checkError("drawing \(q.layerName) \(q.role)")
        #endif
    }
}
