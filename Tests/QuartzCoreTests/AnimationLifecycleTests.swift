// Attaching animations: the delegate hears the start and the stop (finished or not), keys,
// removal, copies on add; presentation() / presentation(at:) build the whole presentation
// tree, so geometry conversions on it follow the animations; model() is the layer.
import Testing
import QuartzCore

private let t0 = 40.0

final class AnimationRecorder: CAAnimationDelegate {
    var events: [String] = []
    func animationDidStart(_ anim: CAAnimation) { events.append("start") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append(flag ? "stop finished" : "stop cancelled") }
}

@Suite struct AnimationLifecycleTests {
    @Test func delegateHearsStartAndFinishedStop() {
        let l = quietLayer()
        let rec = AnimationRecorder()
        l.add(basic("zPosition", from: 0.0, to: 1.0) { $0.delegate = rec; $0.beginTime = t0 + 1 }, forKey: "z", now: t0)
        l.advanceAnimations(to: t0 + 0.5)
        #expect(rec.events == [], "not begun yet")
        l.advanceAnimations(to: t0 + 1.2)
        #expect(rec.events == ["start"])
        l.advanceAnimations(to: t0 + 1.9)
        #expect(rec.events == ["start"])
        #expect(l.animationKeys() == ["z"])
        l.advanceAnimations(to: t0 + 2)
        #expect(rec.events == ["start", "stop finished"])
        #expect(l.animationKeys() == nil, "removed on completion")
        #expect(l.animation(forKey: "z") == nil)
        l.advanceAnimations(to: t0 + 5)
        #expect(rec.events == ["start", "stop finished"], "heard once")
    }

    @Test func startAndStopInOneAdvance() {
        let l = quietLayer()
        let rec = AnimationRecorder()
        l.add(basic("zPosition", from: 0.0, to: 1.0) { $0.delegate = rec }, forKey: "z", now: t0)
        l.advanceAnimations(to: t0 + 10)
        #expect(rec.events == ["start", "stop finished"])
    }

    @Test func notRemovedOnCompletionStaysAttached() {
        let l = quietLayer()
        let rec = AnimationRecorder()
        l.add(basic("zPosition", from: 0.0, to: 1.0) { $0.delegate = rec; $0.isRemovedOnCompletion = false; $0.fillMode = .forwards },
              forKey: "z", now: t0)
        l.advanceAnimations(to: t0 + 2)
        #expect(rec.events == ["start", "stop finished"])
        #expect(l.animationKeys() == ["z"])
        expectNear(presentedZ(l, t0 + 3), 1)
        l.removeAnimation(forKey: "z")
        #expect(l.animationKeys() == nil)
        #expect(rec.events == ["start", "stop finished"], "a stopped animation does not stop again")
    }

    @Test func removeAnimationStopsUnfinished() {
        let l = quietLayer()
        let rec = AnimationRecorder()
        l.add(basic("zPosition", from: 0.0, to: 1.0) { $0.delegate = rec }, forKey: "z", now: t0)
        l.advanceAnimations(to: t0 + 0.3)
        l.removeAnimation(forKey: "z")
        #expect(rec.events == ["start", "stop cancelled"])
        #expect(l.animationKeys() == nil)
        expectNear(presentedZ(l, t0 + 0.5), 0, 0, "no longer applied")
        l.removeAnimation(forKey: "missing")  // no effect
    }

    @Test func replacingAKeyStopsTheOldAnimation() {
        let l = quietLayer()
        let a = AnimationRecorder(), b = AnimationRecorder()
        l.add(basic("zPosition", from: 0.0, to: 1.0) { $0.delegate = a }, forKey: "z", now: t0)
        l.add(basic("zPosition", from: 5.0, to: 6.0) { $0.delegate = b }, forKey: "z", now: t0)
        #expect(a.events == ["stop cancelled"])
        #expect(l.animationKeys() == ["z"])
        expectNear(presentedZ(l, t0 + 0.5), 5.5)
    }

    @Test func removeAllAnimations() {
        let l = quietLayer()
        let recs = [AnimationRecorder(), AnimationRecorder(), AnimationRecorder()]
        l.add(basic("zPosition", from: 0.0, to: 1.0) { $0.delegate = recs[0] }, forKey: "a", now: t0)
        l.add(basic("opacity", from: 0.0, to: 1.0) { $0.delegate = recs[1] }, forKey: "b", now: t0)
        l.add(basic("cornerRadius", from: 0.0, to: 1.0) { $0.delegate = recs[2] }, forKey: nil, now: t0)
        #expect(l.animationKeys() == ["a", "b"], "an animation added without a key has none")
        expectNear(presentedNumber(l, "cornerRadius", t0 + 0.5), 0.5, 1e-9, "but it runs")
        l.removeAllAnimations()
        #expect(l.animationKeys() == nil)
        for r in recs { #expect(r.events == ["stop cancelled"]) }
        expectNear(presentedNumber(l, "cornerRadius", t0 + 0.5), 0, 0)
    }

    @Test func addingCopiesTheAnimation() {
        let l = quietLayer()
        let a = basic("zPosition", from: 0.0, to: 10.0)
        l.add(a, forKey: "z", now: t0)
        a.toValue = 1000.0
        a.duration = 100
        a.keyPath = "opacity"
        expectNear(presentedZ(l, t0 + 0.5), 5, 1e-9, "changing the original after adding changes nothing")
        let attached = l.animation(forKey: "z") as? CABasicAnimation
        #expect(attached != nil && attached !== a)
        #expect(attached?.keyPath == "zPosition")
        #expect(attached?.duration == 1)
        #expect((attached?.toValue as? Double) == 10)
        // The same animation object can be added to several layers.
        let m = quietLayer()
        m.add(a, forKey: "z", now: t0)
        expectNear(Double(m.presentation(at: t0 + 0.5)!.opacity), 5, 1e-6, "the second layer gets a copy of the changed animation")
        expectNear(presentedZ(m, t0 + 0.5), 0, 0)
    }

    @Test func copyKeepsEveryField() {
        let k = CAKeyframeAnimation(keyPath: "position")
        k.values = [CGPoint.zero, CGPoint(x: 1, y: 1)]
        k.keyTimes = [0, 1]
        k.calculationMode = .cubic
        k.timingFunctions = [CAMediaTimingFunction(name: .easeIn)]
        k.beginTime = 3; k.duration = 4; k.speed = 2; k.timeOffset = 0.5; k.repeatCount = 3; k.repeatDuration = 7
        k.autoreverses = true; k.fillMode = .both; k.isRemovedOnCompletion = false; k.isAdditive = true; k.isCumulative = true
        k.timingFunction = CAMediaTimingFunction(name: .easeOut)
        let c = k.copy() as! CAKeyframeAnimation
        #expect(c !== k)
        #expect(c.keyPath == "position" && c.values?.count == 2 && c.keyTimes == [0, 1] && c.calculationMode == .cubic)
        #expect(c.timingFunctions == [CAMediaTimingFunction(name: .easeIn)] && c.timingFunction == CAMediaTimingFunction(name: .easeOut))
        #expect(c.beginTime == 3 && c.duration == 4 && c.speed == 2 && c.timeOffset == 0.5 && c.repeatCount == 3)
        #expect(c.repeatDuration == 7 && c.autoreverses && c.fillMode == .both && !c.isRemovedOnCompletion && c.isAdditive && c.isCumulative)
        let s = CASpringAnimation(keyPath: "opacity")
        s.mass = 2; s.stiffness = 3; s.damping = 4; s.initialVelocity = 5; s.fromValue = 0.5
        let sc = s.copy() as! CASpringAnimation
        #expect(sc.mass == 2 && sc.stiffness == 3 && sc.damping == 4 && sc.initialVelocity == 5 && (sc.fromValue as? Double) == 0.5)
    }

    @Test func modelIsTheLayer() {
        let l = quietLayer()
        #expect(l.model() === l)
        let p = l.presentation(at: t0)!
        #expect(p !== l)
    }

    @Test func presentationGeometryFollowsAnimations() throws {
        let root = quietLayer { $0.bounds = CGRect(x: 0, y: 0, width: 200, height: 200); $0.position = CGPoint(x: 150, y: 150) }
        let child = quietLayer { $0.bounds = CGRect(x: 0, y: 0, width: 10, height: 10); $0.position = CGPoint(x: 0, y: 0) }
        root.addSublayer(child)
        child.add(basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 0)), forKey: "p", now: t0)
        let pc = child.presentation(at: t0 + 0.5)!
        // The presentation layer's superlayer is the root's presentation layer.
        let ps = try #require(pc.superlayer)
        #expect(ps !== root)
        #expect(ps.superlayer == nil)
        expectClose(ps.position, CGPoint(x: 150, y: 150))
        expectClose(pc.convert(CGPoint(x: 5, y: 5), to: ps), CGPoint(x: 50, y: 0))
        // The root sits at (50, 50) in the space above it.
        expectClose(pc.convert(CGPoint(x: 5, y: 5), to: nil), CGPoint(x: 100, y: 50))
        expectClose(pc.frame, CGRect(x: 45, y: -5, width: 10, height: 10))
        // The model is untouched.
        expectClose(child.convert(CGPoint(x: 5, y: 5), to: nil), CGPoint(x: 50, y: 50))
        // A moving superlayer moves its sublayer's presentation too.
        root.add(basic("position", from: CGPoint(x: 100, y: 100), to: CGPoint(x: 300, y: 100)), forKey: "p", now: t0)
        let pc2 = child.presentation(at: t0 + 0.5)!
        expectClose(pc2.convert(CGPoint(x: 5, y: 5), to: nil), CGPoint(x: 150, y: 0))
        // Converting from the presentation root to the presentation child inverts it.
        expectClose(pc2.convert(CGPoint(x: 150, y: 0), from: nil), CGPoint(x: 5, y: 5), 1e-9)
    }

    /// The presentation tree above a presentation layer lives as long as the layer does, even
    /// when nothing else holds it (superlayer links are weak).
    @Test func presentationLayerKeepsItsTreeAlive() throws {
        func presented() -> CALayer {
            let root = quietLayer { $0.position = CGPoint(x: 7, y: 9); $0.bounds = CGRect(x: 0, y: 0, width: 4, height: 4) }
            let mid = quietLayer()
            let leaf = quietLayer()
            root.addSublayer(mid)
            mid.addSublayer(leaf)
            root.add(basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 0)), forKey: "p", now: t0)
            return leaf.presentation(at: t0 + 0.5)!
        }
        let leaf = presented()
        let mid = try #require(leaf.superlayer)
        let root = try #require(mid.superlayer)
        expectClose(root.position, CGPoint(x: 50, y: 0))
        expectClose(leaf.convert(CGPoint.zero, to: nil), CGPoint(x: 48, y: -2))
        #expect(leaf.animationKeys() == nil)
        #expect(root.animationKeys() == nil, "presentation layers carry no animations")
    }

    @Test func presentationOfASublayerInheritsLayerTime() {
        // A sublayer of a layer running at speed 2 runs its animations twice as fast.
        let root = quietLayer()
        let child = quietLayer()
        root.addSublayer(child)
        root.speed = 2
        child.add(basic("zPosition", from: 0.0, to: 10.0), forKey: "z", now: t0)
        expectNear(presentedZ(child, t0 + 0.25), 5, 1e-9)
        // presentationTree draws the same values.
        let tree = root.presentationTree(at: t0 + 0.25)
        expectNear(Double(tree.sublayers![0].zPosition), 5, 1e-9)
    }
}
