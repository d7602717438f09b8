import ArgumentParser
import Foundation
import LaminaCompositor
import LaminaImage
import LaminaRaster
import LaminaScene

/// Loads a scene or exits with its error.
func loadScene(_ path: String) throws -> Scene {
    do {
        return try Scene.read(contentsOf: path)
    } catch let e as SceneError {
        throw ValidationError("\(e)")
    }
}

/// `lamina render SCENE -o OUT.png`.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render a scene file to a PNG.")

    @Argument(help: "The scene file.")
    var scene: String

    @Option(name: .shortAndLong, help: "The output PNG.")
    var output: String

    @Option(help: "Pixels per point (default: the scene's canvas scale).")
    var scale: Double?

    @Option(help: "Renderer: cpu.")
    var backend: String = "cpu"

    @Flag(help: "Draw every plane with sublayers through its own render target.")
    var forceTargets = false

    func run() throws {
        let s = try loadScene(scene)
        if let scale { guard scale > 0, scale.isFinite else { throw ValidationError("--scale must be positive") }; s.canvas.scale = scale }
        guard backend == "cpu" else { throw ValidationError("unknown backend \"\(backend)\" (cpu)") }
        let plan = Compositor(options: CompositorOptions(forceTargets: forceTargets))
            .compile(root: s.root, width: s.canvas.width, height: s.canvas.height, scale: s.canvas.scale, background: s.canvas.background)
        let image = CPURenderer().render(plan)
        do {
            try PNG.write(image, to: output)
        } catch let e as PNGError {
            throw ValidationError("\(e)")
        }
    }
}
