// Gradient and shape layers on the GPU: the revision-2 scenes that use them drawn by GL agree
// with the CPU renderer (with and without forced targets) and pass the oracle comparison.
import Foundation
import LaminaCompositor
import LaminaGL
import LaminaImage
import LaminaRaster
import LaminaScene
import QuartzCore
import Testing

@Suite(.enabled(if: glAvailable, "needs an OpenGL context (headless EGL): \(glUnavailableReason)"))
struct GradientShapeParityTests {
    static let folder = Paths.fixtures.appendingPathComponent("scenes-r2")
    static let oracle = Paths.fixtures.appendingPathComponent("oracle-r2")
    static let drawn = ["r2-gradient-cards", "r2-shape-badges", "r2-replicator-row", "r2-mask-and-shadow"]

    @Test(arguments: GradientShapeParityTests.drawn)
    func glMatchesCPU(_ name: String) throws {
        let scene = try Scene.read(contentsOf: Self.folder.appendingPathComponent(name + ".json").path)
        for force in [false, true] {
            let p = plan(scene, forceTargets: force)
            let parity = Parity(try GLRenderer().render(p), CPURenderer().render(p), edges: EdgePixels.mask(for: p))
            let marks = try #require(Thresholds.of(name), "\(name) has no marks in Thresholds.swift")
            #expect(parity.passes(minShare: max(0.995, force ? marks.parityTargets : marks.parity)), "\(name)\(force ? " (targets)" : ""): \(parity)")
        }
    }

    @Test(arguments: GradientShapeParityTests.drawn)
    func glMatchesOracle(_ name: String) throws {
        let scene = try Scene.read(contentsOf: Self.folder.appendingPathComponent(name + ".json").path)
        let gl = try GLRenderer().render(plan(scene))
        let oracle = try PNG.read(Self.oracle.appendingPathComponent(name + ".png").path)
        let d = try ImageDiff(gl, oracle, over: backgroundRGB(scene))
        let marks = try #require(Thresholds.of(name), "\(name) has no marks in Thresholds.swift")
        #expect(d.close >= marks.glClose, "\(name): \(d.summary)")
        #expect(d.mean <= marks.glMean, "\(name): \(d.summary)")
        #expect(marks.glClose >= 0.98 && marks.glMean <= 0.002, "\(name)'s marks are looser than revision 2's bar")
    }
}
