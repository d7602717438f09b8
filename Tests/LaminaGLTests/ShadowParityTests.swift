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

    /// Shadowed layers flat and turned in perspective (resampled targets, sigma in texels
    /// each way), clipped to their bounds, masked, faded, with sublayers, at scale 2.
    @Test func shadowsInPerspectiveMatchCPU() throws {
        // The book's stage: perspective 1/400 about the centre.
        let root = stage(300, 200, eye: 400, [])
        root.backgroundColor = CGColor(red: 0.9, green: 0.9, blue: 0.9, alpha: 1)
        for k in 0..<5 {
            let h = CALayer()
            h.frame = CGRect(x: 15 + Double(k) * 56, y: 40, width: 44, height: 110)
            h.backgroundColor = CGColor(red: 0.2 * Double(k), green: 0.5, blue: 1, alpha: k == 3 ? 0.5 : 1)
            h.cornerRadius = 8
            h.shadowOpacity = 0.7
            h.shadowRadius = 3 + Double(k)
            h.shadowOffset = CGSize(width: 4, height: 6)
            h.shadowColor = CGColor(red: 0.3, green: 0, blue: 0.2, alpha: 0.8)
            if k % 2 == 0 { h.transform = CATransform3DMakeRotation(0.6, 0, 1, 0) }
            if k == 1 { h.masksToBounds = true }
            if k == 4 { h.opacity = 0.6 }
            let s = CALayer()
            s.frame = CGRect(x: 20, y: 60, width: 50, height: 20)
            s.backgroundColor = CGColor(red: 1, green: 0.2, blue: 0, alpha: 1)
            h.addSublayer(s)
            if k == 2 {
                let m = CALayer()
                m.frame = CGRect(x: -10, y: 10, width: 60, height: 80)
                m.cornerRadius = 20
                m.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                h.mask = m
            }
            root.addSublayer(h)
        }
        for force in [false, true] {
            let p = Compositor(options: CompositorOptions(forceTargets: force)).compile(root: root, width: 300, height: 200, scale: 2)
            #expect(p.targets.filter { $0.blur != nil }.count == 5)
            // The wider blurs (oversampled, turned) run on halved grids, which GL draws as the CPU does.
            #expect(p.targets.contains { $0.label.contains("(shadow shape, 1/2)") })
            let parity = Parity(try GLRenderer().render(p), CPURenderer().render(p), edges: EdgePixels.mask(for: p))
            #expect(parity.passes(), "\(force ? "targets: " : "")\(parity)")
            print("shadows in perspective\(force ? " (targets)" : ""): \(parity)")
        }
    }

    /// shadowPath shadows (SCENE_FORMAT.md 9.2) flat and turned in perspective, on layers that
    /// draw nothing, masked, clipped to their bounds, at scale 2: GL draws the CPU's pixels.
    @Test func shadowPathsInPerspectiveMatchCPU() throws {
        // The book's stage: perspective 1/400 about the centre.
        let root = stage(300, 160, eye: 400, [])
        root.backgroundColor = CGColor(red: 0.92, green: 0.93, blue: 0.95, alpha: 1)
        for k in 0..<4 {
            let h = CALayer()
            h.frame = CGRect(x: 20 + Double(k) * 70, y: 40, width: 50, height: 80)
            if k != 1 { h.backgroundColor = CGColor(red: 1, green: 0.8 - 0.2 * Double(k), blue: 0.3, alpha: 1) }
            h.shadowOpacity = 0.8
            h.shadowRadius = 2 + Double(k) * 2
            h.shadowOffset = CGSize(width: 5, height: 8)
            h.shadowColor = CGColor(red: 0.1, green: 0, blue: 0.4, alpha: 1)
            h.shadowPath = k == 3 ? CGPath(rect: CGRect(x: -10, y: 10, width: 70, height: 60), transform: nil)
                : CGPath(ellipseIn: CGRect(x: 0, y: 50, width: 50, height: 40), transform: nil)
            if k % 2 == 0 { h.transform = CATransform3DMakeRotation(0.7, 0, 1, 0) }
            if k == 2 {
                let m = CALayer()
                m.frame = CGRect(x: 0, y: 0, width: 50, height: 100)
                m.cornerRadius = 25
                m.backgroundColor = CGColor.black
                h.mask = m
            }
            if k == 3 { h.masksToBounds = true }
            root.addSublayer(h)
        }
        for force in [false, true] {
            let p = Compositor(options: CompositorOptions(forceTargets: force)).compile(root: root, width: 300, height: 160, scale: 2)
            #expect(p.targets.filter { $0.label.hasSuffix("(shadow path)") }.count == 4)
            let parity = Parity(try GLRenderer().render(p), CPURenderer().render(p), edges: EdgePixels.mask(for: p))
            #expect(parity.passes(), "\(force ? "targets: " : "")\(parity)")
            print("shadow paths in perspective\(force ? " (targets)" : ""): \(parity)")
            if ProcessInfo.processInfo.environment["LAMINA_SHADOW_DUMP"] != nil {
                try PNG.write(CPURenderer().render(p), to: "/tmp/shadow-path-cpu\(force ? "-targets" : "").png")
            }
        }
    }
}
