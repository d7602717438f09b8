// Layer code as iOS developers write it, compiled unchanged (only `import QuartzCore` /
// `import CoreGraphics`): layout (setNeedsLayout, layoutIfNeeded, layoutSublayers and the
// delegate's layoutSublayers(of:)), layerWillDraw(_:), preferredFrameSize() and render(in:).
// Behaviour as Apple documents it (developer.apple.com, CALayer): layout is marked when the
// bounds change or sublayers come or go; layoutIfNeeded() climbs to the topmost superlayer that
// needs layout and lays out the tree below it; layoutSublayers() calls the delegate's
// layoutSublayers(of:); render(in:) draws in the layer's coordinate space and skips layers
// with 3D transforms.
import Testing
import QuartzCore
import CoreGraphics

/// A delegate that records the calls it gets and lays sublayers out in a column.
private final class ColumnDelegate: CALayerDelegate {
    var calls: [String] = []

    func layoutSublayers(of layer: CALayer) {
        calls.append("layout")
        var y: CGFloat = 0
        for s in layer.sublayers ?? [] {
            s.frame = CGRect(x: 0, y: y, width: layer.bounds.width, height: 10)
            y += 10
        }
    }

    func layerWillDraw(_ layer: CALayer) { calls.append("willDraw") }

    func draw(_ layer: CALayer, in ctx: CGContext) { calls.append("draw") }
}

/// A layer subclass with its own layout.
private final class CountingLayer: CALayer {
    var layouts = 0
    override func layoutSublayers() {
        super.layoutSublayers()
        layouts += 1
    }
}

/// A y-down context of the given size, as UIKit hands one to drawing code.
private func flippedBitmap(_ width: Int, _ height: Int) -> CGContext {
    let ctx = appleBitmap(width, height)
    ctx.translateBy(x: 0, y: CGFloat(height))
    ctx.scaleBy(x: 1, y: -1)
    return ctx
}

/// The pixel at (x, y) counted from the top left.
private func topPixel(_ ctx: CGContext, _ x: Int, _ y: Int) -> [UInt8] { applePixel(ctx, x, ctx.height - 1 - y) }

@Suite("Apple source compatibility: layout and render(in:)")
struct AppleSourceLayoutRenderTests {
    @Test func layoutRunsWhenMarkedThroughTheDelegate() {
        let delegate = ColumnDelegate()
        let layer = CALayer()
        layer.delegate = delegate
        #expect(layer.needsLayout() == false)
        layer.bounds = CGRect(x: 0, y: 0, width: 50, height: 100)
        #expect(layer.needsLayout())
        let a = CALayer(), b = CALayer()
        layer.addSublayer(a)
        layer.addSublayer(b)
        layer.layoutIfNeeded()
        #expect(delegate.calls == ["layout"])
        #expect(layer.needsLayout() == false)
        #expect(b.frame == CGRect(x: 0, y: 10, width: 50, height: 10))
        layer.layoutIfNeeded()                                          // nothing marked: no call
        #expect(delegate.calls == ["layout"])
        a.removeFromSuperlayer()
        #expect(layer.needsLayout())
        layer.position = CGPoint(x: 5, y: 5)                            // not a bounds change
        layer.layoutIfNeeded()
        #expect(b.frame.minY == 0)
        layer.setNeedsLayout()
        layer.bounds.origin = CGPoint(x: 3, y: 3)
        layer.layoutIfNeeded()
        #expect(delegate.calls.count == 3)
    }

    @Test func layoutIfNeededClimbsToMarkedSuperlayers() {
        let root = CountingLayer(), middle = CountingLayer(), leaf = CountingLayer()
        root.addSublayer(middle)
        middle.addSublayer(leaf)
        root.layoutIfNeeded()
        #expect(root.layouts == 1 && middle.layouts == 1 && leaf.layouts == 0)
        middle.setNeedsLayout()
        leaf.setNeedsLayout()
        leaf.layoutIfNeeded()                                           // middle needs layout too: it goes first
        #expect(root.layouts == 1 && middle.layouts == 2 && leaf.layouts == 1)
        leaf.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.displayTreeIfNeeded()                                      // the commit lays out before display
        #expect(leaf.layouts == 2 && leaf.needsLayout() == false)
    }

    @Test func delegateHearsLayerWillDrawBeforeDrawing() {
        let delegate = ColumnDelegate()
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        layer.delegate = delegate
        layer.layoutIfNeeded()
        delegate.calls = []
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        #expect(delegate.calls == ["willDraw", "draw"])
        #expect(layer.contents != nil)
    }

    @Test func preferredFrameSizeIsTheFrameSize() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
        #expect(layer.preferredFrameSize() == CGSize(width: 30, height: 20))
        layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: 0.5))
        #expect(layer.preferredFrameSize() == CGSize(width: 60, height: 10))
    }

    @Test func renderDrawsTheTreeFlat() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.borderWidth = 2
        root.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        let child = CALayer()
        child.frame = CGRect(x: 10, y: 5, width: 10, height: 10)
        child.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        child.opacity = 0.5
        root.addSublayer(child)
        let turned = CALayer()
        turned.frame = CGRect(x: 20, y: 20, width: 10, height: 10)
        turned.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        turned.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        root.addSublayer(turned)
        let tilted = CALayer()
        tilted.frame = CGRect(x: 0, y: 30, width: 10, height: 10)
        tilted.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        tilted.transform = CATransform3DMakeRotation(0.5, 1, 0, 0)
        root.addSublayer(tilted)
        let ctx = flippedBitmap(40, 40)
        root.render(in: ctx)
        #expect(topPixel(ctx, 5, 5) == [255, 0, 0, 255])                // background, y down
        #expect(topPixel(ctx, 0, 20) == [0, 0, 0, 255] && topPixel(ctx, 1, 20) == [0, 0, 0, 255])
        #expect(topPixel(ctx, 2, 20) == [255, 0, 0, 255])               // a 2-point border inside
        let half = topPixel(ctx, 15, 8)                                 // blue at 0.5 over red
        #expect((126...129).contains(Int(half[0])) && (126...129).contains(Int(half[2])) && half[3] == 255)
        #expect(topPixel(ctx, 25, 25) == [0, 255, 0, 255])              // a 2D transform is drawn
        #expect(topPixel(ctx, 5, 35) == [255, 0, 0, 255])               // a 3D transform is not
    }

    @Test func renderClipsRoundsAndDrawsContentsAndShapes() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.cornerRadius = 10
        root.masksToBounds = true
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 20, y: 0, width: 40, height: 40)       // half outside: clipped
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 20), transform: nil)
        shape.fillColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        root.addSublayer(shape)
        // A 20x20 image: top half red, bottom half white (the bitmap context is y up).
        let picture = CALayer()
        picture.frame = CGRect(x: 0, y: 20, width: 20, height: 20)
        let painter = appleBitmap(20, 20)
        painter.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        painter.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
        painter.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        painter.fill(CGRect(x: 0, y: 10, width: 20, height: 10))
        picture.contents = painter.makeImage()
        picture.contentsGravity = .resize
        root.addSublayer(picture)
        let ctx = flippedBitmap(40, 40)
        root.render(in: ctx)
        #expect(topPixel(ctx, 0, 0) == [0, 0, 0, 0])                    // rounded corner, cut away
        #expect(topPixel(ctx, 10, 10) == [0, 0, 255, 255])
        #expect(topPixel(ctx, 30, 10) == [0, 255, 0, 255])              // the shape
        #expect(topPixel(ctx, 30, 30) == [0, 0, 255, 255])              // below the shape's path
        #expect(topPixel(ctx, 10, 24) == [255, 0, 0, 255])              // the image upright: red on top
        #expect(topPixel(ctx, 10, 36) == [255, 255, 255, 255])
    }

    @Test func renderDrawsShadowsInLayerSpace() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        let card = CALayer()
        card.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
        card.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        card.shadowOpacity = 0.5
        card.shadowRadius = 0
        card.shadowOffset = CGSize(width: 5, height: 5)                 // right and down, the layer being y down
        root.addSublayer(card)
        let ctx = flippedBitmap(80, 80)
        ctx.scaleBy(x: 2, y: 2)                                         // a 2x context doubles the offset too
        root.render(in: ctx)
        #expect(topPixel(ctx, 24, 24) == [255, 0, 0, 255])              // the card: pixels 20..<40
        #expect((127...128).contains(topPixel(ctx, 44, 44)[3]) && topPixel(ctx, 44, 44)[0] == 0)
        #expect(topPixel(ctx, 44, 24) == [0, 0, 0, 0] && topPixel(ctx, 24, 44)[3] == 0)
        #expect(topPixel(ctx, 51, 51) == [0, 0, 0, 0] && topPixel(ctx, 48, 48)[3] > 0)
    }

    @Test func renderPassesATransformLayersOpacityToEachSublayer() {
        let group = CATransformLayer()
        group.frame = CGRect(x: 0, y: 0, width: 30, height: 10)
        group.opacity = 0.5
        group.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)   // not drawn
        for x in [0, 10] as [CGFloat] {
            let part = CALayer()
            part.frame = CGRect(x: x, y: 0, width: 20, height: 10)
            part.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            group.addSublayer(part)
        }
        let ctx = flippedBitmap(30, 10)
        group.render(in: ctx)
        // Each part at half opacity on its own: where they overlap, 0.5 over 0.5 gives 0.75.
        #expect((127...128).contains(topPixel(ctx, 5, 5)[3]) && (127...128).contains(topPixel(ctx, 25, 5)[3]))
        #expect((190...192).contains(topPixel(ctx, 15, 5)[3]))
        #expect(topPixel(ctx, 5, 5)[0] == 0)
    }
}
