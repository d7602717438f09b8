// Running the built tools from tests: one runner for every test target.
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What a program printed, and its exit status (128 + the signal when a signal ended it).
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

/// Why a program could not be started.
public struct ProgramStartError: Error, CustomStringConvertible {
    public var program: String
    public var step: String
    public var code: Int32
    public var description: String { "could not run \(program): \(step) failed: \(String(cString: strerror(code)))" }
}

/// Runs `exe` with `arguments` and `environment` changes (a nil value removes a variable),
/// capturing both streams through files (no pipe deadlocks), and waits for it.
///
/// Spawned directly rather than through Foundation's Process, for three reasons found the hard
/// way: Process starts the program in the folder that was current when the Process was made,
/// and the README example tests move the process into scratch folders they delete while other
/// suites run (ENOENT naming the program); Process learns of the exit through a socket every
/// descendant inherits, so a server left behind (an Xvfb whose xvfb-run ended) hangs the wait;
/// and test threads may block signals, which a child would inherit. Here the program starts in
/// the package root with no signal blocked or ignored, in a process group of its own, and is
/// waited for with waitpid; once it has exited, whatever it left running in its group is killed.
public func runProgram(_ exe: URL, _ arguments: [String], environment: [String: String?] = [:]) throws -> ProgramRun {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let outPath = dir.appendingPathComponent("out").path, errPath = dir.appendingPathComponent("err").path
    func fail(_ step: String, _ code: Int32) -> ProgramStartError { ProgramStartError(program: exe.path, step: step, code: code) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let flags = O_WRONLY | O_CREAT | O_TRUNC
    var rc = posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if rc == 0 { rc = posix_spawn_file_actions_addopen(&actions, 1, outPath, flags, 0o600) }
    if rc == 0 { rc = posix_spawn_file_actions_addopen(&actions, 2, errPath, flags, 0o600) }
    if rc == 0 { rc = addChdir(&actions, Paths.packageRoot.path) }
    guard rc == 0 else { throw fail("preparing the file actions", rc) }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t(), all = sigset_t()
    sigemptyset(&none)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

    var env = ProcessInfo.processInfo.environment
    for (k, v) in environment { env[k] = v }
    let argv = ([exe.path] + arguments).map { strdup($0) } + [nil]
    let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for p in argv + envp { free(p) } }

    var pid: pid_t = 0
    rc = posix_spawn(&pid, exe.path, &actions, &attributes, argv, envp)
    guard rc == 0 else { throw fail("posix_spawn", rc) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 {
        guard errno == EINTR else { throw fail("waitpid", errno) }
    }
    kill(-pid, SIGKILL)   // what it left behind in its group (ESRCH when nothing)
    let signal = status & 0x7f
    let code = signal == 0 ? (status >> 8) & 0xff : 128 + signal
    return ProgramRun(status: code, stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                      stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
}

/// glibc's posix_spawn_file_actions_addchdir_np (2.29 and later), which Swift's Glibc module
/// does not export: looked up once by name.
private func addChdir(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: String) -> Int32 {
    guard let f = addChdirFunction else { return ENOSYS }
    return f(actions, path)
}

private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
private let addChdirFunction: AddChdir? = dlsym(nil, "posix_spawn_file_actions_addchdir_np").map { unsafeBitCast($0, to: AddChdir.self) }
