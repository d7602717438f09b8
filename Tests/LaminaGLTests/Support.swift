// The shared test helpers (Tests/LaminaTestSupport): Paths, loadScene, plan, renderCPU, backgroundRGB.
@_exported import LaminaTestSupport
import Testing

/// Whether an OpenGL context can be made here (LaminaTestSupport's `glAvailable`); suites that
/// need one are skipped, visibly and with the reason, when it cannot.
enum GL {
    static var available: Bool { glAvailable }
    static var reason: Comment { Comment(rawValue: "no OpenGL context: \(glUnavailableReason)") }
}
