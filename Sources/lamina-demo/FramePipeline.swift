// Compiling one frame while GL draws the one before: the frame period becomes the slower of
// compile and draw instead of their sum, for one frame more between input and screen.
import Dispatch
import LaminaCompositor

/// Runs one compile at a time on a background thread. Whatever a compile reads (the layer
/// tree, the frame compositor) belongs to it from `start` until `finish` returns: the caller
/// touches none of it in between (it draws the previous plan, which is a value).
final class FramePipeline: @unchecked Sendable {
    // @unchecked: `result` is written by the background job before it signals `done` and read
    // only after `finish` waited for that signal (the semaphore orders the two).
    private let queue = DispatchQueue(label: "lamina-demo.compile", qos: .userInteractive)
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<RenderPlan, any Error>?
    /// Whether a compile was started and not yet finished.
    private(set) var isBusy = false

    /// Starts `job` on the background thread, after finishing (and dropping) any compile still
    /// under way.
    func start(_ job: @escaping @Sendable () throws -> RenderPlan) {
        if isBusy { _ = try? finish() }
        isBusy = true
        queue.async {
            self.result = Result(catching: job)
            self.done.signal()
        }
    }

    /// Waits for the compile under way and returns its plan (or rethrows its error); nil when
    /// none was started.
    func finish() throws -> RenderPlan? {
        guard isBusy else { return nil }
        done.wait()
        isBusy = false
        defer { result = nil }
        return try result?.get()
    }
}

/// A value handed to the compile thread that is not Sendable by type (a layer tree): safe
/// because `FramePipeline`'s caller leaves it alone until the compile finishes.
struct HandedOver<T>: @unchecked Sendable {
    let value: T
}
