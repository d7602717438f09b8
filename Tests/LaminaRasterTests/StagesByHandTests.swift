// The stages by hand (Compositor, CPURenderer, PNG) on the card of the README's first example:
// it compiles and draws. (The README's own examples are LaminaKitTests' ReadmeExamples.)
import Foundation
import LaminaCompositor
import LaminaImage
import LaminaRaster
import QuartzCore
import Testing

@Suite struct StagesByHandTests {
    @Test func theCardExampleDraws() throws {
        let container = CALayer()
        container.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        container.sublayerTransform = perspective

        let card = CALayer()
        card.frame = CGRect(x: 100, y: 100, width: 200, height: 200)
        card.backgroundColor = CGColor(red: 0.23, green: 0.49, blue: 0.85, alpha: 1)
        card.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        container.addSublayer(card)

        let plan = Compositor().compile(root: container, width: 400, height: 400, scale: 1, background: .white)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNG.write(CPURenderer().render(plan), to: dir.appendingPathComponent("card.png").path)
        let image = try PNG.read(dir.appendingPathComponent("card.png").path)
        // The card's centre is blue; a corner of the canvas is white.
        let centre = (200 * 400 + 200) * 4, corner = (5 * 400 + 5) * 4
        #expect(Array(image.premultipliedRGBA[centre..<centre + 3]) == [59, 125, 217])
        #expect(Array(image.premultipliedRGBA[corner..<corner + 4]) == [255, 255, 255, 255])
    }
}
