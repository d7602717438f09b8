// Layer shadows (SCENE_FORMAT.md 9.2) on the GPU: the blur passes and the shadow quads give
// the CPU renderer's pixels, with and without forced targets, and the revision-2 shadow scene
// passes the oracle comparison on both renderers.
import Foundation
import LaminaCompositor
import LaminaGL
import LaminaImage
import LaminaRaster
import LaminaScene
import QuartzCore
import Testing

@Suite(.enabled(if: glAvailable, "needs an OpenGL context (headless EGL): \(glUnavailableReason)"))
struct ShadowParityTests {
    static let name = "r2-mask-and-shadow"

    static func scene() throws -> Scene {
        try Scene.read(contentsOf: Paths.fixtures.appendingPathComponent("scenes-r2/\(name).json").path)
    }

    @Test func revision2ShadowSceneMatchesCPU() throws {
        let scene = try Self.scene()
        for force in [false, true] {
            let p = plan(scene, forceTargets: force)
            #expect(p.targets.filter { $0.blur != nil }.count == 2, "the plan blurs the two shadowed layers")
            let gl = try GLRenderer().render(p), cpu = CPURenderer().render(p)
            if ProcessInfo.processInfo.environment["LAMINA_SHADOW_DUMP"] != nil {
                try PNG.write(gl, to: "/tmp/shadow-gl\(force ? "-targets" : "").png")
                try PNG.write(cpu, to: "/tmp/shadow-cpu\(force ? "-targets" : "").png")
            }
            let parity = Parity(gl, cpu, edges: EdgePixels.mask(for: p))
            #expect(parity.passes(), "\(force ? "targets: " : "")\(parity)")
            print("shadow parity\(force ? " (targets)" : ""): \(parity)")
        }
    }

    @Test func revision2ShadowSceneMatchesOracle() throws {
        let scene = try Self.scene()
        let oracle = try PNG.read(Paths.fixtures.appendingPathComponent("oracle-r2/\(Self.name).png").path)
        for (backend, image) in [("gl", try GLRenderer().render(plan(scene))), ("cpu", CPURenderer().render(plan(scene)))] {
            let d = try ImageDiff(image, oracle, over: backgroundRGB(scene))
            print("shadow oracle \(backend): \(d.summary)")
            #expect(d.close >= 0.98 && d.mean <= 0.002, "\(backend): \(d.summary)")
        }
    }
}
