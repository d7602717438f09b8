import ArgumentParser
import Foundation
import LaminaCompositor
import LaminaGL
import LaminaRaster
import LaminaScene
import QuartzCore

/// `lamina bench SCENE...`: frame timings, measured in one run, as ratios and percentiles.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time compiling and rendering scenes (GL and CPU) in one run: percentiles per stage, GPU/CPU ratio.")

    @Argument(help: "Scene files.") var scenes: [String]

    @Option(help: "Frames per scene and backend.") var frames: Int = 50

    @Option(help: "Pixels per point (default: each scene's).") var scale: Double?

    func validate() throws {
        if frames < 1 { throw ValidationError("--frames must be at least 1") }
        try validateScale(scale)
    }

    func run() throws {
        let gl = try? GLRenderer()
        if gl == nil { print("note: OpenGL unavailable; CPU only") }
        print("frames per scene: \(frames); times in ms (p50 / p95)")
        print("scene".padding(toLength: 42, withPad: " ", startingAt: 0) + "  compile        gl render      cpu render     cpu/gl")
        for path in scenes {
            let s = try loadScene(path)
            try applyScale(scale, to: s)
            s.attachAnimations()
            let end = s.animationEndTime.isFinite ? s.animationEndTime : 1
            var compile: [Double] = [], glTimes: [Double] = [], cpuTimes: [Double] = []
            var plans: [RenderPlan] = []
            for i in 0..<frames {
                let t = end > 0 ? end * Double(i) / Double(max(frames - 1, 1)) : 0
                let start = ProcessInfo.processInfo.systemUptime
                let plan = Compositor(options: compositorOptions(forceTargets: false)).compile(root: s.root.presentationTree(at: t), width: s.canvas.width, height: s.canvas.height,
                                                scale: s.canvas.scale, background: s.canvas.background)
                compile.append(ProcessInfo.processInfo.systemUptime - start)
                plans.append(plan)
            }
            if let gl {
                _ = try gl.render(plans[0])  // warm-up: shader compilation
                for p in plans {
                    let start = ProcessInfo.processInfo.systemUptime
                    _ = try gl.render(p)
                    glTimes.append(ProcessInfo.processInfo.systemUptime - start)
                }
            }
            for p in plans.prefix(max(1, frames / 5)) {
                let start = ProcessInfo.processInfo.systemUptime
                _ = CPURenderer().render(p)
                cpuTimes.append(ProcessInfo.processInfo.systemUptime - start)
            }
            func pct(_ xs: [Double]) -> String {
                guard !xs.isEmpty else { return "      -      " }
                let s = xs.sorted()
                func p(_ q: Double) -> Double { s[min(s.count - 1, Int(Double(s.count - 1) * q))] * 1000 }
                return String(format: "%6.2f / %6.2f", p(0.5), p(0.95))
            }
            let ratio = glTimes.isEmpty ? "-" : String(format: "%.1fx", median(cpuTimes) / median(glTimes))
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            print(name.padding(toLength: 42, withPad: " ", startingAt: 0) + "  \(pct(compile))  \(pct(glTimes))  \(pct(cpuTimes))  \(ratio)")
        }
        print(String(format: "peak resident memory of this run: %.1f MiB", Self.peakMemoryMiB()))
    }

    func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

    /// The process's peak resident memory so far, in MiB (getrusage's ru_maxrss is in KiB on Linux).
    static func peakMemoryMiB() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}
