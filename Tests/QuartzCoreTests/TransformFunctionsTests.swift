// CATransform3D and Core Animation's C-style transform functions.
import Testing
import QuartzCore

@Suite("CATransform3D functions")
struct TransformFunctionsTests {
    // MARK: Construction

    @Test func identityAndZeroInitializer() {
        let i = CATransform3DIdentity
        #expect(i.fields == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        #expect(CATransform3D().fields == [CGFloat](repeating: 0, count: 16))
        #expect(CATransform3D.identity == i)
        #expect(CATransform3DIsIdentity(i))
        #expect(!CATransform3DIsIdentity(CATransform3D()))
    }

    @Test func fieldOrderAndSubscript() {
        let f: [CGFloat] = (1...16).map { CGFloat($0) }
        var t = CATransform3D(fields: f)
        #expect(t.fields == f)
        #expect(t.m11 == 1 && t.m14 == 4 && t.m21 == 5 && t.m34 == 12 && t.m41 == 13 && t.m44 == 16)
        #expect(t[2, 3] == 12)
        #expect(t[3, 0] == 13)
        for r in 0..<4 { for c in 0..<4 { #expect(t[r, c] == f[4 * r + c]) } }
        t[1, 2] = -7
        #expect(t.m23 == -7)
    }

    @Test func makeTranslationAndScale() {
        let t = CATransform3DMakeTranslation(3, -4, 5)
        #expect(t.fields == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 3, -4, 5, 1])
        let s = CATransform3DMakeScale(2, -3, 0.5)
        #expect(s.fields == [2, 0, 0, 0, 0, -3, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 1])
        let p = t.apply(1, 2, 3)
        #expect(p.x == 4 && p.y == -2 && p.z == 8 && p.w == 1)
    }

    // MARK: Rotation

    @Test func rotationAboutZByHalfPi() {
        let r = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(r.m12 == 1)
        #expect(r.m21 == -1)
        #expect(abs(r.m11) < 1e-16 && abs(r.m22) < 1e-16)
        #expect(r.m33 == 1 && r.m44 == 1)
        #expect(r.m13 == 0 && r.m23 == 0 && r.m31 == 0 && r.m32 == 0)
        #expect(r.m14 == 0 && r.m24 == 0 && r.m34 == 0 && r.m41 == 0 && r.m42 == 0 && r.m43 == 0)
        // Clockwise on a y-down screen: +x turns into +y.
        let p = r.apply(1, 0)
        #expect(abs(p.x) < 1e-16 && p.y == 1)
    }

    @Test func rotationAboutXByHalfPi() {
        let r = CATransform3DMakeRotation(.pi / 2, 1, 0, 0)
        #expect(r.m23 == 1)
        #expect(r.m32 == -1)
        #expect(r.m11 == 1 && r.m44 == 1)
        #expect(abs(r.m22) < 1e-16 && abs(r.m33) < 1e-16)
        #expect(r.m12 == 0 && r.m13 == 0 && r.m21 == 0 && r.m31 == 0)
        // +y turns into +z (toward the viewer).
        let p = r.apply(0, 1)
        #expect(abs(p.y) < 1e-16 && p.z == 1)
    }

    @Test func rotationAboutYByHalfPi() {
        let r = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        #expect(r.m13 == -1)
        #expect(r.m31 == 1)
        #expect(r.m22 == 1 && r.m44 == 1)
        #expect(abs(r.m11) < 1e-16 && abs(r.m33) < 1e-16)
        // +x turns into -z (away from the viewer): the right edge swings back.
        let p = r.apply(1, 0)
        #expect(abs(p.x) < 1e-16 && p.z == -1)
    }

    @Test func rotationMatchesTheAxisAngleFormula() {
        let angle: CGFloat = 0.8
        let (x, y, z): (CGFloat, CGFloat, CGFloat) = (2.0 / 7, 3.0 / 7, 6.0 / 7)   // a unit vector
        let c = cos(angle), s = sin(angle), t = 1 - c
        let want = CATransform3D(
            m11: t * x * x + c, m12: t * x * y + s * z, m13: t * x * z - s * y, m14: 0,
            m21: t * x * y - s * z, m22: t * y * y + c, m23: t * y * z + s * x, m24: 0,
            m31: t * x * z + s * y, m32: t * y * z - s * x, m33: t * z * z + c, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
        // The axis need not be a unit vector.
        expectClose(CATransform3DMakeRotation(angle, 2, 3, 6), want, 1e-15)
        expectClose(CATransform3DMakeRotation(angle, 20, 30, 60), want, 1e-15)
    }

    @Test func rotationIsOrthonormalAndFixesItsAxis() {
        var g = SeededGenerator(seed: 7)
        for _ in 0..<100 {
            let (ax, ay, az) = (g.uniform(-1...1), g.uniform(-1...1), g.uniform(-1...1))
            let angle = g.uniform(-7...7)
            let r = CATransform3DMakeRotation(angle, ax, ay, az)
            // R * R^T = I and det = +1.
            var rt = r
            for i in 0..<3 { for j in 0..<3 { rt[i, j] = r[j, i] } }
            expectClose(r.concatenating(rt), CATransform3DIdentity, 1e-14)
            expectClose(r.determinant, 1, 1e-14)
            // The axis maps to itself.
            let p = r.apply(ax, ay, az)
            #expect(abs(p.x - ax) < 1e-14 && abs(p.y - ay) < 1e-14 && abs(p.z - az) < 1e-14)
        }
    }

    @Test func rotationAboutNegatedAxisIsTheInverseRotation() {
        expectClose(CATransform3DMakeRotation(0.6, 0, 0, -1), CATransform3DMakeRotation(-0.6, 0, 0, 1), 1e-15)
        expectClose(CATransform3DMakeRotation(0.6, -1, -1, 0), CATransform3DMakeRotation(-0.6, 1, 1, 0), 1e-15)
    }

    @Test func rotationWithZeroAxisIsIdentity() {
        #expect(CATransform3DMakeRotation(1.0, 0, 0, 0) == CATransform3DIdentity)
        #expect(CATransform3DMakeRotation(.pi, 0, 0, 0) == CATransform3DIdentity)
        #expect(CATransform3DRotate(CATransform3DMakeTranslation(1, 2, 3), 1.0, 0, 0, 0) == CATransform3DMakeTranslation(1, 2, 3))
    }

    // MARK: Modifiers apply the new operation first

    @Test func translateOfScaleScalesTheTranslation() {
        let t = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 2), 10, 0, 0)
        #expect(t.m41 == 20)
        #expect(t.m42 == 0 && t.m43 == 0 && t.m11 == 2)
    }

    @Test func scaleOfTranslationKeepsTheTranslation() {
        let t = CATransform3DScale(CATransform3DMakeTranslation(10, 0, 0), 2, 2, 2)
        #expect(t.m41 == 10)
        #expect(t.m11 == 2 && t.m22 == 2 && t.m33 == 2)
        // The point is scaled first, then translated.
        let p = t.apply(1, 1, 1)
        #expect(p.x == 12 && p.y == 2 && p.z == 2)
    }

    @Test func modifiersEqualOpTimesT() {
        var g = SeededGenerator(seed: 11)
        for _ in 0..<20 {
            let t = CATransform3D(fields: (0..<16).map { _ in g.uniform(-3...3) })
            #expect(CATransform3DTranslate(t, 1, -2, 3) == CATransform3DMakeTranslation(1, -2, 3).concatenating(t))
            #expect(CATransform3DScale(t, 2, 0.5, -1) == CATransform3DMakeScale(2, 0.5, -1).concatenating(t))
            #expect(CATransform3DRotate(t, 0.4, 1, 2, 3) == CATransform3DMakeRotation(0.4, 1, 2, 3).concatenating(t))
        }
    }

    @Test func rotateOfTranslationRotatesFirst() {
        let t = CATransform3DRotate(CATransform3DMakeTranslation(100, 0, 0), .pi / 2, 0, 0, 1)
        // (1, 0) rotates to (0, 1), then moves by 100.
        let p = t.apply(1, 0)
        #expect(abs(p.x - 100) < 1e-13 && p.y == 1)
        #expect(t.m41 == 100 && t.m42 == 0)
    }

    // MARK: Concatenation

    @Test func concatIsAThenB() {
        let ts = CATransform3DMakeTranslation(10, 0, 0), sc = CATransform3DMakeScale(2, 2, 2)
        #expect(CATransform3DConcat(ts, sc).m41 == 20)   // translate, then scale
        #expect(CATransform3DConcat(sc, ts).m41 == 10)   // scale, then translate
        let p = CATransform3DConcat(ts, sc).apply(1, 0)
        #expect(p.x == 22)
    }

    @Test func concatIsTheRowVectorMatrixProduct() {
        let a = CATransform3D(fields: (1...16).map { CGFloat($0) })
        let b = CATransform3D(fields: (1...16).map { CGFloat(17 - $0) * ($0 % 2 == 0 ? -1 : 1) })
        var want = CATransform3D()
        for i in 0..<4 { for j in 0..<4 {
            var s: CGFloat = 0
            for k in 0..<4 { s += a[i, k] * b[k, j] }
            want[i, j] = s
        } }
        #expect(CATransform3DConcat(a, b) == want)
        #expect(a.concatenating(b) == want)
        #expect(CATransform3DConcat(a, CATransform3DIdentity) == a)
        #expect(CATransform3DConcat(CATransform3DIdentity, a) == a)
    }

    @Test func concatIsAssociative() {
        var g = SeededGenerator(seed: 3)
        for _ in 0..<20 {
            let a = CATransform3D(fields: (0..<16).map { _ in g.uniform(-2...2) })
            let b = CATransform3D(fields: (0..<16).map { _ in g.uniform(-2...2) })
            let c = CATransform3D(fields: (0..<16).map { _ in g.uniform(-2...2) })
            expectClose(CATransform3DConcat(CATransform3DConcat(a, b), c), CATransform3DConcat(a, CATransform3DConcat(b, c)), 1e-12)
        }
    }

    // MARK: Inversion

    @Test func invertOfSingularMatrixReturnsItsInput() {
        let singular = CATransform3DMakeScale(0, 1, 1)
        #expect(CATransform3DInvert(singular) == singular)
        #expect(CATransform3DInvert(CATransform3D()) == CATransform3D())
        var rankDeficient = CATransform3D(fields: (1...16).map { CGFloat($0) })   // rows in arithmetic progression
        #expect(CATransform3DInvert(rankDeficient) == rankDeficient)
        rankDeficient.m44 = .nan
        #expect(CATransform3DInvert(rankDeficient).fields.map { Double($0).bitPattern } == rankDeficient.fields.map { Double($0).bitPattern })
        #expect(singular.inverse == nil)
    }

    @Test func invertOfSimpleTransformsIsExact() {
        #expect(CATransform3DInvert(CATransform3DMakeTranslation(3, -4, 5)) == CATransform3DMakeTranslation(-3, 4, -5))
        #expect(CATransform3DInvert(CATransform3DMakeScale(2, 4, 8)) == CATransform3DMakeScale(0.5, 0.25, 0.125))
        #expect(CATransform3DInvert(CATransform3DIdentity) == CATransform3DIdentity)
        let r = CATransform3DMakeRotation(0.7, 1, 2, 3)
        expectClose(CATransform3DInvert(r), CATransform3DMakeRotation(-0.7, 1, 2, 3), 1e-15)
    }

    @Test func invertTimesTIsIdentityForRandomInvertibleT() {
        var g = SeededGenerator(seed: 42)
        var tested = 0
        for _ in 0..<300 {
            var t = CATransform3D(fields: (0..<16).map { _ in g.uniform(-1...1) })
            for i in 0..<4 { t[i, i] += 2 }   // keep it comfortably invertible
            guard abs(t.determinant) > 0.1 else { continue }
            let inv = CATransform3DInvert(t)
            expectClose(CATransform3DConcat(inv, t), CATransform3DIdentity, 1e-12)
            expectClose(CATransform3DConcat(t, inv), CATransform3DIdentity, 1e-12)
            tested += 1
        }
        #expect(tested > 250)
    }

    @Test func invertOfPerspectiveChain() {
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        t = CATransform3DRotate(t, .pi / 8, 1, 0, 0)
        t = CATransform3DTranslate(t, 30, -20, 40)
        expectClose(CATransform3DConcat(CATransform3DInvert(t), t), CATransform3DIdentity, 1e-12)
    }

    @Test func determinant() {
        #expect(CATransform3DMakeScale(2, 3, 4).determinant == 24)
        #expect(CATransform3DMakeTranslation(5, 6, 7).determinant == 1)
        #expect(CATransform3DMakeScale(-1, 1, 1).determinant == -1)
        expectClose(CATransform3DMakeRotation(1.1, 3, -1, 2).determinant, 1, 1e-15)
    }

    // MARK: Equality and identity

    @Test func equalToTransformComparesEveryField() {
        let base = CATransform3D(fields: (1...16).map { CGFloat($0) })
        #expect(CATransform3DEqualToTransform(base, base))
        #expect(CATransform3DEqualToTransform(base, CATransform3D(fields: (1...16).map { CGFloat($0) })))
        for k in 0..<16 {
            var f = base.fields
            f[k] += 0.5
            #expect(!CATransform3DEqualToTransform(base, CATransform3D(fields: f)), "field \(k)")
        }
    }

    @Test func isIdentityNoticesEveryField() {
        #expect(CATransform3DIsIdentity(CATransform3DMakeTranslation(0, 0, 0)))
        #expect(CATransform3DIsIdentity(CATransform3DMakeScale(1, 1, 1)))
        #expect(CATransform3DIsIdentity(CATransform3DMakeRotation(0, 0, 0, 1)))
        for k in 0..<16 {
            var f = CATransform3DIdentity.fields
            f[k] += 1e-9
            #expect(!CATransform3DIsIdentity(CATransform3D(fields: f)), "field \(k)")
        }
    }

    // MARK: Affine

    @Test func isAffineForZRotationsAtEveryAngle() {
        for angle: CGFloat in [0.3, .pi / 4, .pi / 2, 1.573, 2.0, 2.5, .pi, 4.0, -0.3, -2.5] {
            let r = CATransform3DMakeRotation(angle, 0, 0, 1)
            #expect(r.m33 == 1, "angle \(angle)")
            #expect(CATransform3DIsAffine(r), "angle \(angle)")
        }
        // A sweep: the rotation's own axis entry stays exactly 1 at every angle.
        var bad: [CGFloat] = []
        for k in 0..<6284 {
            let angle = CGFloat(k) / 1000
            if !CATransform3DIsAffine(CATransform3DMakeRotation(angle, 0, 0, 1)) { bad.append(angle) }
            if CATransform3DMakeRotation(angle, 1, 0, 0).m11 != 1 { bad.append(-angle) }
            if CATransform3DMakeRotation(angle, 0, -3, 0).m22 != 1 { bad.append(-angle) }
        }
        #expect(bad.count == 0, "not exact at \(bad.prefix(5))...")
    }

    @Test func isAffineFalseFor3DTransforms() {
        #expect(CATransform3DIsAffine(CATransform3DIdentity))
        #expect(CATransform3DIsAffine(CATransform3DMakeTranslation(5, -6, 0)))
        #expect(CATransform3DIsAffine(CATransform3DMakeScale(2, 3, 1)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.3, 1, 0, 0)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.3, 0, 1, 0)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeScale(1, 1, 2)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeTranslation(0, 0, 5)))
        for value: CGFloat in [-1.0 / 500, 1e-9, 1] {
            var t = CATransform3DIdentity
            t.m34 = value
            #expect(!CATransform3DIsAffine(t), "m34 \(value)")
        }
        var t = CATransform3DIdentity
        t.m14 = 0.01
        #expect(!CATransform3DIsAffine(t))
        t = CATransform3DIdentity
        t.m24 = 0.01
        #expect(!CATransform3DIsAffine(t))
        t = CATransform3DIdentity
        t.m44 = 2
        #expect(!CATransform3DIsAffine(t))
    }

    @Test func makeAffineTransformPlacesTheSixFields() {
        let m = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DMakeAffineTransform(m)
        #expect(t.fields == [1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1])
        #expect(CATransform3DIsAffine(t))
        #expect(CATransform3DGetAffineTransform(t) == m)
    }

    @Test func affineRoundTrips() {
        var g = SeededGenerator(seed: 5)
        for _ in 0..<50 {
            let m = CGAffineTransform(a: g.uniform(-5...5), b: g.uniform(-5...5), c: g.uniform(-5...5),
                                      d: g.uniform(-5...5), tx: g.uniform(-99...99), ty: g.uniform(-99...99))
            #expect(CATransform3DGetAffineTransform(CATransform3DMakeAffineTransform(m)) == m)
            let t = CATransform3DMakeAffineTransform(m)
            #expect(CATransform3DMakeAffineTransform(CATransform3DGetAffineTransform(t)) == t)
        }
        // The affine part of a 3D transform ignores z and perspective.
        var t = CATransform3DMakeRotation(0.5, 1, 1, 1)
        t.m34 = 0.1
        t.m41 = 7; t.m42 = 8; t.m43 = 9
        #expect(CATransform3DGetAffineTransform(t) == CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: 7, ty: 8))
    }

    @Test func affineRotationMatchesZRotationExactly() {
        for angle: CGFloat in [0.3, .pi / 4, .pi / 2, 2.0, 2.5, -1.2] {
            #expect(CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: angle))
                    == CATransform3DMakeRotation(angle, 0, 0, 1), "angle \(angle)")
        }
    }
}
