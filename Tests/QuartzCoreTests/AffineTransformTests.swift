// CGAffineTransform with CoreGraphics semantics, and the C-style functions.
import Testing
import QuartzCore

@Suite("CGAffineTransform")
struct AffineTransformTests {
    @Test func identity() {
        let i = CGAffineTransform.identity
        #expect(i.a == 1 && i.b == 0 && i.c == 0 && i.d == 1 && i.tx == 0 && i.ty == 0)
        #expect(i.isIdentity)
        #expect(CGAffineTransform() == i)
        #expect(CGAffineTransformIdentity == i)
        #expect(CGAffineTransformIsIdentity(i))
        #expect(!CGAffineTransform(translationX: 0, y: 1e-9).isIdentity)
    }

    @Test func initializers() {
        #expect(CGAffineTransform(1, 2, 3, 4, 5, 6) == CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6))
        #expect(CGAffineTransformMake(1, 2, 3, 4, 5, 6) == CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6))
        #expect(CGAffineTransform(scaleX: 2, y: 3) == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 0, ty: 0))
        #expect(CGAffineTransform(translationX: 7, y: -8) == CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 7, ty: -8))
        #expect(CGAffineTransformMakeScale(2, 3) == CGAffineTransform(scaleX: 2, y: 3))
        #expect(CGAffineTransformMakeTranslation(7, -8) == CGAffineTransform(translationX: 7, y: -8))
        #expect(CGAffineTransformMakeRotation(0.7) == CGAffineTransform(rotationAngle: 0.7))
    }

    @Test func rotationAngle() {
        let r = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(r.b == 1 && r.c == -1)
        #expect(abs(r.a) < 1e-16 && abs(r.d) < 1e-16)
        #expect(r.tx == 0 && r.ty == 0)
        // (1, 0) -> (0, 1): clockwise on a y-down screen, like CATransform3DMakeRotation about z.
        let p = CGPoint(x: 1, y: 0).applying(r)
        #expect(abs(p.x) < 1e-16 && p.y == 1)
        let angle: CGFloat = 0.3
        let g = CGAffineTransform(rotationAngle: angle)
        #expect(g.a == cos(angle) && g.b == sin(angle) && g.c == -sin(angle) && g.d == cos(angle))
    }

    @Test func rotatedAppliesTheRotationFirst() {
        var gen = SeededGenerator(seed: 21)
        for _ in 0..<30 {
            let t = CGAffineTransform(a: gen.uniform(-3...3), b: gen.uniform(-3...3), c: gen.uniform(-3...3),
                                      d: gen.uniform(-3...3), tx: gen.uniform(-50...50), ty: gen.uniform(-50...50))
            let a = gen.uniform(-4...4)
            #expect(t.rotated(by: a) == CGAffineTransform(rotationAngle: a).concatenating(t))
            #expect(CGAffineTransformRotate(t, a) == t.rotated(by: a))
        }
        // Concretely: rotate (1, 0) to (0, 1), then translate by (10, 0).
        let t = CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)
        let p = CGPoint(x: 1, y: 0).applying(t)
        #expect(abs(p.x - 10) < 1e-15 && p.y == 1)
        // The other order: translate to (11, 0), then rotate to (0, 11).
        let u = CGAffineTransform(translationX: 10, y: 0).concatenating(CGAffineTransform(rotationAngle: .pi / 2))
        let q = CGPoint(x: 1, y: 0).applying(u)
        #expect(abs(q.x) < 1e-14 && q.y == 11)
    }

    @Test func scaledAndTranslatedApplyFirst() {
        // scaledBy: scale first, then the translation.
        let t = CGAffineTransform(translationX: 10, y: 20).scaledBy(x: 2, y: 3)
        #expect(t == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 20))
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 12, y: 23))
        #expect(CGAffineTransformScale(CGAffineTransform(translationX: 10, y: 20), 2, 3) == t)
        // translatedBy: translation first, then the scale.
        let u = CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 10, y: 20)
        #expect(u == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 20, ty: 60))
        #expect(CGPoint(x: 1, y: 1).applying(u) == CGPoint(x: 22, y: 63))
        #expect(CGAffineTransformTranslate(CGAffineTransform(scaleX: 2, y: 3), 10, 20) == u)
    }

    @Test func concatenatingIsSelfThenOther() {
        let t = CGAffineTransform(translationX: 10, y: 20).concatenating(CGAffineTransform(scaleX: 2, y: 3))
        #expect(t == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 20, ty: 60))
        // Translation then scale: (1, 1) -> (11, 21) -> (22, 63).
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 22, y: 63))
        // Scale then translation: (1, 1) -> (2, 3) -> (12, 23).
        let u = CGAffineTransform(scaleX: 2, y: 3).concatenating(CGAffineTransform(translationX: 10, y: 20))
        #expect(CGPoint(x: 1, y: 1).applying(u) == CGPoint(x: 12, y: 23))
        #expect(CGAffineTransformConcat(CGAffineTransform(translationX: 10, y: 20), CGAffineTransform(scaleX: 2, y: 3)) == t)
        // The full product, against the 3x3 row-vector matrix product.
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let b = CGAffineTransform(a: -1, b: 7, c: 2, d: -3, tx: 8, ty: 9)
        #expect(a.concatenating(b) == CGAffineTransform(a: 1 * -1 + 2 * 2, b: 1 * 7 + 2 * -3,
                                                        c: 3 * -1 + 4 * 2, d: 3 * 7 + 4 * -3,
                                                        tx: 5 * -1 + 6 * 2 + 8, ty: 5 * 7 + 6 * -3 + 9))
    }

    @Test func concatenatingAgreesWithCATransform3D() {
        var g = SeededGenerator(seed: 8)
        for _ in 0..<30 {
            func random() -> CGAffineTransform {
                CGAffineTransform(a: g.uniform(-3...3), b: g.uniform(-3...3), c: g.uniform(-3...3),
                                  d: g.uniform(-3...3), tx: g.uniform(-50...50), ty: g.uniform(-50...50))
            }
            let a = random(), b = random()
            let viaCA = CATransform3DGetAffineTransform(CATransform3DConcat(CATransform3DMakeAffineTransform(a),
                                                                            CATransform3DMakeAffineTransform(b)))
            expectClose(a.concatenating(b), viaCA, 1e-12)
            // A point maps the same way through either type.
            let p = CGPoint(x: g.uniform(-10...10), y: g.uniform(-10...10))
            let q = CATransform3DMakeAffineTransform(a).apply(p.x, p.y)
            expectClose(p.applying(a), CGPoint(x: q.x, y: q.y), 1e-12)
        }
    }

    @Test func inverted() {
        let t = CGAffineTransform(scaleX: 2, y: 4).translatedBy(x: 3, y: 5)   // x' = 2x + 6, y' = 4y + 20
        #expect(t.inverted() == CGAffineTransform(a: 0.5, b: 0, c: 0, d: 0.25, tx: -3, ty: -5))
        #expect(CGAffineTransformInvert(t) == t.inverted())
        var g = SeededGenerator(seed: 33)
        for _ in 0..<50 {
            let m = CGAffineTransform(a: g.uniform(1...3), b: g.uniform(-0.5...0.5), c: g.uniform(-0.5...0.5),
                                      d: g.uniform(1...3), tx: g.uniform(-50...50), ty: g.uniform(-50...50))
            expectClose(m.concatenating(m.inverted()), .identity, 1e-12)
            expectClose(m.inverted().concatenating(m), .identity, 1e-12)
        }
    }

    @Test func invertedOfSingularReturnsSelf() {
        let s = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 5, ty: 6)   // det 0
        #expect(s.inverted() == s)
        #expect(CGAffineTransform(scaleX: 0, y: 1).inverted() == CGAffineTransform(scaleX: 0, y: 1))
        let zero = CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 1, ty: 2)
        #expect(zero.inverted() == zero)
        #expect(CGAffineTransformInvert(s) == s)
    }

    @Test func pointApplying() {
        #expect(CGPoint(x: 3, y: 4).applying(.identity) == CGPoint(x: 3, y: 4))
        #expect(CGPoint(x: 3, y: 4).applying(CGAffineTransform(translationX: 10, y: -10)) == CGPoint(x: 13, y: -6))
        // x' = a x + c y + tx, y' = b x + d y + ty.
        let m = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(CGPoint(x: 10, y: 100).applying(m) == CGPoint(x: 10 + 300 + 5, y: 20 + 400 + 6))
        #expect(CGPointApplyAffineTransform(CGPoint(x: 10, y: 100), m) == CGPoint(x: 315, y: 426))
    }

    @Test func sizeAndRectApplying() {
        let m = CGAffineTransform(scaleX: 2, y: 3).concatenating(CGAffineTransform(translationX: 100, y: 100))
        // Sizes ignore the translation.
        #expect(CGSize(width: 10, height: 20).applying(m) == CGSize(width: 20, height: 60))
        #expect(CGSizeApplyAffineTransform(CGSize(width: 10, height: 20), m) == CGSize(width: 20, height: 60))
        #expect(CGRect(x: 1, y: 2, width: 10, height: 20).applying(m) == CGRect(x: 102, y: 106, width: 20, height: 60))
        // A rotated rectangle's bounding box.
        let r = CGRect(x: 0, y: 0, width: 10, height: 20).applying(CGAffineTransform(rotationAngle: .pi / 2))
        expectClose(r, CGRect(x: -20, y: 0, width: 20, height: 10), 1e-14)
        expectClose(CGRectApplyAffineTransform(CGRect(x: 0, y: 0, width: 10, height: 20), CGAffineTransform(rotationAngle: .pi / 2)), r, 0)
        #expect(CGRect.null.applying(m).isNull)
        // A negative-size rectangle is standardized first.
        #expect(CGRect(x: 10, y: 10, width: -10, height: -10).applying(.identity) == CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func equalToTransform() {
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(CGAffineTransformEqualToTransform(a, CGAffineTransform(1, 2, 3, 4, 5, 6)))
        #expect(!CGAffineTransformEqualToTransform(a, CGAffineTransform(1, 2, 3, 4, 5, 7)))
    }

    @Test func layerAffineTransformRoundTrip() {
        let l = CALayer()
        let m = CGAffineTransform(rotationAngle: 0.5).translatedBy(x: 3, y: 4)
        l.setAffineTransform(m)
        #expect(l.transform == CATransform3DMakeAffineTransform(m))
        #expect(l.affineTransform() == m)
    }
}
