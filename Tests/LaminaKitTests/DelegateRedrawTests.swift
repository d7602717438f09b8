// Retained frames through LayerRenderer: a layer drawn by its delegate is drawn again only
// after setNeedsDisplay() (or a bounds change with needsDisplayOnBoundsChange), never because
// another frame was rendered or the layer moved.
import Foundation
import Testing
import LaminaKit
import LaminaTestSupport

/// Fills the layer's bounds with `color`, counting its calls.
private final class SolidDrawer: NSObject, CALayerDelegate {
    var draws = 0
    var color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    func draw(_ layer: CALayer, in ctx: CGContext) {
        draws += 1
        ctx.setFillColor(color)
        ctx.fill(layer.bounds)
    }
    /// No implicit animations: each frame shows the model.
    func action(for layer: CALayer, forKey event: String) -> CAAction? { NSNull() }
}

@Suite struct DelegateRedrawTests {
    static var backends: [LayerRenderer.Backend] { glAvailable ? [.cpu, .gl] : [.cpu] }

    @Test(arguments: DelegateRedrawTests.backends)
    func redrawnOnlyAfterSetNeedsDisplay(_ backend: LayerRenderer.Backend) throws {
        let renderer = try LayerRenderer(backend: backend)
        let size = CGSize(width: 40, height: 40)
        let root = CALayer(), layer = CALayer(), drawer = SolidDrawer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.delegate = drawer     // for its NSNull actions only: root is never marked
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.contentsScale = 2
        layer.delegate = drawer
        layer.setNeedsDisplay()
        root.addSublayer(layer)

        var image = try renderer.image(of: root, size: size, scale: 2)
        #expect(drawer.draws == 1)
        #expect(image.pixel(10, 10) == (255, 0, 0, 255))
        for _ in 0..<3 {
            image = try renderer.image(of: root, size: size, scale: 2)
            #expect(renderer.lastFrameWasUnchanged)
        }
        #expect(drawer.draws == 1, "unchanged frames do not draw the layer again")

        layer.position = CGPoint(x: 25, y: 25)       // moved, not redrawn
        image = try renderer.image(of: root, size: size, scale: 2)
        #expect(drawer.draws == 1 && image.pixel(45, 45) == (255, 0, 0, 255) && image.pixel(10, 10).a == 0)

        drawer.color = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        image = try renderer.image(of: root, size: size, scale: 2)
        #expect(drawer.draws == 1 && image.pixel(45, 45) == (255, 0, 0, 255), "a new color shows only after setNeedsDisplay")
        layer.setNeedsDisplay()
        image = try renderer.image(of: root, size: size, scale: 2)
        #expect(drawer.draws == 2 && image.pixel(45, 45) == (0, 0, 255, 255))
        _ = try renderer.image(of: root, size: size, scale: 2)
        #expect(drawer.draws == 2 && renderer.lastFrameWasUnchanged)

        // A bounds change stretches the old contents unless needsDisplayOnBoundsChange is set.
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        image = try renderer.image(of: root, size: size, scale: 2)
        #expect(drawer.draws == 2 && (layer.contents as? CGImage)?.width == 20)
        layer.needsDisplayOnBoundsChange = true
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        image = try renderer.image(of: root, size: size, scale: 2)
        #expect(drawer.draws == 3 && (layer.contents as? CGImage)?.width == 40)
        #expect(image.pixel(32, 32) == (0, 0, 255, 255))
    }
}
