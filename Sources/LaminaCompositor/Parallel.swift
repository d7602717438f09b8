// Work shared among the cores with a result that does not depend on how it was shared:
// contiguous ranges of an index run in any order, and their results come back in range order.
import Dispatch
import Foundation

/// Runs `body` over `0..<count` split into `parts` contiguous ranges (by default more than
/// cores, so a core that finishes early takes another) on all cores, or in one range on this
/// thread when `count` is below `minimum` (small work costs less than waking threads), and
/// returns the ranges' results in range order.
func inRanges<T>(_ count: Int, minimum: Int, parts: Int = 16, _ body: @Sendable (Range<Int>) -> T) -> [T] {
    guard count >= minimum, count > 1 else { return [body(0..<count)] }
    let parts = min(count, max(parts, 1))
    let results = Results<T>(count: parts)
    DispatchQueue.concurrentPerform(iterations: parts) { k in
        results.set(k, body(count * k / parts..<count * (k + 1) / parts))
    }
    return results.all
}

/// Results written from several threads, each slot once.
private final class Results<T>: @unchecked Sendable {
    private var items: [T?]
    private let lock = NSLock()

    init(count: Int) { items = Array(repeating: nil, count: count) }

    func set(_ k: Int, _ value: T) {
        lock.lock()
        items[k] = value
        lock.unlock()
    }

    var all: [T] {
        lock.lock()
        defer { lock.unlock() }
        return items.map { $0! }
    }
}
