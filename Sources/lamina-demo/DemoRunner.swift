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

    /// Draws one frame of the current scene at media time `time` into the window, compiled
    /// and drawn in turn (scripts: each screenshot shows the input just played).
    func drawFrame(at time: CFTimeInterval) throws {
        let start = ProcessInfo.processInfo.systemUptime
        try present(try compileJob(at: time)())
        record(frame: ProcessInfo.processInfo.systemUptime - start, latency: ProcessInfo.processInfo.systemUptime - start)
    }

    /// Whether `frame` compiles the next frame on a background thread while GL draws the
    /// last one (`FramePipeline`): a shorter frame period, one frame more of latency.
    var pipelined = true
    let pipeline = FramePipeline<RenderPlan>()
    /// When the input of the compile under way was applied (pipelined).
    var underWayInput: Double?
    /// Input-to-screen times of recent frames (seconds), beside `frameTimes`.
    var latencies: [Double] = []

    /// One frame of the window: applies `input` (false: quit), then compiles and draws the
    /// scene at `time()`. Pipelined, it first takes the plan compiled during the last frame
    /// (the tree is then free to change), starts compiling this one and draws that plan
    /// meanwhile. `frameTimes` gets the whole frame's time, `latencies` input to screen.
    func frame(at time: () -> CFTimeInterval, input: () throws -> Bool) throws -> Bool {
        let clock = { ProcessInfo.processInfo.systemUptime }
        let start = clock()
        let ready = try pipeline.finish()
        let readyInput = underWayInput
        underWayInput = nil
        guard try input() else { return false }
        let inputTime = clock()
        let job = try compileJob(at: time())
        if pipelined {
            pipeline.start(job)
            underWayInput = inputTime
            guard let ready, let readyInput else { return true }  // the first frame: nothing drawn yet
            try present(ready)
            record(frame: clock() - start, latency: clock() - readyInput)
        } else {
            try present(try job())
            record(frame: clock() - start, latency: clock() - inputTime)
        }
        return true
    }

    /// Draws the plan still being compiled, if any (before the scene changes under it).
    func drain() throws {
        underWayInput = nil
        if let plan = try pipeline.finish() { try present(plan) }
    }

    /// Reads what a frame at `time` needs from the app (on this thread: it may resize the
    /// scene and builds the frame's tree) and returns the compile of that tree, which reads
    /// only the tree, the frame compositor and values.
    func compileJob(at time: CFTimeInterval) throws -> @Sendable () throws -> RenderPlan {
        let sizes = window.sizes
        if CGFloat(sizes.points.0) != app.width || CGFloat(sizes.points.1) != app.height, sizes.points.0 > 0, sizes.points.1 > 0 {
            app.resize(width: CGFloat(sizes.points.0), height: CGFloat(sizes.points.1))
        }
        let tree = HandedOver(app.frame(at: time))
        // High-DPI: the framebuffer has more pixels than the window has points.
        let scale = sizes.points.0 > 0 ? Double(sizes.pixels.0) / Double(sizes.points.0) : 1
        let width = Double(app.width), height = Double(app.height), background = HandedOver(app.current.background)
        let explode = explodeOptions(at: time, scale: scale)
        let frames = frames, compositor = compositor
        return {
            let plan = try frames.compile(root: tree.value, width: width, height: height, scale: scale, background: background.value)
            return explode.map { compositor.explode(plan, options: $0) } ?? plan
        }
    }

    /// Draws a plan into the window and shows it, unless the window changed size since it was
    /// compiled.
    func present(_ plan: RenderPlan) throws {
        let sizes = window.sizes
        guard plan.targets.last!.width == sizes.pixels.0, plan.targets.last!.height == sizes.pixels.1 || sizes.pixels.1 == 0 else {
            return
        }
        try window.withCurrent {
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            try renderer.drawToFramebuffer(plan, framebuffer: 0)
            epoxy_glFinish()
        }
        window.swap()
    }

    /// Keeps a frame's times (the last 600) and shows the recent rate in the title.
    func record(frame dt: Double, latency: Double) {
        frameTimes.append(dt)
        latencies.append(latency)
        if frameTimes.count > 600 { frameTimes.removeFirst(frameTimes.count - 600) }
        if latencies.count > 600 { latencies.removeFirst(latencies.count - 600) }
        let now = ProcessInfo.processInfo.systemUptime
        if now - lastTitleUpdate > 0.5 {
            lastTitleUpdate = now
            let recent = frameTimes.suffix(60)
            let mean = recent.reduce(0, +) / Double(max(recent.count, 1))
            window.setTitle(String(format: "Lamina — %@ — %.1f fps, %.1f ms/frame", app.current.title, mean > 0 ? 1 / mean : 0, mean * 1000))
        }
    }

    /// The exploded view's options while E has it open at `time` (labels as large in points
    /// at any `scale`, pixels per point), else nil.
    func explodeOptions(at time: CFTimeInterval, scale: Double) -> ExplodeOptions? {
        let amount = app.explodeAmount(at: time)
        guard amount > 0 else { return nil }
        var options = ExplodeOptions(amount: amount)
        options.extraTurn = app.explodeTurn
        options.labelSize *= scale
        return options
    }

    /// The plan as the window shows it at `time`: itself, or its exploded view while E has it
    /// open.
    func shown(_ plan: RenderPlan, at time: CFTimeInterval, scale: Double) -> RenderPlan {
        explodeOptions(at: time, scale: scale).map { compositor.explode(plan, options: $0) } ?? plan
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
        while try frame(at: { CACurrentMediaTime() }, input: handleInput) {}
        _ = try? pipeline.finish()
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

    /// Draws each built-in scene (or only scene `only`, 1-based) for `frames` frames uncapped
    /// while turning it, and reports the frame-time percentiles (wall time of a whole frame,
    /// the frame period) and the latency's (input applied to frame shown).
    func benchmark(frames: Int, only: Int? = nil) throws {
        if let only, !app.scenes.indices.contains(only - 1) { throw DemoError("no scene \(only): there are \(app.scenes.count)") }
        guard frames > 0 else { throw DemoError("--benchmark needs at least one frame") }
        let (pw, ph) = window.sizes.pixels
        print("lamina-demo benchmark: \(Int(app.width))x\(Int(app.height)) points, \(pw)x\(ph) pixels, swap interval 0, \(frames) frames per scene, "
              + (pipelined ? "pipelined (compile of the next frame beside GL)" : "compile then draw"))
        var all: [Double] = []
        for i in only.map({ [$0 - 1] }) ?? Array(0..<min(DemoApp.builtInCount, app.scenes.count)) {
            app.select(i)
            frameTimes = []
            latencies = []
            for k in 0..<(frames + 10) {
                _ = try frame(at: { CACurrentMediaTime() }) {
                    window.poll()
                    app.drag(dx: 2, dy: 1)
                    if k == frames / 2 { app.click() }
                    return true
                }
                // Warm-up: shader compilation, first uploads.
                if k < 10 { frameTimes.removeAll(); latencies.removeAll() }
            }
            try drain()
            func pct(_ times: [Double], _ p: Double) -> Double {
                let sorted = times.sorted()
                return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))] * 1000
            }
            print(String(format: "  %-22@ p50 %6.2f ms   p95 %6.2f ms   max %6.2f ms   latency p50 %6.2f ms   p95 %6.2f ms",
                         app.current.title as NSString, pct(frameTimes, 0.5), pct(frameTimes, 0.95), pct(frameTimes, 1),
                         pct(latencies, 0.5), pct(latencies, 0.95)))
            all += frameTimes
        }
        let sorted = all.sorted()
        let p95 = sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * 0.95))] * 1000
        print(String(format: "  all scenes             p95 %6.2f ms (target 16.7 ms)", p95))
    }
}
