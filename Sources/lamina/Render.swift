import ArgumentParser
import Foundation
import LaminaCompositor
import LaminaGL
import QuartzCore
import LaminaImage
import LaminaRaster
import LaminaScene

/// Loads a scene or exits with its error.
func loadScene(_ path: String) throws -> Scene {
    do {
        return try Scene.read(contentsOf: path)
    } catch let e as SceneError {
        throw CLIError("\(e)")
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

    @Option(help: "Renderer: gl (OpenGL, headless EGL) or cpu (the reference). Default: gl when a GL context can be made, else cpu.")
    var backend: String?

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
        if let backend, backend != "cpu" && backend != "gl" { throw ValidationError("unknown backend \"\(backend)\" (gl, cpu)") }
        let plan = Compositor(options: CompositorOptions(forceTargets: forceTargets))
            .compile(root: s.root, width: s.canvas.width, height: s.canvas.height, scale: s.canvas.scale, background: s.canvas.background)
        let image = try renderImage(plan, backend: backend)
        do {
            try PNG.write(image, to: output)
        } catch let e as PNGError {
            throw CLIError("\(e)")
        }
    }
}

/// Renders with the chosen backend: explicit gl fails with the reason; the default falls
/// back to the CPU with a one-line note when no GL context can be made.
func renderImage(_ plan: RenderPlan, backend: String?) throws -> CGImage {
    if backend == "cpu" { return CPURenderer().render(plan) }
    do {
        return try GLRenderer().render(plan)
    } catch let e as GLError {
        if backend == "gl" { throw CLIError("the GL backend is unavailable: \(e)") }
        FileHandle.standardError.write(Data("note: OpenGL unavailable (\(e)); rendering on the CPU\n".utf8))
        return CPURenderer().render(plan)
    }
}
