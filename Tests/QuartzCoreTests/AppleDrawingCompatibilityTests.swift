// Drawing code written exactly as an iOS developer writes it, compiled unchanged (only
// `import QuartzCore` and `import CoreGraphics`): CGPath / CGMutablePath with Apple's labels,
// a bitmap CGContext (origin at the bottom left, y up) read back through its `data`, and
// layers that draw themselves (draw(in:), a delegate's draw(_:in:) and display(_:)).
import Testing
import QuartzCore
import CoreGraphics

/// A premultiplied RGBA bitmap context, as Apple code makes one.
func appleBitmap(_ width: Int, _ height: Int) -> CGContext {
    CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
              space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
}

/// The RGBA bytes at (x, y) of a premultipliedLast context, y counted in its own y-up user
/// space (row 0 of `data` is the top of the bitmap, as on Apple platforms).
func applePixel(_ ctx: CGContext, _ x: Int, _ y: Int) -> [UInt8] {
    let bytes = ctx.data!.assumingMemoryBound(to: UInt8.self)
    let i = (ctx.height - 1 - y) * ctx.bytesPerRow + x * 4
    return (0..<4).map { bytes[i + $0] }
}

/// An image's pixel at (x, yFromTop), read the Apple way: drawn upright into a bitmap.
func applePixel(_ image: CGImage, _ x: Int, _ yFromTop: Int) -> [UInt8] {
    let ctx = appleBitmap(image.width, image.height)
    ctx.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
    return applePixel(ctx, x, image.height - 1 - yFromTop)
}

func appleNear(_ a: CGRect?, _ b: CGRect, _ tol: CGFloat = 1e-6) -> Bool {
    guard let a else { return false }
    return abs(a.minX - b.minX) <= tol && abs(a.minY - b.minY) <= tol && abs(a.width - b.width) <= tol && abs(a.height - b.height) <= tol
}

func appleNear(_ a: CGPoint, _ b: CGPoint, _ tol: CGFloat = 1e-6) -> Bool { abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol }

/// Draws a badge with draw(_:in:): a red square at the top left, a blue ring, a gradient bar.
final class BadgeDrawer: NSObject, CALayerDelegate {
    var draws = 0
    func draw(_ layer: CALayer, in ctx: CGContext) {
        draws += 1
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        ctx.setStrokeColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.setLineWidth(4)
        ctx.strokeEllipse(in: CGRect(x: 20, y: 20, width: 40, height: 40))
    }
}

/// Sets the contents itself with display(_:): draw(_:in:) is then never called.
final class ImageSetter: NSObject, CALayerDelegate {
    let image: CGImage
    init(_ image: CGImage) { self.image = image }
    func display(_ layer: CALayer) { layer.contents = image }
    func draw(_ layer: CALayer, in ctx: CGContext) { Issue.record("draw(_:in:) runs only without display(_:)") }
}

/// A layer subclass drawing a progress wedge in draw(in:).
final class PieLayer: CALayer {
    var progress: CGFloat = 0.25
    var draws = 0
    override func draw(in ctx: CGContext) {
        draws += 1
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        ctx.move(to: center)
        // clockwise: false turns with increasing angles: in the flipped (y-down) layer context
        // that is clockwise on screen, from 3 o'clock down to 6 o'clock.
        ctx.addArc(center: center, radius: bounds.width / 2, startAngle: 0, endAngle: 2 * .pi * progress, clockwise: false)
        ctx.closePath()
        ctx.setFillColor(red: 0, green: 0.6, blue: 0, alpha: 1)
        ctx.fillPath()
    }
}

@Suite("Apple source compatibility: drawing")
struct AppleDrawingCompatibilityTests {
    @Test func pathBuildingAndGeometry() {
        let path = CGMutablePath()
        #expect(path.isEmpty)
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addQuadCurve(to: CGPoint(x: 20, y: 10), control: CGPoint(x: 20, y: 0))
        path.addCurve(to: CGPoint(x: 0, y: 30), control1: CGPoint(x: 20, y: 40), control2: CGPoint(x: -10, y: 30))
        #expect(path.currentPoint == CGPoint(x: 0, y: 30))
        path.closeSubpath()
        #expect(!path.isEmpty)
        // boundingBox includes the control points; boundingBoxOfPath only the curve.
        #expect(path.boundingBox == CGRect(x: -10, y: 0, width: 30, height: 40))
        let tight = path.boundingBoxOfPath
        #expect(tight.minX > -10 && tight.minX < 0 && tight.maxY > 30 && tight.maxY < 40 && tight.maxX == 20)
        #expect(path.contains(CGPoint(x: 10, y: 10)) && !path.contains(CGPoint(x: 30, y: 30)))
    }

    @Test func arcsTurnAsCoreGraphicsSaysInYUpSpace() {
        let quarter = CGMutablePath()
        quarter.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(appleNear(quarter.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 10, height: 10), 1e-3))
        let threeQuarters = CGMutablePath()
        threeQuarters.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(appleNear(threeQuarters.boundingBoxOfPath, CGRect(x: -10, y: -10, width: 20, height: 20), 1e-3))
        let relative = CGMutablePath()
        relative.addRelativeArc(center: CGPoint(x: 5, y: 5), radius: 10, startAngle: 0, delta: .pi / 2)
        #expect(appleNear(relative.currentPoint, CGPoint(x: 5, y: 15)))
        let corner = CGMutablePath()
        corner.move(to: .zero)
        corner.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 5)
        #expect(appleNear(corner.currentPoint, CGPoint(x: 10, y: 5)))
        let moved = CGMutablePath()
        moved.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi, clockwise: false,
                     transform: CGAffineTransform(translationX: 100, y: 0))
        moved.addArc(tangent1End: CGPoint(x: 0, y: 5), tangent2End: CGPoint(x: 5, y: 5), radius: 1, transform: .identity)
        moved.addRelativeArc(center: .zero, radius: 2, startAngle: 0, delta: .pi, transform: CGAffineTransform(scaleX: 2, y: 2))
        #expect(appleNear(moved.currentPoint, CGPoint(x: -4, y: 0)))
    }

    @Test func shapesLinesTransformsAndCopies() throws {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        path.addRects([CGRect(x: 20, y: 0, width: 5, height: 5)], transform: .identity)
        path.addRoundedRect(in: CGRect(x: 0, y: 20, width: 20, height: 10), cornerWidth: 4, cornerHeight: 3, transform: .identity)
        path.addEllipse(in: CGRect(x: 30, y: 0, width: 10, height: 10), transform: .identity)
        path.addLines(between: [CGPoint(x: 0, y: 40), CGPoint(x: 10, y: 45), CGPoint(x: 0, y: 50)], transform: .identity)
        #expect(appleNear(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 40, height: 50)))

        let outer = CGMutablePath()
        outer.addPath(path, transform: CGAffineTransform(translationX: 100, y: 0))
        #expect(appleNear(outer.boundingBoxOfPath, CGRect(x: 100, y: 0, width: 40, height: 50)))
        var t = CGAffineTransform(scaleX: 2, y: 3)
        let copied = try #require(path.copy(using: &t))
        #expect(appleNear(copied.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 80, height: 150)))
        #expect(path.copy() == path && path.mutableCopy() == path)

        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: &t)
        #expect(square.boundingBox == CGRect(x: 0, y: 0, width: 20, height: 30))
        let ellipse = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 20), transform: nil)
        #expect(appleNear(ellipse.boundingBox, CGRect(x: 0, y: 0, width: 10, height: 20)))
        let rounded = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 10, height: 10), cornerWidth: 2, cornerHeight: 2, transform: &t)
        #expect(appleNear(rounded.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 20, height: 30)))
    }

    @Test func containsUsesTheFillRuleAndTransform() {
        let rings = CGMutablePath()
        rings.addRect(CGRect(x: 0, y: 0, width: 30, height: 30))
        rings.addRect(CGRect(x: 10, y: 10, width: 10, height: 10))
        let middle = CGPoint(x: 15, y: 15)
        #expect(rings.contains(middle))
        #expect(rings.contains(middle, using: .winding))
        #expect(!rings.contains(middle, using: .evenOdd))
        #expect(rings.contains(CGPoint(x: 5, y: 5), using: .evenOdd))
        #expect(!rings.contains(CGPoint(x: 5, y: 5), using: .winding, transform: CGAffineTransform(translationX: 100, y: 0)))
        #expect(rings.contains(CGPoint(x: 105, y: 5), using: .evenOdd, transform: CGAffineTransform(translationX: 100, y: 0)))
    }

    @Test func bitmapContextDrawsYUpWithTheCTM() {
        let ctx = appleBitmap(40, 40)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))          // the bottom left corner
        #expect(applePixel(ctx, 5, 5) == [255, 0, 0, 255] && applePixel(ctx, 5, 35) == [0, 0, 0, 0])

        ctx.saveGState()
        ctx.translateBy(x: 30, y: 30)
        ctx.rotate(by: .pi / 2)                                      // +x now points up
        ctx.scaleBy(x: 2, y: 1)
        ctx.concatenate(CGAffineTransform(translationX: 1, y: 0))
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 3, height: 2))            // x 2...8 up, y 0...2 left: (28...30, 32...38)
        ctx.restoreGState()
        #expect(applePixel(ctx, 29, 35) == [0, 0, 255, 255])
        #expect(applePixel(ctx, 31, 35)[3] == 0 && applePixel(ctx, 29, 31)[3] == 0)

        ctx.fill(CGRect(x: 12, y: 0, width: 2, height: 2))           // restored: identity CTM, red fill
        #expect(applePixel(ctx, 13, 1) == [255, 0, 0, 255])
        #expect(ctx.makeImage()?.width == 40)
    }

    @Test func strokesDashesEllipsesAndPaths() {
        let ctx = appleBitmap(40, 40)
        ctx.setStrokeColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        ctx.setLineWidth(2)
        ctx.setLineCap(.butt)
        ctx.setLineJoin(.miter)
        ctx.setMiterLimit(10)
        ctx.setLineDash(phase: 0, lengths: [4, 4])
        ctx.move(to: CGPoint(x: 0, y: 5))
        ctx.addLine(to: CGPoint(x: 40, y: 5))
        ctx.strokePath()
        #expect(applePixel(ctx, 2, 5)[3] == 255 && applePixel(ctx, 6, 5)[3] == 0 && applePixel(ctx, 10, 5)[3] == 255)
        ctx.setLineDash(phase: 0, lengths: [])
        ctx.setLineCap(.round)
        ctx.stroke(CGRect(x: 10, y: 10, width: 20, height: 20))
        #expect(applePixel(ctx, 10, 20)[3] == 255 && applePixel(ctx, 20, 20)[3] == 0)
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fillEllipse(in: CGRect(x: 15, y: 15, width: 10, height: 10))
        #expect(applePixel(ctx, 20, 20) == [255, 255, 255, 255])
        ctx.strokeEllipse(in: CGRect(x: 0, y: 30, width: 8, height: 8))
        ctx.addRect(CGRect(x: 32, y: 32, width: 6, height: 6))
        ctx.addRect(CGRect(x: 34, y: 34, width: 2, height: 2))
        ctx.fillPath(using: .evenOdd)
        #expect(applePixel(ctx, 33, 33)[3] == 255 && applePixel(ctx, 35, 35)[3] == 0)
        ctx.addEllipse(in: CGRect(x: 32, y: 12, width: 6, height: 6))
        ctx.drawPath(using: .fillStroke)
        #expect(applePixel(ctx, 35, 15) == [255, 255, 255, 255])
    }

    @Test func clippingImagesAndGradients() throws {
        let ctx = appleBitmap(40, 40)
        ctx.saveGState()
        ctx.addEllipse(in: CGRect(x: 0, y: 0, width: 40, height: 40))
        ctx.clip()
        ctx.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        ctx.restoreGState()
        #expect(applePixel(ctx, 20, 20) == [0, 255, 0, 255] && applePixel(ctx, 1, 1)[3] == 0)

        // An image drawn upright: its top row at the top of the rect.
        let tile = appleBitmap(2, 2)
        tile.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        tile.fill(CGRect(x: 0, y: 1, width: 2, height: 1))           // the top row red
        let image = try #require(tile.makeImage())
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: 8, height: 8))
        #expect(applePixel(ctx, 4, 7) == [255, 0, 0, 255] && applePixel(ctx, 4, 0)[3] == 0)

        let colors = [CGColor(red: 0, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 1, blue: 1, alpha: 1)]
        let locations: [CGFloat] = [0, 1]
        let gradient = try #require(CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors as CFArray, locations: locations))
        let band = appleBitmap(40, 10)
        band.drawLinearGradient(gradient, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 40, y: 0),
                                options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        #expect(applePixel(band, 0, 5)[0] < 10 && abs(Int(applePixel(band, 20, 5)[0]) - 128) < 6 && applePixel(band, 39, 5)[0] > 245)
        let disc = appleBitmap(40, 40)
        disc.drawRadialGradient(gradient, startCenter: CGPoint(x: 20, y: 20), startRadius: 0,
                                endCenter: CGPoint(x: 20, y: 20), endRadius: 20, options: [])
        #expect(applePixel(disc, 20, 20)[0] < 10 && abs(Int(applePixel(disc, 30, 20)[0]) - 128) < 8 && applePixel(disc, 0, 0)[3] == 0)
    }

    @Test func aDelegateDrawsIntoAFlippedBackingStoreAtContentsScale() throws {
        let layer = CALayer()
        let drawer = BadgeDrawer()
        layer.delegate = drawer
        layer.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
        layer.contentsScale = 2
        layer.setNeedsDisplay()
        #expect(layer.needsDisplay())
        layer.displayIfNeeded()
        #expect(!layer.needsDisplay() && drawer.draws == 1)
        let contents = try #require(layer.contents)
        let image = contents as! CGImage
        #expect(image.width == 160 && image.height == 160)
        #expect(applePixel(image, 5, 5) == [255, 0, 0, 255], "the origin is at the top left")
        #expect(applePixel(image, 5, 155)[3] == 0)
        #expect(applePixel(image, 80, 40 + 1)[2] == 255, "the ring's top")
        layer.displayIfNeeded()
        #expect(drawer.draws == 1, "drawn again only when marked")
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 4, height: 4))
        layer.displayIfNeeded()
        #expect(drawer.draws == 2)
        layer.display()
        #expect(drawer.draws == 3)
    }

    @Test func displayReplacesDrawingAndBoundsChangesRedraw() throws {
        let layer = CALayer()
        let setter = ImageSetter(appleBitmap(4, 4).makeImage()!)
        layer.delegate = setter
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        #expect((layer.contents as? CGImage) === setter.image)

        let pie = PieLayer()
        pie.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        pie.needsDisplayOnBoundsChange = true
        pie.display()
        let image = try #require(pie.contents as? CGImage)
        #expect(applePixel(image, 30, 25) == [0, 153, 0, 255], "the quarter turns clockwise on screen, below 3 o'clock")
        #expect(applePixel(image, 30, 15)[3] == 0, "nothing above 3 o'clock")
        #expect(!pie.needsDisplay())
        pie.bounds = CGRect(x: 0, y: 0, width: 60, height: 40)
        #expect(pie.needsDisplay())
        pie.displayIfNeeded()
        #expect(pie.draws == 2 && (pie.contents as? CGImage)?.width == 60)
    }

    @Test func aFlippedContextDrawsImagesUpsideDownAsOnIOS() throws {
        let tile = appleBitmap(2, 2)
        tile.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        tile.fill(CGRect(x: 0, y: 1, width: 2, height: 1))           // the top row red
        let image = try #require(tile.makeImage())
        final class ImageDrawer: CALayer {
            var image: CGImage?
            override func draw(in ctx: CGContext) {
                if let image { ctx.draw(image, in: bounds) }
            }
        }
        let layer = ImageDrawer()
        layer.image = image
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.display()
        let drawn = try #require(layer.contents as? CGImage)
        #expect(applePixel(drawn, 5, 8) == [255, 0, 0, 255] && applePixel(drawn, 5, 1)[3] == 0,
                "the image's top row lands at the bottom in the y-down layer context")
    }
}
