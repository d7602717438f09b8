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
    static let drawn = ["r2-gradient-cards", "r2-shape-badges", "r2-replicator-row", "r2-mask-and-shadow", "r2-shadow-path", "r2-contents-scale"]

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

    /// The scenes checked against goldens (no oracle can draw them): GL draws the CPU's pixels.
    @Test(arguments: ["r2-shadow-path-shapes", "r2-conic-gradients"])
    func goldenScenesMatchCPU(_ name: String) throws {
        let scene = try Scene.read(contentsOf: Self.folder.appendingPathComponent(name + ".json").path)
        for force in [false, true] {
            let p = plan(scene, forceTargets: force)
            let parity = Parity(try GLRenderer().render(p), CPURenderer().render(p), edges: EdgePixels.mask(for: p))
            #expect(parity.passes(), "\(name)\(force ? " (targets)" : ""): \(parity)")
        }
    }

    /// Conic gradients (a Lamina extension, SCENE_FORMAT.md 9.5): flat, rounded, turned in
    /// perspective and faded, at scale 2, drawn by GL as by the CPU.
    @Test func conicGradientsMatchCPU() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 320, height: 160)
        root.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.95, alpha: 1)
        var p3 = CATransform3DIdentity
        p3.m34 = -1 / 500
        root.sublayerTransform = p3
        let colors = [CGColor(red: 1, green: 0.2, blue: 0.3, alpha: 1), CGColor(red: 1, green: 0.9, blue: 0.3, alpha: 0.6),
                      CGColor(red: 0.2, green: 0.6, blue: 1, alpha: 1), CGColor(red: 1, green: 0.2, blue: 0.3, alpha: 1)]
        for k in 0..<4 {
            let g = CAGradientLayer()
            g.type = .conic
            g.frame = CGRect(x: 10 + Double(k) * 78, y: 30, width: 70, height: k == 3 ? 100 : 70)
            g.colors = colors
            g.locations = k == 1 ? [0, 0.2, 0.7, 1] : nil
            g.startPoint = CGPoint(x: k == 2 ? 0.3 : 0.5, y: 0.5)
            g.endPoint = CGPoint(x: 0.5, y: k == 2 ? 1 : 0)
            g.cornerRadius = k == 0 ? 35 : 6
            if k == 2 { g.transform = CATransform3DMakeRotation(0.7, 0, 1, 0) }
            if k == 3 { g.opacity = 0.7 }
            root.addSublayer(g)
        }
        for force in [false, true] {
            let p = Compositor(options: CompositorOptions(forceTargets: force)).compile(root: root, width: 320, height: 160, scale: 2)
            let parity = Parity(try GLRenderer().render(p), CPURenderer().render(p), edges: EdgePixels.mask(for: p))
            #expect(parity.passes(), "\(force ? "targets: " : "")\(parity)")
            print("conic gradients\(force ? " (targets)" : ""): \(parity)")
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
