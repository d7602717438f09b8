// Compiling one frame while GL draws the one before: the frame period becomes the slower of
// compile and draw instead of their sum, for one frame more between input and screen.
import Dispatch

/// Runs one job at a time (a frame's compile) on a background thread. Whatever a job reads
/// (the layer tree, the frame compositor) belongs to it from `start` until `finish` returns:
/// the caller touches none of it in between (it draws the previous plan, which is a value).
public final class FramePipeline<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `result` is written by the background job before it signals `done` and read
    // only after `finish` waited for that signal (the semaphore orders the two); `isBusy` is
    // the caller's thread's alone.
    private let queue = DispatchQueue(label: "lamina-demo.compile", qos: .userInteractive)
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<Value, any Error>?
    /// Whether a job was started and not yet finished.
    public private(set) var isBusy = false

    /// A pipeline with nothing under way.
    public init() {}

    /// Starts `job` on the background thread, after waiting for (and dropping the result of)
    /// any job still under way.
    public func start(_ job: @escaping @Sendable () throws -> Value) {
        if isBusy { _ = try? finish() }
        isBusy = true
        queue.async {
            self.result = Result(catching: job)
            self.done.signal()
        }
    }

    /// Waits for the job under way and returns its value (or rethrows its error); nil when
    /// none was started since the last `finish`.
    public func finish() throws -> Value? {
        guard isBusy else { return nil }
        done.wait()
        isBusy = false
        defer { result = nil }
        return try result?.get()
    }
}

/// A value handed to a pipeline's job that is not Sendable by type (a layer tree): safe
/// because the pipeline's caller leaves it alone until the job finishes.
public struct HandedOver<T>: @unchecked Sendable {
    /// The value.
    public let value: T
    /// Wraps `value`.
    public init(_ value: T) { self.value = value }
}
