// One-time notes on stderr for silent surprises: text layers drawn without a text source, a
// model tree compiled while its animations run.
import Foundation

/// Notes printed at most once per process each.
public enum CompositorNotes {
    nonisolated(unsafe) private static var said: Set<String> = []
    private static let lock = NSLock()

    /// Whether notes are printed (tests may turn them off); on by default.
    nonisolated(unsafe) public static var isEnabled = true

    /// Prints `message` on stderr the first time `key` is noted; returns whether it printed.
    @discardableResult
    public static func once(_ key: String, _ message: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard isEnabled, said.insert(key).inserted else { return false }
        FileHandle.standardError.write(Data("note: \(message)\n".utf8))
        return true
    }

    /// Whether noting `key` now would print (so a costly check for it can be skipped).
    static func wouldNote(_ key: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return isEnabled && !said.contains(key)
    }

    /// The keys noted so far.
    public static var noted: Set<String> { lock.lock(); defer { lock.unlock() }; return said }

    static let noTextSource = "no-text-source"
    static let animatedModelTree = "animated-model-tree"
    static let replicatorCount = "replicator-count"
}
