// GPU against CPU: both renderers draw the same plan. Every pixel that is not an edge pixel
// (DESIGN.md: exact coverage by some drawn polygon strictly between 0 and 1) agrees within
// 2/255, and at least 99.5% of all pixels do.
import Foundation
import LaminaCompositor
import LaminaGL
import LaminaImage
import LaminaRaster
import LaminaScene
import QuartzCore
import Testing

@Suite(.enabled(if: GL.available, GL.reason)) struct ParityTests {
    @Test(arguments: Paths.sceneNames)
    func glMatchesCPU(_ name: String) throws {
        let scene = try loadScene(name)
        for force in [false, true] {
            let p = plan(scene, forceTargets: force)
            let gl = try GLRenderer().render(p)
            let cpu = CPURenderer().render(p)
            let parity = Parity(gl, cpu, edges: EdgePixels.mask(for: p))
            #expect(parity.nonEdgeMisses == 0, "\(name)\(force ? " (targets)" : ""): \(parity)")
            #expect(parity.exactShare >= 0.995, "\(name)\(force ? " (targets)" : ""): \(parity)")
        }
    }

    /// The GL image also passes the oracle comparison of the CPU renderer.
    @Test(arguments: Paths.sceneNames.filter { FileManager.default.fileExists(atPath: Paths.oracle.appendingPathComponent($0 + ".png").path) })
    func glMatchesOracle(_ name: String) throws {
        let scene = try loadScene(name)
        let gl = try GLRenderer().render(plan(scene))
        let oracle = try PNG.read(Paths.oracle.appendingPathComponent(name + ".png").path)
        let d = try ImageDiff(gl, oracle, over: backgroundRGB(scene))
        #expect(d.close >= 0.98, "\(name): \(d.summary)")
        #expect(d.mean <= 0.004, "\(name): \(d.summary)")
    }

    /// Scales other than 1 (the renderers agree at any resolution).
    @Test func parityAtScaleTwo() throws {
        let scene = try loadScene("cube25d-closed")
        scene.canvas.scale = 1.5
        let p = plan(scene)
        let parity = Parity(try GLRenderer().render(p), CPURenderer().render(p), edges: EdgePixels.mask(for: p))
        #expect(parity.nonEdgeMisses == 0 && parity.exactShare >= 0.995, "\(parity)")
    }
}

/// The extra scenes (contents, masks, groups, intersections): GPU against CPU.
@Suite(.enabled(if: GL.available, GL.reason)) struct ExtraParityTests {
    static let folder = Paths.packageRoot.appendingPathComponent("Tests/Fixtures/extra-scenes")

    @Test(arguments: ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted())
    func glMatchesCPU(_ file: String) throws {
        let scene = try Scene.read(contentsOf: Self.folder.appendingPathComponent(file).path)
        for force in [false, true] {
            let p = plan(scene, forceTargets: force)
            let parity = Parity(try GLRenderer().render(p), CPURenderer().render(p), edges: EdgePixels.mask(for: p))
            #expect(parity.nonEdgeMisses == 0 && parity.exactShare >= 0.995, "\(file)\(force ? " (targets)" : ""): \(parity)")
        }
    }
}
