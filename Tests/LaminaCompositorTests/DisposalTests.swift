// Values let go off the frame's thread (Disposal.swift): freed on the queue, once, after the
// caller's last reference; and a plan a caller kept stays whole while the frames after it
// hand their old tables and plans there.
import Foundation
@testable import LaminaCompositor
import LaminaWorkloads
import QuartzCore
import Testing

/// Records on which thread it was freed.
private final class Probe: @unchecked Sendable {
    private let caller = pthread_self()
    private let done: @Sendable (Bool) -> Void
    init(_ done: @escaping @Sendable (_ onCaller: Bool) -> Void) { self.done = done }
    deinit { done(pthread_equal(pthread_self(), caller) != 0) }
}

/// What the probes reported.
private final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Bool] = []
    func add(_ onCaller: Bool) { lock.lock(); items.append(onCaller); lock.unlock() }
    var all: [Bool] { lock.lock(); defer { lock.unlock() }; return items }
}

@Suite struct DisposalTests {
    /// A value referenced by the caller alone is freed on the queue, after the caller's hand-over.
    @Test func freesOffTheCallersThread() {
        let reports = Reports()
        do {
            let probe = Probe { reports.add($0) }
            Disposal.release(consume probe)
        }
        Disposal.drain()
        #expect(reports.all == [false])
    }

    /// A value the caller still references is only released there: it lives on, and is
    /// freed where the caller's last reference goes.
    @Test func sharedValuesLiveOn() {
        let reports = Reports()
        do {
            let probe = Probe { reports.add($0) }
            Disposal.release([probe, probe])
            Disposal.drain()
            #expect(reports.all.isEmpty)
            withExtendedLifetime(probe) {}
        }
        #expect(reports.all == [true])
    }

    /// Values in a struct (a table's arrays) are freed with it, each once.
    @Test func everyElementFreedOnce() {
        let reports = Reports()
        do {
            var table: [Probe?] = []
            for _ in 0..<100 { table.append(Probe { reports.add($0) }) }
            table.append(nil)
            Disposal.release(consume table)
        }
        Disposal.drain()
        #expect(reports.all.count == 100 && reports.all.allSatisfy { !$0 })
    }

    /// Changed frames let their old plans and tables go on the queue: a plan the caller kept
    /// is still the plan a compile from scratch made of its frame, and every frame's is too.
    @Test func keptPlansStayWhole() throws {
        let s = Generators.cards(count: 60, seed: 3)
        let w = s.canvas.width, h = s.canvas.height
        let frames = FrameCompositor()
        var rng = SplitMix64(seed: 7)
        var kept: [(plan: RenderPlan, scratch: RenderPlan)] = []
        for frame in 0..<6 {
            Generators.changeOneCard(of: s, frame: frame, rng: &rng)
            let plan = try compileMatchingScratch(frames, s.root, width: w, height: h, background: s.canvas.background, "frame \(frame)")
            if frame % 2 == 0 { kept.append((plan, Compositor().compile(root: s.root, width: w, height: h, background: s.canvas.background))) }
        }
        Disposal.drain()
        for (k, p) in kept.enumerated() { #expect(p.plan.targets == p.scratch.targets, "kept plan \(k)") }
    }
}
