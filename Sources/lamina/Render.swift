import ArgumentParser
import Foundation
import LaminaCompositor
import LaminaKit
import LaminaImage
import LaminaRaster
import LaminaScene
import LaminaText
import QuartzCore

/// Loads a scene or fails with its error.
func loadScene(_ path: String) throws -> Scene {
    do {
        return try Scene.read(contentsOf: path)
    } catch let e as SceneError {
        throw CLIError(e.allDescriptions.joined(separator: "\nerror: "))
    }
}

/// Checks a --scale value (positive and finite), for `validate()`.
func validateScale(_ scale: Double?) throws {
    if let scale, !(scale > 0 && scale.isFinite) { throw ValidationError("--scale must be a positive number, got \(scale)") }
}

/// Checks a --time value (finite; negative times are before the animations begin).
func validateTime(_ time: Double?) throws {
    if let time, !time.isFinite { throw ValidationError("--time must be a finite number of seconds") }
}

/// Applies a --scale override, keeping the image within 1...16384 pixels a side.
func applyScale(_ scale: Double?, to s: Scene) throws {
    guard let scale else { return }
    try validateScale(scale)
    s.canvas.scale = scale
    let w = s.canvas.width * scale, h = s.canvas.height * scale
    guard w.rounded() >= 1, h.rounded() >= 1, w <= 16384, h <= 16384 else {
        let size = [w, h].map { $0 < 1e15 ? String(format: "%.0f", $0) : String(format: "%.3g", $0) }.joined(separator: "x")
        throw CLIError("--scale \(scale) would make a \(size) image (1...16384 pixels a side)")
    }
}

/// The most pixels a plan's targets (the output included) may hold in all: about 400 MB of
/// RGBA8 and some 20 seconds on the CPU. Above it `lamina render` refuses the scene rather
/// than run out of memory or time.
let planPixelBudget = 100_000_000

/// Refuses a plan whose targets exceed `planPixelBudget`, saying where the pixels went.
func checkBudget(_ plan: RenderPlan) throws {
    let total = plan.targets.reduce(0) { $0 + $1.width * $1.height }
    guard total > planPixelBudget else { return }
    let out = plan.targets[plan.outputIndex]
    let largest = plan.targets.dropLast().map { $0.width * $0.height }.max() ?? 0
    let offscreen = plan.targets.count == 1 ? "" : " and \(plan.targets.count - 1) offscreen targets, the largest \(largest / 1_000_000)M pixels"
    throw CLIError("the scene needs \(total / 1_000_000)M pixels of images (a \(out.width)x\(out.height) output\(offscreen)), over the limit of "
        + "\(planPixelBudget / 1_000_000)M: use a smaller --scale, or fewer nested layers that need their own target "
        + "(group opacity, masksToBounds, or 3D inside a flattening layer)")
}

/// `lamina render SCENE -o OUT.png`, at a time, or a numbered frame sequence.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene file to a PNG (or, with --frames, a numbered PNG sequence).")

    @Argument(help: "The scene file.")
    var scene: String

    @Option(name: .shortAndLong, help: "The output PNG (with --frames: a folder).")
    var output: String

    @Option(help: "Pixels per point (default: the scene's canvas scale).")
    var scale: Double?

    @Option(help: "Renderer: gl (OpenGL, headless EGL) or cpu (the reference). Default: gl when a GL context can be made, else cpu.")
    var backend: String?

    @Option(parsing: .unconditional, help: "Draw the scene at this time in seconds, its animations applied (default: the model values; negative: before they begin).")
    var time: Double?

    @Option(help: "Render this many frames into the output folder: frame-0000.png ...")
    var frames: Int?

    @Option(help: "Frames per second for --frames (default 30).")
    var fps: Double = 30

    @Flag(help: "Draw every plane with sublayers through its own render target.")
    var forceTargets = false

    @Flag(help: "Draw the exploded view (--explode [AMOUNT]): every render target (each plane a subtree was flattened into) and the output as cards pulled apart in 3D, outlined and labeled with the layer and why it flattened; split pieces outlined in orange.")
    var explode = false

    @Argument(help: "With --explode: how far apart the planes are (0: the normal render, default 1: the full view; more spreads them further).")
    var amount: Double?

    @Option(help: "With --frames: render this many frames at once (default: the number of cores).")
    var jobs: Int?

    @Option(help: "PNG compression, zlib level 0 (none) ... 9 (smallest, slowest); default 1, fast.")
    var compression: Int = PNG.defaultCompression

    @Flag(help: "Print how long each step took (reading, renderer set-up, compiling, drawing, writing) on standard error.")
    var timings = false

    func validate() throws {
        if let backend, backend != "cpu" && backend != "gl" { throw ValidationError("unknown backend \"\(backend)\" (gl, cpu)") }
        try validateTime(time)
        try validateScale(scale)
        if frames == nil {
            // Only PNG is written: a name that says otherwise is refused rather than silently PNG.
            let ext = (output as NSString).pathExtension.lowercased()
            if ext != "png" {
                throw ValidationError("the output \"\(output)\" must end in .png (lamina writes PNG only)")
            }
        }
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1") }
        if !(fps > 0 && fps.isFinite) { throw ValidationError("--fps must be positive") }
        if frames != nil && time != nil { throw ValidationError("--time and --frames do not go together (frames start at 0)") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if !(0...9).contains(compression) { throw ValidationError("--compression must be 0...9, got \(compression)") }
        if jobs != nil && frames == nil { throw ValidationError("--jobs goes with --frames") }
        if let amount {
            guard explode else { throw ValidationError("unexpected argument \(amount) (an explode AMOUNT goes after --explode)") }
            guard amount >= 0, amount <= 100, amount.isFinite else { throw ValidationError("--explode AMOUNT must be 0...100, got \(amount)") }
        }
    }

    func run() throws {
        let clock = StepClock(enabled: timings)
        // The renderer (for GL: an EGL context, tens of milliseconds) is made on another
        // thread while this one reads the scene and compiles the first frame.
        let renderer = PendingRenderer(backend: backend)
        // On an error, the renderer is waited for first: the process must not exit while
        // another thread is inside EGL's set-up.
        do { try render(with: renderer, clock: clock) } catch {
            _ = try? renderer.get()
            throw error
        }
    }

    private func render(with renderer: PendingRenderer, clock: StepClock) throws {
        let s = try loadScene(scene)
        try applyScale(scale, to: s)
        clock.step("read the scene")
        let source = FrameSource(scene: s, path: scene, pending: renderer,
                                 compositor: Compositor(options: compositorOptions(forceTargets: forceTargets)),
                                 explode: explode ? ExplodeOptions(amount: amount ?? 1) : nil,
                                 clock: frames == nil ? clock : nil)
        if time != nil || frames != nil { s.attachAnimations() }
        guard let frames else {
            let image = try source.image(at: time)
            try write(image, to: output)
            clock.step("write the PNG")
            clock.report()
            return
        }
        var isDir: ObjCBool = false
        if !FileManager.default.fileExists(atPath: output, isDirectory: &isDir) {
            do { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) } catch {
                throw CLIError("cannot create the folder \(output): \(error.localizedDescription)")
            }
        } else if !isDir.boolValue {
            throw CLIError("\(output) exists and is not a folder (--frames writes a numbered sequence into a folder)")
        }
        let progress = ProgressBar(total: frames)
        // Frames are independent: J workers take the next frame number until all are done (the
        // GL context is shared under a lock, so on GL the overlap is compiling and writing).
        let workers = min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, frames)
        let state = FrameQueue(count: frames)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let i = state.next() {
                do {
                    let t = Double(i) / fps
                    try write(try source.image(at: t), to: (output as NSString).appendingPathComponent(String(format: "frame-%04d.png", i)))
                    progress.update(state.finished())
                } catch {
                    state.fail(error)
                }
            }
        }
        progress.finish()
        if let error = state.error { throw error }
    }

    private func write(_ image: CGImage, to path: String) throws {
        do { try PNG.write(image, to: path, compression: compression) } catch let e as PNGError { throw CLIError("\(e)") }
    }
}

/// The chosen backend: explicit gl fails with the reason; the default falls back to the CPU
/// with a one-line note when no GL context can be made.
final class Renderer {
    let renderer: LayerRenderer

    init(backend: String?, forceTargets: Bool = false) throws {
        let kind = LayerRenderer.Backend(rawValue: backend ?? "automatic") ?? .automatic
        do { renderer = try LayerRenderer(backend: kind, forceTargets: forceTargets) } catch let e as LayerRendererError {
            throw CLIError("\(e)")
        }
        if let why = renderer.fallbackReason {
            FileHandle.standardError.write(Data("note: OpenGL unavailable (\(why)); rendering on the CPU\n".utf8))
        }
    }

    func render(_ plan: RenderPlan) throws -> CGImage {
        do { return try renderer.render(plan) } catch let e as LayerRendererError { throw CLIError("\(e)") }
    }
}

/// A renderer being made on a background thread; `get` waits for it (and rethrows its error).
final class PendingRenderer: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var result: Result<Renderer, Error>?

    init(backend: String?) {
        Thread.detachNewThread { [self] in
            let made = Result { try Renderer(backend: backend) }
            // The shader every frame with a layer needs, built before the first frame asks.
            if case .success(let r) = made { r.renderer.warmUp() }
            lock.lock(); result = made; lock.unlock()
            done.signal()
        }
    }

    /// The renderer, once made.
    func get() throws -> Renderer {
        lock.lock()
        if let r = result { lock.unlock(); return try r.get() }
        lock.unlock()
        done.wait()
        done.signal()  // for the next caller (frames on several threads)
        lock.lock(); defer { lock.unlock() }
        return try result!.get()
    }
}

/// A scene's frames. Workers only read the model tree (each frame draws a presentation copy
/// of it) and the renderer locks its GL context, so frames may be made on several threads.
struct FrameSource: @unchecked Sendable {
    let scene: Scene
    /// The scene file, for messages.
    let path: String
    /// The renderer, perhaps still being made.
    let pending: PendingRenderer
    let compositor: Compositor
    /// When set, the exploded view of each frame's plan is drawn instead.
    var explode: ExplodeOptions? = nil
    /// Times the steps of a single frame (`--timings`).
    var clock: StepClock? = nil

    /// The scene at time t (nil: the model values); a plan over the pixel budget is refused.
    func image(at t: Double?) throws -> CGImage {
        let s = scene
        let root = t.map { s.root.presentationTree(at: $0) } ?? s.root
        var plan: RenderPlan
        do {
            plan = try compositor.compileChecked(root: root, width: s.canvas.width, height: s.canvas.height, scale: s.canvas.scale, background: s.canvas.background)
        } catch let e as CompositorError {
            throw CLIError("cannot render \(path): \(e)")
        }
        if let explode { plan = compositor.explode(plan, options: explode) }
        try checkBudget(plan)
        clock?.step("compile (\(plan.targets.count) targets, \(plan.targets.reduce(0) { $0 + $1.quads.count }) quads)")
        let renderer = try pending.get()
        clock?.step("wait for the \(renderer.renderer.backend.rawValue) renderer")
        let image = try renderer.render(plan)
        clock?.step("draw")
        return image
    }
}

/// The frame numbers still to render, handed out one at a time; the first error stops the rest.
final class FrameQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var nextFrame = 0, done = 0
    private let count: Int
    private(set) var error: Error?

    init(count: Int) { self.count = count }

    /// The next frame to render, or nil when all are taken or one failed.
    func next() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard error == nil, nextFrame < count else { return nil }
        nextFrame += 1
        return nextFrame - 1
    }

    /// Counts a finished frame; returns how many are finished.
    func finished() -> Int {
        lock.lock(); defer { lock.unlock() }
        done += 1
        return done
    }

    /// Records the first failure.
    func fail(_ e: Error) {
        lock.lock(); defer { lock.unlock() }
        if error == nil { error = e }
    }
}

/// A one-line progress bar on standard error (only when it is a terminal... or always, briefly).
struct ProgressBar: Sendable {
    let total: Int
    let isTerminal = isatty(2) != 0

    func update(_ done: Int) {
        let width = 30
        let filled = total > 0 ? done * width / total : width
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let line = "[\(bar)] \(done)/\(total) frames"
        FileHandle.standardError.write(Data((isTerminal ? "\r" + line : (done == total ? line + "\n" : "")).utf8))
    }

    func finish() {
        if isTerminal { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}

/// Compositor options with text drawn by LaminaText when a font is available (the compositor
/// notes once on stderr when a scene has text and no font could be loaded).
func compositorOptions(forceTargets: Bool) -> CompositorOptions {
    var o = CompositorOptions(forceTargets: forceTargets)
    o.textImage = LayerRenderer.textSource
    return o
}
