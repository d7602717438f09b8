// The demo's scenes: layer trees built with the Core Animation API, a camera the trackball
// turns (the container's sublayerTransform = rotation * perspective), and their gestures.
import LaminaWorkloads
import QuartzCore

/// A scene the demo shows: its layer tree and what the keys and gestures do to it.
open class DemoScene {
    /// A short name for the window title.
    public let title: String
    /// The canvas layer: its frame is the window's content in points.
    public let root = CALayer()
    /// The layer whose sublayerTransform is the camera.
    public var container: CALayer
    /// The canvas background.
    public var background: CGColor

    /// The trackball rotation (pivots included).
    public var rotation: CATransform3D
    /// The rotation the scene starts with (R returns to it).
    public let initialRotation: CATransform3D
    /// The perspective term while perspective is on.
    public var m34: CGFloat = -1.0 / 500
    /// Whether perspective is on (P toggles it).
    public private(set) var perspective = true
    /// The zoom factor, 0.1...10 (scrolling changes it).
    public private(set) var zoom: CGFloat = 1
    /// The doubleSided value D last gave every layer (nil: D not pressed yet).
    public private(set) var allDoubleSided: Bool? = nil

    /// A scene showing `container` over `background`, turned by `rotation`; subclasses add the container to `root`.
    public init(title: String, container: CALayer, background: CGColor, rotation: CATransform3D) {
        self.title = title
        self.container = container
        self.background = background
        self.rotation = rotation
        self.initialRotation = rotation
        root.backgroundColor = background
    }

    /// Where drags turn the scene about (z of the pivot: a closed box's centre).
    open var pivotZ: CGFloat { 0 }

    /// Puts the scene in a canvas of this size (points).
    open func layout(width: CGFloat, height: CGFloat) {
        withoutActions { root.frame = CGRect(x: 0, y: 0, width: width, height: height) }
    }

    /// Applies the camera (no implicit animation: the drag is direct manipulation).
    open func applyCamera() {
        withoutActions {
            var p = CATransform3DIdentity
            p.m34 = perspective ? m34 : 0
            container.sublayerTransform = rotation.concatenating(p)
            container.transform = CATransform3DMakeScale(zoom, zoom, zoom)
        }
    }

    /// A drag of (dx, dy) pixels: one pixel, one degree.
    open func drag(dx: CGFloat, dy: CGFloat) {
        rotation = Trackball.rotate(rotation, by: CGPoint(x: dx, y: dy), pivotZ: pivotZ)
        applyCamera()
    }

    /// A tap (click or space): folds or unfolds where the scene can.
    open func tap() {}

    /// L: toggles the light where the scene has one.
    open func toggleLight() {}

    /// P: perspective on or off.
    public func togglePerspective() {
        perspective.toggle()
        applyCamera()
    }

    /// Scroll: zoom by a factor.
    open func zoom(by factor: CGFloat) {
        zoom = min(max(zoom * factor, 0.1), 10)
        applyCamera()
    }

    /// D: every layer's doubleSided flipped together (starting from the opposite of the container's first member).
    public func toggleDoubleSided() {
        let layers = allLayers(root)
        let next = !(allDoubleSided ?? layers.dropFirst().first?.isDoubleSided ?? true)
        allDoubleSided = next
        withoutActions { for l in layers { l.isDoubleSided = next } }
    }

    /// R: the initial camera, zoom and perspective (the fold state stays).
    open func reset() {
        rotation = initialRotation
        zoom = 1
        perspective = true
        applyCamera()
    }

    func allLayers(_ l: CALayer) -> [CALayer] { [l] + (l.sublayers ?? []).flatMap(allLayers) }

    func withoutActions(_ body: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        CATransaction.commit()
    }

    /// Runs `body` in a transaction whose implicit animations take `duration` seconds.
    func animated(_ duration: CFTimeInterval, _ body: () -> Void) {
        CATransaction.begin()
        CATransaction.setAnimationDuration(duration)
        body()
        CATransaction.commit()
    }
}

/// A solid layer (the articles' colored squares).
func square(_ name: String, _ color: CGColor, size: CGFloat = 100) -> CALayer {
    let l = CALayer()
    l.name = name
    l.backgroundColor = color
    l.bounds = CGRect(x: 0, y: 0, width: size, height: size)
    return l
}

func rgb(_ hex: UInt32) -> CGColor {
    CGColor(red: CGFloat((hex >> 16) & 255) / 255, green: CGFloat((hex >> 8) & 255) / 255, blue: CGFloat(hex & 255) / 255, alpha: 1)
}
