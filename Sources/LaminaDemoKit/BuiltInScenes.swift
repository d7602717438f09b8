// The seeds' examples, built the way their articles build them, and the benchmark's cards.
import LaminaScene
import LaminaWorkloads
import QuartzCore

/// The book's cube (chapter 5), seen corner-on: six faces on a container whose
/// sublayerTransform turns the camera; L lights it.
public final class BookCubeScene: DemoScene {
    /// The six faces under the book's camera, unlit until L.
    public init() {
        let container = CALayer()
        container.name = "container"
        container.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
        container.backgroundColor = .white
        let faces: [(UInt32, CATransform3D)] = [
            (0xE74C3C, CATransform3DMakeTranslation(0, 0, 100)),
            (0x27AE60, CATransform3DRotate(CATransform3DMakeTranslation(100, 0, 0), .pi / 2, 0, 1, 0)),
            (0x2980B9, CATransform3DRotate(CATransform3DMakeTranslation(0, -100, 0), .pi / 2, 1, 0, 0)),
            (0xF1C40F, CATransform3DRotate(CATransform3DMakeTranslation(0, 100, 0), -.pi / 2, 1, 0, 0)),
            (0x8E44AD, CATransform3DRotate(CATransform3DMakeTranslation(-100, 0, 0), -.pi / 2, 0, 1, 0)),
            (0xE67E22, CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -100), .pi, 0, 1, 0)),
        ]
        for (i, (color, t)) in faces.enumerated() {
            let face = square("face\(i + 1)", rgb(color), size: 200)
            face.position = CGPoint(x: 200, y: 200)
            face.borderWidth = 4
            face.borderColor = .black
            face.transform = t
            container.addSublayer(face)
        }
        // The camera: rotate -45 degrees about x, then -45 about y (as the book's listing 5.9).
        let camera = CATransform3DRotate(CATransform3DMakeRotation(-.pi / 4, 1, 0, 0), -.pi / 4, 0, 1, 0)
        super.init(title: "The book's cube", container: container, background: .white, rotation: camera)
        root.addSublayer(container)
        applyCamera()
    }

    public override func layout(width: CGFloat, height: CGFloat) {
        super.layout(width: width, height: height)
        withoutActions { container.position = CGPoint(x: width / 2, y: height / 2) }
    }

    public override func toggleLight() {
        withoutActions {
            container.light = container.light == nil ? LaminaLight(direction: (-0.2, 0.3, -1), ambient: 0.3) : nil
        }
    }
}

/// The "Cubed CoreAnimation Conundrum" box: five sides and a lid on a CATransformLayer; a tap
/// folds them up on their anchor-point hinges in one second (the lid only 0.8 x 90 degrees,
/// so it stays 18 degrees open), and unfolds them again.
public final class ConundrumBoxScene: DemoScene {
    /// Whether the box is folded up (a tap toggles it).
    public private(set) var isClosed = false
    let sides: [(CALayer, CATransform3D)]

    /// The box laid open under its camera.
    public init() {
        let base = CATransformLayer()
        base.name = "baseLayer"
        base.anchorPoint = .zero
        base.bounds = CGRect(x: 0, y: 0, width: 500, height: 400)
        let red = square("red", CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        let blue = square("blue", CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        blue.anchorPoint = CGPoint(x: 1, y: 0.5); blue.position = CGPoint(x: -50, y: 0)
        let yellow = square("yellow", CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1))
        yellow.anchorPoint = CGPoint(x: 0.5, y: 1); yellow.position = CGPoint(x: 0, y: -50)
        let purple = square("purple", CGColor(red: 1, green: 1, blue: 0, alpha: 1))
        purple.anchorPoint = CGPoint(x: 0.5, y: 0); purple.position = CGPoint(x: 0, y: 50)
        // Green is a transform layer so the lid can hinge on it in 3D.
        let green = CATransformLayer()
        green.name = "green"
        green.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        green.anchorPoint = CGPoint(x: 0, y: 0.5); green.position = CGPoint(x: 50, y: 0)
        let greenSolid = square("greenSolid", CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        greenSolid.anchorPoint = .zero
        let magenta = square("magenta", CGColor(red: 1, green: 0, blue: 1, alpha: 1))
        magenta.anchorPoint = CGPoint(x: 0, y: 0.5); magenta.position = CGPoint(x: 100, y: 50)
        green.addSublayer(greenSolid)
        green.addSublayer(magenta)
        for l in [red, blue, yellow, purple, green] as [CALayer] { base.addSublayer(l) }
        sides = [(green, CATransform3DMakeRotation(-.pi / 2, 0, 1, 0)), (blue, CATransform3DMakeRotation(.pi / 2, 0, 1, 0)),
                 (yellow, CATransform3DMakeRotation(-.pi / 2, 1, 0, 0)), (purple, CATransform3DMakeRotation(.pi / 2, 1, 0, 0)),
                 (magenta, CATransform3DMakeRotation(0.8 * -.pi / 2, 0, 1, 0))]
        // The camera turns about the box's centre (z = 50): tilt 0.6 rad about x, then 0.5 about y.
        var camera = CATransform3DMakeTranslation(0, 0, 50)
        camera = CATransform3DRotate(camera, 0.6, 1, 0, 0)
        camera = CATransform3DRotate(camera, 0.5, 0, 1, 0)
        camera = CATransform3DTranslate(camera, 0, 0, -50)
        super.init(title: "The Conundrum box", container: base, background: .black, rotation: camera)
        root.addSublayer(base)
        applyCamera()
    }

    public override var pivotZ: CGFloat { isClosed ? 50 : 0 }

    public override func layout(width: CGFloat, height: CGFloat) {
        super.layout(width: width, height: height)
        withoutActions { container.position = CGPoint(x: width / 2 - 30, y: height / 2) }
    }

    /// Folds or unfolds the box with a one-second implicit animation.
    public override func tap() {
        isClosed.toggle()
        animated(1) { for (layer, closed) in sides { layer.transform = isClosed ? closed : CATransform3DIdentity } }
    }
}

/// "Core Animation in 2.5D": six rounded sides laid flat (side 4 lifted above side 2 by
/// zPosition) that a tap folds into a cube by their transforms, and back.
public final class Cube25DScene: DemoScene {
    /// Whether the sides are folded into a cube (a tap toggles it).
    public private(set) var isFolded = false
    var folded: [(CALayer, CATransform3D)] = []
    var side4: CALayer!

    /// The six sides laid flat under the article's camera.
    public init() {
        let layer = CATransformLayer()
        layer.name = "transformedLayer"
        layer.bounds = CGRect(x: 0, y: 0, width: 500, height: 500)
        let colors: [UInt32] = [0xE74C3C, 0x27AE60, 0x2980B9, 0xF1C40F, 0x8E44AD, 0xE67E22]
        let anchors: [(CGPoint, CGPoint)] = [  // anchor point, position (a 200-point side, centred at 250)
            (CGPoint(x: 1, y: 0.5), CGPoint(x: 150, y: 250)), (CGPoint(x: 0.5, y: 0.5), CGPoint(x: 250, y: 250)),
            (CGPoint(x: 0, y: 0.5), CGPoint(x: 350, y: 250)), (CGPoint(x: 0.5, y: 0.5), CGPoint(x: 250, y: 250)),
            (CGPoint(x: 0.5, y: 1), CGPoint(x: 250, y: 150)), (CGPoint(x: 0.5, y: 0), CGPoint(x: 250, y: 350)),
        ]
        let transforms = [CATransform3DMakeRotation(.pi / 2, 0, 1, 0), CATransform3DIdentity,
                          CATransform3DMakeRotation(-.pi / 2, 0, 1, 0), CATransform3DMakeTranslation(0, 0, 200),
                          CATransform3DMakeRotation(-.pi / 2, 1, 0, 0), CATransform3DMakeRotation(.pi / 2, 1, 0, 0)]
        var sides: [CALayer] = []
        for i in 0..<6 {
            let s = square("side\(i + 1)", rgb(colors[i]), size: 200)
            s.anchorPoint = anchors[i].0
            s.position = anchors[i].1
            s.cornerRadius = 16
            s.borderWidth = 6
            s.borderColor = .white
            layer.addSublayer(s)
            sides.append(s)
        }
        // The article's perspective transform: tilt pi/8 about x, then pi/8 about y, then scale 0.7.
        var camera = CATransform3DMakeRotation(.pi / 8, 1, 0, 0)
        camera = CATransform3DRotate(camera, .pi / 8, 0, 1, 0)
        camera = CATransform3DScale(camera, 0.7, 0.7, 0.7)
        super.init(title: "The 2.5D cube", container: layer, background: rgb(0x202020), rotation: camera)
        folded = zip(sides, transforms).map { ($0, $1) }
        side4 = sides[3]
        side4.zPosition = 1
        root.addSublayer(layer)
        applyCamera()
    }

    public override var pivotZ: CGFloat { isFolded ? 100 : 0 }

    public override func layout(width: CGFloat, height: CGFloat) {
        super.layout(width: width, height: height)
        withoutActions { container.position = CGPoint(x: width / 2, y: height / 2) }
    }

    /// Folds or unfolds the cube with a one-second implicit animation.
    public override func tap() {
        isFolded.toggle()
        animated(1) {
            for (layer, t) in folded { layer.transform = isFolded ? t : CATransform3DIdentity }
            side4.zPosition = isFolded ? 0 : 1
        }
    }
}

/// The benchmark's 1,000 random-rotated cards in one perspective context (the `cards-1000`
/// workload, seed 1), centred in the window; drags turn the whole context.
public final class ThousandCardsScene: DemoScene {
    /// The cards as the workload generator makes them, under the demo's camera.
    public init(count: Int = 1000, seed: UInt64 = 1) {
        let stage = Generators.cards(count: count, seed: seed).root
        super.init(title: "\(count) cards", container: stage, background: .white, rotation: CATransform3DIdentity)
        // The workload's own perspective (eye at 1000 points).
        m34 = stage.sublayerTransform.m34
        root.addSublayer(stage)
        applyCamera()
    }

    public override func layout(width: CGFloat, height: CGFloat) {
        super.layout(width: width, height: height)
        withoutActions { container.position = CGPoint(x: width / 2, y: height / 2) }
    }
}

/// A scene file, centred in the window; drags turn its root layer's sublayers.
public final class SceneFileScene: DemoScene {
    /// The scene as read from its file.
    public let scene: Scene
    let stage = CALayer()
    let baseSublayerTransform: CATransform3D

    /// Reads the scene file at `path`, its animations added as at media time `now`; the title is the file's name.
    public init(path: String, now: CFTimeInterval) throws {
        scene = try Scene.read(contentsOf: path)
        baseSublayerTransform = scene.root.sublayerTransform
        stage.bounds = CGRect(x: 0, y: 0, width: scene.canvas.width, height: scene.canvas.height)
        stage.addSublayer(scene.root)
        for a in scene.animations.enumerated() {
            if let l = scene.allLayers.first(where: { $0.name == a.element.layer }) {
                l.add(a.element.caAnimation, forKey: "scene.\(a.offset)", now: now)
            }
        }
        super.init(title: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, container: scene.root,
                   background: scene.canvas.background ?? .clear, rotation: CATransform3DIdentity)
        root.addSublayer(stage)
        applyCamera()
    }

    /// The scene's own sublayerTransform after the trackball's rotation (perspective off
    /// clears its m34); zoom scales the whole stage.
    public override func applyCamera() {
        withoutActions {
            var s = baseSublayerTransform
            if !perspective { s.m34 = 0 }
            container.sublayerTransform = rotation.concatenating(s)
            stage.transform = CATransform3DMakeScale(zoom, zoom, zoom)
        }
    }

    public override func layout(width: CGFloat, height: CGFloat) {
        super.layout(width: width, height: height)
        withoutActions { stage.position = CGPoint(x: width / 2, y: height / 2) }
    }
}
