// Whether tests that need OpenGL can run here: they are skipped, visibly and with this reason,
// when no headless context can be made (no Mesa EGL, or LAMINA_DISABLE_GL set).
import LaminaGL
import QuartzCore

/// Whether a headless GL context can be made in this process.
public let glAvailable: Bool = (try? HeadlessContext.shared()) != nil

/// Why GL tests are skipped (for messages).
public var glUnavailableReason: String {
    do { _ = try HeadlessContext.shared(); return "" } catch { return "\(error)" }
}

extension CGImage {
    /// The premultiplied RGBA8 pixel at column x, row y (top row 0).
    public func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let i = (y * width + x) * 4
        let p = premultipliedRGBA
        return (Int(p[i]), Int(p[i + 1]), Int(p[i + 2]), Int(p[i + 3]))
    }
}
