// LayerRenderer: text drawn without setting anything up, the presentation tree at a time,
// implicit animations started by the commit it makes, both backends alike, bad sizes refused.
import Foundation
import Testing
import LaminaKit
import LaminaRaster
import LaminaTestSupport

/// A white 120x60 canvas with a black text layer ("Lamina", 30 points).
func textTree() -> CALayer {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 120, height: 60)
    root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    let text = CATextLayer()
    text.frame = CGRect(x: 0, y: 0, width: 120, height: 60)
    text.string = "Lamina"
    text.fontSize = 30
    text.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    root.addSublayer(text)
    return root
}

@Suite struct LayerRendererTests {

    func darkPixels(_ image: CGImage) -> Int {
        (0..<image.height).reduce(0) { n, y in n + (0..<image.width).filter { image.pixel($0, y).r < 100 }.count }
    }

    @Test func textIsDrawnWithoutSetup() throws {
        let image = try LayerRenderer(backend: .cpu).image(of: textTree(), size: CGSize(width: 120, height: 60))
        #expect(darkPixels(image) > 150, "text pixels: \(darkPixels(image))")
        // The bare compositor has no text source: the same tree draws no text (and says so once).
        let bare = CPURenderer().render(Compositor().compile(root: textTree(), width: 120, height: 60))
        #expect(darkPixels(bare) == 0)
        #expect(CompositorNotes.noted.contains("no-text-source"))
    }

    @Test func drawsThePresentationTreeAtTheGivenTime() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 2
        root.add(fade, forKey: "fade")
        let begin = try #require(root.animation(forKey: "fade")).beginTime
        let renderer = try LayerRenderer(backend: .cpu)
        let start = CACurrentMediaTime() - 0.001
        _ = begin
        // Explicit times: before the start the model value (opacity 1) shows; halfway, half.
        let mid = try renderer.image(of: root, size: CGSize(width: 20, height: 20), at: start + 1)
        #expect(abs(mid.pixel(10, 10).a - 128) <= 3, "alpha at t = 1 of 2: \(mid.pixel(10, 10))")
        let late = try renderer.image(of: root, size: CGSize(width: 20, height: 20), at: start + 5)
        #expect(late.pixel(10, 10).a == 255)
    }

    @Test func implicitAnimationsStartWithTheCommitItMakes() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let renderer = try LayerRenderer(backend: .cpu)
        _ = try renderer.image(of: root, size: CGSize(width: 20, height: 20))   // shown: commits the creation
        root.opacity = 0                                                       // an implicit 0.25 s fade
        let changed = CACurrentMediaTime()                                     // the fade began at or before this
        // 0.1 s after the change the fade is under way (it began at most that long before,
        // whatever the machine's load), and long after it is over.
        let soon = try renderer.image(of: root, size: CGSize(width: 20, height: 20), at: changed + 0.1)
        #expect(soon.pixel(10, 10).a > 0 && soon.pixel(10, 10).a < 255, "0.1 s into a 0.25 s fade: \(soon.pixel(10, 10))")
        let after = try renderer.image(of: root, size: CGSize(width: 20, height: 20), at: changed + 10)
        #expect(after.pixel(10, 10).a == 0)
    }

    @Test(.enabled(if: glAvailable, "needs an OpenGL context (headless EGL)"))
    func backendsAgree() throws {
        let tree = textTree()
        let gl = try LayerRenderer(backend: .gl)
        #expect(gl.backend == .gl)
        let a = try gl.image(of: tree, size: CGSize(width: 120, height: 60), scale: 2)
        let b = try LayerRenderer(backend: .cpu).image(of: tree, size: CGSize(width: 120, height: 60), scale: 2)
        let p = Parity(a, b, edges: EdgePixels.mask(for: try gl.plan(of: tree, size: CGSize(width: 120, height: 60), scale: 2)))
        #expect(p.passes(), "\(p)")
    }

    @Test func automaticResolvesToARealBackend() throws {
        let r = try LayerRenderer(backend: .automatic)
        #expect(r.backend == .gl || r.backend == .cpu)
        #expect((r.backend == .cpu) == (r.fallbackReason != nil) || !glAvailable)
    }

    @Test(arguments: [(0.0, 10.0, 1.0), (10, -1, 1), (10, 10, 0), (.nan, 10, 1), (10, .infinity, 1), (100_000, 10, 1), (10, 10, 5000)])
    func badSizesAreRefused(_ w: Double, _ h: Double, _ scale: Double) throws {
        #expect(throws: LayerRendererError.self) {
            try LayerRenderer(backend: .cpu).image(of: CALayer(), size: CGSize(width: w, height: h), scale: scale)
        }
    }

    @Test func pngIsWrittenWholeOrNotAtAll() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-kit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("t.png").path
        try LayerRenderer(backend: .cpu).png(of: textTree(), size: CGSize(width: 120, height: 60), to: out)
        let back = try PNG.read(out)
        #expect(back.width == 120 && back.height == 60)
        #expect(throws: (any Error).self) {
            try LayerRenderer(backend: .cpu).png(of: textTree(), size: CGSize(width: 120, height: 60), to: dir.appendingPathComponent("no/such/dir/t.png").path)
        }
    }
}

@Suite struct RetainedFrameTests {
    @Test func anUnchangedTreeIsNotDrawnAgain() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let renderer = try LayerRenderer(backend: .cpu)
        let a = try renderer.image(of: root, size: CGSize(width: 30, height: 30))
        #expect(!renderer.lastFrameWasUnchanged)
        let b = try renderer.image(of: root, size: CGSize(width: 30, height: 30))
        #expect(renderer.lastFrameWasUnchanged && a === b)
        // Without an implicit fade (the layer was shown, so the change would animate).
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        CATransaction.commit()
        let c = try renderer.image(of: root, size: CGSize(width: 30, height: 30))
        #expect(!renderer.lastFrameWasUnchanged)
        #expect(c.pixel(15, 15).g == 255 && a.pixel(15, 15).b == 255)
    }

    @Test func animatedTreesAreDrawnEveryFrame() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 10
        root.add(fade, forKey: "fade")
        let renderer = try LayerRenderer(backend: .cpu)
        let t = CACurrentMediaTime()
        let a = try renderer.image(of: root, size: CGSize(width: 30, height: 30), at: t + 1)
        let b = try renderer.image(of: root, size: CGSize(width: 30, height: 30), at: t + 5)
        #expect(!renderer.lastFrameWasUnchanged)
        #expect(a.pixel(15, 15).a < b.pixel(15, 15).a)
    }
}
