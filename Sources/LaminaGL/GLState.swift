// The GL objects of a renderer and the per-frame logic: surfaces assigned to targets (each
// released after its last reader; a target unchanged since the last frame keeps its texture
// and is not drawn: RetainedTargets), every quad of the frame packed into one record buffer and
// one vertex buffer (buffers that grow and are reused), each target batched right before it
// is drawn with a few draw calls, a large one in parts (each uploaded, drawn and flushed
// once batched, so llvmpipe's threads rasterize it while the next is batched). Used only
// with the context current.
@preconcurrency import CEpoxy
import Foundation
import LaminaCompositor
import QuartzCore

final class GLState {
    struct CachedTexture { let image: CGImage; let texture: GLuint; var lastUsed: Int }

    /// Linked programs by variant and number of texture units sampled.
    private var programs: [Int: QuadProgram] = [:]
    private let vertexSource: String, fragmentSource: String
    private let vao: GLuint, vertexBuffer: GLuint, indexBuffer: GLuint, recordBuffer: GLuint, recordTexture: GLuint
    private var vertexCapacity = 0, indexCapacity = 0, recordCapacity = 0
    private var pool = SurfacePool()
    /// Targets of the last frame and the textures kept from it.
    var retained = RetainedTargets()
    private var textures: [ObjectIdentifier: CachedTexture] = [:]
    private var batches = FrameBatches()
    /// Depth buffers of the opaque pre-pass (DepthPrepass.swift) and when it is used.
    private var depthBuffers = DepthBuffers()
    /// The least interior drawn as a ring (FrameBatches.ringMinArea).
    var ringMinArea: Double {
        get { batches.ringMinArea }
        set { batches.ringMinArea = newValue }
    }
    /// Whether hidden quads are left out (FrameBatches.skipsHidden).
    var skipsHidden: Bool {
        get { batches.skipsHidden }
        set { batches.skipsHidden = newValue }
    }
    /// Quads the last frame left out as hidden (FrameBatches.hiddenCount).
    var hiddenQuads: Int { batches.hiddenCount }
    /// Whether covers are drawn as their shortest fans (FrameBatches.shortestFans).
    var shortestFans: Bool {
        get { batches.shortestFans }
        set { batches.shortestFans = newValue }
    }
    var prepassMode: DepthPrepassMode {
        get { batches.prepassMode }
        set { batches.prepassMode = newValue }
    }
    /// Targets drawn with the pre-pass in the last frame.
    var prepassTargets: Int { depthBuffers.lastFrameTargets }
    private var frame = 0
    /// Draw calls of the last frame.
    private(set) var drawCalls = 0
    /// Whether a large target is drawn in parts, each flushed once batched (`partQuads`);
    /// tests turn it off to compare (the same image).
    var drawsInParts = true
    /// The fewest quads of a target drawn in parts (`minPartTarget`; tests lower it).
    var partMinimum = GLState.minPartTarget
    /// Parts flushed before their target's last in the last frame.
    private(set) var partFlushes = 0
    /// Frames a cached image texture may go unused before it is freed.
    let keepFrames = 8
    /// Set once every object is deleted.
    private var destroyed = false
    /// The shadow blur's program, made for the first plan with a blur target.
    private var blurProgram: BlurProgram?

    /// Whether shaders may compute in double (GL 4.0 or ARB_gpu_shader_fp64; llvmpipe has it).
    private(set) lazy var hasFP64: Bool = epoxy_gl_version() >= 40 || epoxy_has_gl_extension("GL_ARB_gpu_shader_fp64")

    init() throws {
        vertexSource = try ShaderSources.source("quad.vert")
        fragmentSource = try ShaderSources.source("quad.frag")
        var names = [GLuint](repeating: 0, count: 3)
        var a: GLuint = 0, t: GLuint = 0
        epoxy_glGenVertexArrays(1, &a)
        epoxy_glGenBuffers(3, &names)
        epoxy_glGenTextures(1, &t)
        vao = a; vertexBuffer = names[0]; indexBuffer = names[1]; recordBuffer = names[2]; recordTexture = t
        epoxy_glBindVertexArray(vao)
        epoxy_glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), indexBuffer)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        let stride = GLsizei(MemoryLayout<QuadVertex>.stride)
        epoxy_glEnableVertexAttribArray(0)
        epoxy_glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: MemoryLayout<QuadVertex>.offset(of: \.px)!))
        epoxy_glEnableVertexAttribArray(1)
        epoxy_glVertexAttribIPointer(1, 1, GLenum(GL_INT), stride, UnsafeRawPointer(bitPattern: MemoryLayout<QuadVertex>.offset(of: \.record)!))
        epoxy_glBindVertexArray(0)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
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
        do {
            _ = try program(for: [])
            try checkError("creating the quad program")
        } catch {
            destroy()
            throw error
        }
    }

    /// Deletes every GL object the state made. The state cannot draw afterwards.
    func destroy() {
        guard !destroyed else { return }
        destroyed = true
        for p in programs.values { epoxy_glDeleteProgram(p.program) }
        programs = [:]
        blurProgram?.destroy()
        blurProgram = nil
        var a = vao
        epoxy_glDeleteVertexArrays(1, &a)
        var b = [vertexBuffer, indexBuffer, recordBuffer]
        epoxy_glDeleteBuffers(3, &b)
        var t = [recordTexture] + textures.values.map(\.texture)
        epoxy_glDeleteTextures(GLsizei(t.count), &t)
        textures = [:]
        retained.dropAll()
        pool.removeAll()
        depthBuffers.removeAll()
    }

    private func program(for variant: ShaderVariant, slots: Int = 0) throws -> QuadProgram {
        let key = variant.rawValue | (variant.contains(.texture) ? max(1, slots) : 0) << 16
        if let p = programs[key] { return p }
        let p = try QuadProgram(variant: variant, slots: slots, vertex: vertexSource, fragment: fragmentSource)
        programs[key] = p
        return p
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

    /// GL_MAX_TEXTURE_SIZE (and the renderbuffer limit): the largest target side.
    lazy var maxTextureSize: Int = {
        var v: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &v)
        return Int(v)
    }()

    /// GL_MAX_TEXTURE_BUFFER_SIZE: the most texels of quad records a frame may hold.
    lazy var maxRecordTexels: Int = {
        var v: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_MAX_TEXTURE_BUFFER_SIZE), &v)
        return Int(v)
    }()

    // MARK: Frames

    /// Draws every target that changed since the last frame and is read (the output always).
    /// Returns the output's framebuffer (`finalFramebuffer` when given).
    @discardableResult
    /// `outputScissor`: only these pixels of the output are cleared and drawn (the rest keep
    /// what the surface held; the caller reads back only these).
    /// `bottomUp`: the output is drawn flipped into `finalFramebuffer` (a window's: 0).
    func draw(_ plan: RenderPlan, finalFramebuffer: GLuint? = nil, outputScissor: PixelRect? = nil, bottomUp: Bool? = nil) throws -> GLuint {
        precondition(!destroyed, "GLState used after destroy()")
        frame += 1
        // Errors left by an earlier frame on this context that threw part way (already
        // reported by that throw) are not this frame's.
        _ = GLDebugLog.shared.drain()
        for _ in 0..<16 { if epoxy_glGetError() == GLenum(GL_NO_ERROR) { break } }
        let n = plan.targets.count
        // Which targets are drawn and which keep last frame's texture; their surfaces.
        let use = try retained.assign(plan, pool: &pool, frame: frame, limit: maxTextureSize,
                                      outputInFramebuffer: finalFramebuffer != nil)
        let surface = use.surface, intermediate = use.intermediate
        if blurProgram == nil && plan.targets.indices.contains(where: { use.drawn[$0] && plan.targets[$0].blur != nil }) {
            blurProgram = try BlurProgram()
        }
        // Records and vertices of every target, uploaded as they are batched.
        batches.reset()
        batches.fp64 = hasFP64
        // Whether the caller's framebuffer has a depth buffer for the targets drawn there
        // (asked before batching: a pre-passed quad's draw is only its ring).
        var callerDepth: [Int: Bool] = [:]
        if batches.prepassMode != .never, let f = finalFramebuffer {
            for (i, t) in plan.targets.enumerated() where use.drawn[i] && surface[i] < 0 {
                epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), f)
                callerDepth[i] = DepthBuffers.hasDepth(f, width: t.width, height: t.height)
            }
        }
        epoxy_glDisable(GLenum(GL_DITHER))
        epoxy_glDisable(GLenum(GL_DEPTH_TEST))
        epoxy_glDisable(GLenum(GL_CULL_FACE))
        // No scissor: a clear without one is a fast clear (with one, Mesa draws a quad), and
        // what lies outside a target in a larger texture is never read (quad.frag, SurfacePool).
        epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
        epoxy_glEnable(GLenum(GL_BLEND))
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        epoxy_glBindVertexArray(vao)
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(recordTextureUnit))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_BUFFER), recordTexture)
        drawCalls = 0
        partFlushes = 0
        depthBuffers.beginFrame()
        var blending = true
        var output: GLuint = 0
        var uploaded = Uploaded()
        // Each target is batched right before it is drawn, and a large one in parts, each
        // part drawn and flushed as soon as it is batched: llvmpipe rasterizes a flushed part
        // on its threads while this thread batches the next (GL draws them in the same order,
        // so the pixels are those of one draw after another).
        for (i, t) in plan.targets.enumerated() {
            // Not drawn, or a blur (drawn from its source): no quads, keeping `batches.draws`
            // indexed by target.
            guard use.drawn[i] else { batches.add([], width: t.width, height: t.height) { _ in nil }; continue }
            let fbo = surface[i] >= 0 ? pool.surfaces[surface[i]].fbo : finalFramebuffer!
            if i == plan.outputIndex { output = fbo }
            if let b = t.blur, let blur = blurProgram {
                batches.add([], width: t.width, height: t.height) { _ in nil }
                if blending { epoxy_glDisable(GLenum(GL_BLEND)); blending = false }
                try drawBlur(b, with: blur, into: i, fbo: fbo, plan: plan, surface: surface, intermediate: intermediate)
                continue
            }
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
            // The target fills the texture's top-left corner (y up in GL: rows 0..<height).
            epoxy_glViewport(0, 0, GLsizei(t.width), GLsizei(t.height))
            // Offscreen, plan row y is GL row y (flipY 1 below), so the rectangle maps as it is.
            let scissor = i == plan.outputIndex && surface[i] >= 0 ? outputScissor : nil
            if let r = scissor {
                epoxy_glEnable(GLenum(GL_SCISSOR_TEST))
                epoxy_glScissor(GLint(r.x), GLint(r.y), GLsizei(r.width), GLsizei(r.height))
            }
            defer { if scissor != nil { epoxy_glDisable(GLenum(GL_SCISSOR_TEST)) } }
            epoxy_glClearColor(t.clearColor.x, t.clearColor.y, t.clearColor.z, t.clearColor.w)
            epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            let flipY: Float = surface[i] < 0 && (bottomUp ?? (finalFramebuffer == 0)) ? -1 : 1
            var failure: Error?
            let emitted = batches.add(t.quads, width: t.width, height: t.height,
                                      depth: surface[i] >= 0 || callerDepth[i] == true,
                                      emitEvery: drawsInParts ? Self.partQuads(t.quads.count, minimum: partMinimum) : 0, emit: { b, draws in
                guard failure == nil else { return }
                do {
                    try self.upload(b, &uploaded)
                    for d in draws { try self.drawBatch(d, t, flipY, &blending) }
                    epoxy_glFlush()
                    self.partFlushes += 1
                } catch { failure = error }
            }) { fill in
                switch fill {
                case .image(let i, _):
                    guard i >= 0, i < plan.images.count else { return nil }
                    let image = plan.images[i]
                    return (BoundTexture(name: self.texture(for: image), width: image.width, height: image.height), nil)
                case .target(let i, _):
                    guard i >= 0, i < n, surface[i] >= 0 else { return nil }
                    let s = self.pool.surfaces[surface[i]], source = plan.targets[i]
                    let larger = s.width != source.width || s.height != source.height
                    return (BoundTexture(name: s.texture, width: s.width, height: s.height),
                            larger ? SIMD2(source.width, source.height) : nil)
                case .none, .color: return nil
                }
            }
            if let failure { throw failure }
            try upload(batches, &uploaded)
            let size = surface[i] >= 0 ? (pool.surfaces[surface[i]].width, pool.surfaces[surface[i]].height) : nil
            // A pre-passed target emits nothing early (its pre-pass needs every record first).
            let prepass = depthBuffers.prepare(batches.prepass[i], surfaceSize: size, frame: frame)
            if prepass, let d = batches.prepass[i] {
                epoxy_glClear(GLbitfield(GL_DEPTH_BUFFER_BIT))
                try Self.withPrepassDepth { try drawBatch(d, t, flipY, &blending) }
            }
            defer { if prepass { Self.endPrepassDepth() } }
            for d in batches.draws[i][emitted...] { try drawBatch(d, t, flipY, &blending) }
            #if DEBUG
            try checkError("drawing target #\(i) \"\(t.label)\"")
            #endif
        }
        epoxy_glBindVertexArray(0)
        epoxy_glUseProgram(0)
        retained.commit(pool: &pool)
        return output
    }

    /// Draws one batch of a target, blending switched as it needs.
    private func drawBatch(_ d: QuadDraw, _ t: RenderTarget, _ flipY: Float, _ blending: inout Bool) throws {
        if d.blends != blending {
            blending = d.blends
            if blending { epoxy_glEnable(GLenum(GL_BLEND)) } else { epoxy_glDisable(GLenum(GL_BLEND)) }
        }
        let p = try program(for: flipY < 0 ? d.variant.union(.flipY) : d.variant, slots: d.textures.count)
        epoxy_glUseProgram(p.program)
        epoxy_glUniform2f(p.targetSize, Float(t.width), Float(t.height))
        epoxy_glUniform1f(p.flipY, flipY)
        if !d.textures.isEmpty {
            var sizes: [Float] = []
            for (k, tex) in d.textures.enumerated() {
                epoxy_glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(k))
                epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), tex.name)
                sizes += [Float(tex.width), Float(tex.height)]
            }
            epoxy_glUniform2fv(p.texSize, GLsizei(d.textures.count), sizes)
        }
        epoxy_glDrawElements(GLenum(GL_TRIANGLES), GLsizei(d.count), GLenum(GL_UNSIGNED_INT),
                             UnsafeRawPointer(bitPattern: d.first * MemoryLayout<UInt32>.stride))
        drawCalls += 1
    }

    /// Target `i`, a blur of target `b.source`: two passes through `intermediate[i]` into
    /// `fbo` (blending off); a plan out of order or sizes that differ give nothing to blur
    /// (cleared, as on the CPU).
    private func drawBlur(_ b: TargetBlur, with blur: BlurProgram, into i: Int, fbo: GLuint, plan: RenderPlan,
                          surface: [Int], intermediate: [Int]) throws {
        let t = plan.targets[i]
        let src = b.source >= 0 && b.source < i ? surface[b.source] : -1
        let ok = src >= 0 && plan.targets[b.source].width == t.width && plan.targets[b.source].height == t.height
        let mid = pool.surfaces[intermediate[i]]
        if ok {
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), mid.fbo)
            blur.pass(source: pool.surfaces[src].texture, width: t.width, height: t.height, kernel: b.horizontal, direction: SIMD2(1, 0))
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
            blur.pass(source: mid.texture, width: t.width, height: t.height, kernel: b.vertical, direction: SIMD2(0, 1))
        } else {
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
            epoxy_glViewport(0, 0, GLsizei(t.width), GLsizei(t.height))
            epoxy_glClearColor(0, 0, 0, 0)
            epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
        epoxy_glBindVertexArray(vao)
        drawCalls += ok ? 2 : 0
        #if DEBUG
        try checkError("blurring target #\(b.source) into #\(i) \"\(t.label)\"")
        #endif
    }

    /// How much of a frame's batches is in the GL buffers.
    struct Uploaded { var records = 0, vertices = 0, indices = 0 }

    /// The fewest quads of a target drawn in parts. Each flush costs llvmpipe a new scene
    /// (callgrind, flat-10000: about 2.6M more instructions a flush on the drawing thread),
    /// so only targets whose batching takes milliseconds are split; in alternating runs on a
    /// loaded machine cards-5000 and flat-10000 gained, cards-1000 (1,943 quads) did not.
    static let minPartTarget = 4096

    /// Quads batched between flushes in a target of `count` quads (0: one part): at most
    /// four parts, of at least `minimum / 2` quads, from `minimum` quads.
    static func partQuads(_ count: Int, minimum: Int) -> Int {
        count < minimum ? 0 : max(minimum / 2, (count + 3) / 4)
    }

    /// Uploads what `b` holds beyond `done` (records, vertices, indices), growing a buffer
    /// that is too small (then all of it again: a grown buffer starts empty; draws already
    /// made keep the old contents, as GL orders them).
    private func upload(_ b: FrameBatches, _ done: inout Uploaded) throws {
        let texels = b.records.count / 4
        guard texels <= maxRecordTexels else {
            throw GLError("\(texels) texels of quad records exceed GL_MAX_TEXTURE_BUFFER_SIZE (\(maxRecordTexels)); render on the CPU (--backend cpu)")
        }
        let recordBytes = b.records.count * MemoryLayout<Float>.stride
        epoxy_glBindBuffer(GLenum(GL_TEXTURE_BUFFER), recordBuffer)
        if recordBytes > recordCapacity {
            recordCapacity = max(recordBytes, recordCapacity * 2, 64 * 1024)
            epoxy_glBufferData(GLenum(GL_TEXTURE_BUFFER), recordCapacity, nil, GLenum(GL_STREAM_DRAW))
            epoxy_glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(recordTextureUnit))
            epoxy_glBindTexture(GLenum(GL_TEXTURE_BUFFER), recordTexture)
            epoxy_glTexBuffer(GLenum(GL_TEXTURE_BUFFER), GLenum(GL_RGBA32F), recordBuffer)
            done.records = 0
        }
        Self.subData(GLenum(GL_TEXTURE_BUFFER), b.records, from: done.records)
        epoxy_glBindBuffer(GLenum(GL_TEXTURE_BUFFER), 0)
        let vertexBytes = b.vertices.count * MemoryLayout<QuadVertex>.stride
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        if vertexBytes > vertexCapacity {
            vertexCapacity = max(vertexBytes, vertexCapacity * 2, 64 * 1024)
            epoxy_glBufferData(GLenum(GL_ARRAY_BUFFER), vertexCapacity, nil, GLenum(GL_STREAM_DRAW))
            done.vertices = 0
        }
        Self.subData(GLenum(GL_ARRAY_BUFFER), b.vertices, from: done.vertices)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        // The element buffer is the vertex array's (bound while the frame draws).
        let indexBytes = b.indices.count * MemoryLayout<UInt32>.stride
        epoxy_glBindVertexArray(vao)
        if indexBytes > indexCapacity {
            indexCapacity = max(indexBytes, indexCapacity * 2, 64 * 1024)
            epoxy_glBufferData(GLenum(GL_ELEMENT_ARRAY_BUFFER), indexCapacity, nil, GLenum(GL_STREAM_DRAW))
            done.indices = 0
        }
        Self.subData(GLenum(GL_ELEMENT_ARRAY_BUFFER), b.indices, from: done.indices)
        done = Uploaded(records: b.records.count, vertices: b.vertices.count, indices: b.indices.count)
    }

    /// Writes `array[from...]` into the buffer bound at `target`, at its offset.
    private static func subData<T>(_ target: GLenum, _ array: [T], from: Int) {
        guard array.count > from else { return }
        let stride = MemoryLayout<T>.stride
        array.withUnsafeBytes { buf in
            epoxy_glBufferSubData(target, from * stride, (array.count - from) * stride, buf.baseAddress! + from * stride)
        }
    }

    /// Ends a frame: surfaces go back to the pool; surfaces and images unused for a while are freed.
    func endFrame() {
        pool.endFrame(frame)
        depthBuffers.endFrame(frame, keep: keepFrames)
        for (k, c) in textures where frame - c.lastUsed > keepFrames {
            var t = c.texture
            epoxy_glDeleteTextures(1, &t)
            textures[k] = nil
        }
    }

    /// The texture of a contents image, uploaded on first use.
    private func texture(for image: CGImage) -> GLuint {
        let key = ObjectIdentifier(image)
        if var c = textures[key] {
            c.lastUsed = frame
            textures[key] = c
            return c.texture
        }
        var tex: GLuint = 0
        epoxy_glGenTextures(1, &tex)
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), tex)
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        image.premultipliedRGBA.withUnsafeBytes { buf in
            epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(image.width), GLsizei(image.height), 0,
                               GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), buf.baseAddress)
        }
        setSampling()
        // The cache holds the image itself, so its identity cannot be reused while cached.
        textures[key] = CachedTexture(image: image, texture: tex, lastUsed: frame)
        return tex
    }
}
