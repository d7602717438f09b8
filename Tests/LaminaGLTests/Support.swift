import Foundation
import LaminaCompositor
import LaminaImage
import LaminaGL
import LaminaRaster
import LaminaScene
import LaminaText
import QuartzCore
import Testing

/// Paths of the repository and of ../shared beside it.
enum Paths {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let shared = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    static let scenes = shared.appendingPathComponent("scenes")
    static let oracle = shared.appendingPathComponent("oracle/expected")
    static let golden = packageRoot.appendingPathComponent("Tests/Golden/cpu")

    /// Every shared scene's name (without .json), sorted. Fails loudly when shared/ is missing.
    static var sceneNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: scenes.path))?.filter { $0.hasSuffix(".json") }
            .map { String($0.dropLast(5)) }.sorted() ?? []
        precondition(!names.isEmpty, "no scenes found in \(scenes.path): the tests need ../shared beside the repository")
        return names
    }
}

/// Renders a scene file with the CPU renderer.
/// Compositor options as the tools use them: text drawn by LaminaText.
func options(forceTargets: Bool) -> CompositorOptions {
    var o = CompositorOptions(forceTargets: forceTargets)
    if let raster = try? TextRasterizer.shared() { o.textImage = { layer, scale in raster.image(for: layer, scale: scale) } }
    return o
}

func renderCPU(_ scene: Scene, forceTargets: Bool = false) -> CGImage {
    let plan = Compositor(options: options(forceTargets: forceTargets))
        .compile(root: scene.root, width: scene.canvas.width, height: scene.canvas.height, scale: scene.canvas.scale, background: scene.canvas.background)
    return CPURenderer().render(plan)
}

func loadScene(_ name: String) throws -> Scene {
    try Scene.read(contentsOf: Paths.scenes.appendingPathComponent(name + ".json").path)
}

/// The straight RGB of a scene's canvas background (for comparing "as seen").
func backgroundRGB(_ scene: Scene) -> (Double, Double, Double) {
    guard let b = scene.canvas.background else { return (0, 0, 0) }
    return (Double(b.rgba.red), Double(b.rgba.green), Double(b.rgba.blue))
}

func plan(_ scene: Scene, forceTargets: Bool = false) -> RenderPlan {
    Compositor(options: options(forceTargets: forceTargets))
        .compile(root: scene.root, width: scene.canvas.width, height: scene.canvas.height, scale: scene.canvas.scale, background: scene.canvas.background)
}
