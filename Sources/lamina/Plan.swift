import ArgumentParser
import LaminaCompositor
import LaminaScene

/// `lamina plan SCENE`.
struct Plan: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print a scene's render plan: targets, quads and splits.")

    @Argument(help: "The scene file.") var scene: String

    @Option(help: "Pixels per point (default: the scene's canvas scale).")
    var scale: Double?

    @Flag(help: "Draw every plane with sublayers through its own render target.")
    var forceTargets = false

    func run() throws {
        let s = try loadScene(scene)
        if let scale {
            guard scale > 0, scale.isFinite else { throw ValidationError("--scale must be positive") }
            s.canvas.scale = scale
            let px = s.canvas.pixelSize
            guard px.width >= 1, px.height >= 1, px.width <= 16384, px.height <= 16384 else {
                throw ValidationError("--scale \(scale) would make a \(px.width)x\(px.height) image (1...16384 a side)")
            }
        }
        let plan = Compositor(options: CompositorOptions(forceTargets: forceTargets))
            .compile(root: s.root, width: s.canvas.width, height: s.canvas.height, scale: s.canvas.scale, background: s.canvas.background)
        print(plan.listing)
    }
}
