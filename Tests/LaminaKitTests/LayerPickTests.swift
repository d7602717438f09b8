// CALayer.pick: by pixels, as LayerRenderer draws the tree (text included), at a time (the
// model layer returned while its presentation moves).
import Foundation
import Testing
import LaminaKit
import LaminaTestSupport

@Suite struct LayerPickTests {
    @Test func textGlyphsAnswerWhereTheyAreDrawn() throws {
        let root = textTree()
        let text = try #require(root.sublayers?.first)
        let size = CGSize(width: 120, height: 60)
        let image = try LayerRenderer(backend: .cpu).image(of: root, size: size)
        var dark = 0
        for y in stride(from: 0, to: 60, by: 2) {
            for x in stride(from: 0, to: 120, by: 2) where image.pixel(x, y).r < 128 {
                dark += 1
                let hit = try #require(try root.pick(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5), size: size))
                #expect(hit.layer === text, "(\(x), \(y))")
            }
        }
        #expect(dark > 30)
        // No glyph in the corner: the root's background is there.
        #expect(try root.pick(CGPoint(x: 1, y: 1), size: size)?.layer === root)
    }

    @Test func atATimeThePresentationIsPickedAndTheModelReturned() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let mover = CALayer()
        mover.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        mover.position = CGPoint(x: 20, y: 50)
        mover.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(mover)
        let slide = CABasicAnimation(keyPath: "position")
        slide.fromValue = CGPoint(x: 20, y: 50)
        slide.toValue = CGPoint(x: 80, y: 50)
        slide.duration = 2
        mover.add(slide, forKey: "slide")
        // The animation begins when its transaction commits: in the first pick, just after now.
        let start = CACurrentMediaTime()
        let size = CGSize(width: 100, height: 100)
        let hit = try #require(try root.pick(CGPoint(x: 52, y: 47), size: size, at: start + 1))
        #expect(hit.layer === mover)
        #expect(abs(hit.point.x - 12) < 1 && abs(hit.point.y - 7) < 1e-9, "\(hit.point)")
        // Where the model is, nothing is drawn at that time.
        #expect(try root.pick(CGPoint(x: 20, y: 50), size: size, at: start + 1) == nil)
        #expect(throws: LayerRendererError.self) { try root.pick(.zero, size: CGSize(width: 0, height: 10)) }
    }
}
