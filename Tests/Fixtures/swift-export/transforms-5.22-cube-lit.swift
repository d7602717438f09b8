// Listing 5.10's idea with the renderer's light on the container: direction (-0.2, 0.3, -1), ambient 0.3; each face is shaded by its own orientation in the container's space: the front face (red, left) darkest, k = 0.306; the right face (green) k = 0.509; the top (blue) brightest, k = 0.844. The book computes its shading differently (a black overlay, camera left out), so this does not match its Figure 5.22, by design.
// Exported by `lamina export-swift` from transforms-5.22-cube-lit.json: Core Animation code that builds the scene's layer tree.
// It compiles unchanged on Apple platforms and against Lamina's QuartzCore on Linux.
import Foundation
import QuartzCore

/// The canvas the tree is drawn on: its size in points.
var canvasSize: CGSize { CGSize(width: 400, height: 400) }
/// Pixels per point.
var canvasScale: CGFloat { 1 }
/// The color under the tree (nil: clear).
var canvasBackground: CGColor? { CGColor(red: 1, green: 1, blue: 1, alpha: 1) }

/// Builds the scene's layer tree. The root is placed in the canvas by its frame, as any layer in its superlayer.
func makeLayerTree() -> CALayer {
    let container = CALayer()
    container.name = "container"
    container.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
    var containerSublayerTransform = CATransform3DIdentity
    containerSublayerTransform.m34 = -1.0 / 500
    containerSublayerTransform = CATransform3DRotate(containerSublayerTransform, -45 * .pi / 180, 1, 0, 0)
    containerSublayerTransform = CATransform3DRotate(containerSublayerTransform, -45 * .pi / 180, 0, 1, 0)
    container.sublayerTransform = containerSublayerTransform
    container.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    container.allowsEdgeAntialiasing = true
    #if canImport(LaminaImage)
    // Lamina's light over the 3D context this layer roots. Core Animation has no lighting:
    // on Apple platforms the faces keep their own colors.
    container.light = LaminaLight(direction: (x: -0.2, y: 0.3, z: -1), ambient: 0.3)
    #endif

    let face1 = CALayer()
    face1.name = "face1"
    face1.frame = CGRect(x: 100, y: 100, width: 200, height: 200)
    face1.transform = CATransform3DMakeTranslation(0, 0, 100)
    face1.backgroundColor = CGColor(red: 231 / 255, green: 76 / 255, blue: 60 / 255, alpha: 1)
    face1.borderWidth = 4
    face1.allowsEdgeAntialiasing = true
    container.addSublayer(face1)

    let face2 = CALayer()
    face2.name = "face2"
    face2.frame = CGRect(x: 100, y: 100, width: 200, height: 200)
    face2.transform = CATransform3DRotate(CATransform3DMakeTranslation(100, 0, 0), 90 * .pi / 180, 0, 1, 0)
    face2.backgroundColor = CGColor(red: 39 / 255, green: 174 / 255, blue: 96 / 255, alpha: 1)
    face2.borderWidth = 4
    face2.allowsEdgeAntialiasing = true
    container.addSublayer(face2)

    let face3 = CALayer()
    face3.name = "face3"
    face3.frame = CGRect(x: 100, y: 100, width: 200, height: 200)
    face3.transform = CATransform3DRotate(CATransform3DMakeTranslation(0, -100, 0), 90 * .pi / 180, 1, 0, 0)
    face3.backgroundColor = CGColor(red: 41 / 255, green: 128 / 255, blue: 185 / 255, alpha: 1)
    face3.borderWidth = 4
    face3.allowsEdgeAntialiasing = true
    container.addSublayer(face3)

    let face4 = CALayer()
    face4.name = "face4"
    face4.frame = CGRect(x: 100, y: 100, width: 200, height: 200)
    face4.transform = CATransform3DRotate(CATransform3DMakeTranslation(0, 100, 0), -90 * .pi / 180, 1, 0, 0)
    face4.backgroundColor = CGColor(red: 241 / 255, green: 196 / 255, blue: 15 / 255, alpha: 1)
    face4.borderWidth = 4
    face4.allowsEdgeAntialiasing = true
    container.addSublayer(face4)

    let face5 = CALayer()
    face5.name = "face5"
    face5.frame = CGRect(x: 100, y: 100, width: 200, height: 200)
    face5.transform = CATransform3DRotate(CATransform3DMakeTranslation(-100, 0, 0), -90 * .pi / 180, 0, 1, 0)
    face5.backgroundColor = CGColor(red: 142 / 255, green: 68 / 255, blue: 173 / 255, alpha: 1)
    face5.borderWidth = 4
    face5.allowsEdgeAntialiasing = true
    container.addSublayer(face5)

    let face6 = CALayer()
    face6.name = "face6"
    face6.frame = CGRect(x: 100, y: 100, width: 200, height: 200)
    face6.transform = CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -100), 180 * .pi / 180, 0, 1, 0)
    face6.backgroundColor = CGColor(red: 230 / 255, green: 126 / 255, blue: 34 / 255, alpha: 1)
    face6.borderWidth = 4
    face6.allowsEdgeAntialiasing = true
    container.addSublayer(face6)
    return container
}
