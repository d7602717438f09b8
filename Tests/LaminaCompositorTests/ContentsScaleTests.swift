// contentsScale with contentsGravity (SCENE_FORMAT.md 9.4): the contents' natural size in
// points is pixels / contentsScale for the gravities that keep it; resize and the aspect
// gravities do not change.
import LaminaCompositor
import QuartzCore
import Testing

@Suite struct ContentsScaleTests {
    /// The contents quad's rect for a 40 x 30 pixel image in bounds 100 x 60.
    private func contentsRect(_ gravity: CALayerContentsGravity, scale: CGFloat, contentsRect: CGRect? = nil) throws -> Box {
        let l = CALayer()
        l.name = "l"
        l.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        l.contents = CGImage(width: 40, height: 30, premultipliedRGBA: [UInt8](repeating: 255, count: 40 * 30 * 4))
        l.contentsGravity = gravity
        l.contentsScale = scale
        if let contentsRect { l.contentsRect = contentsRect }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        root.addSublayer(l)
        let plan = Compositor().compile(root: root, width: 100, height: 60)
        let q = try #require(plan.targets.last?.quads.first { $0.role == "contents" })
        return q.rect
    }

    private func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Box { Box(minX: x, minY: y, maxX: x + w, maxY: y + h) }

    @Test func naturalSizeIsPixelsOverScale() throws {
        // At scale 2 the image is 20 x 15 points.
        #expect(try contentsRect(.center, scale: 2) == box(40, 22.5, 20, 15))
        #expect(try contentsRect(.topLeft, scale: 2) == box(0, 0, 20, 15))
        #expect(try contentsRect(.bottomRight, scale: 2) == box(80, 45, 20, 15))
        #expect(try contentsRect(.top, scale: 2) == box(40, 0, 20, 15))
        #expect(try contentsRect(.left, scale: 4) == box(0, 26.25, 10, 7.5))
        // Below 1 the image grows (and may overflow the bounds).
        #expect(try contentsRect(.center, scale: 0.5) == box(10, 0, 80, 60))
        #expect(try contentsRect(.bottomLeft, scale: 0.25) == box(0, -60, 160, 120))
        // contentsRect selects a part of the scaled image.
        #expect(try contentsRect(.topRight, scale: 2, contentsRect: CGRect(x: 0.5, y: 0, width: 0.5, height: 1)) == box(90, 0, 10, 15))
    }

    @Test func resizeAndAspectGravitiesIgnoreTheScale() throws {
        for g in [CALayerContentsGravity.resize, .resizeAspect, .resizeAspectFill] {
            #expect(try contentsRect(g, scale: 3) == contentsRect(g, scale: 1), "\(g.rawValue)")
        }
        #expect(try contentsRect(.resizeAspect, scale: 3) == box(10, 0, 80, 60))
    }

    /// A scale that is not finite and positive counts as 1 (it never traps or hides the contents).
    @Test func aBrokenScaleCountsAsOne() throws {
        for s in [0, -2, CGFloat.nan, CGFloat.infinity] {
            #expect(try contentsRect(.center, scale: s) == box(30, 15, 40, 30), "\(s)")
        }
    }
}
