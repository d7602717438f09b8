// The demo's "Revision 2" scene: cover flow with shadows and reflections, a progress ring, a
// spinner. Drawn offline from the app's presentation tree (the CPU renderer) and in the real
// window by a script under Xvfb; probes fail if the shadows, reflections or animations vanish.
import Foundation
import LaminaCompositor
import LaminaDemoKit
import LaminaImage
import LaminaRaster
import QuartzCore
import Testing
import LaminaTestSupport

@Suite struct Revision2SceneTests {
    static let size = (w: 800, h: 600)

    /// The scene as the app draws it at media time `t`, on the CPU, at half a pixel per point.
    func render(_ app: DemoApp, at t: CFTimeInterval) -> CGImage {
        let tree = app.frame(at: t)
        let plan = Compositor().compile(root: tree, width: Double(Self.size.w), height: Double(Self.size.h), scale: 0.5,
                                        background: app.current.background)
        return CPURenderer().render(plan)
    }

    @Test func builtWithTheRevision2Layers() throws {
        let app = try DemoApp(sceneFiles: [], width: CGFloat(Self.size.w), height: CGFloat(Self.size.h), now: 0)
        app.press(.digit(5))
        let scene = try #require(app.current as? Revision2Scene)
        #expect(scene.title == "Revision 2")
        #expect(scene.cards.count == 7)
        for card in scene.cards {
            #expect(card.instanceCount == 2 && card.instanceTransform.m22 == -1, "each card is reflected below itself")
            #expect(card.mask is CAGradientLayer, "the reflection fades out through a gradient mask")
            #expect((card.sublayers?.first?.shadowOpacity ?? 0) > 0)
        }
        #expect(scene.ring.animation(forKey: "progress")?.repeatCount == .infinity)
        #expect(scene.spinner.instanceCount == 12 && scene.spinner.instanceDelay > 0)
        // The trackball turns it like the other scenes.
        let before = scene.container.sublayerTransform
        app.drag(dx: 30, dy: 10)
        #expect(scene.container.sublayerTransform != before)
    }

    /// Renders at half a pixel per point (the blurs dominate the CPU renderer's time) at
    /// 0.6 s and 1.8 s into the animations; probes (in points) on both.
    @Test func rendersShadowsReflectionsAndAnimations() throws {
        let app = try DemoApp(sceneFiles: [], width: CGFloat(Self.size.w), height: CGFloat(Self.size.h), now: 0)
        app.press(.digit(5))
        let t0 = CACurrentMediaTime()
        let early = render(app, at: t0 + 0.6), late = render(app, at: t0 + 1.8)
        if let dir = ProcessInfo.processInfo.environment["LAMINA_DUMP"] {
            try PNG.write(early, to: dir + "/r2-demo-early.png")
            try PNG.write(late, to: dir + "/r2-demo-late.png")
        }
        func px(_ image: CGImage, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) { image.pixel(x / 2, y / 2) }
        let background = px(early, 20, 20)
        #expect(background == (221, 227, 236, 255))
        for image in [early, late] {
            // The middle card's shadow: beside its right edge, and in the gap above its reflection.
            let side = px(image, 470, 170), gap = px(image, 400, 250)
            #expect(side.r < background.r - 12 && side.b < background.b - 12, "shadow beside the card: \(side)")
            #expect(gap.r < 170 && gap.g < 170, "shadow under the card: \(gap)")
            // Its reflection: the green card, faded, below it.
            let reflection = px(image, 400, 280)
            #expect(reflection.g - reflection.r > 15 && reflection.r < 200, "reflection: \(reflection)")
        }
        // The ring has not reached 6 o'clock at 0.6 s (only its gray track shows) and has at 1.8 s.
        let ringEarly = px(early, 155, 508), ringLate = px(late, 155, 508)
        #expect(ringEarly.b - ringEarly.r < 20, "track only: \(ringEarly)")
        #expect(ringLate.b - ringLate.r > 80, "blue stroke: \(ringLate)")
        // The spinner's bars fade in turn: its pixels change between the two times.
        var changed = 0
        for y in stride(from: 420, to: 510, by: 2) {
            for x in stride(from: 600, to: 690, by: 2) where px(early, x, y) != px(late, x, y) { changed += 1 }
        }
        #expect(changed > 100, "spinner pixels changed: \(changed)")
    }
}
