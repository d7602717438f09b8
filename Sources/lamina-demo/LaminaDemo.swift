// lamina-demo: the seeds' cube and box, live, in a GLFW window.
import ArgumentParser
@preconcurrency import CEpoxy
import CGLFW
import Foundation
import LaminaCompositor
import LaminaDemoKit
import LaminaGL
import LaminaImage
import LaminaScene
import QuartzCore

@main
struct LaminaDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lamina-demo",
        abstract: "The seeds' examples, live: drag to turn, space to fold, click to outline a layer, Tab or 1-9 to switch scenes.",
        discussion: """
        Keys: Tab / 1-9 scenes, space fold/unfold, click outline the layer drawn there (picked by pixels),
        drag turn, scroll zoom, L light (the book's cube),
        P perspective, D doubleSided on every layer, E exploded view (every flattened plane as a card in 3D;
        drags then turn the stack), R reset, S screenshot, Esc quit.
        With no display, render offline instead: lamina render SCENE -o OUT.png
        """)

    @Argument(help: "Scene files to add after the built-in scenes.")
    var scenes: [String] = []

    @Option(help: "Play a script of input events on a virtual clock, then exit (format: README).")
    var script: String?

    @Option(help: "Folder for screenshots (S key and script screenshots).")
    var output: String = "."

    @Option(help: "Window content size in points, WIDTHxHEIGHT.")
    var size: String = "800x600"

    @Flag(help: "Do not wait for the vertical blank (swap interval 0).")
    var noVsync = false

    @Option(help: "Measure: draw each built-in scene for this many frames uncapped, print frame-time percentiles, exit.")
    var benchmark: Int?

    @Option(help: "With --benchmark: measure only this scene (1-based).")
    var benchmarkScene: Int?

    @Flag(help: "Compile each frame, then draw it (by default the next frame compiles on another thread while GL draws this one).")
    var noPipeline = false

    @Option(help: "Start on this scene (1-based).")
    var scene: Int = 1

    func run() throws {
        var (w, h) = try parseSize(size)
        var steps: [ScriptStep] = []
        if let script {
            guard let text = try? String(contentsOfFile: script, encoding: .utf8) else { throw DemoError("cannot read the script \(script)") }
            do { steps = try DemoScript.parse(text) } catch let e as ScriptError { throw DemoError("\(script): \(e)") }
            if case .size(let sw, let sh) = steps.first { (w, h) = (sw, sh) }
        }
        if ProcessInfo.processInfo.environment["DISPLAY"].map({ $0.isEmpty }) ?? true,
           ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] == nil {
            throw DemoError("no display (DISPLAY is not set): the demo needs a window; render offline with `lamina render SCENE -o OUT.png`, or run under xvfb-run")
        }
        let window: Window
        do {
            window = try Window(width: w, height: h, title: "Lamina", vsync: !(noVsync || benchmark != nil || script != nil))
        } catch let e as GLError {
            throw DemoError("cannot open a window (\(e)); render offline with `lamina render SCENE -o OUT.png`")
        }
        defer { window.destroy() }
        if script != nil { LaminaClock.shared.set(0) }
        let app: DemoApp
        do {
            let pts = window.sizes.points
            app = try DemoApp(sceneFiles: scenes, width: CGFloat(pts.0), height: CGFloat(pts.1), now: CACurrentMediaTime())
        } catch let e as SceneError {
            throw DemoError("\(e)")
        }
        app.select(scene - 1)
        let runner = try DemoRunner(app: app, window: window, output: output)
        // The renderer's GL objects go while the window (its context) still exists.
        defer { runner.renderer.invalidate() }
        runner.pipelined = !noPipeline
        if let benchmark {
            try runner.benchmark(frames: benchmark, only: benchmarkScene)
        } else if script != nil {
            try runner.play(steps)
        } else {
            try runner.interactive()
        }
    }

    func parseSize(_ s: String) throws -> (Int, Int) {
        let parts = s.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ (16...8192).contains($0) }) else { throw ValidationError("--size is WIDTHxHEIGHT, 16...8192 each") }
        return (parts[0], parts[1])
    }
}

/// A failure the demo reports in one line (exit status 1).
struct DemoError: Error, CustomStringConvertible {
    let description: String
    init(_ m: String) { description = m }
}
