// What `lamina bench` measures: timed series (percentiles), counts derived from a plan, the
// raw-fill baseline plan, and peak resident memory per workload.
import CoreGraphics
import Foundation
import LaminaCompositor

/// Percentiles of a timed series, in milliseconds.
struct Stat: Encodable {
    /// The median.
    var p50: Double
    /// The 95th percentile (nearest rank, rounding down).
    var p95: Double
    /// How many timed frames.
    var frames: Int

    init(_ seconds: [Double]) {
        let s = seconds.sorted()
        func p(_ q: Double) -> Double { s.isEmpty ? .nan : s[min(s.count - 1, Int(Double(s.count - 1) * q))] * 1000 }
        p50 = p(0.5); p95 = p(0.95); frames = s.count
    }
}

/// Runs `body(frame)` up to `frames` times and times each run, after untimed warm-up runs
/// (shaders, pools, caches); a warm-up run over a second counts as a frame instead and ends
/// the warm-up (repeating a frame that slow would only spend the budget). The series stops
/// early once `budget` seconds are spent; at least one frame is always timed. Frames shorter
/// than a hundredth of `minimumSpan` repeat until the timed ones span it (at most 50 x
/// `frames`): ten frames of a third of a millisecond cover 3 ms, which one busy moment of the
/// host shifts whole, so sub-millisecond series were not comparable from one to the next.
func timedSeries(frames: Int, budget: Double, minimumSpan: Double = 0.1, _ body: (Int) throws -> Void) rethrows -> Stat {
    var times: [Double] = []
    var spent = 0.0, frame = 0
    // Untimed warm-up: at least 3 frames and 0.2 s (at most a quarter of the budget; a frame
    // over a second counts as timed). Without it the first series after a compile series ran
    // up to 1.6x slower than the same frames a moment later (caches, allocator, llvmpipe's
    // scene memory), whichever renderer it measured.
    var warm = 0.0, warmFrames = 0
    while warmFrames < 3 || (warm < 0.2 && warm < budget / 4) {
        let t = try time { try body(frame) }
        frame += 1
        spent += t
        warm += t
        warmFrames += 1
        if t > 1 { times.append(t); break }
    }
    var timed = 0.0
    func wanted() -> Bool {
        times.count < frames || (timed < minimumSpan && times.count < 50 * frames && timed < Double(times.count) * minimumSpan / 100)
    }
    while wanted() && (times.isEmpty || spent < budget) {
        let t = try time { try body(frame) }
        frame += 1
        spent += t
        timed += t
        times.append(t)
    }
    return Stat(times)
}

/// Seconds `body` takes (monotonic clock).
func time(_ body: () throws -> Void) rethrows -> Double {
    let start = ProcessInfo.processInfo.systemUptime
    try body()
    return ProcessInfo.processInfo.systemUptime - start
}

/// Counts read off a compiled plan. The compositor exposes no BSP statistics, so they are
/// derived: "polygons out" are the drawn quads; "polygons in" count each split layer part
/// once (split pieces merged by target, layer name and role) plus every unsplit quad.
struct PlanCounts: Encodable {
    var polygonsIn = 0
    var polygonsOut = 0
    var splitPieces = 0
    /// Offscreen render targets (the output not counted).
    var targets = 0
    /// Pixels of all offscreen targets, in millions.
    var targetMegapixels = 0.0
    /// Draw calls the GL renderer issued for the plan (its batches); the quad count when GL is
    /// not measured.
    var drawCalls = 0

    init(_ plan: RenderPlan) {
        var origins = Set<String>()
        for (i, t) in plan.targets.enumerated() {
            for q in t.quads {
                polygonsOut += 1
                if q.isSplit {
                    splitPieces += 1
                    origins.insert("\(i)\u{1}\(q.layerName)\u{1}\(q.role)")
                }
            }
            if i != plan.outputIndex {
                targets += 1
                targetMegapixels += Double(t.width * t.height) / 1e6
            }
        }
        polygonsIn = polygonsOut - splitPieces + origins.count
        drawCalls = polygonsOut
    }
}

/// The raw-fill baseline of a plan: the output's final quads in their order, drawn into the
/// output alone (no sorting, no offscreen targets): what drawing the same final pixels costs
/// at the least. A `.target` fill samples a gray image of the target's own pixel size instead
/// (the same uv, clamp and filtering: the same per-pixel work as sampling the target), so
/// the baseline leaves out rendering and keeping targets, not drawing what they show. A layer
/// mask's texture is a target too: the baseline leaves it out (no targets to sample).
func rawFillPlan(_ plan: RenderPlan) -> RenderPlan {
    var raw = plan
    var out = plan.targets[plan.outputIndex]
    // One image per sampled target, made once per plan (the GL renderer uploads it once).
    var imageOf: [Int: Int] = [:]
    for k in out.quads.indices {
        out.quads[k].maskTexture = nil
        guard case .target(let index, let uv) = out.quads[k].fill else { continue }
        let image: Int
        if let known = imageOf[index] {
            image = known
        } else {
            let t = plan.targets[index]
            var gray = [UInt8](repeating: 128, count: t.width * t.height * 4)
            for a in stride(from: 3, to: gray.count, by: 4) { gray[a] = 255 }
            raw.images.append(CGImage(width: t.width, height: t.height, premultipliedRGBA: gray))
            image = raw.images.count - 1
            imageOf[index] = image
        }
        out.quads[k].fill = .image(index: image, uv: uv)
    }
    raw.targets = [out]
    return raw
}

/// Peak resident memory per workload: Linux's VmHWM, reset between workloads through
/// /proc/self/clear_refs ("5"); getrusage's lifetime peak where that is unavailable.
enum PeakMemory {
    /// Returns freed heap to the system (so an earlier workload's freed memory does not
    /// count), then resets the high-water mark to the resident size; false when not possible.
    @discardableResult
    static func reset() -> Bool {
        trimHeap()
        guard let h = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? h.close() }
        return (try? h.write(contentsOf: Data("5".utf8))) != nil
    }

    /// glibc's malloc_trim(0), looked up at run time (Swift's Glibc module leaves out malloc.h).
    static func trimHeap() {
        typealias Trim = @convention(c) (Int) -> Int32
        // RTLD_DEFAULT is the null handle on glibc.
        guard let sym = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(sym, to: Trim.self)(0)
    }

    /// The peak resident size since the last reset (or since the start), in MiB.
    static func peakMiB() -> Double {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kib = Double(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") {
            return kib / 1024
        }
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}
