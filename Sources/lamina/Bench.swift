import ArgumentParser
import Foundation
import LaminaCompositor
import LaminaGL
import LaminaKit
import LaminaRaster
import LaminaScene
import LaminaWorkloads
import QuartzCore

/// `lamina bench SCENE...` and `lamina bench --workloads [NAME|SCENE...]`: compile, plan
/// counts, GL and CPU frame times, the raw-fill baseline and peak memory, all in one run.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time compiling and rendering scenes and generated workloads (GL and CPU) in one run.",
        discussion: """
        With --workloads, each argument is a workload name (\(Workload.nameHelp); "random" is \
        random-0...random-23, "standard" the standard set) or a scene file; with no argument, issue 10's standard workloads. \
        Workloads are generated from --seed: the same seed gives the same scenes everywhere. \
        A "changing-N" workload turns one card per frame and times GL frames including compile, \
        changed and unchanged, against the same scene compiled from scratch each frame.
        """)

    @Argument(help: "Scene files (with --workloads: workload names or scene files).")
    var items: [String] = []

    @Flag(help: "Benchmark generated workloads (the arguments name them; none: the standard set).")
    var workloads = false

    @Option(help: "Seed of the generated workloads.")
    var seed: UInt64 = 1

    @Option(help: "Timed frames per series (compile, GL, CPU, raw fill).")
    var frames: Int = 20

    @Option(help: "Seconds at most per series: a series stops early once spent (at least one frame).")
    var budget: Double = 10

    @Option(help: "Also write the results as JSON to this file.")
    var json: String?

    @Option(help: "Write the workloads' scene files into this folder (named NAME.json) and exit.")
    var writeScenes: String?

    @Flag(help: "Skip the CPU renderer.")
    var noCPU = false

    @Flag(help: "Skip the GL renderer (and its raw-fill baseline): compile alone, with --no-cpu.")
    var noGL = false

    @Option(help: "Pixels per point for scene files (default: each scene's).")
    var scale: Double?

    @Option(help: "GL's opaque depth pre-pass: auto (where estimated to pay), always or never.")
    var prepass: String = "auto"

    func validate() throws {
        if frames < 1 { throw ValidationError("--frames must be at least 1") }
        try validateScale(scale)
        if !(budget > 0) { throw ValidationError("--budget must be positive") }
        if prepassMode == nil { throw ValidationError("--prepass must be auto, always or never") }
        if items.isEmpty && !workloads && writeScenes == nil {
            throw ValidationError("give scene files, or --workloads [NAMES...]")
        }
    }

    var prepassMode: DepthPrepassMode? {
        ["auto": .automatic, "always": .always, "never": .never][prepass]
    }

    /// What to measure: generated workloads and scene files, in argument order.
    enum Item {
        case workload(Workload)
        case file(String)
        var name: String {
            switch self {
            case .workload(let w): w.name
            case .file(let p): URL(fileURLWithPath: p).deletingPathExtension().lastPathComponent
            }
        }
    }

    func resolvedItems() throws -> [Item] {
        guard workloads || writeScenes != nil else { return items.map(Item.file) }
        if items.isEmpty { return Workload.standard.map(Item.workload) }
        return try items.flatMap { arg -> [Item] in
            if arg == "random" { return Workload.randomSeries().map(Item.workload) }
            if arg == "standard" { return Workload.standard.map(Item.workload) }
            if let w = Workload(name: arg) { return [.workload(w)] }
            if arg.hasSuffix(".json") || FileManager.default.fileExists(atPath: arg) { return [.file(arg)] }
            throw ValidationError("unknown workload \"\(arg)\" (\(Workload.nameHelp), random, or a scene file)")
        }
    }

    func run() throws {
        let list = try resolvedItems()
        if let dir = writeScenes { return try write(list, to: dir) }
        let gl: GLRenderer?
        if noGL { gl = nil } else { do { gl = try GLRenderer(); gl?.depthPrepass = prepassMode ?? .automatic } catch { gl = nil; print("note: OpenGL unavailable (\(error)); CPU only") } }
        let runner = BenchRunner(gl: gl, cpu: !noCPU, frames: frames, budget: budget, seed: seed,
                                 options: compositorOptions(forceTargets: false))
        let report = BenchReport(seed: seed, frames: frames, budget: budget,
                                 gl: (gl?.context as? HeadlessContext)?.rendererDescription)
        report.printHeader()
        var rows: [BenchRow] = []
        for item in list {
            let row: BenchRow
            do {
                switch item {
                case .workload(let w): row = try runner.measure(w)
                case .file(let path):
                    let s = try loadScene(path)
                    try applyScale(scale, to: s)
                    row = try runner.measure(name: item.name, scene: s, animated: true)
                }
            } catch {
                row = BenchRow(name: item.name, error: "\(error)")
            }
            report.printRow(row)
            rows.append(row)
        }
        report.printChanging(rows)
        if let json { try report.writeJSON(rows, to: json) }
    }

    func write(_ list: [Item], to dir: String) throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for case .workload(let w) in list {
            let path = URL(fileURLWithPath: dir).appendingPathComponent("\(w.name).json").path
            do { try w.scene(seed: seed).write(to: path) } catch { throw CLIError("cannot write \(path): \(error)") }
            print(path)
        }
    }
}

/// Measures one scene or workload with the same renderers, frames and budget.
struct BenchRunner {
    let gl: GLRenderer?
    let cpu: Bool
    let frames: Int
    let budget: Double
    let seed: UInt64
    let options: CompositorOptions

    func measure(_ w: Workload) throws -> BenchRow {
        PeakMemory.reset()
        let scene = w.scene(seed: seed)
        if w.kind == .changing { return try measureChanging(w, scene) }
        // The demo's scene: each frame turned to the next of its benchmark's views, spread over the run.
        let turn: ((Int) -> Void)? = w.kind != .demo ? nil : { i in
            let d = Generators.demoDrags
            Generators.turnDemo(scene, drags: d.lowerBound + (i * d.count / frames) % d.count)
        }
        return try measure(name: w.name, scene: scene, animated: false, memoryReset: true, turn: turn)
    }

    func compile(_ c: Compositor, _ root: CALayer, _ s: Scene) -> RenderPlan {
        c.compile(root: root, width: s.canvas.width, height: s.canvas.height, scale: s.canvas.scale, background: s.canvas.background)
    }

    /// Compile, counts, GL, CPU and raw-fill series of one scene (its animations sampled over
    /// the frames when `animated`, else the model tree every frame); `turn(i)`, when given,
    /// changes the tree before compile i (the series then keep every frame's plan).
    func measure(name: String, scene s: Scene, animated: Bool, memoryReset: Bool = false, turn: ((Int) -> Void)? = nil) throws -> BenchRow {
        if !memoryReset { PeakMemory.reset() }
        var row = BenchRow(name: name)
        row.layers = s.allLayers.count
        let moving = (animated && !s.animations.isEmpty) || turn != nil
        if moving && turn == nil { s.attachAnimations() }
        let end = s.animationEndTime.isFinite ? s.animationEndTime : 1
        func root(_ i: Int) -> CALayer {
            if let turn { turn(i); return s.root }
            return moving ? s.root.presentationTree(at: end * Double(i % frames) / Double(max(frames - 1, 1))) : s.root
        }
        let compositor = Compositor(options: options)
        // Animated scenes keep a plan per frame; static ones the last (all are equal).
        var plans: [RenderPlan] = []
        row.compile = timedSeries(frames: frames, budget: budget) { i in
            let p = compile(compositor, root(i), s)
            if moving || plans.isEmpty { plans.append(p) } else { plans[0] = p }
        }
        let first = plans[0]
        row.counts = PlanCounts(first)
        if let gl {
            row.gl = try timedSeries(frames: frames, budget: budget) { i in _ = try gl.render(plans[i % plans.count]) }
            row.counts?.drawCalls = gl.lastFrameDrawCalls
            let raw = plans.map(rawFillPlan)
            row.rawFillGL = try timedSeries(frames: frames, budget: budget) { i in _ = try gl.render(raw[i % raw.count]) }
        }
        if cpu {
            row.cpu = timedSeries(frames: frames, budget: budget) { i in _ = CPURenderer().render(plans[i % plans.count]) }
        }
        plans.removeAll()
        row.peakMiB = PeakMemory.peakMiB()
        return row
    }

    /// The changing workload: GL frames including compile, one card turned per frame, against
    /// the unchanged scene through the same compositor and the scene compiled from scratch
    /// (a new Compositor every frame; the same GL renderer, whose shaders are compiled once).
    func measureChanging(_ w: Workload, _ s: Scene) throws -> BenchRow {
        var row = BenchRow(name: w.name)
        row.layers = s.allLayers.count
        guard let gl else { row.error = "needs OpenGL"; return row }
        // Retained frames as an application draws them: LayerRenderer on GL, whose frame
        // compositor reuses the last plan (and image) while the tree is unchanged.
        let retained = try LayerRenderer(backend: .gl)
        let size = CGSize(width: s.canvas.width, height: s.canvas.height)
        func frame() throws { _ = try retained.image(of: s.root, size: size, scale: s.canvas.scale, background: s.canvas.background) }
        var rng = SplitMix64(seed: seed ^ 0xC4A2_6E00)
        let first = compile(Compositor(options: options), s.root, s)
        row.counts = PlanCounts(first)
        try frame()
        let changed = try timedSeries(frames: frames, budget: budget) { i in
            Generators.changeOneCard(of: s, frame: i, rng: &rng)
            try frame()
        }
        let unchanged = try timedSeries(frames: frames, budget: budget) { _ in try frame() }
        let scratch = try timedSeries(frames: frames, budget: budget) { _ in
            _ = try gl.render(compile(Compositor(options: options), s.root, s))
        }
        row.changing = ChangingResult(changedFrame: changed, unchangedFrame: unchanged, fromScratch: scratch)
        row.peakMiB = PeakMemory.peakMiB()
        return row
    }
}
