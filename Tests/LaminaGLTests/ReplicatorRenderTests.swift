// CAReplicatorLayer drawn by both renderers: the instance colors (DrawQuad.tint) reach the
// pixels the same way on GL and CPU, for solid fills, images and render targets; the
// r2-replicator-row scene matches its oracle above the gradient (gradient layers are drawn
// by separate work: the rows from 145 down are left out).
import Foundation
import LaminaCompositor
import LaminaGL
import LaminaImage
import LaminaRaster
import LaminaScene
import QuartzCore
import Testing

@Suite(.enabled(if: glAvailable, "needs an OpenGL context (headless EGL): \(glUnavailableReason)"))
struct ReplicatorRenderTests {
    static let sceneFile = Paths.fixtures.appendingPathComponent("scenes-r2/r2-replicator-row.json").path
    static let oracleFile = Paths.fixtures.appendingPathComponent("oracle-r2/r2-replicator-row.png").path

    /// Share of pixels within 16/255 and mean absolute difference (RGBA, 0...1) over rows.
    static func compare(_ a: CGImage, _ b: CGImage, rows: Range<Int>) -> (close: Double, mean: Double) {
        let pa = a.premultipliedRGBA, pb = b.premultipliedRGBA
        var close = 0, sum = 0.0
        for i in rows.lowerBound * a.width..<rows.upperBound * a.width {
            var m = 0
            for c in 0..<4 {
                let d = abs(Int(pa[4 * i + c]) - Int(pb[4 * i + c]))
                m = max(m, d)
                sum += Double(d) / 255
            }
            if m <= 16 { close += 1 }
        }
        let n = rows.count * a.width
        return (Double(close) / Double(n), sum / Double(4 * n))
    }

    /// The bars (8 instances stepping right and up, fading, turning blue): CPU and GL against
    /// the oracle above the gradient, and against each other everywhere.
    @Test func replicatorRowMatchesOracleAboveTheGradient() throws {
        let scene = try Scene.read(contentsOf: Self.sceneFile)
        let oracle = try PNG.read(Self.oracleFile)
        for force in [false, true] {
            let p = plan(scene, forceTargets: force)
            let cpu = CPURenderer().render(p)
            let gl = try GLRenderer().render(p)
            for (name, image) in [("cpu", cpu), ("gl", gl)] {
                let d = Self.compare(image, oracle, rows: 0..<145)
                #expect(d.close >= 0.98 && d.mean <= 0.002, "\(name)\(force ? " (targets)" : ""): close \(d.close) mean \(d.mean)")
            }
            let parity = Parity(gl, cpu, edges: EdgePixels.mask(for: p))
            #expect(parity.passes(), "\(force ? "targets: " : "")\(parity)")
        }
    }

    /// A 2 x 2 image: red, green, blue, white (premultiplied, opaque).
    static var image: CGImage {
        CGImage(width: 2, height: 2, premultipliedRGBA: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255])
    }

    /// Tinted images, groups drawn through targets (opacity below 1 over two parts), a nested
    /// replicator (tints multiply) and a replicator passing its instances into a perspective
    /// context: GL and CPU agree, and the tint shows.
    @Test(arguments: [false, true])
    func tintedImagesTargetsAndDepthAgree(preservesDepth: Bool) throws {
        let r = CAReplicatorLayer()
        r.bounds = CGRect(x: 0, y: 0, width: 300, height: 120)
        r.position = CGPoint(x: 200, y: 150)
        r.instanceCount = 5
        r.instanceTransform = then(tr(50, 0, -20), ry(15))
        r.instanceColor = CGColor(red: 1, green: 0.9, blue: 0.4, alpha: 1)
        r.instanceRedOffset = -0.2
        r.instanceBlueOffset = 0.15
        r.instanceAlphaOffset = -0.1
        r.preservesDepth = preservesDepth
        r.backgroundColor = CGColor(red: 0.2, green: 0.2, blue: 0.3, alpha: 1)
        let pic = card("pic", 40, 60, at: 30, 60, white)
        pic.contents = Self.image
        pic.borderWidth = 3
        pic.borderColor = CGColor(red: 0, green: 0.5, blue: 1, alpha: 1)
        pic.cornerRadius = 6
        let group = card("group", 40, 40, at: 30, 20, gray)
        group.opacity = 0.8
        group.addSublayer(card("inner", 20, 20, at: 20, 20, yellow))
        let inner = CAReplicatorLayer()
        inner.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        inner.position = CGPoint(x: 30, y: 105)
        inner.instanceCount = 2
        inner.instanceTransform = tr(20, 0, 0)
        inner.instanceGreenOffset = -0.5
        inner.addSublayer(card("dot", 10, 10, at: 5, 10, white))
        for l in [pic, group, inner] { r.addSublayer(l) }
        let root = stage(eye: 600, [r])
        root.backgroundColor = CGColor(red: 0.05, green: 0.05, blue: 0.05, alpha: 1)
        for force in [false, true] {
            let p = Compositor(options: CompositorOptions(forceTargets: force)).compile(root: root, width: 400, height: 300, scale: 1, background: white)
            #expect(p.allTints.contains { $0 != SIMD3(repeating: 1) })
            let cpu = CPURenderer().render(p)
            let gl = try GLRenderer().render(p)
            let parity = Parity(gl, cpu, edges: EdgePixels.mask(for: p))
            #expect(parity.passes(), "preservesDepth \(preservesDepth)\(force ? ", targets" : ""): \(parity)")
        }
    }
}

extension RenderPlan {
    /// Every quad's tint.
    var allTints: [SIMD3<Float>] { targets.flatMap { $0.quads.map(\.tint) } }
}
