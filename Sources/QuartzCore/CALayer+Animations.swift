// Animations on layers: adding and removing them, the presentation tree at a time, and the
// actions that property changes run (implicit animations).

/// A layer's delegate: Core Animation asks it first for a property change's action, and for
/// the layer's contents when the layer displays.
public protocol CALayerDelegate: AnyObject {
    /// The action for `event` (nil: keep looking; NSNull: no action).
    func action(for layer: CALayer, forKey event: String) -> CAAction?
    /// Sets the layer's contents itself (when implemented, the layer draws nothing of its own).
    func display(_ layer: CALayer)
    /// Draws the layer's contents into `ctx` (called by the layer's default `draw(in:)`).
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Called just before the layer makes its backing store and draws into it.
    func layerWillDraw(_ layer: CALayer)
    /// Lays out the layer's sublayers (called by the layer's default `layoutSublayers()`,
    /// when its bounds changed or sublayers came or went).
    func layoutSublayers(of layer: CALayer)
}

extension CALayerDelegate {
    /// No action of its own by default: the layer keeps looking.
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
    /// Not implemented by default: the layer makes its backing store and calls `draw(in:)`
    /// (Swift cannot ask whether an optional method exists, so this default does what Core
    /// Animation does when the delegate lacks `display(_:)`).
    public func display(_ layer: CALayer) { layer.drawBackingStore() }
    /// Draws nothing by default.
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    /// Does nothing by default.
    public func layerWillDraw(_ layer: CALayer) {}
    /// Lays out nothing by default.
    public func layoutSublayers(of layer: CALayer) {}
}

/// An animation attached to a layer: its key, the time it began and its progress reports.
final class AttachedAnimation {
    let key: String
    let isAnonymous: Bool
    let animation: CAAnimation
    let begin: CFTimeInterval
    let group: CATransaction.CompletionGroup?
    var started = false
    var stopped = false

    init(key: String, isAnonymous: Bool, animation: CAAnimation, begin: CFTimeInterval, group: CATransaction.CompletionGroup?) {
        self.key = key; self.isAnonymous = isAnonymous; self.animation = animation; self.begin = begin; self.group = group
    }

    /// Whether, at local time t, the animation is over (and so stops affecting the layer when
    /// removed on completion): measured on its active time, which timeOffset does not shift.
    func isOver(at t: CFTimeInterval) -> Bool { animation.activeTime(t, begin: begin) >= animation.activeDuration }
}

/// The keys whose changes animate implicitly by default (Core Animation's animatable properties).
/// `path` and `shadowPath` are animatable but, as on Core Animation, never implicitly.
let implicitlyAnimatedKeys: Set<String> = [
    "position", "bounds", "anchorPoint", "anchorPointZ", "zPosition", "opacity", "backgroundColor", "borderColor",
    "borderWidth", "cornerRadius", "transform", "sublayerTransform", "contentsRect",
    "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius",
    "colors", "locations", "startPoint", "endPoint",
    "fillColor", "strokeColor", "lineWidth", "miterLimit", "lineDashPhase", "strokeStart", "strokeEnd",
    "instanceCount", "instanceTransform", "instanceColor", "instanceRedOffset", "instanceGreenOffset",
    "instanceBlueOffset", "instanceAlphaOffset",
]

extension CALayer {
    // MARK: Adding and removing

    /// Adds a copy of `anim` under `key` (replacing any animation with that key). An
    /// animation whose beginTime is 0 begins now (the layer's current time).
    public func add(_ anim: CAAnimation, forKey key: String?) {
        add(anim, forKey: key, now: CACurrentMediaTime())
    }

    /// Adds a copy of `anim` as if the media time were `now` (Lamina's: for building timelines
    /// offline, e.g. a scene file's animations, which start at time 0).
    public func add(_ anim: CAAnimation, forKey key: String?, now mediaTime: CFTimeInterval) {
        let copy = anim.copy() as! CAAnimation
        let now = layerTime(mediaTime)
        let begin = copy.beginTime == 0 ? now : copy.beginTime
        if let key { removeAnimation(forKey: key) }
        let name = key ?? "lamina.anonymous.\(ObjectIdentifier(copy).hashValue)"
        AnimationsAdded.note()
        attachedAnimations.append(AttachedAnimation(key: name, isAnonymous: key == nil, animation: copy, begin: begin,
                                                    group: CATransaction.track()))
    }

    /// Removes the animation under `key`; its delegate hears it stopped unfinished.
    public func removeAnimation(forKey key: String) {
        guard let i = attachedAnimations.firstIndex(where: { $0.key == key }) else { return }
        let a = attachedAnimations.remove(at: i)
        stop(a, finished: false)
    }

    /// Removes every animation.
    public func removeAllAnimations() {
        let all = attachedAnimations
        attachedAnimations = []
        for a in all { stop(a, finished: false) }
    }

    /// The animation under `key` (a copy of what was added).
    public func animation(forKey key: String) -> CAAnimation? {
        attachedAnimations.first { $0.key == key }?.animation
    }

    /// The keys of the attached animations, in the order added (nil when there are none).
    public func animationKeys() -> [String]? {
        let keys = attachedAnimations.filter { !$0.isAnonymous }.map(\.key)
        return keys.isEmpty ? nil : keys
    }

    private func stop(_ a: AttachedAnimation, finished: Bool) {
        guard !a.stopped else { return }
        a.stopped = true
        a.animation.delegate?.animationDidStop(a.animation, finished: finished)
        a.group?.finishOne()
    }

    // MARK: Time

    /// A time of the root's parent (media time) in this layer's time space, through every
    /// ancestor's beginTime, speed and timeOffset (a mask runs on its host's time).
    public func layerTime(_ mediaTime: CFTimeInterval) -> CFTimeInterval {
        layerTime(mediaTime, shifts: [:])
    }

    /// layerTime, with the local times of the layers in `shifts` moved back by their values
    /// (a replicator's instance k runs k x instanceDelay behind, in the replicator's time).
    func layerTime(_ mediaTime: CFTimeInterval, shifts: [ObjectIdentifier: CFTimeInterval]) -> CFTimeInterval {
        let parent = (superlayer ?? maskHost).map { $0.layerTime(mediaTime, shifts: shifts) } ?? mediaTime
        let shift = shifts.isEmpty ? 0 : shifts[ObjectIdentifier(self)] ?? 0
        if beginTime == 0 && speed == 1 && timeOffset == 0 { return parent - shift }
        return (parent - beginTime) * Double(speed) + timeOffset - shift
    }

    /// Reports starts and ends up to `time` (media time) in this subtree: delegates hear
    /// animationDidStart / animationDidStop, finished animations removed on completion go,
    /// and transaction completion blocks run once all their animations have stopped.
    public func advanceAnimations(to time: CFTimeInterval) {
        let t = layerTime(time)
        for a in attachedAnimations {
            let local = a.animation.activeTime(t, begin: a.begin)
            if !a.started && local >= 0 { a.started = true; a.animation.delegate?.animationDidStart(a.animation) }
            if !a.stopped && a.isOver(at: t) { stop(a, finished: true) }
        }
        attachedAnimations.removeAll { $0.stopped && $0.animation.isRemovedOnCompletion }
        mask?.advanceAnimations(to: time)
        for s in sublayers ?? [] { s.advanceAnimations(to: time) }
    }

    /// Whether any layer of the process was ever given an animation (Lamina's): until one is,
    /// no tree has one running, and a walk to look for one can be skipped. Never cleared.
    public static var animationsWereAdded: Bool { AnimationsAdded.value }

    /// Whether any layer of this subtree has an animation attached (Lamina's: a tree without
    /// one draws as its model, so it need not be copied into a presentation tree).
    public func subtreeHasAnimations() -> Bool {
        if !attachedAnimations.isEmpty || mask?.subtreeHasAnimations() == true { return true }
        return storedSublayersForCopy.contains { $0.subtreeHasAnimations() }
    }

    /// Whether any animation in this subtree still changes what is drawn after `time`.
    public func hasRunningAnimations(at time: CFTimeInterval) -> Bool {
        // A layer's time is worked out (through every ancestor) only when it has animations.
        if !attachedAnimations.isEmpty {
            let t = layerTime(time)
            if attachedAnimations.contains(where: { !$0.isOver(at: t) }) { return true }
        }
        if mask?.hasRunningAnimations(at: time) == true { return true }
        if storedSublayersForCopy.contains(where: { $0.hasRunningAnimations(at: time) }) { return true }
        // A replicator's last instance runs (instanceCount - 1) x instanceDelay behind in its
        // time: that is (the same) divided by its time's rate (the speeds above) in media time.
        if let r = self as? CAReplicatorLayer, r.instanceDelay > 0, r.instanceCount > 1, !storedSublayersForCopy.isEmpty {
            let rate = layerTime(time + 1) - layerTime(time)
            let lag = Double(min(r.instanceCount, 100_000) - 1) * r.instanceDelay / rate
            if rate > 0, lag.isFinite { return storedSublayersForCopy.contains { $0.hasRunningAnimations(at: time - lag) } }
        }
        return false
    }

    // MARK: Presentation

    /// The model layer (this one).
    public func model() -> Self { self }

    /// This layer as drawn now: a copy with the animations applied at the current media time.
    public func presentation() -> Self? {
        presentation(at: CACurrentMediaTime())
    }

    /// This layer as drawn at media time `time` (its whole tree is evaluated, so geometry
    /// conversions on the result work).
    ///
    /// Superlayer links are weak, so a presentation layer taken from inside the tree owns the
    /// presentation layers above it (a strong reference no API shows); to keep that free of
    /// cycles, it is left out of its presentation superlayer's `sublayers` (its `superlayer`,
    /// and every conversion through it, are as usual).
    public func presentation(at time: CFTimeInterval) -> Self? {
        var top: CALayer = self
        while let p = top.superlayer { top = p }
        var map: [ObjectIdentifier: CALayer] = [:]
        let detached = top === self ? nil : ObjectIdentifier(self)
        let root = top.presentationTree(at: time, map: &map, detaching: detached)
        guard let copy = map[ObjectIdentifier(self)] as? Self else { return nil }
        if copy !== root {
            copy.presentationTreeRoot = root
        }
        return copy
    }

    /// A copy of this subtree with every animation applied at media time `time`: what the
    /// renderers draw. Model layers are not changed.
    public func presentationTree(at time: CFTimeInterval) -> CALayer {
        var map: [ObjectIdentifier: CALayer] = [:]
        return presentationTree(at: time, map: &map, detaching: nil)
    }

    private func presentationTree(at time: CFTimeInterval, map: inout [ObjectIdentifier: CALayer],
                                  detaching detached: ObjectIdentifier?,
                                  shifts: [ObjectIdentifier: CFTimeInterval] = [:]) -> CALayer {
        let copy = type(of: self).init(layer: self)
        copy.suppressesActions = true
        map[ObjectIdentifier(self)] = copy
        applyAnimations(to: copy, at: layerTime(time, shifts: shifts))
        // The mask's presentation, on the host's time (a copy's mask did not link back).
        if let m = mask { copy.mask = m.presentationTree(at: time, map: &map, detaching: detached, shifts: shifts) }
        for s in storedSublayersForCopy {
            let sub = s.presentationTree(at: time, map: &map, detaching: detached, shifts: shifts)
            if ObjectIdentifier(s) == detached { sub.superlayer = copy } else { copy.appendSublayerForCopy(sub) }
        }
        if let r = self as? CAReplicatorLayer, let rc = copy as? CAReplicatorLayer {
            rc.delayedInstanceSublayers = r.delayedInstances(at: time, shifts: shifts)
        }
        return copy
    }

    /// A replicator's instances 1, 2, ... when instanceDelay moves their animations: for
    /// instance k, its sublayers' presentation at k x instanceDelay earlier in the
    /// replicator's time (SCENE_FORMAT.md 9.7). Nil when every instance looks the same.
    private func delayedInstances(at time: CFTimeInterval, shifts: [ObjectIdentifier: CFTimeInterval]) -> [[CALayer]]? {
        guard let r = self as? CAReplicatorLayer, r.instanceDelay != 0, r.instanceDelay.isFinite, r.instanceCount > 1,
              storedSublayersForCopy.contains(where: { $0.subtreeHasAnimations() }) else { return nil }
        // A bound on the copies made (as the compositor's bound on the instances drawn).
        let count = min(r.instanceCount, 100_000)
        var out: [[CALayer]] = []
        out.reserveCapacity(count - 1)
        for k in 1..<count {
            var shifted = shifts
            shifted[ObjectIdentifier(self), default: 0] += Double(k) * r.instanceDelay
            // These copies stand for no model layer: a map of their own.
            var scratch: [ObjectIdentifier: CALayer] = [:]
            out.append(storedSublayersForCopy.map { $0.presentationTree(at: time, map: &scratch, detaching: nil, shifts: shifted) })
        }
        return out
    }

    /// Applies the attached animations, in order, to `target` at this layer's time t.
    func applyAnimations(to target: CALayer, at t: CFTimeInterval) {
        for a in attachedAnimations {
            if a.animation.isRemovedOnCompletion && a.isOver(at: t) { continue }
            a.animation.apply(to: target, parentTime: t, begin: a.begin)
        }
    }

    // MARK: Actions

    /// Whether property changes on this layer can run actions now: not a presentation copy,
    /// and shown by a commit since it was created.
    var actionsEnabled: Bool {
        !suppressesActions && CATransaction.hasCommitted(since: createdGeneration) && !CATransaction.disableActions()
    }

    /// Runs the action for a changed property (didSet of every animatable property).
    func propertyChanged<T: Equatable>(_ key: String, old: T, new: T) {
        guard old != new else { return }
        valueChanged(key, old: old, new: new)
    }

    /// Runs the action for a property whose value changed from `old` to `new` (for values
    /// that are not Equatable, such as a gradient's colors, once the caller has compared them).
    func valueChanged(_ key: String, old: Any, new: Any) {
        markChanged()
        guard !suppressesActions else { return }
        // Any change belongs to a transaction: the implicit one opens now if none is open, so
        // an explicit transaction begun later nests in it (as in Core Animation) and a new
        // layer is shown only when that implicit transaction is committed.
        _ = CATransaction.current
        guard actionsEnabled else { return }
        if let action = action(forKey: key) {
            // A basic animation of this key with no from/to/by values animates from the previous
            // presented value to the new one (CABasicAnimation's "all properties nil" rule): the
            // copy that runs gets the previous value as its fromValue.
            if let basic = action as? CABasicAnimation, basic.keyPath == nil || basic.keyPath == key,
               basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil {
                let run = basic.copy() as! CABasicAnimation
                run.keyPath = key
                run.fromValue = presentedValue(forKey: key, modelValue: old)
                run.run(forKey: key, object: self, arguments: nil)
                return
            }
            action.run(forKey: key, object: self, arguments: nil)
            return
        }
        guard implicitlyAnimatedKeys.contains(key), action(forKeyIsDisabled: key) == false else { return }
        let duration = CATransaction.animationDuration()
        guard duration > 0 else { return }
        let anim = CABasicAnimation(keyPath: key)
        anim.fromValue = AnimationValues.unwrapped(presentedValue(forKey: key, modelValue: old))
        // A color appearing or going away fades in or out (its own color at alpha 0 at the
        // other end), rather than stepping.
        let newValue = AnimationValues.unwrapped(new)
        if anim.fromValue == nil, let c = newValue as? CGColor { anim.fromValue = c.copy(alpha: 0) }
        if newValue == nil, let c = anim.fromValue as? CGColor { anim.toValue = c.copy(alpha: 0) }
        anim.duration = duration
        anim.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        add(anim, forKey: key)
    }

    /// Whether an NSNull anywhere in the lookup disables the implicit animation for `key`.
    private func action(forKeyIsDisabled key: String) -> Bool {
        if let d = delegate, let a = d.action(for: self, forKey: key), a is NSNull { return true }
        if actions?[key] is NSNull { return true }
        if type(of: self).defaultAction(forKey: key) is NSNull { return true }
        return false
    }

    /// What `key` shows now if its model value were `modelValue` (the start of a new implicit
    /// animation, so a change mid-animation continues smoothly from what is on screen).
    private func presentedValue(forKey key: String, modelValue: Any) -> Any? {
        guard attachedAnimations.contains(where: { ($0.animation as? CAPropertyAnimation)?.keyPath?.hasPrefix(key) ?? true }) else {
            return modelValue
        }
        let probe = type(of: self).init(layer: self)
        probe.suppressesActions = true
        try? probe.setValueChecked(modelValue, forKeyPath: key)
        applyAnimations(to: probe, at: layerTime(CACurrentMediaTime()))
        return probe.value(forKeyPath: key)
    }
}

/// CALayer.animationsWereAdded's flag (set by add(_:forKey:now:)).
private enum AnimationsAdded {
    nonisolated(unsafe) private static var added = false
    private static let lock = NSLock()
    static var value: Bool { lock.lock(); defer { lock.unlock() }; return added }
    static func note() { lock.lock(); added = true; lock.unlock() }
}
