import Foundation
import Testing
import LaminaTestSupport

/// A built executable beside the test binary, or the test fails.
func builtTool(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
    try requireBuiltExecutable(name, sourceLocation: sourceLocation)
}

typealias Run = ProgramRun

/// Runs a program with arguments and environment changes (LaminaTestSupport's runner).
func run(_ exe: URL, _ args: [String], environment: [String: String?] = [:]) throws -> Run {
    try runProgram(exe, args, environment: environment)
}

func tempDir(_ tag: String) throws -> URL {
    let d = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-\(tag)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
    return d
}

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
/// The seed scenes, copied into the repository's fixtures.
let sharedScenes = packageRoot.appendingPathComponent("Tests/Fixtures/scenes")

/// Serializes xvfb-run across the suites of this process: `xvfb-run -a` picks the first free
/// display number by looking for its lock file, so two started at once can pick the same one.
private let xvfbLock = NSLock()

/// Runs the built lamina-demo with `arguments` under `xvfb-run -a` (a 1024x768x24 screen), one
/// xvfb-run at a time.
func demoUnderXvfb(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Run {
    let xvfb = try #require(["/usr/bin/xvfb-run", "/bin/xvfb-run"].first { FileManager.default.isExecutableFile(atPath: $0) },
                            "xvfb-run is not installed (tools/setup.sh installs xvfb)", sourceLocation: sourceLocation)
    let demo = try builtTool("lamina-demo", sourceLocation: sourceLocation)
    xvfbLock.lock()
    defer { xvfbLock.unlock() }
    return try run(URL(fileURLWithPath: xvfb), ["-a", "-s", "-screen 0 1024x768x24", demo.path] + arguments)
}

/// Plays a demo script in lamina-demo's real window under Xvfb, the screenshots going to
/// `out`; `sceneFiles` are opened after the built-in scenes.
func playUnderXvfb(_ script: String, in out: URL, sceneFiles: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> Run {
    let file = out.appendingPathComponent("script.txt")
    try script.write(to: file, atomically: true, encoding: .utf8)
    return try demoUnderXvfb(["--script", file.path, "--output", out.path] + sceneFiles, sourceLocation: sourceLocation)
}
