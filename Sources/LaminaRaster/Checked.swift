// Checked number conversions: a Double or Float that is NaN, infinite or out of range
// becomes a clamped Int instead of trapping (Int(.nan) and Int(.infinity) trap).

/// `x` rounded toward zero and clamped to `lo...hi`; NaN gives `lo`.
@inline(__always) func clampedInt(_ x: Double, _ lo: Int, _ hi: Int) -> Int {
    guard x > Double(lo) else { return lo }  // also NaN
    guard x < Double(hi) else { return hi }
    return Int(x)
}

/// `x` rounded toward zero and clamped to `lo...hi`; NaN gives `lo`.
@inline(__always) func clampedInt(_ x: Float, _ lo: Int, _ hi: Int) -> Int {
    guard x > Float(lo) else { return lo }
    guard x < Float(hi) else { return hi }
    return Int(x)
}

/// A channel value 0...255 as a byte: rounded toward zero, clamped, NaN gives 0.
@inline(__always) func byte(_ x: Float) -> UInt8 {
    guard x > 0 else { return 0 }
    guard x < 255 else { return 255 }
    return UInt8(x)
}

/// `x.rounded(.toNearestOrAwayFromZero)` for x >= 0 without a libm call (exact: x - floor(x)
/// is exact in Float); negative values and NaN give 0 (blending never makes them).
@inline(__always) func roundHalfAway(_ x: Float) -> Float {
    guard x >= 0 else { return 0 }
    guard x < 8_388_608 else { return x }  // 2^23: already an integer
    let f = Float(Int32(x))
    return x - f >= 0.5 ? f + 1 : f
}

/// `x.rounded(.down)` without a libm call, exact for every Float (NaN stays NaN).
@inline(__always) func floorExact(_ x: Float) -> Float {
    guard x.magnitude < 8_388_608 else { return x }  // integers, infinities, NaN
    let f = Float(Int32(x))
    if f == x { return x }  // keeps -0
    return f > x ? f - 1 : f
}
