// A seeded pseudo-random generator of our own (SplitMix64, Steele, Lea and Flood 2014), so a
// seed gives the same workload on every machine and Swift version (the standard library's
// generators make no such promise). Every draw uses integer arithmetic and correctly rounded
// IEEE operations only (no libm), so the numbers are bit-identical everywhere.
import QuartzCore

/// SplitMix64: 64 bits of state, a Weyl sequence mixed by two multiply-xorshift rounds.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's state (the last Weyl sequence value).
    public private(set) var state: UInt64

    /// A generator starting from `seed` (any value, zero included).
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double uniform in [0, 1): the top 53 bits over 2^53 (exact).
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// A double uniform in [lo, hi).
    public mutating func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }

    /// An integer uniform in 0..<n (n > 0), by Lemire's multiply-shift (bias below 2^-32 for
    /// the small n used here; deterministic, which is what matters).
    public mutating func below(_ n: Int) -> Int {
        precondition(n > 0, "below(n) needs n > 0")
        return Int(next().multipliedFullWidth(by: UInt64(n)).high)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// A value on a grid of `step` in [lo, hi]: short, exact numbers in scene files.
    public mutating func grid(_ lo: Double, _ hi: Double, step: Double) -> Double {
        let steps = Int(((hi - lo) / step).rounded(.down))
        return lo + Double(below(steps + 1)) * step
    }

    /// An opaque color whose components are multiples of 1/255.
    public mutating func color(alpha: Double = 1) -> CGColor {
        CGColor(red: Double(below(256)) / 255, green: Double(below(256)) / 255, blue: Double(below(256)) / 255, alpha: alpha)
    }

    /// A rotation uniform over all 3D rotations: a point uniform in the unit 4-ball (by
    /// rejection), normalized to a unit quaternion.
    public mutating func rotation() -> CATransform3D {
        while true {
            let q = SIMD4(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1), uniform(-1, 1))
            let n2 = (q * q).sum()
            // Away from zero so the normalization is well conditioned.
            if n2 > 1e-4 && n2 <= 1 { return Self.rotation(quaternion: q / n2.squareRoot()) }
        }
    }

    /// A rotation by a moderate angle: the quaternion (1, x, y, z) with x, y, z uniform in
    /// [-spread, spread], normalized (spread 0.5 tilts up to about 80 degrees).
    public mutating func tilt(spread: Double) -> CATransform3D {
        let q = SIMD4(1, uniform(-spread, spread), uniform(-spread, spread), uniform(-spread, spread))
        return Self.rotation(quaternion: q / (q * q).sum().squareRoot())
    }

    /// The rotation of unit quaternion (w, x, y, z) as a CATransform3D (row vectors, p' = p * M:
    /// the transpose of the column-vector matrix, so (w, 0, 0, sin) matches CATransform3DMakeRotation about z).
    public static func rotation(quaternion q: SIMD4<Double>) -> CATransform3D {
        let (w, x, y, z) = (q[0], q[1], q[2], q[3])
        return CATransform3D(
            m11: 1 - 2 * (y * y + z * z), m12: 2 * (x * y + w * z), m13: 2 * (x * z - w * y), m14: 0,
            m21: 2 * (x * y - w * z), m22: 1 - 2 * (x * x + z * z), m23: 2 * (y * z + w * x), m24: 0,
            m31: 2 * (x * z + w * y), m32: 2 * (y * z - w * x), m33: 1 - 2 * (x * x + y * y), m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }
}
