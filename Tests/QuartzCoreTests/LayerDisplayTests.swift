// Layer drawing as Core Animation does it: setNeedsDisplay, display, draw(in:) into a
// backing store of bounds x contentsScale pixels with the origin at the top left, the
// delegate's display(_:) and draw(_:in:).
import Testing
@testable import QuartzCore

/// A layer that fills a red 10 x 10 square at its origin, counting its draws.
final class RedSquareLayer: CALayer {
    var draws = 0
    override func draw(in ctx: CGContext) {
        draws += 1
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: bounds.minX, y: bounds.minY, width: 10, height: 10))
    }
}

/// The RGBA of pixel (x, y) (top row first).
func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
    let i = (y * image.width + x) * 4
    return Array(image.premultipliedRGBA[i..<i + 4])
}

/// A delegate that draws a blue square with draw(_:in:) only.
final class DrawingDelegate: CALayerDelegate {
    var draws = 0
    func draw(_ layer: CALayer, in ctx: CGContext) {
        draws += 1
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
    }
    func action(for layer: CALayer, forKey event: String) -> CAAction? { NSNull() }
}

/// A delegate that sets the contents itself with display(_:).
final class DisplayingDelegate: CALayerDelegate {
    let image = CGImage(width: 1, height: 1, premultipliedRGBA: [0, 255, 0, 255])
    var displays = 0
    func display(_ layer: CALayer) { displays += 1; layer.contents = image }
    func draw(_ layer: CALayer, in ctx: CGContext) { Issue.record("draw(_:in:) is not called when display(_:) is implemented") }
    func action(for layer: CALayer, forKey event: String) -> CAAction? { NSNull() }
}

@Suite struct LayerDisplayTests {
    @Test(arguments: [1, 2, 3] as [CGFloat])
    func backingStoreIsBoundsTimesScaleWithTheOriginAtTheTopLeft(_ scale: CGFloat) throws {
        let l = RedSquareLayer()
        l.delegate = NoActions.shared
        l.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
        l.contentsScale = scale
        l.setNeedsDisplay()
        #expect(l.needsDisplay())
        l.displayIfNeeded()
        #expect(!l.needsDisplay(), "displaying clears the mark")
        let image = try #require(l.contents as? CGImage)
        let s = Int(scale)
        #expect(image.width == 30 * s && image.height == 20 * s)
        let red: [UInt8] = [255, 0, 0, 255], clear: [UInt8] = [0, 0, 0, 0]
        #expect(pixel(image, 0, 0) == red, "the top-left pixel")
        #expect(pixel(image, 10 * s - 1, 10 * s - 1) == red)
        #expect(pixel(image, 10 * s, 0) == clear && pixel(image, 0, 10 * s) == clear && pixel(image, 10 * s, 10 * s) == clear)
        #expect(pixel(image, 0, 20 * s - 1) == clear, "nothing at the bottom left: y runs down")
    }

    @Test func theBoundsOriginIsTheTopLeftOfTheBitmap() throws {
        let l = RedSquareLayer()
        l.bounds = CGRect(x: 50, y: -20, width: 20, height: 20)
        l.display()
        let image = try #require(l.contents as? CGImage)
        #expect(pixel(image, 0, 0) == [255, 0, 0, 255] && pixel(image, 9, 9) == [255, 0, 0, 255] && pixel(image, 10, 10) == [0, 0, 0, 0])
    }

    @Test func displayedAgainOnlyAfterSetNeedsDisplay() {
        let l = RedSquareLayer()
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        l.displayIfNeeded()
        #expect(l.draws == 0, "a new layer is not marked")
        l.setNeedsDisplay()
        l.displayIfNeeded()
        l.displayIfNeeded()
        #expect(l.draws == 1)
        l.setNeedsDisplay(CGRect(x: 0, y: 0, width: 1, height: 1))
        l.displayIfNeeded()
        #expect(l.draws == 2)
    }

    @Test func aTreeIsDisplayedWithItsMasks() {
        let root = CALayer(), child = RedSquareLayer(), mask = RedSquareLayer()
        for l in [root, child, mask] { l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10) }
        root.addSublayer(child)
        child.mask = mask
        child.setNeedsDisplay(); mask.setNeedsDisplay()
        let before = root.subtreeRevision
        root.displayTreeIfNeeded()
        #expect(child.draws == 1 && mask.draws == 1 && !child.needsDisplay() && !mask.needsDisplay())
        #expect(child.contents is CGImage && mask.contents is CGImage && root.contents == nil)
        #expect(root.subtreeRevision > before, "new contents count as a change")
        root.displayTreeIfNeeded()
        #expect(child.draws == 1)
    }

    @Test func theDelegatesDrawIsCalledByDefault() throws {
        let l = CALayer(), d = DrawingDelegate()
        l.delegate = d
        l.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        l.contentsScale = 2
        l.setNeedsDisplay()
        l.displayIfNeeded()
        let image = try #require(l.contents as? CGImage)
        #expect(d.draws == 1 && image.width == 16)
        #expect(pixel(image, 7, 7) == [0, 0, 255, 255] && pixel(image, 8, 8) == [0, 0, 0, 0])
    }

    @Test func theDelegatesDisplayReplacesTheBackingStore() {
        let l = CALayer(), d = DisplayingDelegate()
        l.delegate = d
        l.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        l.setNeedsDisplay()
        l.displayIfNeeded()
        #expect(d.displays == 1 && (l.contents as? CGImage) === d.image)
    }

    @Test func anEmptyLayerGetsNoContents() {
        let l = RedSquareLayer()
        l.contents = CGImage(width: 1, height: 1, premultipliedRGBA: [0, 0, 0, 255])
        l.display()
        #expect(l.contents == nil && l.draws == 0)
    }

    @Test func needsDisplayOnBoundsChange() {
        let l = RedSquareLayer()
        l.delegate = NoActions.shared
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(!l.needsDisplay())
        l.needsDisplayOnBoundsChange = true
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(!l.needsDisplay(), "the same bounds are no change")
        l.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        #expect(l.needsDisplay())
    }
}
