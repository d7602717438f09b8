// The demo's state, independent of any window: the scenes, the current one, what input does,
// and the presentation tree to draw at a time.
import QuartzCore

/// A key the demo understands.
public enum DemoKey: Equatable, Sendable {
    /// Tab (next scene), space (tap), L (light), P (perspective), D (doubleSided), R (reset), S (screenshot), Escape (quit).
    case tab, space, light, perspective, doubleSided, reset, screenshot, escape
    /// A number key: selects scene n (1-based).
    case digit(Int)

    /// The key named in a script ("tab", "space", "l", "p", "d", "r", "s", "escape", "1"...).
    public init?(name: String) {
        switch name.lowercased() {
        case "tab": self = .tab
        case "space": self = .space
        case "l": self = .light
        case "p": self = .perspective
        case "d": self = .doubleSided
        case "r": self = .reset
        case "s": self = .screenshot
        case "escape", "esc": self = .escape
        default:
            guard name.count == 1, let n = Int(name), n >= 1 else { return nil }
            self = .digit(n)
        }
    }
}

/// The demo: its scenes and what the user does to them.
public final class DemoApp {
    /// The scenes, in the order Tab and the number keys select them.
    public private(set) var scenes: [DemoScene]
    /// The index of the scene shown.
    public private(set) var index = 0
    /// The window's content width in points.
    public private(set) var width: CGFloat
    /// The window's content height in points.
    public private(set) var height: CGFloat

    /// The layer a click picked, outlined (LaminaDemo picks it by pixels).
    public let outline = LayerOutline()

    /// How many built-in scenes come before the scene files.
    public static let builtInCount = 5

    /// The built-in scenes (book cube, Conundrum box, 2.5D cube, 1,000 cards, revision 2), then the scene files.
    public init(sceneFiles: [String], width: CGFloat, height: CGFloat, now: CFTimeInterval) throws {
        self.width = width
        self.height = height
        scenes = [BookCubeScene(), ConundrumBoxScene(), Cube25DScene(), ThousandCardsScene(), Revision2Scene()]
        for f in sceneFiles { scenes.append(try SceneFileScene(path: f, now: now)) }
        for s in scenes { s.layout(width: width, height: height) }
        // Shown once: changes from now on animate implicitly (Core Animation's rule).
        CATransaction.flush()
    }

    /// The scene shown.
    public var current: DemoScene { scenes[index] }

    /// Selects scene `i` (0-based; ignored when out of range).
    public func select(_ i: Int) {
        guard scenes.indices.contains(i) else { return }
        index = i
    }

    /// The window's content changed size (points).
    public func resize(width: CGFloat, height: CGFloat) {
        self.width = width
        self.height = height
        for s in scenes { s.layout(width: width, height: height) }
    }

    /// A key press. Returns false for Escape (quit).
    @discardableResult
    public func press(_ key: DemoKey) -> Bool {
        switch key {
        case .tab: index = (index + 1) % scenes.count
        case .digit(let n): select(n - 1)
        case .space: current.tap()
        case .light: current.toggleLight()
        case .perspective: current.togglePerspective()
        case .doubleSided: current.toggleDoubleSided()
        case .reset: current.reset()
        case .escape: return false
        case .screenshot: break
        }
        return true
    }

    /// A drag by (dx, dy) pixels.
    public func drag(dx: CGFloat, dy: CGFloat) { current.drag(dx: dx, dy: dy) }

    /// A click (a tap).
    public func click() { current.tap() }

    /// A scroll: up zooms in.
    public func scroll(_ dy: CGFloat) { current.zoom(by: pow(1.1, dy)) }

    /// The current scene as drawn at media time `time`: finished animations are reported and
    /// removed first, then the presentation tree is built.
    public func frame(at time: CFTimeInterval) -> CALayer {
        CATransaction.flush()
        current.root.advanceAnimations(to: time)
        return current.root.presentationTree(at: time)
    }
}
