// Transform values: 16 numbers in field order, or steps applied exactly like the Core
// Animation functions of the same names.
import Foundation
import Testing
import LaminaScene
import QuartzCore

@Suite("Transform steps")
struct TransformStepTests {
    /// The transform a one-layer scene gets from `steps` (JSON).
    func transform(_ steps: String) throws -> CATransform3D {
        try parseLayer(#"{"transform": \#(steps)}"#).transform
    }

    /// A non-trivial start so each step is checked as a modifier of t, not only from the identity.
    let start = #"{"matrix": [1, 2, 0, 0, -3, 1, 0.5, 0, 0, 0.25, 1, 0.001, 7, -8, 9, 1]}"#
    var t0: CATransform3D {
        CATransform3DConcat(CATransform3D(fields: [1, 2, 0, 0, -3, 1, 0.5, 0, 0, 0.25, 1, 0.001, 7, -8, 9, 1]), .identity)
    }

    @Test func sixteenNumbersAreFieldOrder() throws {
        let f = (1...16).map { Double($0) }
        let t = try transform("[" + f.map { String(Int($0)) }.joined(separator: ", ") + "]")
        #expect(t.fields == f.map { CGFloat($0) })
        #expect(t.m34 == 12 && t.m41 == 13)
    }

    @Test func emptyStepsAreTheIdentity() throws {
        #expect(try transform("[]") == CATransform3DIdentity)
    }

    @Test func translate() throws {
        #expect(try transform("[\(start), {\"translate\": [3, -4, 5.5]}]").fields == CATransform3DTranslate(t0, 3, -4, 5.5).fields)
    }

    @Test func scale() throws {
        #expect(try transform("[\(start), {\"scale\": [2, 0.5, -1]}]").fields == CATransform3DScale(t0, 2, 0.5, -1).fields)
    }

    @Test func rotate() throws {
        #expect(try transform("[\(start), {\"rotate\": [0.3, 1, 2, 3]}]").fields == CATransform3DRotate(t0, 0.3, 1, 2, 3).fields)
        // A zero axis is no rotation, as in Core Animation (and the oracle).
        #expect(try transform(#"[{"rotate": [1, 0, 0, 0]}]"#) == CATransform3DIdentity)
    }

    @Test func rotateDegrees() throws {
        let t = try transform("[\(start), {\"rotateDegrees\": [30, 0, 0, 1]}]")
        #expect(t.fields == CATransform3DRotate(t0, 30 * .pi / 180, 0, 0, 1).fields)
        let r = try transform(#"[{"rotateDegrees": [90, 0, 1, 0]}]"#)
        let want = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        #expect(zip(r.fields, want.fields).allSatisfy { abs($0 - $1) <= 1e-15 })
    }

    @Test func m34IsAFieldAssignment() throws {
        var want = t0
        want.m34 = -0.004
        #expect(try transform("[\(start), {\"m34\": -0.004}]").fields == want.fields)
    }

    @Test func perspectiveIsMinusOneOverD() throws {
        var want = t0
        want.m34 = -1.0 / 800
        #expect(try transform("[\(start), {\"perspective\": 800}]").fields == want.fields)
    }

    @Test func matrixConcatsBeforeT() throws {
        let m = CATransform3D(fields: [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 10, 20, 30, 1])
        let t = try transform("[\(start), {\"matrix\": [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 10, 20, 30, 1]}]")
        #expect(t.fields == CATransform3DConcat(m, t0).fields)
    }

    @Test func affineConcatsBeforeT() throws {
        let a = CATransform3DMakeAffineTransform(CGAffineTransform(1, 0.5, -0.25, 2, 11, -12))
        #expect(try transform("[\(start), {\"affine\": [1, 0.5, -0.25, 2, 11, -12]}]").fields == CATransform3DConcat(a, t0).fields)
    }

    @Test func stepsApplyInOrder() throws {
        var want = CATransform3DIdentity
        want = CATransform3DTranslate(want, 1, 2, 3)
        want = CATransform3DScale(want, 2, 3, 4)
        want = CATransform3DRotate(want, 0.5, 0, 1, 0)
        let t = try transform(#"[{"translate": [1, 2, 3]}, {"scale": [2, 3, 4]}, {"rotate": [0.5, 0, 1, 0]}]"#)
        #expect(t.fields == want.fields)
    }

    @Test func theContractsBookExample() throws {
        let t = try transform(#"[{"m34": -0.002}, {"rotate": [0.7853981634, 0, 1, 0]}]"#)
        var want = CATransform3DIdentity
        want.m34 = -1.0 / 500
        want = CATransform3DRotate(want, .pi / 4, 0, 1, 0)
        for (i, (a, b)) in zip(t.fields, want.fields).enumerated() {
            #expect(abs(a - b) <= 1e-9, "field \(i): \(a) vs \(b)")
        }
    }

    @Test func sublayerTransformTakesTheSameValues() throws {
        let l = try parseLayer(#"{"sublayerTransform": [{"perspective": 500}, {"rotateDegrees": [45, 1, 0, 0]}]}"#)
        var want = CATransform3DIdentity
        want.m34 = -1.0 / 500
        want = CATransform3DRotate(want, 45 * .pi / 180, 1, 0, 0)
        #expect(l.sublayerTransform.fields == want.fields)
        #expect(l.transform == CATransform3DIdentity)
    }
}
