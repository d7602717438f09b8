// Helpers the test targets share: where the seed scenes and fixtures are, rendering a scene
// the way the tools do, and finding the built executables.
import Foundation
import LaminaCompositor
import LaminaRaster
import LaminaScene
import LaminaText
import QuartzCore

/// Paths of the repository's test data: everything the tests need lives in the repository.
public enum Paths {
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures")
    /// The seed scenes (copies of the project's reference scenes).
    public static let scenes = fixtures.appendingPathComponent("scenes")
    /// The headless-Chromium oracle's images of the seed scenes.
    public static let oracle = fixtures.appendingPathComponent("oracle")
    public static let golden = packageRoot.appendingPathComponent("Tests/Golden/cpu")

    /// Every seed scene's name (without .json), sorted. Fails loudly when the fixtures are missing.
    public static var sceneNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: scenes.path))?.filter { $0.hasSuffix(".json") }
            .map { String($0.dropLast(5)) }.sorted() ?? []
        precondition(!names.isEmpty, "no scenes found in \(scenes.path): the test fixtures are missing from this checkout")
        return names
    }
}

/// Compositor options as the tools use them: text drawn by LaminaText.
public func options(forceTargets: Bool) -> CompositorOptions {
    var o = CompositorOptions(forceTargets: forceTargets)
    if let raster = try? TextRasterizer.shared() { o.textImage = { layer, scale in raster.image(for: layer, scale: scale) } }
    return o
}

/// A scene's plan, as `lamina render` compiles it.
public func plan(_ scene: Scene, forceTargets: Bool = false) -> RenderPlan {
    Compositor(options: options(forceTargets: forceTargets))
        .compile(root: scene.root, width: scene.canvas.width, height: scene.canvas.height, scale: scene.canvas.scale, background: scene.canvas.background)
}

/// Renders a scene with the CPU renderer.
public func renderCPU(_ scene: Scene, forceTargets: Bool = false) -> CGImage {
    CPURenderer().render(plan(scene, forceTargets: forceTargets))
}

/// A seed scene by name.
public func loadScene(_ name: String) throws -> Scene {
    try Scene.read(contentsOf: Paths.scenes.appendingPathComponent(name + ".json").path)
}

/// The straight RGB of a scene's canvas background (for comparing "as seen").
public func backgroundRGB(_ scene: Scene) -> (Double, Double, Double) {
    guard let b = scene.canvas.background else { return (0, 0, 0) }
    return (Double(b.rgba.red), Double(b.rgba.green), Double(b.rgba.blue))
}

/// A built executable: $LAMINA_BIN for `lamina`, else beside the test binary (the same build
/// products folder, never a stale one from another build folder). Nil, with the places
/// looked in, when it is missing.
public func builtExecutable(_ name: String) -> (url: URL?, searched: [String]) {
    var candidates: [URL] = []
    if name == "lamina", let env = ProcessInfo.processInfo.environment["LAMINA_BIN"] { candidates.append(URL(fileURLWithPath: env)) }
    for t in [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])].compactMap({ $0 }) {
        var dir = t.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(dir.appendingPathComponent(name))
            dir = dir.deletingLastPathComponent()
        }
    }
    var seen = Set<String>()
    candidates = candidates.filter { seen.insert($0.standardizedFileURL.path).inserted }
    let found = candidates.first { url in
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) && !isDir.boolValue
            && FileManager.default.isExecutableFile(atPath: url.path)
    }
    return (found, candidates.map(\.path))
}
