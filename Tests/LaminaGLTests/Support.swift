// The shared test helpers (Tests/LaminaTestSupport): Paths, loadScene, plan, renderCPU, backgroundRGB.
@_exported import LaminaTestSupport
import LaminaGL
import Testing

/// Whether an OpenGL context can be made here; suites that need one are skipped (visibly, with
/// the reason) when it cannot.
enum GL {
    static let failure: String? = {
        do { _ = try HeadlessContext.shared(); return nil } catch { return "\(error)" }
    }()
    static var available: Bool { failure == nil }
    static var reason: Comment { Comment(rawValue: "no OpenGL context: \(failure ?? "")") }
}
