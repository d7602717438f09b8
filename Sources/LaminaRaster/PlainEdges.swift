// The anti-aliased margin of a plain solid quad (no corner radius, border, mask or
// double-precision gradients), four pixels at a time: each lane does `gradients`,
// `rectCoverage` and `shade`'s operations for one pixel, in the same order, so a lane's
// value is the bit the scalar form gives (SIMD arithmetic is lane by lane IEEE, with no
// fused operations).

/// What `shade` computes for a plain solid quad, on four local points at once.
struct PlainEdges {
    let hx: SIMD3<Float>, hy: SIMD3<Float>, hw: SIMD3<Float>
    let rect: SIMD4<Float>
    /// Which edges are anti-aliased (left, top, right, bottom).
    let aaLeft: Bool, aaTop: Bool, aaRight: Bool, aaBottom: Bool
    let fill: SIMD4<Float>, opacity: Float, light: SIMD3<Float>

    /// Nil unless `shade` reduces to coverage times the fill for this quad: no corner radius,
    /// no border ring, no mask, Float gradients, and a finite border color (so the ring term
    /// it adds is a zero; only the sign of a zero can differ, which quantizes alike).
    init?(_ u: QuadUniforms, fill: SIMD4<Float>, precise: Bool) {
        let bc = u.borderColor
        guard !precise, !(u.radius > 0), !(u.borderWidth > 0), !u.hasMask,
              bc.x.isFinite, bc.y.isFinite, bc.z.isFinite, bc.w.isFinite else { return nil }
        hx = u.hx; hy = u.hy; hw = u.hw; rect = u.rect
        aaLeft = u.aa.x > 0; aaTop = u.aa.y > 0; aaRight = u.aa.z > 0; aaBottom = u.aa.w > 0
        self.fill = fill; opacity = u.opacity; light = u.light
    }

    /// `rectCoverage(p, rect, 0, aa, gradients(u, p))` for four points (x, y).
    @inline(__always) func coverage(_ x: SIMD4<Float>, _ y: SIMD4<Float>) -> SIMD4<Float> {
        // (h * (x, y, 1)).sum() is ((-0 + h.x * x) + h.y * y) + h.z * 1, and -0 + a is a.
        let X = (hx.x * x + hx.y * y) + hx.z
        let Y = (hy.x * x + hy.y * y) + hy.z
        let W = (hw.x * x + hw.y * y) + hw.z
        let w2 = W * W
        let j00 = (hx.x * W - X * hw.x) / w2, j01 = (hx.y * W - X * hw.y) / w2
        let j10 = (hy.x * W - Y * hw.x) / w2, j11 = (hy.y * W - Y * hw.y) / w2
        let det = j00 * j11 - j01 * j10
        let inv = (1 / det).replacing(with: 1e30, where: det .== 0)
        let g0x = j11 * inv, g0y = -j01 * inv, g1x = -j10 * inv, g1y = j00 * inv
        let lx = (g0x * g0x + g0y * g0y).squareRoot(), ly = (g1x * g1x + g1y * g1y).squareRoot()
        let one = SIMD4<Float>(repeating: 1)
        let l = aaLeft ? saturate4((x - rect.x) / lx + 0.5) : one
        let t = aaTop ? saturate4((y - rect.y) / ly + 0.5) : one
        let r = aaRight ? saturate4((rect.z - x) / lx + 0.5) : one
        let b = aaBottom ? saturate4((rect.w - y) / ly + 0.5) : one
        let h = l + r - 1, v = t + b - 1
        // max(a, 0): a where a > 0, else 0 (a is never NaN here: the terms are saturated).
        return h.replacing(with: 0, where: .!(h .> 0)) * v.replacing(with: 0, where: .!(v .> 0))
    }

    /// Shades and blends the first `count` of four pixels at local points (x, y), at byte
    /// offsets `offsets` of `canvas` (the other lanes are computed and ignored).
    @inline(__always)
    func draw(_ x: SIMD4<Float>, _ y: SIMD4<Float>, _ offsets: SIMD4<Int>, _ count: Int, _ canvas: UnsafeMutablePointer<UInt8>) {
        let cov = coverage(x, y)
        for i in 0..<count {
            // Zero coverage (the margin outside the shape) adds nothing: quantize(0) = 0.
            let src = source(cov[i])
            if src != .zero { blendQuantized(quantize(src), canvas + offsets[i]) }
        }
    }

    /// `shade`'s source at coverage `outer`: (fill * outer) * opacity, then lit.
    @inline(__always) func source(_ outer: Float) -> SIMD4<Float> {
        let c = fill * outer * opacity
        return SIMD4(c.x * light.x, c.y * light.y, c.z * light.z, c.w)
    }
}

/// `saturate` on each lane: x > 0 ? min(x, 1) : 0 (NaN gives 0).
@inline(__always) func saturate4(_ x: SIMD4<Float>) -> SIMD4<Float> {
    x.replacing(with: 1, where: x .> 1).replacing(with: 0, where: .!(x .> 0))
}

extension PreparedQuad {
    /// `drawRows` for a plain solid quad: interior pixels as there, the others gathered four
    /// at a time for `PlainEdges`. Each pixel of a piece's span is drawn once, so the order in
    /// which its pixels are written changes nothing; the gathered ones are written before the
    /// next piece (whose pixels may repeat this one's) starts.
    func drawPlain(_ ya: Int, _ yb: Int, _ edges: PlainEdges, _ canvas: UnsafeMutablePointer<UInt8>, _ width: Int) {
        guard let constant = interiorSource else { return }
        let hasInterior = u.interior != nil
        let box = u.interior ?? .zero
        let table = blendTable ?? [], useTable = blendTable != nil
        let opaqueWord: UInt32? = constant.w == 255 ? packBytes(constant) : nil
        let raw = UnsafeMutableRawPointer(canvas)
        // The gathered pixels: local points and byte offsets, n of four lanes in use.
        var gx = SIMD4<Float>(), gy = SIMD4<Float>(), goff = SIMD4<Int>(), n = 0
        for py in ya...yb {
            let cy = Double(py) + 0.5
            let ry = cy * colX.y, ryY = cy * colY.y, ryW = cy * colW.y
            for piece in raster.pieces {
                guard let (xa, xb) = raster.span(piece, row: py, width: width) else { continue }
                var offset = (py * width + xa) * 4
                for px in xa...xb {
                    let cx = Double(px) + 0.5
                    let lx = (cx * colX.x + ry) + colX.z
                    let ly = (cx * colY.x + ryY) + colY.z
                    let lw = (cx * colW.x + ryW) + colW.z
                    let p = SIMD2(Float(lx / lw), Float(ly / lw))
                    if hasInterior && p.x >= box.x && p.y >= box.y && p.x <= box.z && p.y <= box.w {
                        if let opaqueWord {
                            raw.storeBytes(of: opaqueWord, toByteOffset: offset, as: UInt32.self)
                        } else if useTable {
                            let px = canvas + offset
                            px[0] = table[Int(px[0])]; px[1] = table[256 + Int(px[1])]
                            px[2] = table[512 + Int(px[2])]; px[3] = table[768 + Int(px[3])]
                        } else {
                            blendQuantized(constant, canvas + offset)
                        }
                    } else {
                        gx[n] = p.x; gy[n] = p.y; goff[n] = offset
                        n += 1
                        if n == 4 { edges.draw(gx, gy, goff, 4, canvas); n = 0 }
                    }
                    offset += 4
                }
                if n > 0 { edges.draw(gx, gy, goff, n, canvas); n = 0 }
            }
        }
    }
}
