// CASpringAnimation: the motion of a damped mass on a spring (checked against an independent
// Runge-Kutta integration of m x'' + c x' + k x = 0), settling within 1e-3 of the distance for
// good from settlingDuration on, and not before.
import Testing
import QuartzCore

private let t0 = 10.0
private let from = 0.0, to = 100.0

struct SpringCase: CustomTestStringConvertible, Sendable {
    var mass: Double, stiffness: Double, damping: Double, velocity: Double
    var zeta: Double { damping / (2 * (stiffness * mass).squareRoot()) }
    var testDescription: String { "m \(mass) k \(stiffness) c \(damping) v0 \(velocity) (zeta \(zeta))" }

    /// The reference trajectory: RK4 on p'' = (-k (p - to) - c p') / m with p(0) = from and
    /// p'(0) = velocity x (to - from) (initialVelocity is in distances per second, toward the target).
    func reference(at times: [Double]) -> [Double] {
        var p = from, v = velocity * (to - from), t = 0.0
        let dt = 1e-4
        func acc(_ p: Double, _ v: Double) -> Double { (-stiffness * (p - to) - damping * v) / mass }
        var out: [Double] = []
        for target in times.sorted() {
            while t + dt <= target {
                let k1p = v, k1v = acc(p, v)
                let k2p = v + dt / 2 * k1v, k2v = acc(p + dt / 2 * k1p, v + dt / 2 * k1v)
                let k3p = v + dt / 2 * k2v, k3v = acc(p + dt / 2 * k2p, v + dt / 2 * k2v)
                let k4p = v + dt * k3v, k4v = acc(p + dt * k3p, v + dt * k3v)
                p += dt / 6 * (k1p + 2 * k2p + 2 * k3p + k4p)
                v += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                t += dt
            }
            // The last partial step, exactly to the target.
            let h = target - t
            let k1p = v, k1v = acc(p, v)
            let k2p = v + h / 2 * k1v, k2v = acc(p + h / 2 * k1p, v + h / 2 * k1v)
            let k3p = v + h / 2 * k2v, k3v = acc(p + h / 2 * k2p, v + h / 2 * k2v)
            let k4p = v + h * k3v
            out.append(p + h / 6 * (k1p + 2 * k2p + 2 * k3p + k4p))
        }
        return out
    }
}

private func springLayer(_ c: SpringCase) -> (CALayer, CASpringAnimation) {
    let a = CASpringAnimation(keyPath: "zPosition")
    a.fromValue = from; a.toValue = to
    a.mass = c.mass; a.stiffness = c.stiffness; a.damping = c.damping; a.initialVelocity = c.velocity
    a.duration = 12 * a.settlingDuration
    let l = quietLayer { $0.zPosition = CGFloat(to) }
    l.add(a, forKey: "spring", now: t0)
    return (l, a)
}

@Suite struct SpringTests {
    static let cases: [SpringCase] = [
        SpringCase(mass: 1, stiffness: 100, damping: 10, velocity: 0),    // underdamped (zeta 0.5)
        SpringCase(mass: 2, stiffness: 300, damping: 5, velocity: 5),     // lightly damped, thrown toward the target
        SpringCase(mass: 1, stiffness: 100, damping: 20, velocity: 0),    // critically damped
        SpringCase(mass: 0.5, stiffness: 200, damping: 20, velocity: -3), // critically damped, thrown away
        SpringCase(mass: 1, stiffness: 100, damping: 50, velocity: 0),    // overdamped (zeta 2.5)
        SpringCase(mass: 1, stiffness: 50, damping: 30, velocity: 10),    // overdamped, thrown toward the target
    ]

    @Test func defaults() {
        let a = CASpringAnimation()
        #expect(a.mass == 1 && a.stiffness == 100 && a.damping == 10 && a.initialVelocity == 0)
    }

    @Test(arguments: cases)
    func followsTheSpringEquation(_ c: SpringCase) {
        let (l, a) = springLayer(c)
        let times = (0...400).map { Double($0) / 400 * 2 * a.settlingDuration }
        let want = c.reference(at: times)
        expectNear(presentedZ(l, t0), from, 1e-12, "starts at from")
        for (t, w) in zip(times, want) {
            expectNear(presentedZ(l, t0 + t), w, 1e-6 * (to - from), "\(c.testDescription) at \(t)")
        }
    }

    @Test(arguments: cases)
    func settlesForGoodAtTheSettlingDuration(_ c: SpringCase) {
        let (l, a) = springLayer(c)
        let s = a.settlingDuration
        #expect(s.isFinite && s > 0)
        let tol = 1e-3 * abs(to - from)
        var worst = 0.0
        let n = 20000
        for i in 0...n {
            let t = s + Double(i) / Double(n) * 9 * s
            worst = max(worst, abs(presentedZ(l, t0 + t) - to))
        }
        #expect(worst <= tol + 1e-12, "\(c.testDescription): |x - to| reaches \(worst) after settlingDuration \(s)")
    }

    /// Not settled shortly before: some time in the last stretch before settlingDuration is
    /// still outside the band (the last half period for an underdamped spring, whose envelope
    /// touches the motion once every half period; the last 10% otherwise).
    @Test(arguments: cases)
    func notSettledJustBefore(_ c: SpringCase) {
        let (l, a) = springLayer(c)
        let s = a.settlingDuration
        let tol = 1e-3 * abs(to - from)
        let w0 = (c.stiffness / c.mass).squareRoot()
        let window = c.zeta < 1 ? Double.pi / (w0 * (1 - c.zeta * c.zeta).squareRoot()) : 0.1 * s
        let n = 4000
        let outside = (0..<n).contains { i in
            let t = s - window + Double(i) / Double(n) * window
            return abs(presentedZ(l, t0 + t) - to) > tol
        }
        #expect(outside, "\(c.testDescription): already settled in [\(s - window), \(s)): settlingDuration \(s) is too long")
    }

    @Test func underdampedOvershoots() {
        let (l, a) = springLayer(Self.cases[0])
        let peak = (0...1000).map { presentedZ(l, t0 + Double($0) / 1000 * a.settlingDuration) }.max()!
        #expect(peak > to + 1, "peak \(peak)")
        // First overshoot of an underdamped spring released at rest: exp(-zeta pi / sqrt(1 - zeta^2)).
        let zeta = 0.5
        expectNear(peak - to, (to - from) * exp(-zeta * .pi / (1 - zeta * zeta).squareRoot()), 1e-2)
        // Over- and critically damped springs released at rest never overshoot.
        for c in [Self.cases[2], Self.cases[4]] {
            let (m, b) = springLayer(c)
            let top = (0...1000).map { presentedZ(m, t0 + Double($0) / 1000 * 3 * b.settlingDuration) }.max()!
            #expect(top <= to + 1e-9, "\(c.testDescription) peaks at \(top)")
        }
    }

    @Test func initialVelocityChangesTheEarlyMotion() {
        let base = SpringCase(mass: 1, stiffness: 100, damping: 10, velocity: 0)
        var toward = base; toward.velocity = 10
        var away = base; away.velocity = -5
        let (l0, _) = springLayer(base), (l1, _) = springLayer(toward), (l2, _) = springLayer(away)
        let t = 0.02
        #expect(presentedZ(l1, t0 + t) > presentedZ(l0, t0 + t) + 5)
        #expect(presentedZ(l2, t0 + t) < from, "thrown away from the target, it first moves away")
        // The initial slope is velocity x distance.
        expectNear((presentedZ(l1, t0 + 1e-6) - from) / 1e-6, 10 * (to - from), 1, "initial speed")
    }

    @Test func undampedSpringNeverSettles() {
        let a = CASpringAnimation()
        a.damping = 0
        #expect(a.settlingDuration.isInfinite || a.settlingDuration > 1e5)
    }

    @Test func settlingDurationDependsOnTheParameters() {
        let soft = CASpringAnimation(), stiff = CASpringAnimation()
        soft.stiffness = 50
        stiff.stiffness = 400; stiff.damping = 40
        #expect(stiff.settlingDuration < soft.settlingDuration)
    }
}
