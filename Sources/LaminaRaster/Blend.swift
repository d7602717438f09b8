// Premultiplied source-over in 8 bits: the source is quantized first, as GL does for a
// UNORM8 target, then d' = round(s + d * (255 - s.a) / 255) per channel.

/// The source scaled to 0...255 and rounded half away from zero (NaN channels give 0):
/// `quantizeChannel` on the four lanes at once.
@inline(__always) func quantize(_ src: SIMD4<Float>) -> SIMD4<Float> {
    // saturate: x > 0 ? min(x, 1) : 0 (NaN fails x > 0).
    let s = src.replacing(with: 1, where: src .> 1).replacing(with: 0, where: .!(src .> 0)) * 255
    let f = floorSmall(s)
    return f.replacing(with: f + 1, where: s - f .>= 0.5)
}

/// Each lane rounded down, exactly, for lanes in 0...2^22: adding and subtracting 2^23
/// rounds to an integer (to nearest, exact at that magnitude), which steps down by one
/// where it went up. Plain SSE2 arithmetic, where `rounded(.down)` is a libm call per lane.
@inline(__always) func floorSmall(_ x: SIMD4<Float>) -> SIMD4<Float> {
    let magic = SIMD4<Float>(repeating: 8_388_608)
    let r = (x + magic) - magic
    return r.replacing(with: r - 1, where: r .> x)
}

/// One channel: saturate(x) * 255 rounded half away from zero (`roundHalfAway` for 0...255;
/// exact, as s - floor(s) is computed without rounding).
@inline(__always) func quantizeChannel(_ x: Float) -> Float {
    let s = saturate(x) * 255
    guard s >= 0 else { return 0 }  // NaN
    let f = Float(Int(s))
    return s - f >= 0.5 ? f + 1 : f
}

/// Blends a quantized source over the four bytes at `px`. An opaque source is stored as it
/// is and a zero source leaves the pixel alone: the general formula gives the same bytes
/// (d * 0 = 0; 0 + d * 1 = d). The four channels are blended as lanes: per lane
/// min(255, roundHalfAway(s + d * k)), with s + d * k in 0...510.
@inline(__always) func blendQuantized(_ sq: SIMD4<Float>, _ px: UnsafeMutablePointer<UInt8>) {
    let raw = UnsafeMutableRawPointer(px)
    if sq.w == 255 {
        raw.storeBytes(of: packBytes(sq), as: UInt32.self)
    } else if sq != .zero {
        let k = (255 - sq.w) / 255
        let v = sq + unpackBytes(raw.loadUnaligned(as: UInt32.self)) * k
        let f = floorSmall(v)
        let r = f.replacing(with: f + 1, where: v - f .>= 0.5)
        raw.storeBytes(of: packBytes(r.replacing(with: 255, where: r .> 255)), as: UInt32.self)
    }
}

/// Four whole numbers 0...255 as the bytes of a pixel (lane 0 first in memory): with 2^23
/// added, a lane's low byte is its value.
@inline(__always) func packBytes(_ v: SIMD4<Float>) -> UInt32 {
    let bits = unsafeBitCast(v + SIMD4(repeating: 8_388_608), to: SIMD4<UInt32>.self) & 255
    return UInt32(littleEndian: bits.x | bits.y << 8 | bits.z << 16 | bits.w << 24)
}

/// A pixel's four bytes (lane 0 first in memory) as Float lanes.
@inline(__always) func unpackBytes(_ word: UInt32) -> SIMD4<Float> {
    let w = UInt32(littleEndian: word)
    return SIMD4<Float>(SIMD4<Int32>(Int32(w & 255), Int32(w >> 8 & 255), Int32(w >> 16 & 255), Int32(w >> 24)))
}

/// `blendQuantized(sq, _)` for every destination byte, per channel: entry c * 256 + d is
/// channel c's result over d (the same expression, evaluated ahead).
func blendQuantizedTable(_ sq: SIMD4<Float>) -> [UInt8] {
    let k = (255 - sq.w) / 255
    var table = [UInt8](repeating: 0, count: 1024)
    for c in 0..<4 {
        for d in 0..<256 { table[c * 256 + d] = UInt8(min(255, roundHalfAway(sq[c] + Float(d) * k))) }
    }
    return table
}

/// The reference form of the blend, step by step (the general path, and what the fast one must equal).
@inline(__always) func blendReference(_ src: SIMD4<Float>, _ px: UnsafeMutablePointer<UInt8>) {
    let s = SIMD4<Float>(saturate(src.x), saturate(src.y), saturate(src.z), saturate(src.w)) * 255
    let sq = s.rounded(.toNearestOrAwayFromZero)
    let k = (255 - sq.w) / 255
    for c in 0..<4 {
        let d = Float(px[c])
        px[c] = byte(min(255, (sq[c] + d * k).rounded(.toNearestOrAwayFromZero)))
    }
}
