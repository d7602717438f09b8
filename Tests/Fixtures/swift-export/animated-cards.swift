// For lamina export-swift: one of each kind of animation value (number, point, size, rect, color, transform and its sub-paths, colors, locations, path), with delays, repeats, autoreverse, fill modes and timing functions; text, a light, a mask and a shadow.
// Exported by `lamina export-swift` from animated-cards.json: Core Animation code that builds the scene's layer tree.
// It compiles unchanged on Apple platforms and against Lamina's QuartzCore on Linux.
import Foundation
import QuartzCore

/// The canvas the tree is drawn on: its size in points.
var canvasSize: CGSize { CGSize(width: 320, height: 240) }
/// Pixels per point.
var canvasScale: CGFloat { 1.5 }
/// The color under the tree (nil: clear).
var canvasBackground: CGColor? { CGColor(red: 242 / 255, green: 242 / 255, blue: 247 / 255, alpha: 1) }

/// Builds the scene's layer tree. The root is placed in the canvas by its frame, as any layer in its superlayer.
func makeLayerTree() -> CALayer {
    let stage = CALayer()
    stage.name = "stage"
    stage.frame = CGRect(x: 0, y: 0, width: 320, height: 240)
    var stageSublayerTransform = CATransform3DIdentity
    stageSublayerTransform.m34 = -1.0 / 600
    stage.sublayerTransform = stageSublayerTransform
    stage.allowsEdgeAntialiasing = true
    #if canImport(LaminaImage)
    // Lamina's light over the 3D context this layer roots. Core Animation has no lighting:
    // on Apple platforms the faces keep their own colors.
    stage.light = LaminaLight(direction: (x: 0.3, y: 0.4, z: -1), ambient: 0.35)
    #endif

    let card = CALayer()
    card.name = "card"
    card.frame = CGRect(x: 20, y: 20, width: 120, height: 80)
    card.transform = CATransform3DMakeRotation(20 * .pi / 180, 0, 1, 0)
    card.backgroundColor = CGColor(red: 0, green: 122 / 255, blue: 1, alpha: 1)
    card.cornerRadius = 12
    card.allowsEdgeAntialiasing = true
    card.shadowOpacity = 0.4
    card.shadowOffset = CGSize(width: 0, height: 4)
    card.shadowRadius = 6
    stage.addSublayer(card)

    let spinner = CALayer()
    spinner.name = "spinner"
    spinner.frame = CGRect(x: 180, y: 20, width: 100, height: 100)
    spinner.backgroundColor = CGColor(red: 1, green: 149 / 255, blue: 0, alpha: 1)
    spinner.borderWidth = 3
    spinner.allowsEdgeAntialiasing = true
    stage.addSublayer(spinner)

    let fader = CATextLayer()
    fader.name = "fader"
    fader.frame = CGRect(x: 20, y: 130, width: 140, height: 40)
    fader.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    fader.allowsEdgeAntialiasing = true
    fader.string = "Fade \"in\"\nand out"
    fader.fontSize = 16
    fader.foregroundColor = CGColor(red: 28 / 255, green: 28 / 255, blue: 30 / 255, alpha: 1)
    fader.alignmentMode = .center
    fader.isWrapped = true
    stage.addSublayer(fader)

    let sky = CAGradientLayer()
    sky.name = "sky"
    sky.frame = CGRect(x: 180, y: 140, width: 120, height: 80)
    sky.allowsEdgeAntialiasing = true
    sky.colors = [
        CGColor(red: 90 / 255, green: 200 / 255, blue: 250 / 255, alpha: 1),
        CGColor(red: 1, green: 1, blue: 1, alpha: 1),
    ]
    sky.locations = [0, 1]
    sky.startPoint = CGPoint(x: 0, y: 0)
    sky.endPoint = CGPoint(x: 0, y: 1)

    let skyMask = CALayer()
    skyMask.name = "skyMask"
    skyMask.frame = CGRect(x: 0, y: 0, width: 120, height: 80)
    skyMask.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    skyMask.cornerRadius = 40
    skyMask.allowsEdgeAntialiasing = true
    sky.mask = skyMask
    stage.addSublayer(sky)

    let tick = CAShapeLayer()
    tick.name = "tick"
    tick.frame = CGRect(x: 20, y: 180, width: 60, height: 50)
    tick.allowsEdgeAntialiasing = true
    let tickPath = CGMutablePath()
    tickPath.move(to: CGPoint(x: 5, y: 25))
    tickPath.addLine(to: CGPoint(x: 25, y: 45))
    tickPath.addLine(to: CGPoint(x: 55, y: 5))
    tick.path = tickPath
    tick.fillColor = nil
    tick.strokeColor = CGColor(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1)
    tick.lineWidth = 5
    stage.addSublayer(tick)
    return stage
}

/// Adds the scene's animations to a tree `makeLayerTree()` built; the scene's time 0 is `start`
/// (a media time; default: now). They stay after they end, their fillMode deciding what shows.
func addAnimations(to root: CALayer, at start: CFTimeInterval = CACurrentMediaTime()) {
    do {
        let animation = CABasicAnimation(keyPath: "position")
        animation.toValue = CGPoint(x: 100, y: 70)
        animation.beginTime = start
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        animation.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        sublayer(named: "card", in: root)?.add(animation, forKey: "scene.0.position")
    }
    do {
        let animation = CABasicAnimation(keyPath: "shadowOffset")
        animation.fromValue = CGSize(width: 0, height: 4)
        animation.toValue = CGSize(width: 8, height: 12)
        animation.beginTime = start
        animation.duration = 0.8
        animation.repeatCount = 2
        animation.autoreverses = true
        animation.isRemovedOnCompletion = false
        sublayer(named: "card", in: root)?.add(animation, forKey: "scene.1.shadowOffset")
    }
    do {
        let animation = CABasicAnimation(keyPath: "transform.rotation.z")
        animation.fromValue = 0.0
        animation.toValue = 3.141592653589793
        animation.beginTime = start + 0.25
        animation.duration = 2
        #if canImport(LaminaImage)
        animation.timingFunction = CAMediaTimingFunction(c1x: 0.1, c1y: 0.7, c2x: 0.3, c2y: 1)
        #else
        animation.timingFunction = CAMediaTimingFunction(controlPoints: 0.1, 0.7, 0.3, 1)
        #endif
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        sublayer(named: "spinner", in: root)?.add(animation, forKey: "scene.2.transform.rotation.z")
    }
    do {
        let animation = CABasicAnimation(keyPath: "backgroundColor")
        animation.toValue = CGColor(red: 175 / 255, green: 82 / 255, blue: 222 / 255, alpha: 1)
        animation.beginTime = start
        animation.duration = 1.5
        animation.timingFunction = CAMediaTimingFunction(name: .easeIn)
        animation.isRemovedOnCompletion = false
        sublayer(named: "spinner", in: root)?.add(animation, forKey: "scene.3.backgroundColor")
    }
    do {
        let animation = CABasicAnimation(keyPath: "bounds")
        animation.toValue = CGRect(x: 0, y: 0, width: 60, height: 120)
        animation.beginTime = start + 0.5
        animation.duration = 1
        animation.fillMode = .backwards
        animation.isRemovedOnCompletion = false
        sublayer(named: "spinner", in: root)?.add(animation, forKey: "scene.4.bounds")
    }
    do {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 1.0
        animation.toValue = 0.2
        animation.beginTime = start
        animation.duration = 0.5
        animation.repeatCount = 1.5
        animation.autoreverses = true
        animation.isRemovedOnCompletion = false
        sublayer(named: "fader", in: root)?.add(animation, forKey: "scene.5.opacity")
    }
    do {
        let animation = CABasicAnimation(keyPath: "colors")
        animation.toValue = [CGColor(red: 1, green: 45 / 255, blue: 85 / 255, alpha: 1), CGColor(red: 1, green: 204 / 255, blue: 0, alpha: 1)]
        animation.beginTime = start
        animation.duration = 1.2
        animation.timingFunction = CAMediaTimingFunction(controlPoints: 0.25, 0.5, 0.75, 0.5)
        animation.isRemovedOnCompletion = false
        sublayer(named: "sky", in: root)?.add(animation, forKey: "scene.6.colors")
    }
    do {
        let animation = CABasicAnimation(keyPath: "locations")
        animation.toValue = [0.3, 0.9] as [NSNumber]
        animation.beginTime = start
        animation.duration = 1
        animation.isRemovedOnCompletion = false
        sublayer(named: "sky", in: root)?.add(animation, forKey: "scene.7.locations")
    }
    do {
        let animation = CABasicAnimation(keyPath: "path")
        let toPath = CGMutablePath()
        toPath.move(to: CGPoint(x: 5, y: 45))
        toPath.addLine(to: CGPoint(x: 25, y: 5))
        toPath.addLine(to: CGPoint(x: 55, y: 45))
        animation.toValue = toPath
        animation.beginTime = start
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .default)
        animation.isRemovedOnCompletion = false
        sublayer(named: "tick", in: root)?.add(animation, forKey: "scene.8.path")
    }
    do {
        let animation = CABasicAnimation(keyPath: "sublayerTransform")
        var toTransform = CATransform3DIdentity
        toTransform.m34 = -1.0 / 300
        toTransform = CATransform3DRotate(toTransform, 10 * .pi / 180, 1, 0, 0)
        animation.toValue = toTransform
        animation.beginTime = start
        animation.duration = 1.5
        animation.isRemovedOnCompletion = false
        sublayer(named: "stage", in: root)?.add(animation, forKey: "scene.9.sublayerTransform")
    }
}

/// The first layer named `name` in the tree under `layer` (itself included), depth first.
private func sublayer(named name: String, in layer: CALayer) -> CALayer? {
    if layer.name == name { return layer }
    for s in layer.sublayers ?? [] {
        if let hit = sublayer(named: name, in: s) { return hit }
    }
    return nil
}
