// The demo's state, independent of any window: the scenes, the current one, what input does,
// and the presentation tree to draw at a time.
import LaminaWorkloads
import QuartzCore

/// A key the demo understands.
public enum DemoKey: Equatable, Sendable {
    /// Tab (next scene), space (tap), L (light), P (perspective), D (doubleSided), R (reset), S (screenshot),
    /// E (the exploded view), Escape (quit).
    case tab, space, light, perspective, doubleSided, reset, screenshot, explode, escape
    /// A number key: selects scene n (1-based).
    case digit(Int)

    /// The key named in a script ("tab", "space", "l", "p", "d", "r", "s", "e", "escape", "1"...).
    public init?(name: String) {
        switch name.lowercased() {
        case "tab": self = .tab
        case "space": self = .space
        case "l": self = .light
        case "p": self = .perspective
        case "d": self = .doubleSided
        case "r": self = .reset
        case "s": self = .screenshot
        case "e": self = .explode
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
    /// Whether the exploded view is on (E toggles it; the amount eases there in `explodeDuration`).
    public private(set) var isExploded = false
    /// The turn drags give the exploded view (after its default turn); R resets it.
    public private(set) var explodeTurn = CATransform3DIdentity
    /// How long the exploded view takes to open or close, in seconds.
    public static let explodeDuration = 0.4
    /// The amount when E was last pressed, and when.
    private var explodeFrom = 0.0, explodeToggled = -Double.infinity

    /// How far the exploded view is open at media time `time`: 0 (the scene as drawn) ... 1,
    /// eased in and out over `explodeDuration` from the amount it had when E was pressed.
    public func explodeAmount(at time: CFTimeInterval) -> Double {
        let target = isExploded ? 1.0 : 0.0
        let t = (time - explodeToggled) / Self.explodeDuration
        guard t < 1 else { return target }
        let x = max(t, 0)
        return explodeFrom + (target - explodeFrom) * x * x * (3 - 2 * x)
    }

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
        case .reset:
            current.reset()
            explodeTurn = CATransform3DIdentity
        case .explode:
            // Reversed midway, the view turns back from where it is.
            let now = CACurrentMediaTime()
            explodeFrom = explodeAmount(at: now)
            explodeToggled = now
            isExploded.toggle()
        case .escape: return false
        case .screenshot: break
        }
        return true
    }

    /// A drag by (dx, dy) pixels: turns the scene, or the exploded view's stack while it is open.
    public func drag(dx: CGFloat, dy: CGFloat) {
        if isExploded { explodeTurn = Trackball.rotate(explodeTurn, by: CGPoint(x: dx, y: dy)) } else { current.drag(dx: dx, dy: dy) }
    }

    /// A click (a tap).
    public func click() { current.tap() }

    /// A scroll: up zooms in.
    public func scroll(_ dy: CGFloat) { current.zoom(by: pow(1.1, dy)) }

    /// The current scene as drawn at media time `time`: finished animations are reported and
    /// removed first, then the presentation tree is built; with no animation left anywhere in
    /// the scene that is the model tree itself (the presentation would be a copy equal to it,
    /// which for 1,000 cards cost 1.7 ms a frame, and a frame compositor can tell the model
    /// tree is unchanged).
    public func frame(at time: CFTimeInterval) -> CALayer {
        CATransaction.flush()
        // With no animation attached anywhere there is nothing to report or remove: the walk
        // that advances them (each layer's time and sublayers) cost 2.5M instructions a frame
        // for 1,000 cards, on the thread that also draws; this look costs a tenth of it.
        guard current.root.subtreeHasAnimations() else { return current.root }
        current.root.advanceAnimations(to: time)
        guard current.root.subtreeHasAnimations() else { return current.root }
        return current.root.presentationTree(at: time)
    }
}
