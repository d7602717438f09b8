// The lane forms of quantizing and blending give the scalar forms' bytes: `quantize` is
// `quantizeChannel` per lane (out-of-range and NaN values included), `blendQuantized` and
// `blendLanes` are the step-by-step formula over every destination byte, with the opaque
// and zero sources that the scalar form skips.
@testable import LaminaRaster
import LaminaTestSupport
import Testing

@Suite struct BlendLanesTests {
    /// The scalar blend of one quantized channel over a destination byte (Blend.swift's formula).
    private func scalarBlend(_ s: Float, _ d: UInt8, alpha: Float) -> UInt8 {
        let k = (255 - alpha) / 255
        return UInt8(min(255, (s + Float(d) * k).rounded(.toNearestOrAwayFromZero)))
    }

    @Test func quantizeIsQuantizeChannelOnEachLane() {
        var random = TestRandom(state: 0x5EED_0001)
        var values: [Float] = [0, -0, 1, -1, 2, .nan, .infinity, -.infinity, 0.5 / 255, 1.5 / 255, 254.5 / 255, 0.999_999]
        for k in 0...1020 { values.append(Float(k) / 1020) }  // every half step
        for _ in 0..<4000 { values.append(Float(random.next() * 1.2 - 0.1)) }
        for i in stride(from: 0, to: values.count - 3, by: 1) {
            let v = SIMD4(values[i], values[i + 1], values[i + 2], values[i + 3])
            let q = quantize(v)
            for l in 0..<4 { #expect(q[l].bitPattern == quantizeChannel(v[l]).bitPattern, "\(v[l])") }
        }
    }

    @Test func laneBlendsEqualTheScalarFormula() {
        var random = TestRandom(state: 0x5EED_0002)
        var sources: [SIMD4<Float>] = [.zero, SIMD4(255, 0, 0, 255), SIMD4(3, 2, 1, 255), SIMD4(0, 0, 0, 1), SIMD4(128, 128, 128, 128)]
        for _ in 0..<60 {
            let a = Float(Int(random.next() * 256))
            sources.append(SIMD4(Float(Int(random.next() * (Double(a) + 1))), Float(Int(random.next() * (Double(a) + 1))), Float(Int(random.next() * (Double(a) + 1))), a))
        }
        for sq in sources {
            for d in 0...255 {
                let dest = SIMD4<UInt8>(UInt8(d), UInt8(255 - d), UInt8(d / 2), UInt8(d))
                var expected = dest
                // The scalar form leaves a pixel under a zero source as it is.
                if sq != .zero { for c in 0..<4 { expected[c] = scalarBlend(sq[c], dest[c], alpha: sq.w) } }
                var px = [dest.x, dest.y, dest.z, dest.w]
                px.withUnsafeMutableBufferPointer { blendQuantized(sq, $0.baseAddress!) }
                #expect(px == [expected.x, expected.y, expected.z, expected.w], "\(sq) over \(dest)")
                let word = UInt32(dest.x) | UInt32(dest.y) << 8 | UInt32(dest.z) << 16 | UInt32(dest.w) << 24
                let lanes = blendLanes(SIMD4(repeating: sq.x), SIMD4(repeating: sq.y), SIMD4(repeating: sq.z), SIMD4(repeating: sq.w),
                                       over: SIMD4(repeating: word))
                let bytes = SIMD4<UInt8>(UInt8(lanes.x & 255), UInt8(lanes.x >> 8 & 255), UInt8(lanes.x >> 16 & 255), UInt8(lanes.x >> 24))
                #expect(bytes == expected && lanes == SIMD4(repeating: lanes.x), "\(sq) over \(dest)")
            }
        }
    }
}
