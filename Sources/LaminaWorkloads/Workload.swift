// Workloads by name ("cards-1000", "cubes-64", "random-3"...), as `lamina bench --workloads`
// and tools/bench.sh name them.
import LaminaScene

/// A named, seeded benchmark scene.
public struct Workload: Sendable, Equatable {
    /// The kinds of workload.
    public enum Kind: String, Sendable, CaseIterable {
        /// N random-rotated cards in one perspective context ("cards-N").
        case cards
        /// N parallel cards inserted in depth order ("parallel-N").
        case parallel
        /// N separate cubes on a grid, N a square ("cubes-N").
        case cubes
        /// A flat tree of N layers, N a multiple of 100: N/100 rows of 99 ("flat-N").
        case flat
        /// A chain of N nested flattening layers ("chain-N").
        case chain
        /// Random scene number N of the oracle series ("random-N").
        case random
        /// The N-card scene, one card's transform changed per frame ("changing-N"; the file is the first frame).
        case changing
        /// The N-card scene turned as the demo's benchmark turns it: the root's
        /// sublayerTransform is the trackball turn of a run of drags, then the perspective
        /// ("demo-N"; the file is the view halfway through the demo's run, Generators.demoDrags).
        case demo
    }

    /// The kind.
    public let kind: Kind
    /// The size parameter (cards, cubes, layers, depth, or the random scene's index).
    public let count: Int

    /// The workload's name, "kind-count".
    public var name: String { "\(kind.rawValue)-\(count)" }

    /// A workload from its parts; nil when `count` does not fit the kind.
    public init?(kind: Kind, count: Int) {
        guard count >= 0, count <= 1_000_000 else { return nil }
        switch kind {
        case .cubes:
            let side = Int(Double(count).squareRoot().rounded())
            guard side * side == count else { return nil }
        case .flat: guard count % 100 == 0 else { return nil }
        case .chain: guard count <= 1000 else { return nil }
        default: break
        }
        self.kind = kind
        self.count = count
    }

    /// Parses "kind-count" (e.g. "cards-1000"); nil for anything else.
    public init?(name: String) {
        let parts = name.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, let kind = Kind(rawValue: String(parts[0])), let n = Int(parts[1]) else { return nil }
        self.init(kind: kind, count: n)
    }

    /// The scene for `seed`: the same seed gives the same scene (and scene file) everywhere.
    public func scene(seed: UInt64) -> Scene {
        switch kind {
        case .cards, .changing: Generators.cards(count: count, seed: seed)
        case .parallel: Generators.parallelCards(count: count, seed: seed)
        case .cubes: Generators.cubes(count: count, seed: seed)
        case .flat: Generators.flatTree(rows: count / 100, seed: seed)
        case .chain: Generators.chain(depth: count, seed: seed)
        case .random: Generators.randomScene(index: count, seed: seed)
        case .demo: Generators.demoCards(count: count, seed: seed, drags: Generators.demoDrags.lowerBound + Generators.demoDrags.count / 2)
        }
    }

    /// Issue 10's workloads, in the benchmark table's order.
    public static let standard: [Workload] = [
        "cards-100", "cards-1000", "cards-5000", "cards-10000", "parallel-1000", "cubes-64", "cubes-256",
        "flat-10000", "chain-40", "changing-1000", "demo-1000",
    ].map { Workload(name: $0)! }

    /// The oracle series: random scenes 0..<count.
    public static func randomSeries(_ count: Int = 24) -> [Workload] {
        (0..<count).map { Workload(kind: .random, count: $0)! }
    }

    /// What names look like, for error messages.
    public static let nameHelp = "cards-N, parallel-N, cubes-N (N a square), flat-N (N a multiple of 100), chain-N, random-N, changing-N, demo-N"
}
