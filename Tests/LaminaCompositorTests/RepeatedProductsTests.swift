// Shortcuts that must give the general arithmetic's numbers bit for bit (zeros' signs and
// NaNs included): RepeatedProducts against Mat4.concatenating, and sameAffineStretch's claim
// that a 2D affine map's stretch is the same at any two points with finite images.
import Foundation
@testable import LaminaCompositor
import LaminaTestSupport
import Testing

@Suite struct RepeatedProductsTests {
    /// The sixteen entries' bit patterns.
    private func bits(_ m: Mat4) -> [UInt64] { m.fields.map(\.bitPattern) }

    /// A number from a list that holds the awkward ones (-0, halves, huge, infinities, NaN, a subnormal).
    private func entry(_ random: inout TestRandom) -> Double {
        let special: [Double] = [0, -0.0, 1, -1, 0.5, -2.5, 1e300, -1e300, .infinity, -.infinity, .nan, Double.leastNormalMagnitude / 1024]
        return random.next() < 0.5 ? special[Int(random.next() * Double(special.count))] : (random.next() - 0.5) * 1000
    }

    /// Items placed by translations (rows 0-2 shared, the translation apart), runs of other
    /// matrices between them, and rows that differ from the last only by a zero's sign: every
    /// product the same bits as concatenating's, for targets with awkward entries.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func productsAreConcatenatingsBitForBit(_ seed: UInt64) {
        var random = TestRandom(state: seed)
        for _ in 0..<20 {
            let b = Mat4(SIMD4(entry(&random), entry(&random), entry(&random), entry(&random)), SIMD4(entry(&random), entry(&random), entry(&random), entry(&random)),
                         SIMD4(entry(&random), entry(&random), entry(&random), entry(&random)), SIMD4(entry(&random), entry(&random), entry(&random), entry(&random)))
            var products = RepeatedProducts(b)
            for k in 0..<200 {
                var m: Mat4
                switch k % 5 {
                case 0, 1:
                    // The flat walk's flattened translation.
                    m = Mat4(SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 0, 0), SIMD4(entry(&random), entry(&random), 0, 1))
                case 2:
                    // The same rows but one zero turned -0.
                    m = Mat4(SIMD4(1, -0.0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 0, 0), SIMD4(entry(&random), entry(&random), 0, 1))
                case 3:
                    m = Mat4.identity
                    m.r3 = SIMD4(entry(&random), entry(&random), entry(&random), 1)
                default:
                    m = Mat4(SIMD4(entry(&random), entry(&random), 0, entry(&random)), SIMD4(entry(&random), entry(&random), 0, entry(&random)),
                             SIMD4(0, 0, entry(&random), 0), SIMD4(entry(&random), entry(&random), 0, 1))
                }
                #expect(bits(products.product(m)) == bits(m.concatenating(b)))
            }
        }
    }

    /// The stretch of 2D affine maps (scales, shears, -0 entries, r3.w of 0 and -0, huge
    /// entries) at points of all signs and sizes: wherever sameAffineStretch says so, the
    /// stretches are the same bits; it says so for ordinary maps and points.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func affineStretchIsTheSameWhereSaid(_ seed: UInt64) {
        var random = TestRandom(state: seed)
        var said = 0
        for _ in 0..<300 {
            let w: [Double] = [0, -0.0]
            let r3w: [Double] = [1, 2, 0, -0.0, 0.5, 1e300, .infinity]
            let m = Mat4(SIMD4(entry(&random), entry(&random), 0, w[Int(random.next() * 2)]), SIMD4(entry(&random), entry(&random), 0, w[Int(random.next() * 2)]),
                         SIMD4(0, 0, 1, 0), SIMD4(entry(&random), entry(&random), 0, r3w[Int(random.next() * Double(r3w.count))]))
            for _ in 0..<10 {
                let a = SIMD2(entry(&random), entry(&random)), b = SIMD2(entry(&random), entry(&random))
                guard sameAffineStretch(m, a, b) else { continue }
                said += 1
                let sa = m.stretch(a), sb = m.stretch(b)
                #expect(sa.max.bitPattern == sb.max.bitPattern && sa.min.bitPattern == sb.min.bitPattern)
            }
        }
        #expect(said > 200)
        // An ordinary map at ordinary points.
        let m = Mat4(SIMD4(2, 0, 0, 0), SIMD4(0, 3, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(10, 20, 0, 1))
        #expect(sameAffineStretch(m, SIMD2(0, 0), SIMD2(-5, 7.5)))
        #expect(m.stretch(SIMD2(0, 0)).max == 3 && m.stretch(SIMD2(-5, 7.5)).min == 2)
    }
}
