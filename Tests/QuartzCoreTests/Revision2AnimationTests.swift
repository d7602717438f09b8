// Explicit animations of every key path revision 2 adds (implicit ones are in
// TransactionTests+Revision2.swift, which commits transactions): halfway values, arrays
// element by element, paths point by point, instanceCount whole, masks on their host's time.
import Foundation
import Testing
@testable import QuartzCore

@Suite struct Revision2AnimationTests {
    @Test(arguments: revision2AnimatableKeys)
    func explicitAnimationHalfway(_ key: String) throws {
        let c = revision2AnimationCase(key)
        c.layer.delegate = NoActions.shared
        c.layer.add(basic(key, from: c.from, to: c.to), forKey: "a", now: 0)
        let p = try #require(c.layer.presentation(at: 0)?.value(forKeyPath: key))
        #expect(approxEqual(p, c.from), "\(key) starts at from: \(p)")
        let half = try #require(c.layer.presentation(at: 0.5)?.value(forKeyPath: key))
        #expect(approxEqual(half, c.half, 1e-6), "\(key) halfway: \(half), want \(c.half)")
        let end = try #require(c.layer.presentation(at: 0.999999)?.value(forKeyPath: key))
        // A count stays whole: just before the end it is still the one below.
        let want: Any = key == "instanceCount" ? 5 : c.to
        #expect(approxEqual(end, want, 1e-4), "\(key) near the end: \(end)")
    }

    @Test func instanceCountIsNeverBetweenTwoCounts() throws {
        let r = CAReplicatorLayer()
        r.delegate = NoActions.shared
        r.add(basic("instanceCount", from: 0, to: 4), forKey: "n", now: 0)
        let counts = stride(from: 0.0, to: 1.0, by: 0.05).map { ($0, r.presentation(at: $0)!.instanceCount) }
        for (t, n) in counts { #expect(n == Int((4 * t + 1e-9).rounded(.down)), "at \(t): \(n)") }
        #expect(r.presentation(at: 0.24)!.instanceCount == 0 && r.presentation(at: 0.26)!.instanceCount == 1)
    }

    @Test func colorsOfDifferentCountsStep() throws {
        let g = CAGradientLayer()
        g.delegate = NoActions.shared
        g.add(basic("colors", from: [red], to: [red, blue]), forKey: "c", now: 0)
        #expect(g.presentation(at: 0.25)!.cgColors == [red])
        #expect(g.presentation(at: 0.75)!.cgColors == [red, blue])
    }

    @Test func pathsOfDifferentCommandsStep() throws {
        let s = CAShapeLayer()
        s.delegate = NoActions.shared
        let tri = try CGMutablePath(svgPathData: "M0 0 L10 0 L5 5 Z")
        s.add(basic("path", from: rect(0, 0, 1, 1), to: tri), forKey: "p", now: 0)
        #expect(s.presentation(at: 0.25)!.path == rect(0, 0, 1, 1))
        #expect(s.presentation(at: 0.75)!.path == tri)
    }

    @Test func pathKeyframesInterpolatePointByPoint() throws {
        let s = CAShapeLayer()
        s.delegate = NoActions.shared
        let k = CAKeyframeAnimation(keyPath: "path")
        k.values = [rect(0, 0, 10, 10), rect(0, 0, 20, 20), rect(0, 0, 40, 40)]
        k.duration = 1
        s.add(k, forKey: "k", now: 0)
        #expect(approxEqual(s.presentation(at: 0.75)!.path, rect(0, 0, 30, 30)))
    }

    @Test func theMaskIsPresentedWithItsAnimationsOnTheHostsTime() throws {
        let host = quietLayer(), mask = quietLayer()
        host.mask = mask
        host.speed = 2
        mask.add(basic("opacity", from: 0, to: 1), forKey: "o", now: 0)
        let p = try #require(host.presentation(at: 0.25))
        let pm = try #require(p.mask)
        #expect(pm !== mask, "the presentation's mask is a presentation copy")
        // The host's time runs twice as fast: at media time 0.25 the mask's animation is halfway.
        expectNear(Double(pm.opacity), 0.5, 1e-9)
        #expect(host.hasRunningAnimations(at: 0.25))
        #expect(!host.hasRunningAnimations(at: 1))
    }

    /// The process-wide flag a compile reads before walking a tree for running animations:
    /// set once any layer is given one (and never cleared, so a tree with one is always walked).
    @Test func addingAnAnimationSetsTheProcessFlag() {
        let l = quietLayer()
        l.add(basic("opacity", from: 0, to: 1), forKey: "o", now: 0)
        #expect(CALayer.animationsWereAdded)
        #expect(l.hasRunningAnimations(at: 0.5))
        l.removeAllAnimations()
        #expect(CALayer.animationsWereAdded)
    }

    @Test func presentationCopiesDoNotRunDisplay() {
        let l = CALayer()
        l.setNeedsDisplay()
        let p = l.presentationTree(at: 0)
        #expect(p.needsDisplay() == false && l.needsDisplay())
    }
}
