// The demo's frame pipeline (a frame compiled on another thread while the last one draws) and
// the benchmark that measures it.
import Foundation
import LaminaDemoKit
import Testing
import LaminaTestSupport

struct FramePipelineTests {
    struct Failed: Error, Equatable { let n: Int }

    @Test func finishReturnsEachJobsValueOnceAndNilWhenIdle() throws {
        let p = FramePipeline<Int>()
        #expect(try p.finish() == nil)
        #expect(!p.isBusy)
        for k in 0..<50 {
            p.start { (0..<1000).reduce(k) { $0 &+ $1 & 1 } }
            #expect(p.isBusy)
            #expect(try p.finish() == k + 500)
            #expect(try p.finish() == nil)
        }
    }

    @Test func aJobsErrorComesBackFromFinishAndThePipelineGoesOn() throws {
        let p = FramePipeline<Int>()
        p.start { throw Failed(n: 3) }
        #expect(throws: Failed(n: 3)) { try p.finish() }
        #expect(!p.isBusy)
        p.start { 7 }
        #expect(try p.finish() == 7)
    }

    @Test func startingWhileBusyWaitsForTheJobUnderWayAndKeepsTheNewOne() throws {
        let p = FramePipeline<Int>()
        let log = Log()
        p.start { Thread.sleep(forTimeInterval: 0.05); log.add(1); return 1 }
        p.start { log.add(2); return 2 }
        #expect(try p.finish() == 2)
        #expect(log.items == [1, 2])
    }

    /// The job reads what the caller handed over only while the caller leaves it alone: the
    /// caller's next change waits for `finish` (the demo's order: finish, input, start, draw).
    @Test func handedOverStateIsReadBeforeTheCallerChangesIt() throws {
        final class Box { var n = 0 }
        let box = Box()
        let p = FramePipeline<Int>()
        var seen: [Int] = []
        for k in 1...200 {
            if let v = try p.finish() { seen.append(v) }
            box.n = k
            let handed = HandedOver(box)
            p.start { handed.value.n }
        }
        if let v = try p.finish() { seen.append(v) }
        #expect(seen == Array(1...200))
    }

    @Test(.enabled(if: glAvailable, "the window draws with OpenGL, and no context can be made here"))
    func benchmarkMeasuresOneSceneEitherWay() throws {
        for (flags, mode) in [([String](), "pipelined"), (["--no-pipeline"], "compile then draw")] {
            let r = try demoUnderXvfb(["--benchmark", "3", "--benchmark-scene", "2"] + flags)
            #expect(r.status == 0, "\(r.stderr)")
            let lines = r.stdout.split(separator: "\n")
            #expect(lines.first?.contains(mode) == true, "\(r.stdout)")
            // One scene measured: the header, its line, the summary.
            #expect(lines.count == 3, "\(r.stdout)")
            #expect(lines.dropFirst().first?.contains("Conundrum") == true && lines.dropFirst().first?.contains("latency p50") == true, "\(r.stdout)")
        }
        let bad = try demoUnderXvfb(["--benchmark", "3", "--benchmark-scene", "99"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("no scene 99"), "\(bad.stderr)")
    }
}

/// Integers appended from several threads.
private final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Int] = []
    func add(_ n: Int) { lock.lock(); list.append(n); lock.unlock() }
    var items: [Int] { lock.lock(); defer { lock.unlock() }; return list }
}
