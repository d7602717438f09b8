// contents with every gravity
// Exported by `lamina export-swift` from contents-gravity.json: Core Animation code that builds the scene's layer tree.
// It compiles unchanged on Apple platforms and against Lamina's QuartzCore on Linux.
import Foundation
import QuartzCore
#if canImport(ImageIO)
import ImageIO
#else
import LaminaImage
#endif

/// The canvas the tree is drawn on: its size in points.
var canvasSize: CGSize { CGSize(width: 480, height: 360) }
/// Pixels per point.
var canvasScale: CGFloat { 1 }
/// The color under the tree (nil: clear).
var canvasBackground: CGColor? { CGColor(red: 1, green: 1, blue: 1, alpha: 1) }

/// Builds the scene's layer tree. The root is placed in the canvas by its frame, as any layer in its superlayer.
func makeLayerTree() -> CALayer {
    let root = CALayer()
    root.name = "root"
    root.frame = CGRect(x: 0, y: 0, width: 480, height: 360)
    root.backgroundColor = CGColor(red: 238 / 255, green: 238 / 255, blue: 238 / 255, alpha: 1)
    root.allowsEdgeAntialiasing = true

    let resize = CALayer()
    resize.name = "resize"
    resize.frame = CGRect(x: 10, y: 10, width: 100, height: 80)
    resize.backgroundColor = CGColor(red: 204 / 255, green: 221 / 255, blue: 238 / 255, alpha: 1)
    resize.contents = loadImage("../extra-scenes/picture.png")
    resize.allowsEdgeAntialiasing = true
    root.addSublayer(resize)

    let resizeAspect = CALayer()
    resizeAspect.name = "resizeAspect"
    resizeAspect.frame = CGRect(x: 128, y: 10, width: 100, height: 80)
    resizeAspect.backgroundColor = CGColor(red: 204 / 255, green: 221 / 255, blue: 238 / 255, alpha: 1)
    resizeAspect.contents = loadImage("../extra-scenes/picture.png")
    resizeAspect.contentsGravity = .resizeAspect
    resizeAspect.allowsEdgeAntialiasing = true
    root.addSublayer(resizeAspect)

    let resizeAspectFill = CALayer()
    resizeAspectFill.name = "resizeAspectFill"
    resizeAspectFill.frame = CGRect(x: 246, y: 10, width: 100, height: 80)
    resizeAspectFill.backgroundColor = CGColor(red: 204 / 255, green: 221 / 255, blue: 238 / 255, alpha: 1)
    resizeAspectFill.contents = loadImage("../extra-scenes/picture.png")
    resizeAspectFill.contentsGravity = .resizeAspectFill
    resizeAspectFill.allowsEdgeAntialiasing = true
    root.addSublayer(resizeAspectFill)

    let center = CALayer()
    center.name = "center"
    center.frame = CGRect(x: 364, y: 10, width: 100, height: 80)
    center.backgroundColor = CGColor(red: 204 / 255, green: 221 / 255, blue: 238 / 255, alpha: 1)
    center.contents = loadImage("../extra-scenes/picture.png")
    center.contentsGravity = .center
    center.allowsEdgeAntialiasing = true
    root.addSublayer(center)

    let top = CALayer()
    top.name = "top"
    top.frame = CGRect(x: 10, y: 128, width: 100, height: 80)
    top.backgroundColor = CGColor(red: 204 / 255, green: 221 / 255, blue: 238 / 255, alpha: 1)
    top.contents = loadImage("../extra-scenes/picture.png")
    top.contentsGravity = .top
    top.allowsEdgeAntialiasing = true
    root.addSublayer(top)

    let bottom = CALayer()
    bottom.name = "bottom"
    bottom.frame = CGRect(x: 128, y: 128, width: 100, height: 80)
    bottom.backgroundColor = CGColor(red: 204 / 255, green: 221 / 255, blue: 238 / 255, alpha: 1)
    bottom.contents = loadImage("../extra-scenes/picture.png")
    bottom.contentsGravity = .bottom
    bottom.allowsEdgeAntialiasing = true
    root.addSublayer(bottom)

    let left = CALayer()
    left.name = "left"
    left.frame = CGRect(x: 246, y: 128, width: 100, height: 80)
    left.backgroundColor = CGColor(red: 204 / 255, green: 221 / 255, blue: 238 / 255, alpha: 1)
    left.contents = loadImage("../extra-scenes/picture.png")
    left.contentsGravity = .left
    left.allowsEdgeAntialiasing = true
    root.addSublayer(left)

    let right = CALayer()
    right.name = "right"
    right.frame = CGRect(x: 364, y: 128, width: 100, height: 80)
    right.backgroundColor = CGColor(red: 204 / 255, green: 221 / 255, blue: 238 / 255, alpha: 1)
    right.contents = loadImage("../extra-scenes/picture.png")
    right.contentsGravity = .right
    right.allowsEdgeAntialiasing = true
    root.addSublayer(right)

    let topLeft = CALayer()
    topLeft.name = "topLeft"
    topLeft.frame = CGRect(x: 10, y: 246, width: 100, height: 80)
    topLeft.backgroundColor = CGColor(red: 204 / 255, green: 221 / 255, blue: 238 / 255, alpha: 1)
    topLeft.contents = loadImage("../extra-scenes/picture.png")
    topLeft.contentsGravity = .topLeft
    topLeft.allowsEdgeAntialiasing = true
    root.addSublayer(topLeft)

    let topRight = CALayer()
    topRight.name = "topRight"
    topRight.frame = CGRect(x: 128, y: 246, width: 100, height: 80)
    topRight.backgroundColor = CGColor(red: 204 / 255, green: 221 / 255, blue: 238 / 255, alpha: 1)
    topRight.contents = loadImage("../extra-scenes/picture.png")
    topRight.contentsGravity = .topRight
    topRight.allowsEdgeAntialiasing = true
    root.addSublayer(topRight)

    let bottomLeft = CALayer()
    bottomLeft.name = "bottomLeft"
    bottomLeft.frame = CGRect(x: 246, y: 246, width: 100, height: 80)
    bottomLeft.backgroundColor = CGColor(red: 204 / 255, green: 221 / 255, blue: 238 / 255, alpha: 1)
    bottomLeft.contents = loadImage("../extra-scenes/picture.png")
    bottomLeft.contentsGravity = .bottomLeft
    bottomLeft.allowsEdgeAntialiasing = true
    root.addSublayer(bottomLeft)

    let bottomRight = CALayer()
    bottomRight.name = "bottomRight"
    bottomRight.frame = CGRect(x: 364, y: 246, width: 100, height: 80)
    bottomRight.backgroundColor = CGColor(red: 204 / 255, green: 221 / 255, blue: 238 / 255, alpha: 1)
    bottomRight.contents = loadImage("../extra-scenes/picture.png")
    bottomRight.contentsGravity = .bottomRight
    bottomRight.allowsEdgeAntialiasing = true
    root.addSublayer(bottomRight)
    return root
}

/// A PNG image; a relative path is taken from the folder of this source file.
private func loadImage(_ path: String) -> CGImage? {
    let url = path.hasPrefix("/") ? URL(fileURLWithPath: path)
        : URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(path)
#if canImport(ImageIO)
    guard let source = CGImageSourceCreateWithURL(url as CFURL, nil) else { return nil }
    return CGImageSourceCreateImageAtIndex(source, 0, nil)
#else
    return try? PNG.read(url.standardizedFileURL.path)
#endif
}
