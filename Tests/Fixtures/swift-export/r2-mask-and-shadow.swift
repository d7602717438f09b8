// Revision 2: a card with a soft shadow; a layer tree masked by a rounded rectangle; a fade-out gradient mask
// Exported by `lamina export-swift` from r2-mask-and-shadow.json: Core Animation code that builds the scene's layer tree.
// It compiles unchanged on Apple platforms and against Lamina's QuartzCore on Linux.
import Foundation
import QuartzCore

/// The canvas the tree is drawn on: its size in points.
var canvasSize: CGSize { CGSize(width: 360, height: 260) }
/// Pixels per point.
var canvasScale: CGFloat { 1 }
/// The color under the tree (nil: clear).
var canvasBackground: CGColor? { CGColor(red: 1, green: 1, blue: 1, alpha: 1) }

/// Builds the scene's layer tree. The root is placed in the canvas by its frame, as any layer in its superlayer.
func makeLayerTree() -> CALayer {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 360, height: 260)
    root.backgroundColor = CGColor(red: 242 / 255, green: 242 / 255, blue: 247 / 255, alpha: 1)
    root.allowsEdgeAntialiasing = true

    let layer = CALayer()
    layer.frame = CGRect(x: 20, y: 20, width: 140, height: 90)
    layer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    layer.cornerRadius = 12
    layer.allowsEdgeAntialiasing = true
    layer.shadowOpacity = 0.35
    layer.shadowOffset = CGSize(width: 0, height: 4)
    layer.shadowRadius = 6
    root.addSublayer(layer)

    let layer2 = CALayer()
    layer2.frame = CGRect(x: 190, y: 20, width: 150, height: 100)
    layer2.backgroundColor = CGColor(red: 90 / 255, green: 200 / 255, blue: 250 / 255, alpha: 1)
    layer2.allowsEdgeAntialiasing = true

    let layer2Mask = CALayer()
    layer2Mask.frame = CGRect(x: 10, y: 10, width: 130, height: 80)
    layer2Mask.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    layer2Mask.cornerRadius = 25
    layer2Mask.allowsEdgeAntialiasing = true
    layer2.mask = layer2Mask

    let layer3 = CALayer()
    layer3.frame = CGRect(x: -20, y: 50, width: 120, height: 80)
    layer3.transform = CATransform3DMakeRotation(20 * .pi / 180, 0, 0, 1)
    layer3.backgroundColor = CGColor(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 1)
    layer3.allowsEdgeAntialiasing = true
    layer2.addSublayer(layer3)
    root.addSublayer(layer2)

    let layer4 = CALayer()
    layer4.frame = CGRect(x: 60, y: 140, width: 240, height: 100)
    layer4.backgroundColor = CGColor(red: 28 / 255, green: 28 / 255, blue: 30 / 255, alpha: 1)
    layer4.allowsEdgeAntialiasing = true
    layer4.shadowOpacity = 0.6
    layer4.shadowOffset = CGSize(width: 4, height: 4)
    layer4.shadowRadius = 4

    let layer4Mask = CAGradientLayer()
    layer4Mask.frame = CGRect(x: 0, y: 0, width: 240, height: 100)
    layer4Mask.allowsEdgeAntialiasing = true
    layer4Mask.colors = [
        CGColor(red: 0, green: 0, blue: 0, alpha: 1),
        CGColor(red: 0, green: 0, blue: 0, alpha: 0),
    ]
    layer4.mask = layer4Mask

    let layer5 = CALayer()
    layer5.frame = CGRect(x: 20, y: 20, width: 200, height: 60)
    layer5.backgroundColor = CGColor(red: 1, green: 214 / 255, blue: 10 / 255, alpha: 1)
    layer5.cornerRadius = 8
    layer5.allowsEdgeAntialiasing = true
    layer4.addSublayer(layer5)
    root.addSublayer(layer4)
    return root
}
