// Finding the GLSL files in Shaders/, however the program is started: $LAMINA_SHADERS, then
// beside or above the running executable (a build folder inside the repository, or an
// installed `share/lamina/Shaders`), then the repository this module was compiled from.
import Foundation

/// The GLSL sources of Lamina's shaders.
public enum ShaderSources {
    /// The folder holding quad.vert and quad.frag.
    public static func directory() throws -> URL {
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["LAMINA_SHADERS"], !env.isEmpty {
            candidates.append(URL(fileURLWithPath: env))
        }
        var dir = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        if let exe = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() { dir = exe }
        for _ in 0..<6 {
            candidates.append(dir.appendingPathComponent("Shaders"))
            candidates.append(dir.appendingPathComponent("share/lamina/Shaders"))
            dir = dir.deletingLastPathComponent()
        }
        // The repository this file was compiled in: Sources/LaminaGL/ShaderSources.swift -> ../../Shaders.
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Shaders"))
        for c in candidates where FileManager.default.fileExists(atPath: c.appendingPathComponent("quad.frag").path) {
            return c
        }
        throw GLError("cannot find Lamina's shaders (Shaders/quad.vert, quad.frag); looked in "
            + candidates.map(\.path).joined(separator: ", ") + "; set LAMINA_SHADERS to the folder")
    }

    /// The text of one shader file.
    public static func source(_ name: String) throws -> String {
        let url = try directory().appendingPathComponent(name)
        guard let s = try? String(contentsOf: url, encoding: .utf8) else { throw GLError("cannot read \(url.path)") }
        return s
    }
}
