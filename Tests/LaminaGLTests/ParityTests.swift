// GPU against CPU: both renderers draw the same plan. Every pixel that is not an edge pixel
// (exact coverage by some drawn polygon strictly between 0 and 1) agrees within 2/255, edge
// pixels within 24/255, and the share of all pixels within 2/255 is at least the scene's mark
// (Thresholds: just below what it measured; never below 99.5%). Skipped, with the reason,
// where no GL context can be made.
import Foundation
import LaminaCompositor
import LaminaGL
import LaminaImage
import LaminaRaster
import LaminaScene
import QuartzCore
import Testing

@Suite(.enabled(if: glAvailable, "needs an OpenGL context (headless EGL): \(glUnavailableReason)"))
struct ParityTests {
    @Test(arguments: Paths.sceneNames)
    func glMatchesCPU(_ name: String) throws {
        let scene = try loadScene(name)
        for force in [false, true] {
            let p = plan(scene, forceTargets: force)
            let gl = try GLRenderer().render(p)
            let cpu = CPURenderer().render(p)
            let parity = Parity(gl, cpu, edges: EdgePixels.mask(for: p))
            let marks = try #require(Thresholds.of(name), "\(name) has no marks in Thresholds.swift")
            #expect(parity.passes(minShare: max(0.995, force ? marks.parityTargets : marks.parity)), "\(name)\(force ? " (targets)" : ""): \(parity)")
        }
    }

    /// The GL image also passes the oracle comparison of the CPU renderer.
    @Test(arguments: Paths.sceneNames.filter { FileManager.default.fileExists(atPath: Paths.oracle.appendingPathComponent($0 + ".png").path) })
    func glMatchesOracle(_ name: String) throws {
        let scene = try loadScene(name)
        let gl = try GLRenderer().render(plan(scene))
        let oracle = try PNG.read(Paths.oracle.appendingPathComponent(name + ".png").path)
        let d = try ImageDiff(gl, oracle, over: backgroundRGB(scene))
        let marks = try #require(Thresholds.of(name), "\(name) has no marks in Thresholds.swift")
        #expect(d.close >= marks.glClose, "\(name): \(d.summary)")
        #expect(d.mean <= marks.glMean, "\(name): \(d.summary)")
    }

    /// Scales other than 1 (the renderers agree at any resolution).
    @Test func parityAtScaleTwo() throws {
        let scene = try loadScene("cube25d-closed")
        scene.canvas.scale = 1.5
        let p = plan(scene)
        let parity = Parity(try GLRenderer().render(p), CPURenderer().render(p), edges: EdgePixels.mask(for: p))
        #expect(parity.passes(), "\(parity)")
    }
}

/// The extra scenes (contents, masks, groups, intersections): GPU against CPU.
@Suite(.enabled(if: glAvailable, "needs an OpenGL context (headless EGL): \(glUnavailableReason)"))
struct ExtraParityTests {
    static let folder = Paths.packageRoot.appendingPathComponent("Tests/Fixtures/extra-scenes")

    @Test(arguments: ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted())
    func glMatchesCPU(_ file: String) throws {
        let scene = try Scene.read(contentsOf: Self.folder.appendingPathComponent(file).path)
        for force in [false, true] {
            let p = plan(scene, forceTargets: force)
            let parity = Parity(try GLRenderer().render(p), CPURenderer().render(p), edges: EdgePixels.mask(for: p))
            let marks = try #require(Thresholds.of(String(file.dropLast(5))), "\(file) has no marks in Thresholds.swift")
            #expect(parity.passes(minShare: max(0.995, force ? marks.parityTargets : marks.parity)), "\(file)\(force ? " (targets)" : ""): \(parity)")
        }
    }
}
