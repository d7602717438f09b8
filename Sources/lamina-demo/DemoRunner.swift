// The frame loop: input -> app -> presentation tree -> plan -> GL, in a window; scripts on
// a virtual clock; screenshots through the same offscreen path as `lamina render`.
@preconcurrency import CEpoxy
import CGLFW
import Foundation
import LaminaCompositor
import LaminaDemoKit
import LaminaGL
import LaminaImage
import LaminaScene
import LaminaText
import QuartzCore

final class DemoRunner {
    let app: DemoApp
    let window: Window
    let renderer: GLRenderer
    let output: String
    let compositor: Compositor = {
        var o = CompositorOptions()
        if let raster = try? TextRasterizer.shared() { o.textImage = { layer, scale in raster.image(for: layer, scale: scale) } }
        return Compositor(options: o)
    }()
    /// The window's frames: an unchanged tree (no drag, no animation) is not compiled again,
    /// and a changed one reuses the last frame's depth order where its inputs are unchanged.
    lazy var frames = FrameCompositor(compositor: compositor)
    var frameTimes: [Double] = []
    var screenshotCount = 0
    var lastTitleUpdate = 0.0

    init(app: DemoApp, window: Window, output: String) throws {
        self.app = app
        self.window = window
        self.output = output
        renderer = try GLRenderer(context: window)
    }

    /// Draws one frame of the current scene at media time `time` into the window.
    func drawFrame(at time: CFTimeInterval) throws {
        let start = ProcessInfo.processInfo.systemUptime
        let sizes = window.sizes
        if CGFloat(sizes.points.0) != app.width || CGFloat(sizes.points.1) != app.height, sizes.points.0 > 0, sizes.points.1 > 0 {
            app.resize(width: CGFloat(sizes.points.0), height: CGFloat(sizes.points.1))
        }
        let tree = app.frame(at: time)
        // High-DPI: the framebuffer has more pixels than the window has points.
        let scale = sizes.points.0 > 0 ? Double(sizes.pixels.0) / Double(sizes.points.0) : 1
        let plan = shown(try frames.compile(root: tree, width: Double(app.width), height: Double(app.height), scale: scale,
                                            background: app.current.background), at: time, scale: scale)
        guard plan.targets.last!.width == sizes.pixels.0, plan.targets.last!.height == sizes.pixels.1 || sizes.pixels.1 == 0 else {
            return
        }
        try window.withCurrent {
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            try renderer.drawToFramebuffer(plan, framebuffer: 0)
            epoxy_glFinish()
        }
        window.swap()
        let dt = ProcessInfo.processInfo.systemUptime - start
        frameTimes.append(dt)
        if frameTimes.count > 600 { frameTimes.removeFirst(frameTimes.count - 600) }
        let now = ProcessInfo.processInfo.systemUptime
        if now - lastTitleUpdate > 0.5 {
            lastTitleUpdate = now
            let recent = frameTimes.suffix(60)
            let mean = recent.reduce(0, +) / Double(max(recent.count, 1))
            window.setTitle(String(format: "Lamina — %@ — %.1f fps, %.1f ms/frame", app.current.title, mean > 0 ? 1 / mean : 0, mean * 1000))
        }
    }

    /// The plan as the window shows it at `time`: itself, or its exploded view while E has it
    /// open (labels as large in points at any `scale`, pixels per point).
    func shown(_ plan: RenderPlan, at time: CFTimeInterval, scale: Double) -> RenderPlan {
        let amount = app.explodeAmount(at: time)
        guard amount > 0 else { return plan }
        var options = ExplodeOptions(amount: amount)
        options.extraTurn = app.explodeTurn
        options.labelSize *= scale
        return compositor.explode(plan, options: options)
    }

    /// Applies queued input. Returns false when the user quits.
    func handleInput() throws -> Bool {
        window.poll()
        for e in InputQueue.shared.drain() {
            switch e {
            case .key(let k):
                if k == GLFW_KEY_S { try screenshot(nil) ; continue }
                guard let key = demoKey(k) else { continue }
                if !app.press(key) { return false }
            case .drag(let dx, let dy): app.drag(dx: dx, dy: dy)
            case .click(let x, let y): outline(atX: x, y: y)
            case .scroll(let dy): app.scroll(dy)
            case .resize: break
            }
        }
        return !window.shouldClose
    }

    func demoKey(_ k: Int32) -> DemoKey? {
        switch k {
        case GLFW_KEY_TAB: return .tab
        case GLFW_KEY_SPACE: return .space
        case GLFW_KEY_L: return .light
        case GLFW_KEY_P: return .perspective
        case GLFW_KEY_D: return .doubleSided
        case GLFW_KEY_R: return .reset
        case GLFW_KEY_E: return .explode
        case GLFW_KEY_ESCAPE: return .escape
        case GLFW_KEY_1...GLFW_KEY_9: return .digit(Int(k - GLFW_KEY_1) + 1)
        default: return nil
        }
    }

    /// The real-time loop.
    func interactive() throws {
        while try handleInput() {
            try drawFrame(at: CACurrentMediaTime())
        }
    }

    /// Plays a script on a virtual clock (60 frames a second), drawing every frame.
    func play(_ steps: [ScriptStep]) throws {
        let dt = 1.0 / 60
        func tick() throws {
            window.poll()
            try drawFrame(at: LaminaClock.shared.now)
            LaminaClock.shared.advance(by: dt)
        }
        try tick()
        for step in steps {
            switch step {
            case .size: break
            case .scene(let n): app.select(n - 1)
            case .key(let k):
                if k == .screenshot { try screenshot(nil) } else if !app.press(k) { return }
            case .drag(let dx, let dy, let n):
                for _ in 0..<n {
                    app.drag(dx: dx / Double(n), dy: dy / Double(n))
                    try tick()
                }
            case .click: app.click()
            case .clickAt(let x, let y): outline(atX: x, y: y)
            case .scroll(let d): app.scroll(d)
            case .wait(let t):
                let frames = (t / dt).clampedToInt(in: 0...Int(Int32.max), rounding: .toNearestOrAwayFromZero)
                for _ in 0..<frames { try tick() }
            case .screenshot(let name): try screenshot(name)
            }
            try tick()
        }
    }

    /// Writes NAME.png, rendered offscreen at one pixel per point (as `lamina render` draws a
    /// scene file), and NAME.json, the scene as drawn at this moment.
    func screenshot(_ name: String?) throws {
        screenshotCount += 1
        let base = name ?? String(format: "lamina-demo-%03d", screenshotCount)
        let time = LaminaClock.shared.now
        let tree = app.frame(at: time)
        let plan = shown(compositor.compile(root: tree, width: Double(app.width), height: Double(app.height), scale: 1, background: app.current.background),
                         at: time, scale: 1)
        let image = try renderer.render(plan)
        let dir = URL(fileURLWithPath: output)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        do {
            try PNG.write(image, to: dir.appendingPathComponent(base + ".png").path)
            let scene = Scene(description: "lamina-demo screenshot of \(app.current.title) at t = \(time)",
                              canvas: Canvas(width: Double(app.width), height: Double(app.height), scale: 1, background: app.current.background),
                              root: tree)
            try scene.write(to: dir.appendingPathComponent(base + ".json").path)
        } catch let e as PNGError {
            throw DemoError("\(e)")
        } catch let e as SceneError {
            throw DemoError("\(e)")
        }
        FileHandle.standardError.write(Data("wrote \(dir.appendingPathComponent(base + ".png").path)\n".utf8))
    }

    /// A click at (x, y) window points: outlines the layer drawn there, picked by pixels from
    /// the frame's plan (the canvas itself, or nothing: no outline).
    func outline(atX x: Double, y: Double) {
        let tree = app.frame(at: CACurrentMediaTime())
        let plan = compositor.compile(root: tree, width: Double(app.width), height: Double(app.height), scale: 1, background: app.current.background)
        let hit = try? Compositor.pick(plan, root: tree, at: CGPoint(x: x, y: y), scale: 1)
        // The presentation layer's place names the model layer (the one to outline).
        let model = hit.flatMap { $0.path.isEmpty ? nil : LayerPaths.layer(at: $0.path, under: app.current.root) }
        app.outline.outline(model)
    }

    /// Draws each built-in scene for `frames` frames uncapped while turning it, and reports
    /// the frame-time percentiles (wall time from input to finished frame).
    func benchmark(frames: Int) throws {
        let (pw, ph) = window.sizes.pixels
        print("lamina-demo benchmark: \(Int(app.width))x\(Int(app.height)) points, \(pw)x\(ph) pixels, swap interval 0, \(frames) frames per scene")
        var all: [Double] = []
        for i in 0..<min(DemoApp.builtInCount, app.scenes.count) {
            app.select(i)
            frameTimes = []
            for k in 0..<(frames + 10) {
                window.poll()
                app.drag(dx: 2, dy: 1)
                if k == frames / 2 { app.click() }
                try drawFrame(at: CACurrentMediaTime())
                if k < 10 { frameTimes.removeAll() }  // warm-up: shader compilation, first uploads
            }
            let sorted = frameTimes.sorted()
            func pct(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))] * 1000 }
            print(String(format: "  %-22@ p50 %6.2f ms   p95 %6.2f ms   max %6.2f ms", app.current.title as NSString, pct(0.5), pct(0.95), pct(1)))
            all += frameTimes
        }
        let sorted = all.sorted()
        let p95 = sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * 0.95))] * 1000
        print(String(format: "  all scenes             p95 %6.2f ms (target 16.7 ms)", p95))
    }
}
