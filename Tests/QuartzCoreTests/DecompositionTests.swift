// Matrix decomposition (translation, scale, skew, rotation, perspective) and interpolation.
import Testing
import QuartzCore

/// One random factor of the given kind: 0 scale (possibly negative), 1 skew, 2 rotation,
/// 3 translation, 4 perspective.
private func factor(_ kind: Int, _ g: inout SeededGenerator) -> CATransform3D {
    func signed(_ r: ClosedRange<CGFloat>) -> CGFloat { g.uniform(r) * (Bool.random(using: &g) ? 1 : -1) }
    switch kind {
    case 0:
        return CATransform3DMakeScale(signed(0.5...2), signed(0.5...2), signed(0.5...2))
    case 1:
        var k = CATransform3DIdentity
        k.m21 = g.uniform(-0.6...0.6); k.m31 = g.uniform(-0.6...0.6); k.m32 = g.uniform(-0.6...0.6)
        if Bool.random(using: &g) { k.m12 = g.uniform(-0.4...0.4) }   // skews in any direction
        return k
    case 2:
        return CATransform3DMakeRotation(g.uniform(-3.1...3.1), g.uniform(-1...1), g.uniform(-1...1), g.uniform(-1...1))
    case 3:
        return CATransform3DMakeTranslation(g.uniform(-50...50), g.uniform(-50...50), g.uniform(-50...50))
    default:
        var p = CATransform3DIdentity
        p.m14 = g.uniform(-0.002...0.002); p.m24 = g.uniform(-0.002...0.002); p.m34 = g.uniform(-0.004...0.004)
        return p
    }
}

/// A random product holding every kind of factor once, plus up to three more, in random order.
private func randomProduct(_ g: inout SeededGenerator, kinds: [Int] = [0, 1, 2, 3, 4]) -> CATransform3D {
    var list = kinds
    for _ in 0..<Int.random(in: 0...3, using: &g) { list.append(kinds.randomElement(using: &g)!) }
    list.shuffle(using: &g)
    return list.map { factor($0, &g) }.reduce(CATransform3DIdentity) { $0.concatenating($1) }
}

@Suite("Decomposition and interpolation")
struct DecompositionTests {
    @Test func identityDecomposesToNeutralParts() throws {
        let d = try #require(CATransform3DIdentity.decomposed)
        #expect(d.translation == (0, 0, 0))
        #expect(d.scale == (1, 1, 1))
        #expect(d.skew == (0, 0, 0))
        #expect(d.perspective == (0, 0, 0, 1))
        #expect(d.quaternion == (0, 0, 0, 1))
        #expect(d.recomposed == CATransform3DIdentity)
        #expect(d == d)
    }

    @Test func scaleThenTranslation() throws {
        let t = CATransform3DMakeScale(2, 3, 4).concatenating(CATransform3DMakeTranslation(5, 6, 7))
        let d = try #require(t.decomposed)
        #expect(d.scale == (2, 3, 4))
        #expect(d.translation == (5, 6, 7))
        #expect(d.skew == (0, 0, 0))
        #expect(d.quaternion == (0, 0, 0, 1))
        #expect(d.perspective == (0, 0, 0, 1))
        #expect(d.recomposed == t)
    }

    @Test func rotationGivesTheHalfAngleQuaternion() throws {
        for angle: CGFloat in [0.3, 1.0, .pi / 2, 2.5] {
            let d = try #require(CATransform3DMakeRotation(angle, 0, 0, 1).decomposed)
            expectClose(d.quaternion.x, 0); expectClose(d.quaternion.y, 0)
            expectClose(d.quaternion.z, sin(angle / 2)); expectClose(d.quaternion.w, cos(angle / 2))
            expectClose(d.scale.x, 1); expectClose(d.scale.y, 1); expectClose(d.scale.z, 1)
        }
        // About x, by an angle past pi/2 (a non-positive trace branch).
        let d = try #require(CATransform3DMakeRotation(2.8, 1, 0, 0).decomposed)
        let sign: CGFloat = d.quaternion.w < 0 ? -1 : 1
        expectClose(sign * d.quaternion.x, sin(1.4)); expectClose(sign * d.quaternion.w, cos(1.4))
    }

    @Test func skewIsMeasuredAgainstTheScaledAxes() throws {
        var k = CATransform3DIdentity
        k.m21 = 0.5
        let d = try #require(CATransform3DMakeScale(2, 3, 1).concatenating(k).decomposed)
        #expect(d.scale == (2, 3, 1))
        #expect(d.skew == (0.5, 0, 0))
    }

    @Test func perspectiveAlone() throws {
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        let d = try #require(p.decomposed)
        #expect(d.perspective.x == 0 && d.perspective.y == 0 && d.perspective.w == 1)
        expectClose(d.perspective.z, -1.0 / 500)
        expectClose(d.recomposed, p)
    }

    @Test func reflectionShowsAsNegativeScale() throws {
        let t = CATransform3DMakeScale(-1, 1, 1).concatenating(CATransform3DMakeRotation(0.4, 0, 0, 1))
        let d = try #require(t.decomposed)
        #expect(d.scale.x * d.scale.y * d.scale.z < 0)
        expectClose(d.recomposed, t)
    }

    @Test func roundTripOfRandomProducts() throws {
        var g = SeededGenerator(seed: 2024)
        for i in 0..<500 {
            let m = randomProduct(&g)
            let d = try #require(m.decomposed, "sample \(i): \(m)")
            let r = d.recomposed
            // The decomposition normalizes by m44, so the recomposed matrix is m / m44: the
            // same projective map. Scaled back, it is m itself.
            expectClose(r, normalized(m), 1e-9, "sample \(i)")
            expectClose(CATransform3D(fields: r.fields.map { $0 * m.m44 }), m, 1e-9, "sample \(i)")
            #expect(d.scale.x != 0 && d.scale.y != 0 && d.scale.z != 0)
            let qn = d.quaternion.x * d.quaternion.x + d.quaternion.y * d.quaternion.y
                + d.quaternion.z * d.quaternion.z + d.quaternion.w * d.quaternion.w
            expectClose(qn, 1, 1e-12)
        }
    }

    @Test func roundTripIsExactUpToRoundingWhenM44IsOne() throws {
        var g = SeededGenerator(seed: 99)
        for i in 0..<300 {
            // Without perspective factors m44 stays exactly 1: the round trip gives m itself.
            let m = randomProduct(&g, kinds: [0, 1, 2, 3])
            #expect(m.m44 == 1)
            let d = try #require(m.decomposed)
            expectClose(d.recomposed, m, 1e-9, "sample \(i)")
        }
    }

    @Test func undecomposableMatrices() {
        var t = CATransform3DIdentity
        t.m44 = 0
        #expect(t.decomposed == nil)
        #expect(CATransform3DMakeScale(0, 1, 1).decomposed == nil)
        #expect(CATransform3D().decomposed == nil)
        var n = CATransform3DIdentity
        n.m11 = .infinity
        #expect(n.decomposed == nil)
    }

    // MARK: Interpolation

    @Test func interpolationEndpoints() {
        var g = SeededGenerator(seed: 17)
        for i in 0..<200 {
            let a = randomProduct(&g), b = randomProduct(&g)
            expectClose(a.interpolated(to: b, fraction: 0), normalized(a), 1e-9, "sample \(i) at 0")
            expectClose(a.interpolated(to: b, fraction: 1), normalized(b), 1e-9, "sample \(i) at 1")
        }
        let a = CATransform3DMakeRotation(0.3, 1, 2, 3).concatenating(CATransform3DMakeTranslation(4, 5, 6))
        let b = CATransform3DMakeScale(2, 2, 2)
        expectClose(a.interpolated(to: b, fraction: 0), a, 1e-12)
        expectClose(a.interpolated(to: b, fraction: 1), b, 1e-12)
    }

    @Test func fullTurnDoesNotMove() {
        let turn = CATransform3DMakeRotation(2 * .pi, 0, 0, 1)
        for k in 0...20 {
            let f = CGFloat(k) / 20
            expectClose(CATransform3DIdentity.interpolated(to: turn, fraction: f), CATransform3DIdentity, 1e-12, "fraction \(f)")
        }
    }

    @Test func quarterTurnHalfwayIsAnEighthTurn() {
        let quarter = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        expectClose(CATransform3DIdentity.interpolated(to: quarter, fraction: 0.5), CATransform3DMakeRotation(.pi / 4, 0, 0, 1), 1e-12)
        expectClose(CATransform3DIdentity.interpolated(to: quarter, fraction: 0.25), CATransform3DMakeRotation(.pi / 8, 0, 0, 1), 1e-12)
        // Rotation about another axis, starting from a non-identity rotation.
        let a = CATransform3DMakeRotation(0.2, 1, 1, 0), b = CATransform3DMakeRotation(1.0, 1, 1, 0)
        expectClose(a.interpolated(to: b, fraction: 0.5), CATransform3DMakeRotation(0.6, 1, 1, 0), 1e-12)
    }

    @Test func rotationTakesTheShorterArc() {
        let threeQuarters = CATransform3DMakeRotation(3 * .pi / 2, 0, 0, 1)
        expectClose(CATransform3DIdentity.interpolated(to: threeQuarters, fraction: 0.5),
                    CATransform3DMakeRotation(-.pi / 4, 0, 0, 1), 1e-12)
    }

    @Test func translationScaleAndPerspectiveInterpolateLinearly() {
        expectClose(CATransform3DIdentity.interpolated(to: CATransform3DMakeTranslation(100, 50, 10), fraction: 0.3),
                    CATransform3DMakeTranslation(30, 15, 3), 1e-12)
        expectClose(CATransform3DIdentity.interpolated(to: CATransform3DMakeScale(3, 5, 7), fraction: 0.5),
                    CATransform3DMakeScale(2, 3, 4), 1e-12)
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        var half = CATransform3DIdentity
        half.m34 = -1.0 / 1000
        expectClose(CATransform3DIdentity.interpolated(to: p, fraction: 0.5), half, 1e-15)
        // Rotation then translation, both interpolated.
        let a = CATransform3DMakeRotation(0.2, 0, 0, 1).concatenating(CATransform3DMakeTranslation(10, 0, 0))
        let b = CATransform3DMakeRotation(1.0, 0, 0, 1).concatenating(CATransform3DMakeTranslation(30, 0, 0))
        expectClose(a.interpolated(to: b, fraction: 0.5),
                    CATransform3DMakeRotation(0.6, 0, 0, 1).concatenating(CATransform3DMakeTranslation(20, 0, 0)), 1e-12)
    }

    @Test func undecomposableInterpolationStepsAtHalf() {
        var z = CATransform3DIdentity
        z.m44 = 0
        let b = CATransform3DMakeTranslation(10, 20, 30)
        #expect(z.decomposed == nil)
        #expect(z.interpolated(to: b, fraction: 0) == z)
        #expect(z.interpolated(to: b, fraction: 0.49) == z)
        #expect(z.interpolated(to: b, fraction: 0.5) == b)
        #expect(z.interpolated(to: b, fraction: 1) == b)
        // Either end being undecomposable gives the step.
        #expect(b.interpolated(to: z, fraction: 0.49) == b)
        #expect(b.interpolated(to: z, fraction: 0.5) == z)
    }
}
