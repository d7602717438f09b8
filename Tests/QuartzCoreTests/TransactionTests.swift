// CATransaction and implicit actions. Everything that commits a transaction or reads or sets
// the process-wide LaminaClock lives in this one serialized suite: a commit marks every
// existing layer as shown (so it would start animating implicitly), and the clock is global.
// The other animation tests use quiet layers and explicit times, so they cannot interfere.
import Testing
import QuartzCore

private let now = 1000.0

/// The value inside an `Any` that may hold an Optional.
private func unwrapped(_ v: Any?) -> Any? {
    guard let v else { return nil }
    let m = Mirror(reflecting: v)
    return m.displayStyle == .optional ? m.children.first?.value : v
}

/// A custom action that records what it was asked to run.
final class RecordingAction: CAAction {
    var runs: [(event: String, object: AnyObject?)] = []
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        runs.append((event, anObject as AnyObject))
    }
}

/// A layer delegate with a fixed action per event (missing: nil, keep looking).
final class ActionDelegate: CALayerDelegate {
    var actions: [String: CAAction] = [:]
    var asked: [String] = []
    func action(for layer: CALayer, forKey event: String) -> CAAction? {
        asked.append(event)
        return actions[event]
    }
}

@Suite(.serialized) struct TransactionTests {
    /// Commits whatever another test left on this thread, sets the clock to `now`.
    private func reset() {
        CATransaction.flush()
        LaminaClock.shared.set(now)
    }

    /// A layer that has been shown (committed), so its changes animate implicitly.
    private func shownLayer(_ setup: (CALayer) -> Void = { _ in }) -> CALayer {
        let l = CALayer()
        setup(l)
        CATransaction.flush()
        #expect(l.animationKeys() == nil, "setting up a new layer animates nothing")
        return l
    }

    private func advance(_ layers: [CALayer], to t: Double) {
        LaminaClock.shared.set(t)
        for l in layers { l.advanceAnimations(to: t) }
    }

    // MARK: Transactions

    @Test func defaults() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        #expect(CATransaction.animationDuration() == 0.25)
        #expect(CATransaction.animationTimingFunction() == nil)
        #expect(CATransaction.disableActions() == false)
        CATransaction.begin()
        #expect(CATransaction.animationDuration() == 0.25)
        CATransaction.setAnimationDuration(3)
        #expect(CATransaction.animationDuration() == 3)
        #expect(CATransaction.value(forKey: "animationDuration") as? Double == 3)
        CATransaction.setValue(true, forKey: "disableActions")
        #expect(CATransaction.disableActions())
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 0.25, "values end with their transaction")
        #expect(CATransaction.disableActions() == false)
    }

    @Test func implicitAnimationUsesTheDefaults() throws {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let l = shownLayer { $0.position = CGPoint(x: 10, y: 20) }
        l.position = CGPoint(x: 110, y: 220)
        #expect(l.animationKeys() == ["position"])
        let a = try #require(l.animation(forKey: "position") as? CABasicAnimation)
        #expect(a.keyPath == "position")
        #expect(a.duration == 0.25)
        #expect(a.timingFunction == CAMediaTimingFunction(name: .default))
        #expect(a.fromValue as? CGPoint == CGPoint(x: 10, y: 20))
        // The model has the new value at once; the presentation moves there.
        #expect(l.position == CGPoint(x: 110, y: 220))
        expectClose(l.presentation()!.position, CGPoint(x: 10, y: 20), 1e-9, "at the start")
        let e = referenceDefault(0.5)
        expectClose(l.presentation(at: now + 0.125)!.position, CGPoint(x: 10 + 100 * e, y: 20 + 200 * e), 1e-6)
        LaminaClock.shared.set(now + 0.125)
        expectClose(l.presentation()!.position, CGPoint(x: 10 + 100 * e, y: 20 + 200 * e), 1e-6, "presentation() reads the clock")
        LaminaClock.shared.set(now + 0.3)
        expectClose(l.presentation()!.position, CGPoint(x: 110, y: 220), 0, "over: the model shows")
        CATransaction.flush()
    }

    @Test func newLayerChangedBeforeAnyCommitDoesNotAnimate() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let l = CALayer()
        l.position = CGPoint(x: 5, y: 5)
        l.opacity = 0.5
        l.transform = CATransform3DMakeScale(2, 2, 1)
        l.backgroundColor = CGColor.white
        #expect(l.animationKeys() == nil)
        CATransaction.flush()
        l.opacity = 0.25
        #expect(l.animationKeys() == ["opacity"], "shown now")
        CATransaction.flush()
    }

    /// A new layer's first change opens the implicit transaction; an explicit transaction
    /// begun afterwards nests in it, so its commit does not show the layer yet: only the
    /// implicit transaction's commit does (as in Core Animation's run loop).
    @Test func explicitTransactionNestsInTheOpenImplicitOne() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let l = CALayer()
        l.position = CGPoint(x: 1, y: 1)
        CATransaction.begin()
        l.opacity = 0.5
        CATransaction.commit()
        l.position = CGPoint(x: 2, y: 2)
        #expect(l.animationKeys() == nil, "not shown before the implicit transaction commits")
        CATransaction.flush()
        l.position = CGPoint(x: 3, y: 3)
        #expect(l.animationKeys() == ["position"])
        CATransaction.flush()
    }

    /// A background color appearing fades in from its own color at alpha 0; going away, it
    /// fades out; the animation's values are plain colors, not Optionals.
    @Test func colorsAppearingAndGoingAwayFade() throws {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let l = CALayer()
        CATransaction.flush()
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        l.backgroundColor = red
        let a = try #require(l.animation(forKey: "backgroundColor") as? CABasicAnimation)
        #expect((a.fromValue as? CGColor) == CGColor(red: 1, green: 0, blue: 0, alpha: 0))
        let half = try #require(l.presentation(at: now + 0.125)?.backgroundColor)
        #expect(half.rgba.red == 1 && half.rgba.alpha > 0.2 && half.rgba.alpha < 0.9)
        CATransaction.flush()
        l.removeAllAnimations()
        l.backgroundColor = nil
        let b = try #require(l.animation(forKey: "backgroundColor") as? CABasicAnimation)
        #expect((b.fromValue as? CGColor) == red)
        #expect((b.toValue as? CGColor) == CGColor(red: 1, green: 0, blue: 0, alpha: 0))
        #expect(l.presentation(at: now + 10)?.backgroundColor == nil)
        CATransaction.flush()
    }

    @Test func transactionDurationApplies() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let l = shownLayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        l.zPosition = 100
        CATransaction.commit()
        #expect(l.animation(forKey: "zPosition")?.duration == 2)
        expectNear(presentedZ(l, now + 1), 100 * referenceDefault(0.5), 1e-6)
        CATransaction.flush()
    }

    @Test func nestedTransactionsInheritAndOverride() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let a = shownLayer(), b = shownLayer(), c = shownLayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        CATransaction.begin()
        a.zPosition = 1
        CATransaction.setAnimationDuration(3)
        b.zPosition = 1
        CATransaction.commit()
        c.zPosition = 1
        CATransaction.commit()
        #expect(a.animation(forKey: "zPosition")?.duration == 2, "inherited")
        #expect(b.animation(forKey: "zPosition")?.duration == 3, "overridden")
        #expect(c.animation(forKey: "zPosition")?.duration == 2, "the override ended with the inner transaction")
        for l in [a, b, c] { #expect(l.animation(forKey: "zPosition")?.timingFunction == CAMediaTimingFunction(name: .linear)) }
        CATransaction.flush()
    }

    @Test func disableActionsSuppressesImplicitAnimations() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let l = shownLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.position = CGPoint(x: 50, y: 50)
        l.opacity = 0.1
        // Explicit animations still run.
        l.add(basic("zPosition", from: 0.0, to: 1.0), forKey: "explicit")
        CATransaction.commit()
        #expect(l.animationKeys() == ["explicit"])
        expectClose(l.presentation()!.position, CGPoint(x: 50, y: 50), 0)
        // Nested: the inner transaction inherits it.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        CATransaction.begin()
        l.cornerRadius = 4
        CATransaction.commit()
        CATransaction.commit()
        #expect(l.animationKeys() == ["explicit"])
        CATransaction.flush()
    }

    @Test func zeroDurationMeansNoAnimation() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let l = shownLayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(0)
        l.zPosition = 7
        CATransaction.commit()
        #expect(l.animationKeys() == nil)
        expectNear(presentedZ(l, now), 7, 0)
        CATransaction.flush()
    }

    @Test func timingFunctionApplies() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let l = shownLayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
        l.zPosition = 10
        CATransaction.commit()
        expectNear(presentedZ(l, now + 0.4), 10 * referenceBezier(0.42, 0, 1, 1, at: 0.4), 1e-6)
        CATransaction.flush()
    }

    // MARK: Completion blocks

    @Test func completionRunsWhenEveryAnimationHasStopped() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let a = shownLayer(), b = shownLayer()
        var calls = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { calls += 1 }
        CATransaction.setAnimationDuration(1)
        a.zPosition = 1
        b.add(basic("opacity", from: 0.0, to: 1.0, duration: 2), forKey: "fade")
        CATransaction.commit()
        #expect(calls == 0)
        advance([a, b], to: now + 0.5)
        #expect(calls == 0)
        advance([a, b], to: now + 1)
        #expect(a.animationKeys() == nil)
        #expect(calls == 0, "the 2 s animation still runs")
        advance([a, b], to: now + 1.99)
        #expect(calls == 0)
        advance([a, b], to: now + 2)
        #expect(calls == 1)
        advance([a, b], to: now + 10)
        #expect(calls == 1, "once")
        CATransaction.flush()
    }

    @Test func completionRunsAtCommitWithoutAnimations() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        var calls = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { calls += 1 }
        CATransaction.commit()
        #expect(calls == 1)
        // Changes with actions disabled add no animations either.
        let l = shownLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        CATransaction.setCompletionBlock { calls += 1 }
        l.zPosition = 3
        CATransaction.commit()
        #expect(calls == 2)
        CATransaction.flush()
    }

    @Test func completionRunsWhenAnimationsAreRemoved() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let l = shownLayer()
        var calls = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { calls += 1 }
        CATransaction.setAnimationDuration(5)
        l.zPosition = 3
        l.opacity = 0
        CATransaction.commit()
        advance([l], to: now + 1)
        l.removeAnimation(forKey: "zPosition")
        #expect(calls == 0)
        l.removeAllAnimations()
        #expect(calls == 1)
        CATransaction.flush()
    }

    @Test func completionOfTheImplicitTransaction() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let l = shownLayer()
        var calls = 0
        CATransaction.setCompletionBlock { calls += 1 }
        l.zPosition = 3
        #expect(CATransaction.completionBlock() != nil)
        CATransaction.flush()
        #expect(calls == 0)
        advance([l], to: now + 0.25)
        #expect(calls == 1)
    }

    /// The block waits for the animations added after it was set ("all animations subsequently
    /// added by this transaction group"); with none, it runs at commit.
    @Test func completionWaitsOnlyForAnimationsAddedAfterIt() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let l = shownLayer()
        var calls = 0
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        l.zPosition = 1
        CATransaction.setCompletionBlock { calls += 1 }
        CATransaction.commit()
        #expect(l.animationKeys() == ["zPosition"])
        #expect(calls == 1, "no animation was added after the block was set")
        CATransaction.flush()
    }

    /// Replacing the block does not drop the first one: it still runs, once the animations
    /// added while it was set have stopped (or at once, had there been none).
    @Test func replacedCompletionBlockStillRuns() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let a = shownLayer(), b = shownLayer()
        var first = 0, second = 0, third = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { first += 1 }
        CATransaction.setAnimationDuration(1)
        a.zPosition = 1
        CATransaction.setCompletionBlock { second += 1 }
        CATransaction.setAnimationDuration(2)
        b.zPosition = 1
        CATransaction.commit()
        #expect(first == 0 && second == 0)
        advance([a, b], to: now + 1)
        #expect(first == 1 && second == 0)
        advance([a, b], to: now + 2)
        #expect(first == 1 && second == 1)
        // Replaced before any animation was added: it runs at once.
        CATransaction.begin()
        CATransaction.setCompletionBlock { third += 1 }
        CATransaction.setCompletionBlock(nil)
        #expect(third == 1)
        CATransaction.commit()
        #expect(third == 1)
        CATransaction.flush()
    }

    @Test func nestedCompletionBlocks() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let a = shownLayer(), b = shownLayer()
        var outer = 0, inner = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { outer += 1 }
        CATransaction.setAnimationDuration(2)
        a.zPosition = 1
        CATransaction.begin()
        CATransaction.setCompletionBlock { inner += 1 }
        CATransaction.setAnimationDuration(1)
        b.zPosition = 1
        CATransaction.commit()
        CATransaction.commit()
        advance([a, b], to: now + 1)
        #expect(inner == 1 && outer == 0)
        advance([a, b], to: now + 2)
        #expect(inner == 1 && outer == 1)
        CATransaction.flush()
    }

    // MARK: Implicit actions

    @Test func sameValueAddsNothing() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let l = shownLayer { $0.position = CGPoint(x: 1, y: 2); $0.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1) }
        l.position = CGPoint(x: 1, y: 2)
        l.opacity = 1
        l.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        l.transform = CATransform3DIdentity
        #expect(l.animationKeys() == nil)
        CATransaction.flush()
    }

    /// Every animatable property animates implicitly, under its own key, from the old value.
    @Test func everyAnimatablePropertyAnimates() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let changes: [(String, (CALayer) -> Void, Any)] = [
            ("position", { $0.position = CGPoint(x: 9, y: 9) }, CGPoint.zero),
            ("bounds", { $0.bounds = CGRect(x: 0, y: 0, width: 9, height: 9) }, CGRect.zero),
            ("anchorPoint", { $0.anchorPoint = CGPoint(x: 0, y: 0) }, CGPoint(x: 0.5, y: 0.5)),
            ("anchorPointZ", { $0.anchorPointZ = 9 }, CGFloat(0)),
            ("zPosition", { $0.zPosition = 9 }, CGFloat(0)),
            ("opacity", { $0.opacity = 0.5 }, Float(1)),
            ("backgroundColor", { $0.backgroundColor = CGColor.white }, CGColor.black),
            ("borderColor", { $0.borderColor = CGColor.white }, CGColor.black),
            ("borderWidth", { $0.borderWidth = 9 }, CGFloat(0)),
            ("cornerRadius", { $0.cornerRadius = 9 }, CGFloat(0)),
            ("transform", { $0.transform = CATransform3DMakeScale(2, 2, 2) }, CATransform3DIdentity),
            ("sublayerTransform", { $0.sublayerTransform = CATransform3DMakeScale(2, 2, 2) }, CATransform3DIdentity),
            ("contentsRect", { $0.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 0.5) }, CGRect(x: 0, y: 0, width: 1, height: 1)),
        ]
        for (key, change, old) in changes {
            let l = shownLayer { $0.backgroundColor = .black }
            change(l)
            #expect(l.animationKeys() == [key], "\(key)")
            let a = l.animation(forKey: key) as? CABasicAnimation
            #expect(a?.keyPath == key)
            // (An optional property's old value may arrive boxed as Optional: compare what it holds.)
            #expect(String(describing: unwrapped(a?.fromValue) ?? "nil") == String(describing: old), "\(key) from")
            #expect(a?.toValue == nil)
            // Half-way through, the presented value differs from both ends.
            let mid = l.presentation(at: now + 0.125)!.value(forKey: key)
            #expect(String(describing: mid) != String(describing: old), "\(key) at 0.125: \(String(describing: mid))")
            #expect(String(describing: mid) != String(describing: l.value(forKey: key)), "\(key) at 0.125")
        }
        CATransaction.flush()
    }

    @Test func frameChangesAnimatePositionAndBounds() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let l = shownLayer { $0.frame = CGRect(x: 0, y: 0, width: 10, height: 10) }
        l.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        #expect(Set(l.animationKeys() ?? []) == ["position", "bounds"])
        CATransaction.flush()
    }

    @Test func nullActionDisables() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let l = shownLayer()
        l.actions = ["position": NSNull()]
        l.position = CGPoint(x: 3, y: 3)
        #expect(l.animationKeys() == nil)
        l.opacity = 0.5
        #expect(l.animationKeys() == ["opacity"], "other keys still animate")
        CATransaction.flush()
    }

    @Test func delegateWinsOverActions() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let d = ActionDelegate()
        let fromDelegate = RecordingAction(), fromActions = RecordingAction(), other = RecordingAction()
        d.actions = ["position": fromDelegate, "bounds": NSNull()]
        let l = shownLayer()
        l.delegate = d
        l.actions = ["position": fromActions, "opacity": other, "bounds": RecordingAction()]
        l.position = CGPoint(x: 3, y: 3)
        #expect(fromDelegate.runs.count == 1)
        #expect(fromDelegate.runs.first?.event == "position")
        #expect(fromDelegate.runs.first?.object === l)
        #expect(fromActions.runs.isEmpty)
        #expect(l.animationKeys() == nil, "the custom action replaced the animation")
        // The delegate has no action for opacity (nil): the actions dictionary is next.
        l.opacity = 0.5
        #expect(other.runs.count == 1 && other.runs.first?.event == "opacity")
        // The delegate's NSNull stops the search: nothing runs, nothing animates.
        l.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        #expect((l.actions?["bounds"] as? RecordingAction)?.runs.isEmpty == true)
        #expect(l.animationKeys() == nil)
        // Nothing anywhere: the default implicit animation.
        l.zPosition = 2
        #expect(l.animationKeys() == ["zPosition"])
        #expect(d.asked.contains("zPosition"))
        CATransaction.flush()
    }

    @Test func customActionRunsInsteadOfTheAnimation() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let l = shownLayer()
        let r = RecordingAction()
        l.actions = ["zPosition": r]
        l.zPosition = 4
        #expect(r.runs.count == 1)
        #expect(r.runs.first?.object === l)
        #expect(l.animationKeys() == nil)
        expectNear(presentedZ(l, now + 0.1), 4, 0)
        // With actions disabled even the custom action does not run.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.zPosition = 5
        CATransaction.commit()
        #expect(r.runs.count == 1)
        CATransaction.flush()
    }

    /// Actions are looked up for the other layer properties too (hidden, doubleSided, masksToBounds).
    @Test func actionsRunForBooleanProperties() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let l = shownLayer()
        let r = RecordingAction()
        l.actions = ["hidden": r, "doubleSided": r, "masksToBounds": r]
        l.isHidden = true
        l.isDoubleSided = false
        l.masksToBounds = true
        #expect(r.runs.map(\.event) == ["hidden", "doubleSided", "masksToBounds"])
        CATransaction.flush()
    }

    /// Each thread has its own transactions.
    @Test func transactionsArePerThread() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        CATransaction.begin()
        CATransaction.setAnimationDuration(5)
        CATransaction.setDisableActions(true)
        nonisolated(unsafe) var seen: (Double, Bool) = (0, true)
        let done = DispatchSemaphore(value: 0)
        let t = Thread {
            seen = (CATransaction.animationDuration(), CATransaction.disableActions())
            done.signal()
        }
        t.start()
        done.wait()
        #expect(seen.0 == 0.25 && seen.1 == false)
        #expect(CATransaction.animationDuration() == 5)
        CATransaction.commit()
        CATransaction.flush()
    }

    /// An animation in `actions` with no from/to/by values animates from the old value to the
    /// new one ("all properties nil: interpolates between the previous value of keyPath in the
    /// target layer's presentation layer and the current value", CABasicAnimation's documentation).
    @Test func animationActionWithoutValuesAnimatesTheChange() throws {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let l = shownLayer()
        let custom = CABasicAnimation(keyPath: "zPosition")
        custom.duration = 2
        l.actions = ["zPosition": custom]
        l.zPosition = 100
        #expect(l.animationKeys() == ["zPosition"])
        let a = try #require(l.animation(forKey: "zPosition"))
        #expect(a.duration == 2)
        expectNear(presentedZ(l, now + 1), 50, 1e-9, "linear, from the old value 0 to the new 100")
        expectNear(presentedZ(l, now + 3), 100, 0)
        #expect(custom.fromValue == nil, "the action itself is unchanged")
        CATransaction.flush()
    }

    @Test func changeMidAnimationStartsFromThePresentedValue() throws {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let l = shownLayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        l.position = CGPoint(x: 100, y: 0)
        CATransaction.commit()
        LaminaClock.shared.set(now + 0.5)
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        l.position = CGPoint(x: 100, y: 100)
        CATransaction.commit()
        let a = try #require(l.animation(forKey: "position") as? CABasicAnimation)
        expectClose(try #require(a.fromValue as? CGPoint), CGPoint(x: 50, y: 0), 1e-9)
        expectClose(l.presentation(at: now + 0.5)!.position, CGPoint(x: 50, y: 0), 1e-9, "no jump")
        expectClose(l.presentation(at: now + 1)!.position, CGPoint(x: 75, y: 50), 1e-9)
        #expect(l.animationKeys() == ["position"])
        CATransaction.flush()
    }

    @Test func presentationCopiesRunNoActions() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        let l = shownLayer()
        let p = l.presentation()!
        p.position = CGPoint(x: 8, y: 8)
        p.opacity = 0
        #expect(p.animationKeys() == nil)
        #expect(l.animationKeys() == nil)
        CATransaction.flush()
    }

    @Test func clockDrivesAddedAnimations() {
        reset(); defer { LaminaClock.shared.useSystemTime() }
        #expect(CACurrentMediaTime() == now)
        #expect(LaminaClock.shared.isManual)
        let l = quietLayer()
        l.add(basic("zPosition", from: 0.0, to: 10.0), forKey: "z")
        LaminaClock.shared.advance(by: 0.5)
        #expect(CACurrentMediaTime() == now + 0.5)
        expectNear(Double(l.presentation()!.zPosition), 5)
        LaminaClock.shared.useSystemTime()
        #expect(!LaminaClock.shared.isManual)
        CATransaction.flush()
    }
}
