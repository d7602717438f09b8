// CAKeyframeAnimation: linear with default and explicit keyTimes, per-segment timing
// functions, discrete (n and n + 1 keyTimes), paced and cubic (Catmull-Rom) modes.
import Testing
import QuartzCore

private let t0 = 20.0

/// A layer with a 1 s keyframe animation of `keyPath` added at t0.
private func keyframed(keyPath: String = "zPosition", _ values: [Any], _ setup: (CAKeyframeAnimation) -> Void = { _ in }) -> CALayer {
    let l = quietLayer { $0.zPosition = -1 }
    let a = CAKeyframeAnimation(keyPath: keyPath)
    a.values = values
    a.duration = 1
    setup(a)
    l.add(a, forKey: "k", now: t0)
    return l
}

private func z(_ l: CALayer, _ f: Double) -> Double { presentedZ(l, t0 + f) }

@Suite struct KeyframeTests {
    @Test func linearEvenlySpaced() {
        let l = keyframed([0.0, 10.0, 40.0])
        expectNear(z(l, 0), 0)
        expectNear(z(l, 0.25), 5)
        expectNear(z(l, 0.5), 10)
        expectNear(z(l, 0.75), 25)
        expectNear(z(l, 0.99), 39.4)
    }

    @Test func linearWithKeyTimes() {
        let l = keyframed([0.0, 10.0, 40.0]) { $0.keyTimes = [0, 0.2, 1] }
        expectNear(z(l, 0.1), 5)
        expectNear(z(l, 0.2), 10)
        expectNear(z(l, 0.6), 25)
        // Key times need not start at 0: the first value holds until its time.
        let m = keyframed([0.0, 10.0]) { $0.keyTimes = [0.5, 1] }
        expectNear(z(m, 0.25), 0)
        expectNear(z(m, 0.75), 5)
    }

    @Test func linearPoints() {
        let l = keyframed(keyPath: "position", [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 20)])
        expectClose(l.presentation(at: t0 + 0.25)!.position, CGPoint(x: 5, y: 0))
        expectClose(l.presentation(at: t0 + 0.75)!.position, CGPoint(x: 10, y: 10))
    }

    @Test func perSegmentTimingFunctions() {
        let l = keyframed([0.0, 10.0, 40.0]) {
            $0.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut)]
        }
        expectNear(z(l, 0.25), 10 * referenceBezier(0.42, 0, 1, 1, at: 0.5), 1e-6)
        expectNear(z(l, 0.6), 10 + 30 * referenceBezier(0, 0, 0.58, 1, at: 0.2), 1e-6)
        expectNear(z(l, 0.5), 10, 1e-9)
    }

    @Test func overallTimingFunctionPacesTheWholeAnimation() {
        let l = keyframed([0.0, 10.0, 40.0]) { $0.timingFunction = CAMediaTimingFunction(name: .easeIn) }
        let p = referenceBezier(0.42, 0, 1, 1, at: 0.6)  // < 0.5: still in the first segment
        #expect(p < 0.5)
        expectNear(z(l, 0.6), 10 * p / 0.5, 1e-6)
    }

    @Test func discreteDefaultTimes() {
        // n values, no key times: each value holds for 1/n of the duration.
        let l = keyframed([0.0, 10.0, 40.0]) { $0.calculationMode = .discrete }
        expectNear(z(l, 0), 0)
        expectNear(z(l, 0.3), 0)
        expectNear(z(l, 0.34), 10)
        expectNear(z(l, 0.66), 10)
        expectNear(z(l, 0.67), 40)
        expectNear(z(l, 0.99), 40)
    }

    @Test func discreteWithNPlusOneKeyTimes() {
        // As Core Animation documents: one more key time than values, from 0 to 1.
        let l = keyframed([0.0, 10.0, 40.0]) { $0.calculationMode = .discrete; $0.keyTimes = [0, 0.1, 0.5, 1] }
        expectNear(z(l, 0.05), 0)
        expectNear(z(l, 0.1), 10)
        expectNear(z(l, 0.2), 10)
        expectNear(z(l, 0.5), 40)
        expectNear(z(l, 0.9), 40)
    }

    @Test func discreteWithNKeyTimes() {
        let l = keyframed([0.0, 10.0, 40.0]) { $0.calculationMode = .discrete; $0.keyTimes = [0, 0.1, 0.5] }
        expectNear(z(l, 0.05), 0)
        expectNear(z(l, 0.3), 10)
        expectNear(z(l, 0.6), 40)
        // Discrete values are not interpolated, even colors.
        let c = keyframed(keyPath: "backgroundColor", [CGColor.black, CGColor.white]) { $0.calculationMode = .discrete }
        expectNear(c.presentation(at: t0 + 0.45)!.backgroundColor, .black, 0)
        expectNear(c.presentation(at: t0 + 0.55)!.backgroundColor, .white, 0)
    }

    @Test func pacedTimesAreProportionalToDistance() {
        let l = keyframed([0.0, 10.0, 30.0]) { $0.calculationMode = .paced }
        expectNear(z(l, 1.0 / 3), 10, 1e-9)
        expectNear(z(l, 0.5), 15, 1e-9)
        expectNear(z(l, 2.0 / 3), 20, 1e-9)
        // Key times and timing functions are ignored in paced mode.
        let m = keyframed([0.0, 10.0, 30.0]) {
            $0.calculationMode = .paced; $0.keyTimes = [0, 0.9, 1]
            $0.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeIn)]
        }
        expectNear(z(m, 1.0 / 3), 10, 1e-9)
        expectNear(z(m, 0.9), 27, 1e-9)
    }

    @Test func pacedPoints() {
        // Distances 50 and 40: the corner is reached at 50/90 of the duration.
        let l = keyframed(keyPath: "position", [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 40), CGPoint(x: 30, y: 0)]) { $0.calculationMode = .paced }
        expectClose(l.presentation(at: t0 + 50.0 / 90)!.position, CGPoint(x: 30, y: 40), 1e-9)
        expectClose(l.presentation(at: t0 + 25.0 / 90)!.position, CGPoint(x: 15, y: 20), 1e-9)
        expectClose(l.presentation(at: t0 + 70.0 / 90)!.position, CGPoint(x: 30, y: 20), 1e-9)
    }

    @Test func cubicPassesThroughEveryValueAtItsKeyTime() {
        let values = [0.0, 10.0, 0.0, 20.0]
        let l = keyframed(values) { $0.calculationMode = .cubic }
        for (i, v) in values.enumerated().dropLast() { expectNear(z(l, Double(i) / 3), v, 1e-9, "value \(i)") }
        expectNear(z(l, 0.9999), 20, 1e-2)
        // Between, a Catmull-Rom spline: the middle of segment 1 (from 10 to 0, neighbours 0
        // and 20) is (-p0 + 9 p1 + 9 p2 - p3) / 16.
        expectNear(z(l, 0.5), (-0.0 + 9 * 10 + 9 * 0 - 20) / 16, 1e-9)
        // Not linear: the linear value there would be 5.
        #expect(abs(z(l, 0.5) - 5) > 0.5)
    }

    @Test func cubicOnPoints() {
        let values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 10), CGPoint(x: 20, y: 0), CGPoint(x: 30, y: 30)]
        let l = keyframed(keyPath: "position", values) { $0.calculationMode = .cubic }
        expectClose(l.presentation(at: t0 + 1.0 / 3)!.position, values[1], 1e-9)
        let mid = l.presentation(at: t0 + 0.5)!.position
        expectClose(mid, CGPoint(x: (-0 + 90 + 180 - 30) / 16.0, y: (-0 + 90 + 0 - 30) / 16.0), 1e-9)
    }

    @Test func keyframeTransformsInterpolateByDecomposition() {
        let l = quietLayer()
        let a = CAKeyframeAnimation(keyPath: "transform")
        a.values = [CATransform3DIdentity, CATransform3DMakeRotation(.pi / 2, 0, 0, 1), CATransform3DMakeRotation(.pi, 0, 0, 1)]
        a.duration = 1
        l.add(a, forKey: "k", now: t0)
        expectClose(l.presentation(at: t0 + 0.25)!.transform, CATransform3DMakeRotation(.pi / 4, 0, 0, 1), 1e-9)
        expectClose(l.presentation(at: t0 + 0.75)!.transform, CATransform3DMakeRotation(3 * .pi / 4, 0, 0, 1), 1e-9)
    }

    @Test func keyframeRepeatAndAutoreverse() {
        let l = keyframed([0.0, 10.0, 40.0]) { $0.autoreverses = true; $0.repeatCount = 2 }
        expectNear(z(l, 1.25), 25, 1e-9, "on the way back")
        expectNear(z(l, 2.25), 5, 1e-9, "second pass")
    }
}
