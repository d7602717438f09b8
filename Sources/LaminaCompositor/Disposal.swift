// What a retained frame no longer needs (the frame before last's output quads and depth
// orders, the last plan) is let go on a background queue: freeing thousands of entries and
// quads is work no frame waits for, and on the frame's thread it took about a tenth of a
// changed frame (changing-1000). Only values that hold no layer are handed over (a layer
// freed there would run its deinit off the thread that drew it).
import Dispatch

/// Lets values go on a serial background queue.
public enum Disposal {
    private static let queue = DispatchQueue(label: "lamina.disposal", qos: .utility)

    /// Releases `value` on the background queue. What the caller still references elsewhere
    /// is only released there (references are counted atomically); what it referenced alone
    /// is freed there, so nothing in it may be used by another thread without a reference of
    /// its own, and it should hold no layer.
    public static func release<T>(_ value: consuming T) {
        // Moved into the holder (no copy left here) and let go inside the block, so the
        // last reference goes there even when the block runs before this call returns.
        let holder = Holder(consume value)
        queue.async { holder.value = nil }
    }

    /// The value on its way to the queue.
    private final class Holder<T>: @unchecked Sendable {
        var value: T?
        init(_ value: consuming T) { self.value = consume value }
    }

    /// Waits until everything handed over so far has been released.
    public static func drain() { queue.sync {} }
}
