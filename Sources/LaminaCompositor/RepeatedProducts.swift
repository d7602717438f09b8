// Many matrices multiplied by one: a target's items into its pixels, a flat member's items
// into its parent's plane. Row vectors, p' = p * M: row k of m * b is m's row k times b,
// so it depends on that row alone. Items placed by translations (the flat walk's) share
// their first three rows bit for bit and differ in the translation r3 only: those three
// rows of the product are made once and kept, and only r3 is multiplied per item. The
// arithmetic of each row is concatenating's, so the product is the same, bit for bit.

/// `m.concatenating(b)` for many m and one b, rows 0 to 2 of the last m kept with their
/// products and reused when the next m's are the same bits.
struct RepeatedProducts {
    /// The matrix every product ends with.
    let b: Mat4
    /// The last m's rows 0 to 2 and their products with b (none yet: `known` false).
    private var k0 = SIMD4<Double>.zero, k1 = SIMD4<Double>.zero, k2 = SIMD4<Double>.zero
    private var p0 = SIMD4<Double>.zero, p1 = SIMD4<Double>.zero, p2 = SIMD4<Double>.zero
    private var known = false

    init(_ b: Mat4) { self.b = b }

    /// concatenating's row: r times b, the terms summed in its order.
    @inline(__always) private func row(_ r: SIMD4<Double>) -> SIMD4<Double> { r.x * b.r0 + r.y * b.r1 + r.z * b.r2 + r.w * b.r3 }

    /// Whether two rows are the same bits (a -0 is not a 0, a NaN is itself): integer xors,
    /// as SIMD compares of 64-bit lanes cost more.
    @inline(__always) private static func same(_ a: SIMD4<Double>, _ c: SIMD4<Double>) -> Bool {
        (a.x.bitPattern ^ c.x.bitPattern) | (a.y.bitPattern ^ c.y.bitPattern) | (a.z.bitPattern ^ c.z.bitPattern) | (a.w.bitPattern ^ c.w.bitPattern) == 0
    }

    /// m.concatenating(b), bit for bit.
    @inline(__always) mutating func product(_ m: Mat4) -> Mat4 {
        if !(known && Self.same(m.r0, k0) && Self.same(m.r1, k1) && Self.same(m.r2, k2)) {
            k0 = m.r0; k1 = m.r1; k2 = m.r2
            p0 = row(m.r0); p1 = row(m.r1); p2 = row(m.r2)
            known = true
        }
        return Mat4(p0, p1, p2, row(m.r3))
    }
}
