// Core Animation's timing model: media time, the clock, timing protocol and fill modes.
import Foundation

/// Seconds, as Core Animation counts them.
public typealias CFTimeInterval = Double

/// The clock every animation runs on. By default it follows the system's monotonic time;
/// set it to a manual time to render or test frames at exact times ("an explicit clock").
public final class LaminaClock: @unchecked Sendable {
    /// The process's clock, read by `CACurrentMediaTime()`.
    public static let shared = LaminaClock()

    private let lock = NSLock()
    private var manual: CFTimeInterval?

    /// The current media time in seconds.
    public var now: CFTimeInterval {
        lock.lock(); defer { lock.unlock() }
        return manual ?? ProcessInfo.processInfo.systemUptime
    }

    /// Stops following the system time: from now on `now` is `time` until set or advanced again.
    public func set(_ time: CFTimeInterval) {
        lock.lock(); defer { lock.unlock() }
        manual = time
    }

    /// Moves a manual clock forward (starting a manual clock at the system time if needed).
    public func advance(by dt: CFTimeInterval) {
        lock.lock(); defer { lock.unlock() }
        manual = (manual ?? ProcessInfo.processInfo.systemUptime) + dt
    }

    /// Follows the system's monotonic time again.
    public func useSystemTime() {
        lock.lock(); defer { lock.unlock() }
        manual = nil
    }

    /// Whether the clock is manual.
    public var isManual: Bool {
        lock.lock(); defer { lock.unlock() }
        return manual != nil
    }
}

/// The current media time: `LaminaClock.shared.now`.
public func CACurrentMediaTime() -> CFTimeInterval { LaminaClock.shared.now }

/// What an animation shows outside its active duration.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    /// The mode's Core Animation name.
    public let rawValue: String
    /// A mode from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Nothing outside the active duration (the default).
    public static let removed = Self(rawValue: "removed")
    /// The final value after the end.
    public static let forwards = Self(rawValue: "forwards")
    /// The initial value before the start.
    public static let backwards = Self(rawValue: "backwards")
    /// Both.
    public static let both = Self(rawValue: "both")
}

/// Core Animation's timing properties (CAAnimation and CALayer adopt them).
public protocol CAMediaTiming: AnyObject {
    /// When the object begins, in its parent's time.
    var beginTime: CFTimeInterval { get set }
    /// Seconds per iteration (0: Core Animation's 0.25).
    var duration: CFTimeInterval { get set }
    /// How fast the object's time runs against its parent's.
    var speed: Float { get set }
    /// Added to the object's local time.
    var timeOffset: CFTimeInterval { get set }
    /// How many iterations play (0: one; may be fractional or infinite).
    var repeatCount: Float { get set }
    /// How long the object repeats, in seconds (0: repeatCount decides).
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each iteration plays forward, then backward.
    var autoreverses: Bool { get set }
    /// What the object shows outside its active duration.
    var fillMode: CAMediaTimingFillMode { get set }
}

/// Where a time falls in an object's timing: the result of `CAMediaTimingState.at(_:)`.
public struct CAMediaTimingSample: Equatable, Sendable {
    /// The fraction of the current iteration, 0...1 (before any timing function), mirrored on
    /// the way back of an autoreversing iteration.
    public var fraction: Double
    /// The time within the current iteration, seconds from its start (mirrored the same way).
    public var iterationTime: Double
    /// Completed iterations (for cumulative animations).
    public var iteration: Int
    /// Whether the time lies inside the active duration (not a fill).
    public var isActive: Bool
}

extension CAMediaTiming {
    /// The simple duration: `duration`, or Core Animation's 0.25 s when it is 0.
    public var effectiveDuration: CFTimeInterval { duration > 0 ? duration : 0.25 }

    /// The active duration: repeatDuration, or duration x repeats (x 2 when autoreversing).
    public var activeDuration: CFTimeInterval {
        let period = effectiveDuration * (autoreverses ? 2 : 1)
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount.isInfinite || repeatCount == .greatestFiniteMagnitude { return .infinity }
        return period * Double(repeatCount > 0 ? repeatCount : 1)
    }

    /// The local time for a parent time, given the time this object began (beginTime, or the
    /// time it was added when beginTime is 0).
    public func localTime(_ parentTime: CFTimeInterval, begin: CFTimeInterval) -> CFTimeInterval {
        (parentTime - begin) * Double(speed) + timeOffset
    }

    /// The local time without timeOffset: how far into its active duration the object is. The
    /// active duration (and so the fills) are measured on it; timeOffset only moves where in
    /// its timeline the object starts.
    public func activeTime(_ parentTime: CFTimeInterval, begin: CFTimeInterval) -> CFTimeInterval {
        (parentTime - begin) * Double(speed)
    }

    /// Where `localTime` falls: nil when the object has no effect then (outside its active
    /// duration without a fill that covers it).
    ///
    /// timeOffset does not move the active duration: it starts the object part-way through its
    /// timeline, which wraps round within the active duration (an animation of duration 1 with
    /// timeOffset 0.25 plays 0.25...1, then 0...0.25, and ends after 1 s, as Core Animation does).
    public func sample(localTime t: CFTimeInterval) -> CAMediaTimingSample? {
        let d = effectiveDuration
        let active = activeDuration
        let period = d * (autoreverses ? 2 : 1)
        var time = t - timeOffset
        var isActive = true
        if time < 0 {
            guard fillMode == .backwards || fillMode == .both else { return nil }
            time = 0
            isActive = false
        } else if time >= active {
            guard fillMode == .forwards || fillMode == .both else { return nil }
            time = active
            isActive = false
        }
        if timeOffset != 0 {
            let shifted = time + timeOffset
            if active.isFinite && active > 0 {
                let wrapped = shifted - (shifted / active).rounded(.down) * active
                // Frozen at the end with the wrap landing exactly there: the end, not the start.
                time = wrapped == 0 && time == active ? active : wrapped
            } else {
                time = shifted
            }
        }
        var k = (time / period).rounded(.down)
        var r = time - k * period
        // The very end of an iteration shows its final state, not the start of the next.
        if !isActive && time > 0 && r == 0 { k -= 1; r = period }
        var it = r
        if autoreverses && r > d { it = 2 * d - r }
        return CAMediaTimingSample(fraction: min(max(it / d, 0), 1), iterationTime: it, iteration: k.clampedToInt(in: 0...Int.max), isActive: isActive)
    }
}
