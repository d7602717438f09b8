// Running the built tools from tests: one runner for every test target.
import Foundation
import Testing

/// What a program printed, and its exit status.
public struct ProgramRun: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// A built executable (see `builtExecutable`), or the test fails naming the places looked in.
public func requireBuiltExecutable(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
    let (found, searched) = builtExecutable(name)
    return try #require(found, "\(name) was not built (swift build --build-tests builds it); looked in:\n\(searched.joined(separator: "\n"))",
                        sourceLocation: sourceLocation)
}

/// Runs `exe` with `arguments` and `environment` changes (a nil value removes a variable),
/// capturing both streams through files (no pipe deadlocks).
///
/// The program starts in the package root, never in the test process's current directory:
/// Foundation's Process otherwise starts in the directory that was current when the Process
/// was made, and the README example tests move the process into scratch folders they delete
/// while other suites run (posix_spawn then fails with ENOENT, naming the program).
public func runProgram(_ exe: URL, _ arguments: [String], environment: [String: String?] = [:]) throws -> ProgramRun {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("out"), err = dir.appendingPathComponent("err")
    try Data().write(to: out)
    try Data().write(to: err)
    let p = Process()
    p.executableURL = exe
    p.arguments = arguments
    p.currentDirectoryURL = Paths.packageRoot
    if !environment.isEmpty {
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        p.environment = env
    }
    p.standardOutput = try FileHandle(forWritingTo: out)
    p.standardError = try FileHandle(forWritingTo: err)
    try p.run()
    p.waitUntilExit()
    return ProgramRun(status: p.terminationStatus, stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                      stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
}
