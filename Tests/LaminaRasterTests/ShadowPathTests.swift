// shadowPath (SCENE_FORMAT.md 9.2) on the CPU renderer: the shadow is the path's shape, not the
// layer's drawing; it is offset and blurred like the alpha shadow (the same shape gives the same
// pixels), turns with the layer, is clipped by masksToBounds, and an empty path casts none.
import Foundation
import LaminaCompositor
import LaminaImage
import LaminaRaster
import QuartzCore
import Testing

@Suite struct ShadowPathTests {
    static func rgba(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * image.width + x) * 4
        return (0..<4).map { Int(image.premultipliedRGBA[i + $0]) }
    }

    /// A 40 x 40 layer at (40, 40) (no drawing of its own unless `background`) with a black
    /// shadowPath shadow of opacity 1.
    static func layer(path: CGPath?, offset: CGSize = .zero, radius: Double = 0, background: Bool = false) -> CALayer {
        let l = CALayer()
        l.frame = CGRect(x: 40, y: 40, width: 40, height: 40)
        if background { l.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1) }
        l.shadowOpacity = 1
        l.shadowOffset = offset
        l.shadowRadius = radius
        l.shadowPath = path
        return l
    }

    @Test func theShadowIsThePathMovedByTheOffset() {
        // A 30 x 10 rectangle at (50, 0) of the layer, moved by (-20, 70): (70...100, 110...120) on the canvas.
        let l = Self.layer(path: CGPath(rect: CGRect(x: 50, y: 0, width: 30, height: 10), transform: nil), offset: CGSize(width: -20, height: 70))
        let (image, plan) = ShadowTests.render(l)
        #expect(plan.targets.filter { $0.blur != nil }.count == 1)
        for (x, y) in [(70, 110), (99, 119), (85, 115)] { #expect(Self.rgba(image, x, y) == [0, 0, 0, 255], "(\(x), \(y))") }
        // Just outside it, and where the layer's own (empty) bounds are: nothing.
        for (x, y) in [(69, 115), (100, 115), (85, 109), (85, 120), (60, 60), (95, 45)] {
            #expect(Self.rgba(image, x, y) == [0, 0, 0, 0], "(\(x), \(y))")
        }
    }

    /// The layer's drawing plays no part: a big white layer with a small path casts only the
    /// path's shadow, and the layer still draws over it.
    @Test func theLayersDrawingDoesNotShapeTheShadow() {
        let l = Self.layer(path: CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil),
                           offset: CGSize(width: 0, height: 30), radius: 1, background: true)
        let image = ShadowTests.render(l).0
        // Below the layer, under the moved circle's centre (60, 90): dark; beside it, where an
        // alpha shadow of the square would be: nothing.
        #expect(ShadowTests.alpha(image, 60, 90) == 255)
        #expect(ShadowTests.alpha(image, 44, 95) == 0 && ShadowTests.alpha(image, 76, 95) == 0)
        #expect(Self.rgba(image, 60, 60) == [255, 255, 255, 255])
    }

    /// A shadowPath the shape of the layer's drawing gives the alpha shadow's pixels, at any
    /// scale and through forced targets (the path is rasterized by Cairo, the rounded bounds
    /// analytically: the blur leaves only rounding differences).
    @Test(arguments: [1.0, 2.0])
    func aPathOfTheLayersShapeMatchesTheAlphaShadow(_ scale: Double) throws {
        func card(_ path: Bool) -> CALayer {
            let l = CALayer()
            l.frame = CGRect(x: 30, y: 30, width: 60, height: 50)
            l.backgroundColor = CGColor(red: 0.2, green: 0.6, blue: 1, alpha: 1)
            l.cornerRadius = 10
            l.shadowOpacity = 0.8
            l.shadowRadius = 5
            l.shadowOffset = CGSize(width: 6, height: 9)
            l.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
            if path { l.shadowPath = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 60, height: 50), cornerWidth: 10, cornerHeight: 10, transform: nil) }
            return l
        }
        for force in [false, true] {
            let (withPath, plan) = ShadowTests.render(card(true), scale: scale, forceTargets: force)
            #expect(plan.targets.contains { $0.label.hasSuffix("(shadow path)") })
            let d = try ImageDiff(withPath, ShadowTests.render(card(false), scale: scale, forceTargets: force).0)
            #expect(d.exact >= 0.999 && d.max <= 3, "scale \(scale)\(force ? ", targets" : ""): \(d.summary)")
        }
    }

    @Test func masksToBoundsClipsAPathShadow() {
        // The path sticks out of the bounds to the right; only its part inside them shows
        // (under nothing: the layer draws nothing itself).
        let l = Self.layer(path: CGPath(rect: CGRect(x: 20, y: 10, width: 60, height: 20), transform: nil))
        l.masksToBounds = true
        let image = ShadowTests.render(l).0
        #expect(Self.rgba(image, 70, 60) == [0, 0, 0, 255])
        #expect(Self.rgba(image, 85, 60) == [0, 0, 0, 0])
    }

    @Test func anEmptyPathCastsNoShadow() {
        let l = Self.layer(path: CGMutablePath(), background: true)
        let (image, plan) = ShadowTests.render(l)
        #expect(!plan.targets.contains { $0.blur != nil })
        #expect(ShadowTests.alpha(image, 60, 85) == 0 && ShadowTests.alpha(image, 60, 60) == 255)
        // Without a drawing of its own, a layer with an empty shadowPath draws nothing at all.
        let bare = Self.layer(path: CGMutablePath())
        #expect(ShadowTests.render(bare).0.premultipliedRGBA.allSatisfy { $0 == 0 })
    }

    /// Shadows of paths far off the canvas, huge, or of non-finite points neither trap nor draw.
    @Test func hostilePathsDoNotTrap() {
        let far = CGMutablePath()
        far.addRect(CGRect(x: 1e12, y: 0, width: 10, height: 10))
        let nan = CGMutablePath()
        nan.move(to: CGPoint(x: CGFloat.nan, y: 0))
        nan.addLine(to: CGPoint(x: 10, y: 10))
        nan.addLine(to: CGPoint(x: 0, y: 10))
        let huge = CGPath(rect: CGRect(x: -1e7, y: -1e7, width: 2e7, height: 2e7), transform: nil)
        for p in [far, nan, huge] {
            let l = Self.layer(path: p, radius: 3)
            let image = ShadowTests.render(l).0
            #expect(image.width == 140)
        }
        // The huge one covers the whole canvas.
        #expect(ShadowTests.alpha(ShadowTests.render(Self.layer(path: huge, radius: 3)).0, 5, 5) == 255)
    }
}
