// LayerRenderer displays the layers marked with setNeedsDisplay() before drawing, as Core
// Animation does during a commit: a layer that draws itself in draw(in:) shows up.
import Foundation
import Testing
import LaminaKit
import LaminaTestSupport

/// Draws a red square in the top-left quarter of its bounds.
private final class QuarterLayer: CALayer {
    override func draw(in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height / 2))
    }
}

@Suite struct LayerDisplayRenderingTests {
    @Test func markedLayersAreDisplayedBeforeDrawing() throws {
        let layer = QuarterLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.contentsScale = 2
        layer.setNeedsDisplay()
        let image = try LayerRenderer(backend: .cpu).image(of: layer, size: CGSize(width: 20, height: 20))
        #expect(!layer.needsDisplay())
        #expect((layer.contents as? CGImage)?.width == 40)
        #expect(image.pixel(2, 2) == (255, 0, 0, 255), "the top-left quarter is drawn: \(image.pixel(2, 2))")
        #expect(image.pixel(15, 15).a == 0 && image.pixel(15, 2).a == 0 && image.pixel(2, 15).a == 0)
    }
}
