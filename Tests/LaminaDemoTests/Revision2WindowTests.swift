// The "Revision 2" scene in the real window: lamina-demo under Xvfb plays a short script on
// its virtual clock; the screenshots show the shadows and reflections, and a drag turns it.
import Foundation
import LaminaImage
import QuartzCore
import Testing
import LaminaTestSupport

extension WindowTests {
    @Test(.enabled(if: glAvailable, "the window draws with OpenGL, and no context can be made here"))
    func revision2SceneUnderXvfb() throws {
        let out = try tempDir("demo-r2")
        defer { try? FileManager.default.removeItem(at: out) }
        // Few frames: every frame blurs 14 shadows and masks 7 reflections on llvmpipe.
        let script = """
            size 800 600
            scene 5
            wait 0.2
            screenshot r2
            drag 20 8 2
            screenshot r2-turned
            """
        let r = try playUnderXvfb(script, in: out)
        #expect(r.status == 0, "lamina-demo failed: \(r.stderr)")
        let shot = try PNG.read(out.appendingPathComponent("r2.png").path)
        let turned = try PNG.read(out.appendingPathComponent("r2-turned.png").path)
        #expect(shot.width == 800 && shot.height == 600)
        let background = shot.pixel(20, 20)
        #expect(background == (221, 227, 236, 255))
        // The middle card's shadow beside it and under it, and its green reflection below.
        let side = shot.pixel(470, 170), gap = shot.pixel(400, 250), reflection = shot.pixel(400, 280)
        #expect(side.r < background.r - 12 && side.b < background.b - 12, "shadow beside the card: \(side)")
        #expect(gap.r < 170 && gap.g < 170, "shadow under the card: \(gap)")
        #expect(reflection.g - reflection.r > 15 && reflection.r < 200, "reflection: \(reflection)")
        #expect(try ImageDiff(shot, turned).close < 0.95, "the drag turned the scene")
    }
}
