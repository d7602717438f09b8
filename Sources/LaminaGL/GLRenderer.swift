// The OpenGL renderer of a RenderPlan: the same plan the CPU renderer draws, with the
// perspective and the shading done in GLSL (Shaders/quad.vert, quad.frag). A frame's quads
// are batched (GLState, QuadBatch); render targets are RGBA8 textures in framebuffers from a
// pool reused across frames, and a target whose content did not change keeps its texture
// from the last frame (RetainedTargets); images are uploaded once and cached; single-sample, analytic
// coverage, premultiplied source-over. The renderer owns every GL object it makes and
// frees them all in `invalidate()` or when it goes away.
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
    private var prepassMode = DepthPrepassMode.automatic

    /// When targets are drawn with the opaque depth pre-pass (DepthPrepass.swift): the image
    /// is the same either way; `.automatic` (the default) where it is estimated to pay.
    public var depthPrepass: DepthPrepassMode {
        get { lock.lock(); defer { lock.unlock() }; return prepassMode }
        set { lock.lock(); prepassMode = newValue; lock.unlock() }
    }

    /// A renderer on `context` (the shared headless one by default).
    public init(context: GLContextProvider? = nil) throws {
        self.context = try context ?? HeadlessContext.shared()
    }

    deinit { invalidate() }

    /// Frees every GL object the renderer made (programs, vertex array, buffers, pooled render
    /// targets, cached image textures), with its context made current. The renderer stays
    /// usable: the next frame makes what it needs again.
    public func invalidate() {
        lock.lock(); defer { lock.unlock() }
        guard let state = gl else { return }
        gl = nil
        _ = try? context.withCurrent { state.destroy() }
    }

    /// Renders the plan offscreen and reads back the output image (premultiplied RGBA8, top row first).
    public func render(_ plan: RenderPlan) throws -> CGImage {
        lock.lock(); defer { lock.unlock() }
        return try context.withCurrent {
            let state = try self.state()
            let output = try state.draw(plan)
            let out = plan.targets[plan.outputIndex]
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), output)
            epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
            // Every byte is read back (a GL error below discards the image), so none is zeroed first.
            let count = out.width * out.height * 4
            let pixels = [UInt8](unsafeUninitializedCapacity: count) { buf, initialized in
                epoxy_glReadPixels(0, 0, GLsizei(out.width), GLsizei(out.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), buf.baseAddress)
                initialized = count
            }
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            state.endFrame()
            try state.checkError("reading back the output")
            return CGImage(width: out.width, height: out.height, premultipliedRGBA: pixels)
        }
    }

    /// Renders the plan as `render` does, but redraws and reads back only the output pixels in
    /// `damage` (`plan.outputDamage(since:)` of the plan `previous` is the image of) and takes
    /// every other pixel from `previous`: the same image, for a fraction of the fill.
    public func render(_ plan: RenderPlan, over previous: CGImage, damage: PixelRect) throws -> CGImage {
        try render(plan, overPixels: previous.premultipliedRGBA, width: previous.width, height: previous.height, damage: damage)
    }

    /// As `render(_:over:damage:)`, the previous image given as its pixels (premultiplied RGBA8,
    /// `width` by `height`, top row first), which the damaged rectangle is read back into: when
    /// the caller hands over the only reference to them, no pixel outside it is copied.
    public func render(_ plan: RenderPlan, overPixels previous: consuming [UInt8], width: Int, height: Int, damage: PixelRect) throws -> CGImage {
        let out = plan.targets[plan.outputIndex]
        guard width == out.width, height == out.height, previous.count == width * height * 4, damage.x >= 0, damage.y >= 0,
              damage.x + damage.width <= out.width, damage.y + damage.height <= out.height else {
            throw GLError("a damage rectangle outside the \(out.width)x\(out.height) output, or an earlier image of another size")
        }
        // Moved, not copied: a second reference would make the read-back copy every pixel.
        var pixels = consume previous
        if damage.isEmpty { return CGImage(width: width, height: height, premultipliedRGBA: pixels) }
        lock.lock(); defer { lock.unlock() }
        return try context.withCurrent {
            let state = try self.state()
            // Output quads that shade no damaged pixel are left out (the same pixels there).
            let output = try state.draw(plan.keepingOutputQuads(meeting: damage), outputScissor: damage)
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), output)
            epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
            // Straight into the previous pixels (copied first only when shared): rows the output's width apart.
            epoxy_glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), GLint(out.width))
            pixels.withUnsafeMutableBytes { buf in
                epoxy_glReadPixels(GLint(damage.x), GLint(damage.y), GLsizei(damage.width), GLsizei(damage.height),
                                   GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), buf.baseAddress! + (damage.y * out.width + damage.x) * 4)
            }
            epoxy_glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0)
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            state.endFrame()
            try state.checkError("reading back the damaged rectangle")
            return CGImage(width: out.width, height: out.height, premultipliedRGBA: pixels)
        }
    }

    /// Renders the plan's offscreen targets, then its output into the framebuffer currently
    /// bound as `framebuffer` (0: a window's), top row at the top. Call inside `context.withCurrent`.
    public func drawToFramebuffer(_ plan: RenderPlan, framebuffer: GLuint) throws {
        try drawToFramebuffer(plan, framebuffer: framebuffer, bottomUp: framebuffer == 0)
    }

    /// As `drawToFramebuffer(_:framebuffer:)`, the output drawn top-down into a bottom-up
    /// framebuffer (a window's) when `bottomUp` (tests draw so into their own).
    func drawToFramebuffer(_ plan: RenderPlan, framebuffer: GLuint, bottomUp: Bool) throws {
        lock.lock(); defer { lock.unlock() }
        let state = try self.state()
        try state.draw(plan, finalFramebuffer: framebuffer, bottomUp: bottomUp)
        state.endFrame()
        try state.checkError("drawing to the framebuffer")
    }

    /// Draw calls the last frame issued (0 before the first): for benchmarks.
    public var lastFrameDrawCalls: Int {
        lock.lock(); defer { lock.unlock() }
        return gl?.drawCalls ?? 0
    }

    /// Targets the last frame drew, the output included (0 before the first):
    /// targets unchanged since the frame before keep their texture and are not drawn.
    public var lastFrameTargetsDrawn: Int {
        lock.lock(); defer { lock.unlock() }
        return gl?.retained.drawnLastFrame ?? 0
    }

    /// Textures kept from the last frame for the next, and their pixels (for tests).
    var retainedTargets: (count: Int, pixels: Int) {
        lock.lock(); defer { lock.unlock() }
        return gl?.retained.kept ?? (0, 0)
    }

    /// The most texture pixels kept across frames (nil: the default, 4 x the output's pixels
    /// and at least 4 Mpx). For tests.
    var retainedPixelBudget: Int? {
        get { lock.lock(); defer { lock.unlock() }; return budget }
        set { lock.lock(); budget = newValue; gl?.retained.pixelBudget = newValue; lock.unlock() }
    }
    private var budget: Int?

    /// Targets the last frame drew with the depth pre-pass (0 before the first): for tests
    /// and benchmarks.
    public var lastFramePrepassTargets: Int {
        lock.lock(); defer { lock.unlock() }
        return gl?.prepassTargets ?? 0
    }

    /// The least pre-pass interior (pixels) whose quad's main draw is only its ring
    /// (InteriorRing.swift); tests set 0 to draw rings wherever possible (the same image).
    var ringMinArea: Double {
        get { lock.lock(); defer { lock.unlock() }; return ringArea }
        set { lock.lock(); ringArea = newValue; lock.unlock() }
    }
    private var ringArea = DepthPrepass.minRingArea

    /// Whether large targets are drawn in parts, each flushed as soon as it is batched (the
    /// default; tests turn it off to compare: the same image).
    var drawsInParts: Bool {
        get { lock.lock(); defer { lock.unlock() }; return inParts }
        set { lock.lock(); inParts = newValue; lock.unlock() }
    }
    private var inParts = true

    /// The fewest quads of a target drawn in parts (`GLState.minPartTarget`); tests lower it.
    var partMinimum: Int {
        get { lock.lock(); defer { lock.unlock() }; return partMin }
        set { lock.lock(); partMin = newValue; lock.unlock() }
    }
    private var partMin = GLState.minPartTarget

    /// Whether strictly convex covers are drawn as the fan with the shortest diagonals
    /// (FanTriangles.swift; the default) or all from their first point (tests compare: the same image).
    var shortestFans: Bool {
        get { lock.lock(); defer { lock.unlock() }; return fans }
        set { lock.lock(); fans = newValue; lock.unlock() }
    }
    private var fans = true

    /// Whether quads hidden behind later pre-pass interiors are left out (HiddenQuads.swift;
    /// the default; tests turn it off to compare: the same image).
    var skipsHidden: Bool {
        get { lock.lock(); defer { lock.unlock() }; return skips }
        set { lock.lock(); skips = newValue; lock.unlock() }
    }
    private var skips = true

    /// Quads the last frame left out as hidden (0 before the first): for tests and benchmarks.
    public var lastFrameHiddenQuads: Int {
        lock.lock(); defer { lock.unlock() }
        return gl?.hiddenQuads ?? 0
    }

    /// Parts the last frame flushed before their target's last (for tests).
    var lastFramePartFlushes: Int {
        lock.lock(); defer { lock.unlock() }
        return gl?.partFlushes ?? 0
    }

    /// The GL state (made on first use), with this renderer's current settings.
    private func state() throws -> GLState {
        let s: GLState
        if let gl {
            s = gl
        } else {
            s = try GLState()
            s.retained.pixelBudget = budget
            gl = s
        }
        s.prepassMode = prepassMode
        s.ringMinArea = ringArea
        s.drawsInParts = inParts
        s.partMinimum = partMin
        s.shortestFans = fans
        s.skipsHidden = skips
        return s
    }
}

/// Messages from KHR_debug (debug builds): errors GL reports through its debug callback, kept
/// per thread. The callback is synchronous, so a message arrives on the thread whose GL call
/// caused it: a renderer drains only its own thread's, never an error another context (a
/// window's, another test's) raised at the same time on another thread.
final class GLDebugLog: @unchecked Sendable {
    static let shared = GLDebugLog()
    private let lock = NSLock()
    private var messages: [pthread_t: [String]] = [:]
    func add(_ m: String) { lock.lock(); messages[pthread_self(), default: []].append(m); lock.unlock() }
    func drain() -> [String] { lock.lock(); defer { lock.unlock() }; return messages.removeValue(forKey: pthread_self()) ?? [] }
}
