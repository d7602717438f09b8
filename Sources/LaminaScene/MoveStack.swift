// A stack whose top elements leave as one array by moving (no copy, retain or release per
// element): the JSON parser's members and items of the objects and arrays being read.

/// A growable stack of `Element` in memory it owns until `free()`. Not copyable in meaning:
/// copies share the memory, and only one may push, pop or free.
struct MoveStack<Element> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// How many elements are on the stack.
    private(set) var count = 0

    init(capacity: Int = 64) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    /// Pushes `x` on top.
    mutating func push(_ x: Element) {
        if count == capacity {
            let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            bigger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = bigger
            capacity *= 2
        }
        (base + count).initialize(to: x)
        count += 1
    }

    /// Removes the elements from index `start` up and returns them in order, moved.
    mutating func pop(from start: Int) -> [Element] {
        let n = count - start
        guard n > 0 else { return [] }
        // (Array(unsafeUninitializedCapacity:) was left unspecialized here: a generic runtime
        // call and metadata lookup per array, costlier than these appends.)
        var out: [Element] = []
        out.reserveCapacity(n)
        for k in start..<count { out.append((base + k).move()) }
        count = start
        return out
    }

    /// The element at `index` (< count), read in place.
    subscript(index: Int) -> Element {
        unsafeAddress { UnsafePointer(base + index) }
    }

    /// Destroys what is left and frees the memory (the stack must not be used after).
    func free() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
