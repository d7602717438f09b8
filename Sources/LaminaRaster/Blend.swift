// Premultiplied source-over in 8 bits: the source is quantized first, as GL does for a
// UNORM8 target, then d' = round(s + d * (255 - s.a) / 255) per channel.

/// The source scaled to 0...255 and rounded half away from zero (NaN channels give 0).
@inline(__always) func quantize(_ src: SIMD4<Float>) -> SIMD4<Float> {
    SIMD4(quantizeChannel(src.x), quantizeChannel(src.y), quantizeChannel(src.z), quantizeChannel(src.w))
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
/// (d * 0 = 0; 0 + d * 1 = d).
@inline(__always) func blendQuantized(_ sq: SIMD4<Float>, _ px: UnsafeMutablePointer<UInt8>) {
    if sq.w == 255 {
        px[0] = UInt8(sq.x); px[1] = UInt8(sq.y); px[2] = UInt8(sq.z); px[3] = 255
    } else if sq != .zero {
        let k = (255 - sq.w) / 255
        px[0] = UInt8(min(255, roundHalfAway(sq.x + Float(px[0]) * k)))
        px[1] = UInt8(min(255, roundHalfAway(sq.y + Float(px[1]) * k)))
        px[2] = UInt8(min(255, roundHalfAway(sq.z + Float(px[2]) * k)))
        px[3] = UInt8(min(255, roundHalfAway(sq.w + Float(px[3]) * k)))
    }
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
