// The tests' program runner (LaminaTestSupport.runProgram): exit statuses, and no hang when a
// program leaves something running that holds its streams.
import Foundation
import Testing
import LaminaTestSupport

@Suite struct ProgramRunnerTests {
    let sh = URL(fileURLWithPath: "/bin/sh")

    @Test func statusesAndStreams() throws {
        let r = try runProgram(sh, ["-c", "echo out; echo err >&2; exit 3"])
        #expect(r.status == 3 && r.stdout == "out\n" && r.stderr == "err\n", "\(r)")
        let killed = try runProgram(sh, ["-c", "kill -TERM $$"])
        #expect(killed.status == 128 + 15, "\(killed)")
        let env = try runProgram(sh, ["-c", "echo \"$LAMINA_RUNNER_TEST\""], environment: ["LAMINA_RUNNER_TEST": "yes"])
        #expect(env.stdout == "yes\n")
    }

    /// As xvfb-run can leave its Xvfb: the program exits, a descendant keeps running. The wait
    /// ends with the program, and the descendant is killed with it.
    @Test func aDescendantLeftRunningNeitherHangsNorSurvives() throws {
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-runner-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: pidFile) }
        let start = Date()
        let r = try runProgram(sh, ["-c", "sleep 60 & echo $! > '\(pidFile.path)'; exit 0"])
        #expect(r.status == 0)
        #expect(Date().timeIntervalSince(start) < 30, "waited for the descendant")
        let pid = try #require(Int32(String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        // Killed (SIGKILL is immediate, but reaping by init may lag): gone within a few seconds.
        var alive = true
        for _ in 0..<50 where alive {
            alive = kill(pid, 0) == 0 && !((try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.contains(") Z ") ?? true)
            if alive { usleep(100_000) }
        }
        #expect(!alive, "the descendant \(pid) still runs")
    }
}
