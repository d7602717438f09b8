// A layer that draws itself through its delegate's draw(_:in:) (paths, a clipped gradient, an
// image) becomes a bitmap of bounds x contentsScale pixels: GL draws it as the CPU renderer
// does (Parity's rules), flat and turned in perspective, at contentsScale 1 and 2.
import Foundation
import LaminaCompositor
import LaminaGL
import LaminaImage
import LaminaRaster
import QuartzCore
import Testing

/// Draws a card: a gradient clipped to a rounded rect, a stroked and filled star-like path
/// with curves and arcs, and a small checkered image (y down from the top left, as iOS hands
/// the context to draw(_:in:)).
final class CardDrawer: NSObject, CALayerDelegate {
    var draws = 0
    /// A 4 x 4 checker of orange and translucent blue.
    static let checker: CGImage = {
        let ctx = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        for y in 0..<4 {
            for x in 0..<4 {
                let orange = (x + y) % 2 == 0
                ctx.setFillColor(orange ? CGColor(red: 1, green: 0.5, blue: 0, alpha: 1) : CGColor(red: 0, green: 0.2, blue: 1, alpha: 0.5))
                ctx.fill(CGRect(x: x, y: y, width: 1, height: 1))
            }
        }
        return ctx.makeImage()!
    }()

    func draw(_ layer: CALayer, in ctx: CGContext) {
        draws += 1
        let b = layer.bounds
        ctx.saveGState()
        ctx.addPath(CGPath(roundedRect: b.insetBy(dx: 4, dy: 4), cornerWidth: 14, cornerHeight: 14, transform: nil))
        ctx.clip()
        let colors = [CGColor(red: 0.1, green: 0.3, blue: 0.8, alpha: 1), CGColor(red: 0.9, green: 0.9, blue: 1, alpha: 1)]
        let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors as CFArray, locations: [0, 1])!
        ctx.drawLinearGradient(gradient, start: CGPoint(x: b.minX, y: b.minY), end: CGPoint(x: b.maxX, y: b.maxY), options: [])
        ctx.restoreGState()

        let star = CGMutablePath()
        star.move(to: CGPoint(x: b.midX, y: b.minY + 14))
        star.addQuadCurve(to: CGPoint(x: b.maxX - 14, y: b.midY), control: CGPoint(x: b.maxX - 20, y: b.minY + 20))
        star.addCurve(to: CGPoint(x: b.midX, y: b.maxY - 14), control1: CGPoint(x: b.maxX, y: b.maxY), control2: CGPoint(x: b.midX + 10, y: b.maxY - 30))
        star.addArc(center: CGPoint(x: b.midX - 10, y: b.midY), radius: 18, startAngle: .pi / 2, endAngle: -.pi / 2, clockwise: false)
        star.closeSubpath()
        ctx.addPath(star)
        ctx.setFillColor(red: 1, green: 0.85, blue: 0.1, alpha: 0.8)
        ctx.setStrokeColor(red: 0.4, green: 0, blue: 0.1, alpha: 1)
        ctx.setLineWidth(3)
        ctx.setLineJoin(.round)
        ctx.drawPath(using: .fillStroke)

        ctx.draw(Self.checker, in: CGRect(x: b.minX + 10, y: b.maxY - 34, width: 24, height: 24))
    }
}

@Suite(.enabled(if: glAvailable, "needs an OpenGL context (headless EGL): \(glUnavailableReason)"))
struct DelegateDrawingParityTests {
    /// A canvas with two delegate-drawn cards, one flat and one turned in perspective.
    func tree(contentsScale: CGFloat, drawer: CardDrawer) -> (root: CALayer, cards: [CALayer]) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 260, height: 140)
        root.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.9, alpha: 1)
        var p = CATransform3DIdentity
        p.m34 = -1 / 500
        root.sublayerTransform = p
        var cards: [CALayer] = []
        for k in 0..<2 {
            let card = CALayer()
            card.frame = CGRect(x: 15 + CGFloat(k) * 125, y: 15, width: 110, height: 110)
            card.contentsScale = contentsScale
            card.delegate = drawer
            if k == 1 { card.transform = CATransform3DMakeRotation(0.5, 0.3, 1, 0) }
            card.setNeedsDisplay()
            root.addSublayer(card)
            cards.append(card)
        }
        root.displayTreeIfNeeded()
        return (root, cards)
    }

    @Test(arguments: [1, 2] as [CGFloat])
    func delegateDrawingMatchesCPU(_ scale: CGFloat) throws {
        let drawer = CardDrawer()
        let (root, cards) = tree(contentsScale: scale, drawer: drawer)
        #expect(drawer.draws == 2)
        for card in cards {
            let image = try #require(card.contents as? CGImage)
            #expect(image.width == Int(110 * scale) && image.height == Int(110 * scale))
        }
        let plan = Compositor().compile(root: root, width: 260, height: 140, scale: Double(scale))
        let gl = try GLRenderer().render(plan), cpu = CPURenderer().render(plan)
        let parity = Parity(gl, cpu, edges: EdgePixels.mask(for: plan))
        #expect(parity.passes(), "contentsScale \(scale): \(parity)")
        print("delegate drawing at scale \(scale): \(parity)")
        if ProcessInfo.processInfo.environment["LAMINA_DUMP"] != nil { try PNG.write(cpu, to: "/tmp/delegate-\(Int(scale)).png") }
        // The drawing shows: the gradient's dark corner at the flat card's top left, the
        // checker's orange near its bottom left (drawn upside down in the flipped context, as on iOS), the background between the cards.
        let s = Int(scale)
        let corner = cpu.pixel(24 * s, 24 * s), orange = cpu.pixel(28 * s, 106 * s), gap = cpu.pixel(128 * s, 5 * s)
        #expect(corner.b > 150 && corner.r < 80, "gradient: \(corner)")
        #expect(orange.r > 200 && orange.g > 100 && orange.g < 150 && orange.b < 60, "checker: \(orange)")
        #expect(abs(gap.r - 242) <= 1 && abs(gap.b - 230) <= 1 && gap.a == 255, "background: \(gap)")
    }
}
