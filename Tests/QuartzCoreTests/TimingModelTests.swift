// CAMediaTiming on animations, seen through presentation(at:): a linear zPosition animation
// from 0 to 100 added at media time 100 on a layer whose model zPosition is -1, so every
// presented value names the fraction (or -1: no effect).
import Testing
import QuartzCore

private let t0 = 100.0
private let model = -1.0

/// A layer with an animation of zPosition from 0 to 100 (duration 1, linear) added at t0.
private func animated(_ setup: (CABasicAnimation) -> Void = { _ in }) -> CALayer {
    let l = quietLayer { $0.zPosition = CGFloat(model) }
    l.add(basic("zPosition", from: 0.0, to: 100.0, duration: 1, setup), forKey: "z", now: t0)
    return l
}

@Suite struct TimingModelTests {
    @Test func plainAnimationRunsFromItsAddTime() {
        let l = animated()
        expectNear(presentedZ(l, t0 - 0.01), model, 0, "before")
        expectNear(presentedZ(l, t0), 0, 1e-9)
        expectNear(presentedZ(l, t0 + 0.3), 30, 1e-9)
        expectNear(presentedZ(l, t0 + 0.999), 99.9, 1e-9)
        expectNear(presentedZ(l, t0 + 1), model, 0, "at the end it is removed")
        expectNear(presentedZ(l, t0 + 5), model, 0)
        // The model layer itself is never changed.
        #expect(l.zPosition == CGFloat(model))
    }

    @Test func beginTimeDelaysTheStart() {
        let l = animated { $0.beginTime = t0 + 2 }
        expectNear(presentedZ(l, t0 + 1.9), model, 0, "not begun")
        expectNear(presentedZ(l, t0 + 2), 0, 1e-9)
        expectNear(presentedZ(l, t0 + 2.25), 25, 1e-9)
        expectNear(presentedZ(l, t0 + 2.75), 75, 1e-9)
        expectNear(presentedZ(l, t0 + 3.01), model, 0, "ended")
    }

    @Test func beginTimeIsInTheLayersTime() {
        // A layer whose own time runs twice as fast: the animation's beginTime and duration
        // are in the layer's time, so it starts 1 s after t0 and lasts 0.5 s of media time.
        let parent = quietLayer()
        let child = quietLayer { $0.zPosition = CGFloat(model) }
        parent.addSublayer(child)
        child.speed = 2
        let now = child.layerTime(t0)
        expectNear(now, 2 * t0, 1e-9, "layer time")
        child.add(basic("zPosition", from: 0.0, to: 100.0, duration: 1) { $0.beginTime = now + 2 }, forKey: "z", now: t0)
        expectNear(presentedZ(child, t0 + 0.99), model, 0)
        expectNear(presentedZ(child, t0 + 1.25), 50, 1e-9)
        expectNear(presentedZ(child, t0 + 1.51), model, 0)
    }

    @Test func zeroDurationMeansAQuarterSecond() {
        let l = animated { $0.duration = 0 }
        expectNear(presentedZ(l, t0 + 0.125), 50, 1e-9)
        expectNear(presentedZ(l, t0 + 0.2), 80, 1e-9)
        expectNear(presentedZ(l, t0 + 0.26), model, 0)
    }

    @Test func speedTwoRunsTwiceAsFast() {
        let l = animated { $0.speed = 2 }
        expectNear(presentedZ(l, t0 + 0.25), 50, 1e-9)
        expectNear(presentedZ(l, t0 + 0.45), 90, 1e-9)
        expectNear(presentedZ(l, t0 + 0.51), model, 0, "over after half a second")
    }

    @Test func speedHalfRunsHalfAsFast() {
        let l = animated { $0.speed = 0.5 }
        expectNear(presentedZ(l, t0 + 1), 50, 1e-9)
        expectNear(presentedZ(l, t0 + 1.9), 95, 1e-9)
        expectNear(presentedZ(l, t0 + 2.01), model, 0, "over after two seconds")
    }

    @Test func speedZeroWithTimeOffsetIsPaused() {
        let l = animated { $0.speed = 0; $0.timeOffset = 0.3 }
        for t in [t0, t0 + 0.5, t0 + 1, t0 + 10, t0 + 1000] { expectNear(presentedZ(l, t), 30, 1e-9, "at \(t)") }
        // A paused animation never finishes.
        l.advanceAnimations(to: t0 + 1000)
        #expect(l.animationKeys() == ["z"])
    }

    /// timeOffset starts the animation part-way through its timeline, which then wraps: the
    /// active duration is unchanged, so it plays offset...end and then start...offset
    /// (Core Animation; Rönnqvist, "Controlling Animation Timing").
    @Test func timeOffsetStartsPartWayAndWraps() {
        let l = animated { $0.timeOffset = 0.25 }
        expectNear(presentedZ(l, t0), 25, 1e-9)
        expectNear(presentedZ(l, t0 + 0.5), 75, 1e-9)
        expectNear(presentedZ(l, t0 + 0.8), 5, 1e-9, "wrapped to the start")
        expectNear(presentedZ(l, t0 + 0.95), 20, 1e-9)
        expectNear(presentedZ(l, t0 + 1.01), model, 0, "the active duration is still one second")
    }

    @Test func repeatCountTwo() {
        let l = animated { $0.repeatCount = 2 }
        expectNear(presentedZ(l, t0 + 0.5), 50, 1e-9)
        expectNear(presentedZ(l, t0 + 1.0), 0, 1e-9, "the second iteration starts over")
        expectNear(presentedZ(l, t0 + 1.5), 50, 1e-9)
        expectNear(presentedZ(l, t0 + 1.99), 99, 1e-9)
        expectNear(presentedZ(l, t0 + 2.01), model, 0)
        let f = animated { $0.repeatCount = 2; $0.fillMode = .forwards; $0.isRemovedOnCompletion = false }
        expectNear(presentedZ(f, t0 + 3), 100, 1e-9, "filled with the end of the last iteration")
    }

    @Test func fractionalRepeatCountEndsMidWay() {
        let l = animated { $0.repeatCount = 2.5 }
        expectNear(presentedZ(l, t0 + 2.25), 25, 1e-9)
        expectNear(presentedZ(l, t0 + 2.49), 49, 1e-9)
        expectNear(presentedZ(l, t0 + 2.51), model, 0)
        let f = animated { $0.repeatCount = 2.5; $0.fillMode = .forwards; $0.isRemovedOnCompletion = false }
        expectNear(presentedZ(f, t0 + 2.51), 50, 1e-9, "frozen half way through the third iteration")
        expectNear(presentedZ(f, t0 + 10), 50, 1e-9)
    }

    @Test func infiniteRepeatCountNeverEnds() {
        let l = animated { $0.repeatCount = .infinity }
        expectNear(presentedZ(l, t0 + 1000.25), 25, 1e-6)
        l.advanceAnimations(to: t0 + 5000)
        #expect(l.animationKeys() == ["z"])
    }

    @Test func repeatDuration() {
        let l = animated { $0.repeatDuration = 1.75 }
        expectNear(presentedZ(l, t0 + 0.5), 50, 1e-9)
        expectNear(presentedZ(l, t0 + 1.5), 50, 1e-9)
        expectNear(presentedZ(l, t0 + 1.74), 74, 1e-9)
        expectNear(presentedZ(l, t0 + 1.76), model, 0)
        let f = animated { $0.repeatDuration = 1.75; $0.fillMode = .forwards; $0.isRemovedOnCompletion = false }
        expectNear(presentedZ(f, t0 + 3), 75, 1e-9)
    }

    @Test func autoreversesGoesThereAndBack() {
        let l = animated { $0.autoreverses = true }
        expectNear(presentedZ(l, t0 + 0.5), 50, 1e-9)
        expectNear(presentedZ(l, t0 + 0.99), 99, 1e-9)
        expectNear(presentedZ(l, t0 + 1.25), 75, 1e-9, "on the way back")
        expectNear(presentedZ(l, t0 + 1.5), 50, 1e-9)
        expectNear(presentedZ(l, t0 + 1.99), 1, 1e-9)
        expectNear(presentedZ(l, t0 + 2.01), model, 0, "active for twice the duration")
        let f = animated { $0.autoreverses = true; $0.fillMode = .forwards; $0.isRemovedOnCompletion = false }
        expectNear(presentedZ(f, t0 + 5), 0, 1e-9, "an autoreversed animation ends where it began")
    }

    @Test func autoreversesWithRepeatCountTwoLastsFourDurations() {
        let l = animated { $0.autoreverses = true; $0.repeatCount = 2 }
        expectNear(presentedZ(l, t0 + 2.5), 50, 1e-9, "second forward pass")
        expectNear(presentedZ(l, t0 + 3.25), 75, 1e-9, "second way back")
        expectNear(presentedZ(l, t0 + 3.99), 1, 1e-9)
        expectNear(presentedZ(l, t0 + 4.01), model, 0)
        l.advanceAnimations(to: t0 + 3.99)
        #expect(l.animationKeys() == ["z"])
        l.advanceAnimations(to: t0 + 4)
        #expect(l.animationKeys() == nil)
    }

    @Test func autoreversesWithHalfRepeat() {
        // repeatCount 1.5 with autoreverses: 1.5 x (there and back) = 3 s, ending at the far end.
        let f = animated { $0.autoreverses = true; $0.repeatCount = 1.5; $0.fillMode = .forwards; $0.isRemovedOnCompletion = false }
        expectNear(presentedZ(f, t0 + 2.5), 50, 1e-9)
        expectNear(presentedZ(f, t0 + 10), 100, 1e-9)
    }

    /// Every fill mode, before a delayed start and after the end (not removed on completion).
    @Test(arguments: ["removed", "forwards", "backwards", "both"])
    func fillModes(_ mode: String) {
        let before = mode == "backwards" || mode == "both" ? 0 : model
        let after = mode == "forwards" || mode == "both" ? 100 : model
        let l = animated {
            $0.beginTime = t0 + 1
            $0.fillMode = CAMediaTimingFillMode(rawValue: mode)
            $0.isRemovedOnCompletion = false
        }
        expectNear(presentedZ(l, t0 + 0.5), before, 1e-9, "\(mode) before")
        expectNear(presentedZ(l, t0 + 1.5), 50, 1e-9, "\(mode) during")
        expectNear(presentedZ(l, t0 + 2.5), after, 1e-9, "\(mode) after")
        l.advanceAnimations(to: t0 + 3)
        #expect(l.animationKeys() == ["z"], "not removed on completion")
        expectNear(presentedZ(l, t0 + 3), after, 1e-9, "\(mode) after advancing")
    }

    /// Removed on completion (the default), no fill mode has any effect after the end: Core
    /// Animation removes the animation. Before the start, backwards fills still apply.
    @Test(arguments: ["removed", "forwards", "backwards", "both"])
    func removedOnCompletionEndsEveryFill(_ mode: String) {
        let l = animated { $0.beginTime = t0 + 1; $0.fillMode = CAMediaTimingFillMode(rawValue: mode) }
        let backwards = mode == "backwards" || mode == "both"
        expectNear(presentedZ(l, t0 + 0.5), backwards ? 0 : model, 1e-9, "\(mode) before")
        expectNear(presentedZ(l, t0 + 2.5), model, 0, "\(mode) after")
        l.advanceAnimations(to: t0 + 2.5)
        #expect(l.animationKeys() == nil)
        expectNear(presentedZ(l, t0 + 2.5), model, 0)
    }

    /// The timing function paces each iteration (and each way of an autoreverse).
    @Test func timingFunctionPacesEachIteration() {
        let l = animated { $0.timingFunction = CAMediaTimingFunction(name: .easeIn); $0.repeatCount = 2; $0.autoreverses = true }
        let e = { (x: Double) in referenceBezier(0.42, 0, 1, 1, at: x) }
        expectNear(presentedZ(l, t0 + 0.3), 100 * e(0.3), 1e-6)
        expectNear(presentedZ(l, t0 + 1.3), 100 * e(0.7), 1e-6, "mirrored on the way back")
        expectNear(presentedZ(l, t0 + 2.3), 100 * e(0.3), 1e-6)
    }

    /// The layer's own timing applies to its animations: a paused layer (speed 0, timeOffset)
    /// holds its animations still; resuming shifts them by the pause.
    @Test func pausingTheLayer() {
        let l = animated()
        // Pause at t0 + 0.4, as Apple's Technical Q&A QA1673 does.
        let pausedTime = l.layerTime(t0 + 0.4)
        l.speed = 0
        l.timeOffset = pausedTime
        expectNear(presentedZ(l, t0 + 0.9), 40, 1e-9)
        expectNear(presentedZ(l, t0 + 7), 40, 1e-9)
        // Resume at t0 + 7.
        l.speed = 1
        l.timeOffset = 0
        l.beginTime = 0
        let since = l.layerTime(t0 + 7) - pausedTime
        l.beginTime = since
        expectNear(presentedZ(l, t0 + 7), 40, 1e-9)
        expectNear(presentedZ(l, t0 + 7.3), 70, 1e-9)
    }
}
