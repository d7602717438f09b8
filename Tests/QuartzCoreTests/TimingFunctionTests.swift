// CAMediaTimingFunction: the named curves carry Core Animation's control points, and every
// curve's value(at:) equals an independent cubic-Bezier solution (bisection to 1e-14).
import Testing
import QuartzCore

@Suite struct TimingFunctionTests {
    /// Core Animation's named functions and their documented control points.
    static let named: [(CAMediaTimingFunctionName, [Double])] = [
        (.linear, [0, 0, 1, 1]),
        (.easeIn, [0.42, 0, 1, 1]),
        (.easeOut, [0, 0, 0.58, 1]),
        (.easeInEaseOut, [0.42, 0, 0.58, 1]),
        (.default, [0.25, 0.1, 0.25, 1]),
    ]

    /// Custom curves, overshooting ones included, and (1, 0, 0, 1), whose x(t) has a flat
    /// inflection at t = 0.5 (Newton's method stalls there).
    static let custom: [[Double]] = [
        [0.5, -0.5, 0.5, 1.5],
        [0.68, -0.55, 0.265, 1.55],
        [0.1, 0.9, 0.2, 1.0],
        [0.9, 0.1, 1.0, 0.2],
        [1, 0, 0, 1],
        [0, 1, 1, 0],
        [0.3, 2.0, 0.7, -1.0],
    ]

    @Test(arguments: 0..<5)
    func namedFunctionMatchesTheBezier(_ i: Int) {
        let (name, p) = Self.named[i]
        let f = CAMediaTimingFunction(name: name)
        for k in 0...100 {
            let x = Double(k) / 100
            expectNear(f.value(at: x), referenceBezier(p[0], p[1], p[2], p[3], at: x), 1e-6, "\(name.rawValue) at \(x)")
        }
    }

    @Test(arguments: 0..<5)
    func namedFunctionControlPoints(_ i: Int) {
        let (name, p) = Self.named[i]
        let f = CAMediaTimingFunction(name: name)
        var v: [Float] = [9, 9]
        let want: [(Float, Float)] = [(0, 0), (Float(p[0]), Float(p[1])), (Float(p[2]), Float(p[3])), (1, 1)]
        for idx in 0..<4 {
            v.withUnsafeMutableBufferPointer { f.getControlPoint(at: idx, values: $0.baseAddress!) }
            #expect(v[0] == want[idx].0 && v[1] == want[idx].1, "\(name.rawValue) point \(idx): \(v)")
        }
    }

    @Test(arguments: 0..<7)
    func customFunctionMatchesTheBezier(_ i: Int) {
        let p = Self.custom[i]
        let f = CAMediaTimingFunction(controlPoints: Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
        // Float control points: the reference uses the same (rounded) numbers.
        let q = p.map { Double(Float($0)) }
        for k in 0...100 {
            let x = Double(k) / 100
            expectNear(f.value(at: x), referenceBezier(q[0], q[1], q[2], q[3], at: x), 1e-6, "\(p) at \(x)")
        }
        let g = CAMediaTimingFunction(c1x: p[0], c1y: p[1], c2x: p[2], c2y: p[3])
        for k in 0...100 {
            let x = Double(k) / 100
            expectNear(g.value(at: x), referenceBezier(p[0], p[1], p[2], p[3], at: x), 1e-6, "\(p) at \(x)")
        }
        var v: [Float] = [0, 0]
        v.withUnsafeMutableBufferPointer { f.getControlPoint(at: 1, values: $0.baseAddress!) }
        #expect(v == [Float(p[0]), Float(p[1])])
        v.withUnsafeMutableBufferPointer { f.getControlPoint(at: 2, values: $0.baseAddress!) }
        #expect(v == [Float(p[2]), Float(p[3])])
    }

    /// Dense sampling near the flat inflection of (1, 0, 0, 1), where y(x) is steepest.
    @Test func steepCurveNearItsInflection() {
        let f = CAMediaTimingFunction(c1x: 1, c1y: 0, c2x: 0, c2y: 1)
        for k in -50...50 {
            let x = 0.5 + Double(k) * 1e-3
            expectNear(f.value(at: x), referenceBezier(1, 0, 0, 1, at: x), 1e-6, "at \(x)")
        }
    }

    /// The overshooting curve really leaves 0...1 (the y control points are not clamped).
    @Test func overshootIsKept() {
        let f = CAMediaTimingFunction(c1x: 0.5, c1y: -0.5, c2x: 0.5, c2y: 1.5)
        #expect(f.value(at: 0.1) < 0)
        #expect(f.value(at: 0.9) > 1)
        #expect(f.value(at: 0) == 0 && f.value(at: 1) == 1)
    }

    @Test func linearIsTheIdentity() {
        let f = CAMediaTimingFunction(name: .linear)
        for k in 0...100 { let x = Double(k) / 100; expectNear(f.value(at: x), x, 1e-12) }
    }

    @Test func equalityByControlPoints() {
        #expect(CAMediaTimingFunction(name: .easeIn) == CAMediaTimingFunction(c1x: 0.42, c1y: 0, c2x: 1, c2y: 1))
        #expect(CAMediaTimingFunction(name: .default) != CAMediaTimingFunction(name: .easeInEaseOut))
    }
}
