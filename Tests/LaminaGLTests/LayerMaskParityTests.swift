// Layer masks (SCENE_FORMAT.md 9.3) on the GPU: the same pixels as the CPU renderer, through a
// pixel-aligned target, a resampled one under perspective, and with forced targets.
import Foundation
import LaminaCompositor
import LaminaGL
import LaminaRaster
import LaminaScene
import QuartzCore
import Testing

@Suite(.enabled(if: glAvailable, "needs an OpenGL context (headless EGL): \(glUnavailableReason)"))
struct LayerMaskParityTests {
    @Test func revision2MaskSceneMatchesCPU() throws {
        let scene = try Scene.read(contentsOf: Paths.fixtures.appendingPathComponent("scenes-r2/r2-mask-and-shadow.json").path)
        for force in [false, true] {
            let p = plan(scene, forceTargets: force)
            #expect(p.targets.contains { $0.quads.contains { $0.maskTexture != nil } }, "the plan draws masks")
            let parity = Parity(try GLRenderer().render(p), CPURenderer().render(p), edges: EdgePixels.mask(for: p))
            #expect(parity.passes(), "\(force ? "targets: " : "")\(parity)")
        }
    }

    /// A masked host turned in perspective (a resampled target) beside a flat one whose mask
    /// has half alpha, sublayers and a rotation; with many masks in one target (texture slots).
    @Test func maskedLayersInPerspectiveMatchCPU() throws {
        // The book's stage: perspective 1/400 about the centre.
        let root = stage(300, 200, eye: 400, [])
        root.backgroundColor = CGColor(red: 0.9, green: 0.9, blue: 0.9, alpha: 1)
        for k in 0..<5 {
            let h = CALayer()
            h.frame = CGRect(x: 10 + Double(k) * 58, y: 30, width: 50, height: 120)
            h.backgroundColor = CGColor(red: 0.2 * Double(k), green: 0.5, blue: 1, alpha: 1)
            h.borderWidth = 3
            h.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            if k % 2 == 0 { h.transform = CATransform3DMakeRotation(0.6, 0, 1, 0) }
            let s = CALayer()
            s.frame = CGRect(x: 10, y: 60, width: 60, height: 30)
            s.backgroundColor = CGColor(red: 1, green: 0.2, blue: 0, alpha: 1)
            h.addSublayer(s)
            let m = CALayer()
            m.frame = CGRect(x: 5, y: 5, width: 40, height: 100)
            m.cornerRadius = 15
            m.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: k == 1 ? 0.5 : 1)
            m.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
            let dot = CALayer()
            dot.frame = CGRect(x: 20, y: 100, width: 30, height: 30)
            dot.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            m.addSublayer(dot)
            h.mask = m
            root.addSublayer(h)
        }
        for force in [false, true] {
            let p = Compositor(options: CompositorOptions(forceTargets: force)).compile(root: root, width: 300, height: 200)
            #expect(p.targets.reduce(0) { $0 + $1.quads.filter { $0.maskTexture != nil }.count } == 5)
            let gl = try GLRenderer().render(p), cpu = CPURenderer().render(p)
            let parity = Parity(gl, cpu, edges: EdgePixels.mask(for: p))
            #expect(parity.passes(), "\(force ? "targets: " : "")\(parity)")
            // Half alpha really shows on both: host #1 (flat) at its point (25, 20) is half its
            // color (0.2, 0.5, 1) over the gray 0.9: (0.55, 0.7, 0.95).
            for image in [gl, cpu] {
                let px = image.pixel(93, 50)
                #expect(abs(px.r - 140) <= 2 && abs(px.g - 178) <= 2 && abs(px.b - 242) <= 2, "\(px)")
            }
        }
    }
}
