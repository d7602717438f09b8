// Work shared among the cores with a result that does not depend on how it was shared:
// contiguous ranges of an index run in any order, and their results come back in range order.
import Dispatch
import Foundation

/// Runs `body` over `0..<count` split into `parts` contiguous ranges (by default more than
/// cores, so a core that finishes early takes another) on all cores, or in one range on this
/// thread when `count` is below `minimum` (small work costs less than waking threads), and
/// returns the ranges' results in range order.
public func inRanges<T>(_ count: Int, minimum: Int, parts: Int = 16, _ body: @Sendable (Range<Int>) -> T) -> [T] {
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

/// A buffer the ranges of `inRanges` write at indices no other range touches (each index
/// belongs to one range, so no two threads ever touch one element).
struct SharedBuffer<T>: @unchecked Sendable {
    let base: UnsafeMutableBufferPointer<T>
}

/// Runs `body` on every element of `array` (or of `range`) in place (with its index), the indices shared
/// among the cores by `inRanges` when there are at least `minimum`. `body` must touch only
/// the element it is given: the result is then the same as one loop's.
func forEachInPlace<T>(_ array: inout [T], in range: Range<Int>? = nil, minimum: Int, _ body: @Sendable (inout T, Int) -> Void) {
    let range = range ?? array.indices
    array.withUnsafeMutableBufferPointer { p in
        let shared = SharedBuffer(base: p)
        _ = inRanges(range.count, minimum: minimum) { r in for i in r { body(&shared.base[range.lowerBound + i], range.lowerBound + i) } }
    }
}

/// forEachInPlace with a value of each range's own (made by `start` as the range begins)
/// that `body` may change as it goes: a cache kept along a range.
func forEachInPlace<T, S>(_ array: inout [T], in range: Range<Int>? = nil, minimum: Int, with start: @Sendable () -> S,
                          _ body: @Sendable (inout T, Int, inout S) -> Void) {
    let range = range ?? array.indices
    array.withUnsafeMutableBufferPointer { p in
        let shared = SharedBuffer(base: p)
        _ = inRanges(range.count, minimum: minimum) { r in
            var state = start()
            for i in r { body(&shared.base[range.lowerBound + i], range.lowerBound + i, &state) }
        }
    }
}

/// A value handed to the threads of `inRanges` that only read it (or, for a result, that
/// only the thread making it touches): what the compiler cannot check, the caller promises.
struct Unchecked<T>: @unchecked Sendable {
    var value: T
}
