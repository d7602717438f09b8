// The exploded view on the GPU: the same plan gives the CPU renderer's pixels (cards in
// perspective, outlines, labels), and at amount 0 the normal render.
import Foundation
import LaminaCompositor
import LaminaGL
import LaminaImage
import LaminaRaster
import LaminaScene
import QuartzCore
import Testing

@Suite(.enabled(if: glAvailable, "needs an OpenGL context (headless EGL): \(glUnavailableReason)"))
struct ExplodeParityTests {
    static let compositor = Compositor(options: options(forceTargets: false))

    @Test(arguments: ["conundrum-box-closed-green-flattened", "transforms-5.8-nested-y-flattened", "transforms-5.21-cube-corner-on",
                      "scenes-r2/r2-mask-and-shadow"])
    func explodedPlanMatchesCPU(name: String) throws {
        let scene = name.contains("/") ? try Scene.read(contentsOf: Paths.fixtures.appendingPathComponent(name + ".json").path) : try loadScene(name)
        for force in [false, true] {
            let p = plan(scene, forceTargets: force)
            for amount in [0.0, 0.5, 1] {
                let e = Self.compositor.explode(p, options: ExplodeOptions(amount: amount))
                let gl = try GLRenderer().render(e), cpu = CPURenderer().render(e)
                let parity = Parity(gl, cpu, edges: EdgePixels.mask(for: e))
                #expect(parity.passes(), "\(name) amount \(amount)\(force ? " (targets)" : ""): \(parity)")
                if amount == 0 {
                    #expect(gl.premultipliedRGBA == (try GLRenderer().render(p)).premultipliedRGBA, "\(name): amount 0 on GL")
                }
            }
        }
    }
}
