// The animation classes: CAAnimation, CAPropertyAnimation, CABasicAnimation,
// CAKeyframeAnimation, CASpringAnimation, CAAnimationGroup.

/// Something a layer runs in response to an event (a property change): Core Animation's CAAction.
public protocol CAAction: AnyObject {
    /// Runs the action for `event` on `anObject` (the layer whose property changed).
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// `NSNull` as an action means "no action" (in a layer's `actions` or from its delegate).
extension NSNull: CAAction {
    /// Does nothing: NSNull is the "no action" action.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// Told when an animation starts and stops.
public protocol CAAnimationDelegate: AnyObject {
    /// The animation has begun (its active time reached 0).
    func animationDidStart(_ anim: CAAnimation)
    /// The animation has stopped: `flag` is true when it ran to its end, false when removed early.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    /// Does nothing by default.
    public func animationDidStart(_ anim: CAAnimation) {}
    /// Does nothing by default.
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The base of every animation: timing, pacing, delegate. Adding one to a layer copies it.
open class CAAnimation: CAMediaTiming, CAAction {
    /// When the animation begins, in its layer's time (0: when it is added).
    open var beginTime: CFTimeInterval = 0
    /// Seconds per iteration (0: Core Animation's 0.25).
    open var duration: CFTimeInterval = 0
    /// How fast the animation's time runs against its layer's (2: twice as fast; 0: frozen).
    open var speed: Float = 1
    /// Where in its timeline the animation starts, in seconds (wrapping round within the active duration).
    open var timeOffset: CFTimeInterval = 0
    /// How many iterations play (0: one; a fraction plays part of the last; .infinity: forever).
    open var repeatCount: Float = 0
    /// How long the animation repeats, in seconds (0: repeatCount decides).
    open var repeatDuration: CFTimeInterval = 0
    /// Whether each iteration plays forward, then backward (doubling its length).
    open var autoreverses = false
    /// What the animation shows outside its active duration (default .removed: nothing).
    open var fillMode: CAMediaTimingFillMode = .removed
    /// The pacing (nil: linear).
    open var timingFunction: CAMediaTimingFunction?
    /// Told when the animation starts and stops (held strongly, as Core Animation does).
    open var delegate: CAAnimationDelegate?
    /// Whether the animation is removed from its layer when it ends (default true).
    open var isRemovedOnCompletion = true

    /// A new animation with Core Animation's defaults.
    public required init() {}

    /// A new animation (Core Animation's class constructor).
    public class func animation() -> Self { Self() }

    /// The default value of a property.
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// A copy (adding an animation to a layer adds a copy).
    open func copy() -> Any {
        let c = type(of: self).init()
        c.copyFields(from: self)
        return c
    }

    /// Copies every field from `other` (subclasses extend it).
    open func copyFields(from other: CAAnimation) {
        beginTime = other.beginTime; duration = other.duration; speed = other.speed; timeOffset = other.timeOffset
        repeatCount = other.repeatCount; repeatDuration = other.repeatDuration; autoreverses = other.autoreverses
        fillMode = other.fillMode; timingFunction = other.timingFunction; delegate = other.delegate
        isRemovedOnCompletion = other.isRemovedOnCompletion
    }

    /// Running an animation as an action adds it to the layer under the event's key.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }

    /// Applies the animation to a presentation layer at `parentTime`, the animation having
    /// begun at `begin` (in the same time space).
    open func apply(to layer: CALayer, parentTime: CFTimeInterval, begin: CFTimeInterval) {}

    /// The eased fraction of a sample.
    func eased(_ s: CAMediaTimingSample) -> Double { timingFunction?.value(at: s.fraction) ?? s.fraction }
}

/// An animation of one key path of a layer.
open class CAPropertyAnimation: CAAnimation {
    /// The animated key path ("position", "transform.rotation.z", ...).
    open var keyPath: String?
    /// Whether the value adds to the property's value instead of replacing it.
    open var isAdditive = false
    /// Whether each repetition builds on the end of the previous one.
    open var isCumulative = false

    /// A new property animation with no key path yet.
    public required init() { super.init() }

    /// An animation of `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    open override func copyFields(from other: CAAnimation) {
        super.copyFields(from: other)
        if let o = other as? CAPropertyAnimation { keyPath = o.keyPath; isAdditive = o.isAdditive; isCumulative = o.isCumulative }
    }

    open override func apply(to layer: CALayer, parentTime: CFTimeInterval, begin: CFTimeInterval) {
        guard let keyPath, let s = sample(localTime: localTime(parentTime, begin: begin)) else { return }
        let base = layer.value(forKeyPath: keyPath)
        guard var v = value(at: s, base: base) else { return }
        if isAdditive { v = AnimationValues.add(base, v) as Any }
        try? layer.setValueChecked(v, forKeyPath: keyPath)
    }

    /// The value at a sample, over `base` (the value beneath the animation).
    open func value(at s: CAMediaTimingSample, base: Any?) -> Any? { nil }
}

/// An animation from one value to another.
open class CABasicAnimation: CAPropertyAnimation {
    /// The start (nil: see Core Animation's from/to/by rules).
    open var fromValue: Any?
    /// The end.
    open var toValue: Any?
    /// The change.
    open var byValue: Any?

    /// A new basic animation with no from, to or by value.
    public required init() { super.init() }

    open override func copyFields(from other: CAAnimation) {
        super.copyFields(from: other)
        if let o = other as? CABasicAnimation { fromValue = o.fromValue; toValue = o.toValue; byValue = o.byValue }
    }

    /// Start and end under Core Animation's rules for which of from/to/by are set.
    func endpoints(base: Any?) -> (Any?, Any?) {
        switch (fromValue != nil, toValue != nil, byValue != nil) {
        case (true, true, _): return (fromValue, toValue)
        case (true, false, true): return (fromValue, AnimationValues.add(fromValue, byValue))
        case (false, true, true): return (AnimationValues.removing(byValue, from: toValue), toValue)
        case (true, false, false): return (fromValue, base)
        case (false, true, false): return (base, toValue)
        case (false, false, true): return (base, AnimationValues.add(base, byValue))
        default: return (base, base)
        }
    }

    /// The fraction of the way from start to end at a sample.
    func progress(_ s: CAMediaTimingSample) -> Double { eased(s) }

    open override func value(at s: CAMediaTimingSample, base: Any?) -> Any? {
        let (a, b) = endpoints(base: base)
        var v = AnimationValues.interpolate(a, b, progress(s))
        if isCumulative && s.iteration > 0, let delta = AnimationValues.subtract(b, a) {
            for _ in 0..<s.iteration { v = AnimationValues.add(v, delta) }
        }
        return v
    }
}

/// A damped spring from one value to another: x(t) of a mass on a spring, released with
/// `initialVelocity` (in whole distances per second, positive toward the target).
open class CASpringAnimation: CABasicAnimation {
    /// The mass on the spring (default 1).
    open var mass: Double = 1
    /// The spring constant k (default 100).
    open var stiffness: Double = 100
    /// The damping coefficient c (default 10; 0 never settles).
    open var damping: Double = 10
    /// The velocity at release, in whole distances per second toward the target (default 0).
    open var initialVelocity: Double = 0

    /// A new spring: mass 1, stiffness 100, damping 10, released at rest.
    public required init() { super.init() }

    open override func copyFields(from other: CAAnimation) {
        super.copyFields(from: other)
        if let o = other as? CASpringAnimation { mass = o.mass; stiffness = o.stiffness; damping = o.damping; initialVelocity = o.initialVelocity }
    }

    /// The remaining displacement (1 at t = 0, toward 0) at time t, and a bound on its size
    /// for every time after t (for the settling duration).
    func displacement(_ t: Double) -> (x: Double, bound: Double) {
        let m = max(mass, 1e-9), k = max(stiffness, 1e-9), c = max(damping, 0)
        let w0 = (k / m).squareRoot()
        let zeta = c / (2 * (k * m).squareRoot())
        let v0 = -initialVelocity  // x'(0): moving toward the target shrinks x
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let a = 1.0, b = (v0 + zeta * w0 * a) / wd
            let env = exp(-zeta * w0 * t)
            return (env * (a * cos(wd * t) + b * sin(wd * t)), env * (a * a + b * b).squareRoot())
        } else if zeta == 1 {
            let a = 1.0, b = v0 + w0 * a
            let env = exp(-w0 * t)
            // |a + b t| e^(-w0 t) is bounded after t by (|a| + |b| t) e^(-w0 t) once that decreases.
            return (env * (a + b * t), env * (abs(a) + abs(b) * max(t, 1 / w0)))
        } else {
            let s = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - s), r2 = -w0 * (zeta + s)
            let c2 = (v0 - r1) / (r2 - r1), c1 = 1 - c2
            return (c1 * exp(r1 * t) + c2 * exp(r2 * t), abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t))
        }
    }

    /// How long the spring takes to stay within 1e-3 of its target for good.
    open var settlingDuration: CFTimeInterval {
        guard damping > 0 else { return .infinity }
        var hi = 1.0
        while displacement(hi).bound > 1e-3 && hi < 1e6 { hi *= 2 }
        var lo = 0.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if displacement(mid).bound > 1e-3 { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// The spring runs on real time within the iteration: its own curve, no timing function.
    override func progress(_ s: CAMediaTimingSample) -> Double { 1 - displacement(s.iterationTime).x }
}

/// How keyframe values are spaced and joined.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    /// The mode's Core Animation name.
    public let rawValue: String
    /// A mode from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Straight lines between values at their key times (the default).
    public static let linear = Self(rawValue: "linear")
    /// Each value held until the next key time, no interpolation.
    public static let discrete = Self(rawValue: "discrete")
    /// Straight lines at an even speed: key times from the distances between values (keyTimes and timingFunctions ignored).
    public static let paced = Self(rawValue: "paced")
    /// A Catmull-Rom spline through the values at their key times.
    public static let cubic = Self(rawValue: "cubic")
    /// The cubic spline with key times from the distances between values.
    public static let cubicPaced = Self(rawValue: "cubicPaced")
}

/// An animation through a list of values.
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The values, in order.
    open var values: [Any]?
    /// When each value is reached, as fractions 0...1 of the duration (nil: evenly spaced).
    open var keyTimes: [NSNumber]?
    /// The pacing of each segment (n - 1 functions for n values).
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How values are spaced in time and joined.
    open var calculationMode: CAAnimationCalculationMode = .linear

    /// A new keyframe animation with no values.
    public required init() { super.init() }

    open override func copyFields(from other: CAAnimation) {
        super.copyFields(from: other)
        if let o = other as? CAKeyframeAnimation {
            values = o.values; keyTimes = o.keyTimes; timingFunctions = o.timingFunctions; calculationMode = o.calculationMode
        }
    }

    /// The key times in use: given ones when they fit, paced ones in the paced modes, else even.
    func times(_ n: Int) -> [Double] {
        let vals = values ?? []
        if calculationMode == .paced || calculationMode == .cubicPaced {
            var acc = [0.0]
            for i in 1..<n { acc.append(acc[i - 1] + AnimationValues.distance(vals[i - 1], vals[i])) }
            let total = acc.last!
            return total > 0 ? acc.map { $0 / total } : (0..<n).map { Double($0) / Double(max(n - 1, 1)) }
        }
        if let kt = keyTimes?.map(\.doubleValue), kt.count == n || (calculationMode == .discrete && kt.count == n + 1) {
            return kt
        }
        if calculationMode == .discrete { return (0..<n).map { Double($0) / Double(n) } }
        return (0..<n).map { Double($0) / Double(max(n - 1, 1)) }
    }

    open override func value(at s: CAMediaTimingSample, base: Any?) -> Any? {
        guard let vals = values, !vals.isEmpty else { return nil }
        let n = vals.count
        if n == 1 { return vals[0] }
        let p = eased(s)
        let kt = times(n)
        if calculationMode == .discrete {
            var i = 0
            while i + 1 < min(n, kt.count) && p >= kt[i + 1] { i += 1 }
            return vals[i]
        }
        var i = 0
        while i + 2 < n && p >= kt[i + 1] { i += 1 }
        let span = kt[i + 1] - kt[i]
        var f = span > 0 ? min(max((p - kt[i]) / span, 0), 1) : 1
        if calculationMode == .linear || calculationMode == .cubic, let tf = timingFunctions, i < tf.count { f = tf[i].value(at: f) }
        if calculationMode == .cubic || calculationMode == .cubicPaced {
            // Catmull-Rom through the values (the endpoints repeat), per component.
            let c0 = AnimationValues.components(vals[max(i - 1, 0)]), c1 = AnimationValues.components(vals[i])
            let c2 = AnimationValues.components(vals[i + 1]), c3 = AnimationValues.components(vals[min(i + 2, n - 1)])
            if !c1.isEmpty && c0.count == c1.count && c2.count == c1.count && c3.count == c1.count {
                let f2 = f * f, f3 = f2 * f
                let out = (0..<c1.count).map { k in
                    0.5 * (2 * c1[k] + (c2[k] - c0[k]) * f + (2 * c0[k] - 5 * c1[k] + 4 * c2[k] - c3[k]) * f2
                           + (3 * c1[k] - c0[k] - 3 * c2[k] + c3[k]) * f3)
                }
                return AnimationValues.value(like: vals[i], out)
            }
        }
        return AnimationValues.interpolate(vals[i], vals[i + 1], f)
    }
}

/// Several animations run together in the group's time.
open class CAAnimationGroup: CAAnimation {
    /// The animations; their times are relative to the group's.
    open var animations: [CAAnimation]?

    /// A new, empty group.
    public required init() { super.init() }

    open override func copyFields(from other: CAAnimation) {
        super.copyFields(from: other)
        if let o = other as? CAAnimationGroup { animations = o.animations?.map { $0.copy() as! CAAnimation } }
    }

    open override func apply(to layer: CALayer, parentTime: CFTimeInterval, begin: CFTimeInterval) {
        guard let s = sample(localTime: localTime(parentTime, begin: begin)) else { return }
        // The group's time within its iteration, eased by its own timing function.
        let t = timingFunction.map { $0.value(at: s.fraction) * effectiveDuration } ?? s.iterationTime
        for a in animations ?? [] { a.apply(to: layer, parentTime: t, begin: a.beginTime) }
    }
}
