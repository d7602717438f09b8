// `lamina bench` results: one row per workload or scene, printed as an aligned table and
// written as JSON.
import Foundation

/// One workload's or scene's results (nil: not measured).
struct BenchRow: Encodable {
    var name: String
    var layers: Int?
    var compile: Stat?
    var counts: PlanCounts?
    var gl: Stat?
    var cpu: Stat?
    /// GL time of the raw-fill baseline (the output's final quads, target fills as solid colors, no offscreen targets).
    var rawFillGL: Stat?
    var peakMiB: Double?
    var changing: ChangingResult?
    var error: String?

    init(name: String, error: String? = nil) { self.name = name; self.error = error }
}

/// The changing workload's three series (GL frame time including compile) and their ratios.
struct ChangingResult: Encodable {
    var changedFrame: Stat
    var unchangedFrame: Stat
    var fromScratch: Stat
    /// changedFrame.p50 / fromScratch.p50.
    var changedShare: Double
    /// unchangedFrame.p50 / fromScratch.p50.
    var unchangedShare: Double

    init(changedFrame: Stat, unchangedFrame: Stat, fromScratch: Stat) {
        self.changedFrame = changedFrame; self.unchangedFrame = unchangedFrame; self.fromScratch = fromScratch
        changedShare = changedFrame.p50 / fromScratch.p50
        unchangedShare = unchangedFrame.p50 / fromScratch.p50
    }
}

struct BenchReport {
    let seed: UInt64
    let frames: Int
    let budget: Double
    let gl: String?

    /// The table's columns: title, width, and the cell of a row.
    var columns: [(String, Int, (BenchRow) -> String)] {
        func ms(_ s: Stat?) -> String { s.map { String(format: "%.2f/%.2f", $0.p50, $0.p95) } ?? "-" }
        func int(_ x: Int?) -> String { x.map(String.init) ?? "-" }
        func ratio(_ a: Stat?, _ b: Stat?) -> String {
            guard let a, let b, b.p50 > 0 else { return "-" }
            return String(format: "%.2fx", a.p50 / b.p50)
        }
        return [
            ("workload", 44, { $0.name }),
            ("layers", 7, { int($0.layers) }),
            ("compile ms", 16, { ms($0.compile) }),
            ("polys in", 9, { int($0.counts?.polygonsIn) }),
            ("polys out", 9, { int($0.counts?.polygonsOut) }),
            ("splits", 7, { int($0.counts?.splitPieces) }),
            ("targets", 7, { int($0.counts?.targets) }),
            ("target Mpx", 10, { $0.counts.map { String(format: "%.1f", $0.targetMegapixels) } ?? "-" }),
            ("draws", 7, { int($0.counts?.drawCalls) }),
            ("GL ms", 18, { ms($0.gl) }),
            ("CPU ms", 18, { ms($0.cpu) }),
            ("raw GL ms", 16, { ms($0.rawFillGL) }),
            ("GL/raw", 7, { ratio($0.gl, $0.rawFillGL) }),
            ("GL/CPU", 7, { ratio($0.gl, $0.cpu) }),
            ("peak MiB", 9, { $0.peakMiB.map { String(format: "%.0f", $0) } ?? "-" }),
        ]
    }

    func line(_ cells: [String]) -> String {
        zip(columns, cells).enumerated().map { i, c in
            let (col, text) = c
            let pad = String(repeating: " ", count: max(0, col.1 - text.count))
            return i == 0 ? text + pad : pad + text
        }.joined(separator: " ")
    }

    func printHeader() {
        print("seed \(seed); up to \(frames) frames per series, \(budget) s budget; times in ms as p50/p95; GL: \(gl ?? "unavailable")")
        print(line(columns.map(\.0)))
        print(line(columns.map { String(repeating: "-", count: $0.1) }))
    }

    func printRow(_ r: BenchRow) {
        if let e = r.error, r.changing == nil {
            print(r.name + ": " + e)
        } else {
            print(line(columns.map { $0.2(r) }))
        }
        fflush(nil)  // rows appear as they finish, also through a pipe
    }

    func printChanging(_ rows: [BenchRow]) {
        for r in rows {
            guard let c = r.changing else { continue }
            print(String(format: "%@: GL frame including compile, p50/p95 ms: one card changed %.2f/%.2f (%.0f%% of scratch), unchanged %.2f/%.2f (%.0f%%), from scratch %.2f/%.2f",
                         r.name as NSString, c.changedFrame.p50, c.changedFrame.p95, 100 * c.changedShare,
                         c.unchangedFrame.p50, c.unchangedFrame.p95, 100 * c.unchangedShare, c.fromScratch.p50, c.fromScratch.p95))
        }
    }

    struct Document: Encodable {
        var seed: UInt64
        var framesPerSeries: Int
        var budgetSeconds: Double
        var glRenderer: String?
        var cpuCores: Int
        var rows: [BenchRow]
    }

    func writeJSON(_ rows: [BenchRow], to path: String) throws {
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys]
        enc.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let doc = Document(seed: seed, framesPerSeries: frames, budgetSeconds: budget, glRenderer: gl,
                           cpuCores: ProcessInfo.processInfo.activeProcessorCount, rows: rows)
        do { try enc.encode(doc).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw CLIError("cannot write \(path): \(error)")
        }
    }
}
