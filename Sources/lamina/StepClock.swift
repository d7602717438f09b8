import Foundation

/// Wall-clock times of a command's steps, printed on standard error (`lamina render --timings`).
final class StepClock: @unchecked Sendable {
    private let enabled: Bool
    private var last = DispatchTime.now().uptimeNanoseconds
    private let start: UInt64
    private var lines: [String] = []

    init(enabled: Bool) {
        self.enabled = enabled
        start = last
    }

    /// Ends a step: its time since the previous step (or since the clock was made).
    func step(_ name: String) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        lines.append(String(format: "%9.2f ms  %@", Double(now - last) / 1e6, name))
        last = now
    }

    /// Prints the steps and their total.
    func report() {
        guard enabled else { return }
        let total = String(format: "%9.2f ms  total", Double(last - start) / 1e6)
        FileHandle.standardError.write(Data((lines + [total]).map { $0 + "\n" }.joined().utf8))
    }
}
