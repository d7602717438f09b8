// Plain solid quads (no corner radius, border or mask: nearly every layer's own quad), drawn
// four pixels at a time: each lane does the scalar path's operations for one pixel (local
// point, interior test, `lineCoverage`, `shade`, `quantize`, the blend) in the same order, so every lane's value is the bit the
// scalar form gives (SIMD arithmetic is lane by lane IEEE, with no fused operations).

/// What `shade` computes for a plain solid quad, on four pixel centres at once. Every
/// per-quad number is kept splatted over four lanes (a vector times a splat is the scalar
/// product on each lane; kept as vectors, the compiler need not shuffle scalars into place).
struct PlainEdges {
    /// The sides' lines (`QuadUniforms.outer`): x, y and constant coefficients, each splatted.
    let lx: SIMD4<Float>, ly: SIMD4<Float>, lc: SIMD4<Float>
    let tx: SIMD4<Float>, ty: SIMD4<Float>, tc: SIMD4<Float>
    let rx: SIMD4<Float>, ry: SIMD4<Float>, rc: SIMD4<Float>
    let bx: SIMD4<Float>, by: SIMD4<Float>, bc: SIMD4<Float>
    let fill: SIMD4<Float>, opacity: Float, light: SIMD3<Float>

    /// Nil unless `shade` reduces to coverage times the fill for this quad: no corner radius,
    /// no border ring, no mask, and a finite border color (so the ring term it adds is a zero;
    /// only the sign of a zero can differ, which quantizes alike).
    init?(_ u: QuadUniforms, fill: SIMD4<Float>) {
        let bcol = u.borderColor
        guard !(u.radius > 0), !(u.borderWidth > 0), u.maskLines == nil,
              bcol.x.isFinite, bcol.y.isFinite, bcol.z.isFinite, bcol.w.isFinite else { return nil }
        let s = u.outer
        lx = SIMD4(repeating: s.left.x); ly = SIMD4(repeating: s.left.y); lc = SIMD4(repeating: s.left.z)
        tx = SIMD4(repeating: s.top.x); ty = SIMD4(repeating: s.top.y); tc = SIMD4(repeating: s.top.z)
        rx = SIMD4(repeating: s.right.x); ry = SIMD4(repeating: s.right.y); rc = SIMD4(repeating: s.right.z)
        bx = SIMD4(repeating: s.bottom.x); by = SIMD4(repeating: s.bottom.y); bc = SIMD4(repeating: s.bottom.z)
        self.fill = fill; opacity = u.opacity; light = u.light
    }

    /// `lineCoverage(u.outer, q)` for four pixel centres q = (x, y).
    @inline(__always) func coverage(_ x: SIMD4<Float>, _ y: SIMD4<Float>) -> SIMD4<Float> {
        let l = saturate4((lx * x + ly * y) + lc)
        let t = saturate4((tx * x + ty * y) + tc)
        let r = saturate4((rx * x + ry * y) + rc)
        let b = saturate4((bx * x + by * y) + bc)
        let h = l + r - 1, v = t + b - 1
        // max(a, 0): a where a > 0, else 0 (a is never NaN here: the terms are saturated).
        return h.replacing(with: 0, where: .!(h .> 0)) * v.replacing(with: 0, where: .!(v .> 0))
    }
}

/// `saturate` on each lane: x > 0 ? min(x, 1) : 0 (NaN gives 0).
@inline(__always) func saturate4(_ x: SIMD4<Float>) -> SIMD4<Float> {
    x.replacing(with: 1, where: x .> 1).replacing(with: 0, where: .!(x .> 0))
}

extension PreparedQuad {
    /// `drawRows` for a plain solid quad, four pixels of a span at a time: their local points
    /// and interior tests as lanes (the scalar operations, lane by lane); a block wholly
    /// inside the interior box takes the interior source, any other gets `PlainEdges`'
    /// coverage on its lanes outside the box. The blend is `blendQuantized`'s formula on every
    /// lane, which leaves a pixel as it is for a zero source and stores an opaque one, as
    /// `blendQuantized` does by skipping it.
    func drawPlain(_ ya: Int, _ yb: Int, _ edges: PlainEdges, _ canvas: UnsafeMutablePointer<UInt8>, _ width: Int) {
        guard let constant = interiorSource else { return }
        let box = u.interior ?? SIMD4(.infinity, .infinity, -.infinity, -.infinity)
        let raw = UnsafeMutableRawPointer(canvas)
        for py in ya...yb {
            let cy = Double(py) + 0.5
            let row = SIMD3(cy * colX.y, cy * colY.y, cy * colW.y)
            let qy = SIMD4(repeating: Float(cy))   // the pixel centres' y, exact
            for piece in raster.pieces {
                guard let (xa, xb) = raster.span(piece, row: py, width: width) else { continue }
                var x = xa
                let rowBase = raw + py * width * 4
                // Whole blocks, then the last one (its lanes past the span computed and ignored).
                while x + 3 <= xb {
                    drawBlock(x, row, qy, box, 4, SIMDMask(repeating: true), constant, edges, rowBase + x * 4)
                    x += 4
                }
                if x <= xb {
                    let count = xb - x + 1
                    drawBlock(x, row, qy, box, count, SIMD4<Int32>(0, 1, 2, 3) .< Int32(truncatingIfNeeded: count), constant, edges, rowBase + x * 4)
                }
            }
        }
    }

    /// Columns x...x + 3 of a row (`valid`: the first `count` of them) at `pixels`.
    @inline(__always)
    private func drawBlock(_ x: Int, _ row: SIMD3<Double>, _ qy: SIMD4<Float>, _ box: SIMD4<Float>, _ count: Int, _ valid: SIMDMask<SIMD4<Int32>>,
                           _ constant: SIMD4<Float>, _ edges: PlainEdges, _ pixels: UnsafeMutableRawPointer) {
        // (cx, cy, 1) . col = (cx * col.x + cy * col.y) + col.z, with cx = Double(px) + 0.5 (exact).
        let cx = SIMD4(repeating: Double(x)) + SIMD4(0.5, 1.5, 2.5, 3.5)
        let lx = (cx * colX.x + row.x) + colX.z
        let ly = (cx * colY.x + row.y) + colY.z
        let lw = (cx * colW.x + row.z) + colW.z
        let px = SIMD4<Float>(lx / lw), py = SIMD4<Float>(ly / lw)
        // Without an interior box, `box` holds no point; a NaN point is in no box.
        let inside = (px .>= box.x) .& (py .>= box.y) .& (px .<= box.z) .& (py .<= box.w)
        if all(inside .| .!valid) {
            if constant.w == 255 {
                storePixels(SIMD4(repeating: UInt32(littleEndian: packBytes(constant))), pixels, count)
            } else {
                storePixels(blendLanes(SIMD4(repeating: constant.x), SIMD4(repeating: constant.y), SIMD4(repeating: constant.z),
                                       SIMD4(repeating: constant.w), over: loadPixels(pixels, count)), pixels, count)
            }
            return
        }
        // shade's source at each lane's coverage (channels as vectors of the four pixels), quantized.
        let cov = edges.coverage(SIMD4<Float>(cx), qy)
        let a = edges.fill.w * cov * edges.opacity
        let r = edges.fill.x * cov * edges.opacity * edges.light.x
        let g = edges.fill.y * cov * edges.opacity * edges.light.y
        let b = edges.fill.z * cov * edges.opacity * edges.light.z
        storePixels(blendLanes(quantize(r).replacing(with: constant.x, where: inside),
                               quantize(g).replacing(with: constant.y, where: inside),
                               quantize(b).replacing(with: constant.z, where: inside),
                               quantize(a).replacing(with: constant.w, where: inside), over: loadPixels(pixels, count)), pixels, count)
    }
}

/// The first `count` (1...4) pixels at `p` as lanes (the others 0), each the word of its
/// bytes R, G, B, A from the low byte.
@inline(__always) func loadPixels(_ p: UnsafeMutableRawPointer, _ count: Int) -> SIMD4<UInt32> {
    var v = SIMD4<UInt32>()
    if count == 4 {
        v = p.loadUnaligned(as: SIMD4<UInt32>.self)
    } else {
        for i in 0..<count { v[i] = p.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self) }
    }
    #if _endian(big)
    for i in 0..<4 { v[i] = v[i].byteSwapped }
    #endif
    return v
}

/// Stores the first `count` (1...4) lanes as pixels at `p` (no byte past them is touched:
/// the next pixels may be another band's).
@inline(__always) func storePixels(_ lanes: SIMD4<UInt32>, _ p: UnsafeMutableRawPointer, _ count: Int) {
    var v = lanes
    #if _endian(big)
    for i in 0..<4 { v[i] = v[i].byteSwapped }
    #endif
    if count == 4 { p.storeBytes(of: v, as: SIMD4<UInt32>.self); return }
    for i in 0..<count { p.storeBytes(of: v[i], toByteOffset: 4 * i, as: UInt32.self) }
}

/// `blendQuantized`'s general formula for four pixels (words of bytes R, G, B, A from the
/// low byte) given quantized source channels as lanes: per channel
/// min(255, roundHalfAway(s + d * k)) with k = (255 - s.a) / 255. With s, s.a and d whole,
/// s + d * (255 - s.a) / 255 is n / 255 for a whole n, at least 1/510 from any half (2n and
/// 255 (2m + 1) differ by an odd number), and Float's errors here stay below 1e-4: so
/// rounding to nearest, which adding 2^23 does, is rounding half away. (Kept out of line:
/// inlined, the compiler's lane code gets worse.)
@inline(never) func blendLanes(_ r: SIMD4<Float>, _ g: SIMD4<Float>, _ b: SIMD4<Float>, _ a: SIMD4<Float>,
                               over d: SIMD4<UInt32>) -> SIMD4<UInt32> {
    let k = (255 - a) / 255
    let top = SIMD4<Float>(repeating: 8_388_608 + 255)
    @inline(__always) func channel(_ s: SIMD4<Float>, _ shift: UInt32) -> SIMD4<UInt32> {
        let v = s + SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: (d &>> shift) & 255)) * k
        // 2^23 + the nearest whole number (v is 0...510), at most 2^23 + 255; its low byte is the value.
        let n = v + 8_388_608
        return (unsafeBitCast(n.replacing(with: top, where: n .> top), to: SIMD4<UInt32>.self) & 255) &<< shift
    }
    return channel(r, 0) | channel(g, 8) | channel(b, 16) | channel(a, 24)
}
