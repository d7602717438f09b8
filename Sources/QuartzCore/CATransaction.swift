// Transactions: how property changes are batched and how implicit animations are timed.
// Each thread has its own stack; values not set in a transaction are inherited from the
// enclosing one. Changes made outside any explicit transaction belong to an implicit one,
// committed by `flush()` (Core Animation commits it at the end of the run-loop turn).

/// Core Animation's transactions.
public final class CATransaction {
    final class Frame {
        var values: [String: Any] = [:]
        var completion: (() -> Void)?
        var group: CompletionGroup?
        let isImplicit: Bool
        init(isImplicit: Bool) { self.isImplicit = isImplicit }
    }

    /// Waits for every animation added inside a transaction to stop, then calls its completion block.
    final class CompletionGroup {
        var pending = 0
        var sealed = false
        var block: (() -> Void)?
        func finishOne() { pending -= 1; fireIfDone() }
        func fireIfDone() {
            if sealed && pending <= 0, let b = block { block = nil; b() }
        }
    }

    /// A thread's transactions: the open frames, and how many top-level commits it has made.
    final class Stack {
        var frames: [Frame] = []
        var commits = 0
        /// Tells stacks apart (a layer remembers the stack it was created under).
        let serial: Int
        init() {
            Stack.serialLock.lock(); defer { Stack.serialLock.unlock() }
            Stack.lastSerial += 1
            serial = Stack.lastSerial
        }
        private static let serialLock = NSLock()
        nonisolated(unsafe) private static var lastSerial = 0
    }

    /// Where a layer was created in transaction time: its thread's stack and commit count.
    struct Generation: Sendable { var stack: Int; var commits: Int }

    /// The thread-specific slot of each thread's stack (a retained Stack, released when the
    /// thread ends). A POSIX key rather than Thread's dictionary: every property change looks
    /// the stack up, and the dictionary lookup cost more than reading a layer from a scene file.
    /// nil when the process has no key left: Thread's dictionary holds the stacks then.
    private static let stackKey: pthread_key_t? = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { p in
            if let p { Unmanaged<Stack>.fromOpaque(p).release() }
        }
        return status == 0 ? key : nil
    }()
    private static let dictionaryKey = "LaminaCATransactionStack"
    static var stack: Stack {
        guard let key = stackKey else {
            let dict = Thread.current.threadDictionary
            if let s = dict[dictionaryKey] as? Stack { return s }
            let s = Stack()
            dict[dictionaryKey] = s
            return s
        }
        if let p = pthread_getspecific(key) { return Unmanaged<Stack>.fromOpaque(p).takeUnretainedValue() }
        let s = Stack()
        pthread_setspecific(key, Unmanaged.passRetained(s).toOpaque())
        return s
    }

    /// Now, in transaction time: a layer animates implicitly only after the commit that first
    /// showed it (a layer created and changed in one transaction does not animate). Counted per
    /// thread, as transactions are, so another thread's commit does not show this thread's new
    /// layers (tests run in parallel); a layer changed on another thread than its own counts as shown.
    static var generation: Generation { let s = stack; return Generation(stack: s.serial, commits: s.commits) }

    /// Whether this thread has committed since `g` (or `g` was taken on another thread).
    static func hasCommitted(since g: Generation) -> Bool {
        let s = stack
        return s.serial != g.stack || s.commits > g.commits
    }

    /// The innermost transaction, opening an implicit one when there is none.
    static var current: Frame {
        let s = stack
        if let f = s.frames.last { return f }
        let f = Frame(isImplicit: true)
        s.frames.append(f)
        return f
    }

    /// Begins a transaction (nested inside the current one, if any).
    public static func begin() {
        stack.frames.append(Frame(isImplicit: false))
    }

    /// Commits the innermost explicit transaction.
    public static func commit() {
        let s = stack
        // An implicit transaction opened inside an explicit one folds into it.
        while let f = s.frames.last, f.isImplicit, s.frames.count > 1 { s.frames.removeLast(); merge(f, into: s.frames.last!) }
        guard let f = s.frames.popLast() else { return }
        finish(f)
        if s.frames.isEmpty { s.commits += 1 }
    }

    /// Commits the implicit transaction, if any (and marks new layers as shown).
    public static func flush() {
        let s = stack
        if let f = s.frames.last, f.isImplicit { s.frames.removeLast(); finish(f) }
        if s.frames.isEmpty { s.commits += 1 }
    }

    private static func merge(_ f: Frame, into outer: Frame) {
        if let g = f.group { g.sealed = true; g.fireIfDone() }
        if let c = f.completion { outer.completion = { [previous = outer.completion] in previous?(); c() } }
    }

    private static func finish(_ f: Frame) {
        let group = f.group ?? CompletionGroup()
        group.block = f.completion
        group.sealed = true
        group.fireIfDone()
    }

    private static func lookup(_ key: String) -> Any? {
        for f in stack.frames.reversed() { if let v = f.values[key] { return v } }
        return nil
    }

    /// The duration of implicit animations (default 0.25 s).
    public static func animationDuration() -> CFTimeInterval { (lookup("animationDuration") as? CFTimeInterval) ?? 0.25 }
    /// Sets the duration of implicit animations in the current transaction.
    public static func setAnimationDuration(_ d: CFTimeInterval) { current.values["animationDuration"] = d }

    /// The pacing of implicit animations (nil: Core Animation's default curve).
    public static func animationTimingFunction() -> CAMediaTimingFunction? { lookup("animationTimingFunction") as? CAMediaTimingFunction }
    /// Sets the pacing of implicit animations in the current transaction.
    public static func setAnimationTimingFunction(_ f: CAMediaTimingFunction?) { current.values["animationTimingFunction"] = f as Any }

    /// Whether property changes run no actions (no implicit animations).
    public static func disableActions() -> Bool { (lookup("disableActions") as? Bool) ?? false }
    /// Turns actions (implicit animations) off or back on in the current transaction.
    public static func setDisableActions(_ flag: Bool) { current.values["disableActions"] = flag }

    /// Called once every animation added in this transaction after the block was set has
    /// stopped (at commit when there are none). Setting another block hands the previous one
    /// the animations added so far: it runs once those have stopped, or at once if there were none.
    public static func completionBlock() -> (() -> Void)? { current.completion }
    /// Sets the current transaction's completion block (see `completionBlock()`).
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        let f = current
        if let previous = f.completion {
            let g = f.group ?? CompletionGroup()
            g.block = previous
            g.sealed = true
            g.fireIfDone()
        }
        f.group = nil
        f.completion = block
    }

    /// Any value by key (the four above use "animationDuration", "animationTimingFunction",
    /// "disableActions", "completionBlock").
    public static func value(forKey key: String) -> Any? {
        key == "completionBlock" ? current.completion as Any? : lookup(key)
    }

    /// Sets a value by key in the current transaction ("completionBlock" sets the completion block).
    public static func setValue(_ value: Any?, forKey key: String) {
        if key == "completionBlock" { setCompletionBlock(value as? () -> Void); return }
        current.values[key] = value
    }

    /// Registers an animation with the current transaction's completion group.
    static func track() -> CompletionGroup {
        let f = current
        let g = f.group ?? CompletionGroup()
        f.group = g
        g.pending += 1
        return g
    }

    /// A no-op kept for API parity (Lamina's model has no render-thread lock).
    public static func lock() {}
    /// A no-op, as `lock()` is.
    public static func unlock() {}
}
