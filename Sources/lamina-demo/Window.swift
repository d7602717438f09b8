// A GLFW window with an OpenGL 3.3 core context, and the input it collects.
@preconcurrency import CEpoxy
import CGLFW
import Foundation
import LaminaGL

/// Input gathered by GLFW's callbacks, drained once per frame.
final class InputQueue: @unchecked Sendable {
    enum Event { case key(Int32), drag(Double, Double), click(Double, Double), scroll(Double), resize }
    static let shared = InputQueue()
    private let lock = NSLock()
    private var events: [Event] = []
    var pressed = false
    var pressPoint = (0.0, 0.0), lastPoint = (0.0, 0.0)
    var moved = false
    var lastError = ""

    func push(_ e: Event) { lock.lock(); events.append(e); lock.unlock() }
    func drain() -> [Event] { lock.lock(); defer { events = []; lock.unlock() }; return events }
}

/// The demo's window.
final class Window: GLContextProvider, @unchecked Sendable {
    let handle: OpaquePointer

    /// Opens a window, or throws with one line saying why (no display, no GL 3.3).
    init(width: Int, height: Int, title: String, vsync: Bool) throws {
        glfwSetErrorCallback { _, description in
            InputQueue.shared.lastError = description.map { String(cString: $0) } ?? "unknown GLFW error"
        }
        guard glfwInit() == GLFW_TRUE else {
            throw GLError(InputQueue.shared.lastError.isEmpty ? "GLFW could not start" : InputQueue.shared.lastError)
        }
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE)
        glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE)
        guard let w = glfwCreateWindow(Int32(width), Int32(height), title, nil, nil) else {
            let why = InputQueue.shared.lastError
            glfwTerminate()
            throw GLError("cannot open an OpenGL 3.3 core window\(why.isEmpty ? "" : ": \(why)")")
        }
        handle = w
        glfwMakeContextCurrent(w)
        glfwSwapInterval(vsync ? 1 : 0)
        glfwSetKeyCallback(w) { _, key, _, action, _ in
            if action == GLFW_PRESS { InputQueue.shared.push(.key(key)) }
        }
        glfwSetMouseButtonCallback(w) { win, button, action, _ in
            guard button == GLFW_MOUSE_BUTTON_LEFT else { return }
            let q = InputQueue.shared
            var x = 0.0, y = 0.0
            glfwGetCursorPos(win, &x, &y)
            if action == GLFW_PRESS {
                q.pressed = true; q.moved = false; q.pressPoint = (x, y); q.lastPoint = (x, y)
            } else if action == GLFW_RELEASE {
                q.pressed = false
                if !q.moved { q.push(.click(x, y)) }
            }
        }
        glfwSetCursorPosCallback(w) { _, x, y in
            let q = InputQueue.shared
            guard q.pressed else { return }
            if abs(x - q.pressPoint.0) + abs(y - q.pressPoint.1) > 3 { q.moved = true }
            if q.moved { q.push(.drag(x - q.lastPoint.0, y - q.lastPoint.1)) }
            q.lastPoint = (x, y)
        }
        glfwSetScrollCallback(w) { _, _, dy in InputQueue.shared.push(.scroll(dy)) }
        glfwSetFramebufferSizeCallback(w) { _, _, _ in InputQueue.shared.push(.resize) }
    }

    func withCurrent<T>(_ body: () throws -> T) throws -> T {
        glfwMakeContextCurrent(handle)
        return try body()
    }

    /// Content size in points (window coordinates) and in framebuffer pixels.
    var sizes: (points: (Int, Int), pixels: (Int, Int)) {
        var w: Int32 = 0, h: Int32 = 0, fw: Int32 = 0, fh: Int32 = 0
        glfwGetWindowSize(handle, &w, &h)
        glfwGetFramebufferSize(handle, &fw, &fh)
        return ((Int(w), Int(h)), (Int(fw), Int(fh)))
    }

    var shouldClose: Bool { glfwWindowShouldClose(handle) == GLFW_TRUE }
    func close() { glfwSetWindowShouldClose(handle, GLFW_TRUE) }
    func swap() { glfwSwapBuffers(handle) }
    func poll() { glfwPollEvents() }
    func setTitle(_ t: String) { glfwSetWindowTitle(handle, t) }

    func destroy() {
        glfwDestroyWindow(handle)
        glfwTerminate()
    }
}
