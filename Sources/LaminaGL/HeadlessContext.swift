// A headless OpenGL context through EGL on Mesa's surfaceless platform: no display, no
// window, no environment variables. One per process (the surfaceless display must never be
// terminated while another thread may render), shared by every caller under a lock: each
// use makes it current on the calling thread and releases it afterwards.
@preconcurrency import CEpoxy
import Foundation

/// Why OpenGL could not be used.
public struct GLError: Error, CustomStringConvertible, Equatable {
    /// What went wrong.
    public let message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The process's headless OpenGL 3.3+ core context.
public final class HeadlessContext: @unchecked Sendable {
    private let display: EGLDisplay
    private let context: EGLContext
    // Recursive, so code already inside `withCurrent` (a renderer going away there) may nest.
    private let lock = NSRecursiveLock()
    private var depth = 0
    /// The GL_RENDERER and GL_VERSION strings.
    public private(set) var rendererDescription = ""

    private static let creation: Result<HeadlessContext, GLError> = {
        do { return .success(try HeadlessContext()) } catch let e as GLError { return .failure(e) } catch { return .failure(GLError("\(error)")) }
    }()

    /// The shared context, created on first use.
    public static func shared() throws -> HeadlessContext { try creation.get() }

    private init() throws {
        if let off = ProcessInfo.processInfo.environment["LAMINA_DISABLE_GL"], !off.isEmpty, off != "0" {
            throw GLError("disabled by LAMINA_DISABLE_GL")
        }
        guard let getPlatformDisplay = epoxy_eglGetPlatformDisplayEXT else {
            throw GLError("EGL has no eglGetPlatformDisplayEXT (is libegl-mesa0 installed?)")
        }
        guard let dpy = getPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) else {
            throw GLError("no EGL surfaceless display (Mesa's EGL_MESA_platform_surfaceless is missing)")
        }
        var major: EGLint = 0, minor: EGLint = 0
        guard epoxy_eglInitialize(dpy, &major, &minor) != 0 else {
            throw GLError("eglInitialize failed (0x\(String(epoxy_eglGetError(), radix: 16)))")
        }
        guard epoxy_eglBindAPI(EGLenum(EGL_OPENGL_API)) != 0 else { throw GLError("eglBindAPI(EGL_OPENGL_API) failed") }
        var config: EGLConfig?
        var count: EGLint = 0
        let configAttribs: [EGLint] = [EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE]
        if epoxy_eglChooseConfig(dpy, configAttribs, &config, 1, &count) == 0 || count == 0 { config = nil }
        var attribs: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                                 EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT]
        #if DEBUG
        attribs += [EGL_CONTEXT_OPENGL_DEBUG, EGL_TRUE]
        #endif
        attribs.append(EGL_NONE)
        guard let ctx = epoxy_eglCreateContext(dpy, config, nil, attribs) else {
            throw GLError("eglCreateContext for OpenGL 3.3 core failed (0x\(String(epoxy_eglGetError(), radix: 16)))")
        }
        display = dpy
        context = ctx
        try withCurrent {
            let r = epoxy_glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? "?"
            let v = epoxy_glGetString(GLenum(GL_VERSION)).map { String(cString: $0) } ?? "?"
            rendererDescription = "\(r), OpenGL \(v)"
        }
    }

    /// Runs `body` with the context current on this thread (one caller at a time; calls may nest).
    public func withCurrent<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        if depth == 0 {
            guard epoxy_eglMakeCurrent(display, nil, nil, context) != 0 else {
                throw GLError("eglMakeCurrent failed (0x\(String(epoxy_eglGetError(), radix: 16)))")
            }
        }
        depth += 1
        defer {
            depth -= 1
            if depth == 0 { _ = epoxy_eglMakeCurrent(display, nil, nil, nil) }
        }
        return try body()
    }
}
