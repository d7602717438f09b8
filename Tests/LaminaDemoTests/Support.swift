import Foundation
import Testing

/// A built executable beside the test binary (the same build products folder), or fails.
func builtTool(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
    var candidates: [URL] = []
    for t in [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])].compactMap({ $0 }) {
        var dir = t.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(dir.appendingPathComponent(name))
            dir = dir.deletingLastPathComponent()
        }
    }
    let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    return try #require(found, "\(name) was not built (swift build --build-tests builds it); looked in \(candidates.map(\.path))",
                        sourceLocation: sourceLocation)
}

struct Run { var status: Int32; var stdout: String; var stderr: String }

/// Runs a program with arguments and environment changes, capturing its output through files.
func run(_ exe: URL, _ args: [String], environment: [String: String?] = [:]) throws -> Run {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-demo-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("out"), err = dir.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let p = Process()
    p.executableURL = exe
    p.arguments = args
    var env = ProcessInfo.processInfo.environment
    for (k, v) in environment { env[k] = v }
    p.environment = env
    p.standardOutput = try FileHandle(forWritingTo: out)
    p.standardError = try FileHandle(forWritingTo: err)
    try p.run()
    p.waitUntilExit()
    return Run(status: p.terminationStatus, stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
               stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
}

func tempDir(_ tag: String) throws -> URL {
    let d = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-\(tag)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
    return d
}

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
/// The seed scenes, copied into the repository's fixtures.
let sharedScenes = packageRoot.appendingPathComponent("Tests/Fixtures/scenes")

/// Plays a demo script in lamina-demo's real window under Xvfb (a 1024x768x24 screen), the
/// screenshots going to `out`; `sceneFiles` are opened after the built-in scenes.
func playUnderXvfb(_ script: String, in out: URL, sceneFiles: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> Run {
    let xvfb = try #require(["/usr/bin/xvfb-run", "/bin/xvfb-run"].first { FileManager.default.isExecutableFile(atPath: $0) },
                            "xvfb-run is not installed (tools/setup.sh installs xvfb)", sourceLocation: sourceLocation)
    let file = out.appendingPathComponent("script.txt")
    try script.write(to: file, atomically: true, encoding: .utf8)
    let demo = try builtTool("lamina-demo", sourceLocation: sourceLocation)
    return try run(URL(fileURLWithPath: xvfb), ["-a", "-s", "-screen 0 1024x768x24", demo.path, "--script", file.path, "--output", out.path] + sceneFiles)
}
