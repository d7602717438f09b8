// One quad, set up once and then drawn row by row (possibly band by band on several
// threads). Per pixel: the perspective-correct local point by the inverse plane homography,
// then either the interior fast path (coverage is exactly 1 there) or the shared shading
// model. Every value is computed with the same operations, in the same order, as the
// reference form, so the fast paths change no bit of the output. Plain solid quads (nearly
// every layer's own quad) go four pixels at a time (PlainEdges.swift).
import LaminaCompositor

/// A quad ready to draw: its inverse homography, coverage polygon, rows and fill. A class:
/// set up once, in place, then only read (by every band it reaches), never copied.
final class PreparedQuad {
    enum Source { case solid(SIMD4<Float>), texture(Texture, uv: Box) }
    let source: Source
    /// A layer mask's texture and uv box: its alpha multiplies the texture fill.
    let mask: (texture: Texture, uv: Box)?
    let u: QuadUniforms
    /// Columns of the inverse homography (pixel (x, y, 1) -> local X, Y, W): X = x*colX.x + y*colX.y + colX.z.
    let colX: SIMD3<Double>, colY: SIMD3<Double>, colW: SIMD3<Double>
    let raster: PolygonRaster
    /// For an ill-conditioned quad with rounded corners (`DrawQuad.needsPrecision`): its rows in
    /// double, for the corners' gradients.
    let precise: PreciseRows?
    /// The rows it may touch (inside the target).
    let y0: Int, y1: Int
    let rect: Box
    let clamp: SIMD4<Float>?
    /// A solid fill's interior source, quantized (one color for every interior pixel).
    let interiorSource: SIMD4<Float>?
    /// For a large translucent solid quad, not plain: the blend of `interiorSource` over each byte value,
    /// per channel (256 entries each), so an interior pixel is four table lookups.
    let blendTable: [UInt8]?
    /// For a plain solid quad: its anti-aliased margin's shading, four pixels at a time.
    let plain: PlainEdges?

    /// Nil when the quad draws nothing: a rect without area, a matrix with a NaN or an
    /// infinity, a cover that is not a polygon on screen, an unusable texture, or no rows.
    init?(_ q: DrawQuad, texture: Texture?, uv: Box, mask maskTexture: Texture? = nil, targetWidth: Int, targetHeight: Int) {
        let m = q.matrix
        guard isFinite(m.r0), isFinite(m.r1), isFinite(m.r2), isFinite(m.r3) else { return nil }
        let r = q.rect
        guard !r.isEmpty, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return nil }
        switch q.fill {
        case .color(let c): source = .solid(c)
        case .none: source = .solid(.zero)
        case .image, .target:
            guard let texture, texture.isUsable,
                  uv.minX.isFinite, uv.minY.isFinite, uv.maxX.isFinite, uv.maxY.isFinite else { return nil }
            source = .texture(texture, uv: uv)
        }
        if let mt = q.maskTexture {
            let muv = mt.uv
            guard case .texture = source, let maskTexture, maskTexture.isUsable,
                  muv.minX.isFinite, muv.minY.isFinite, muv.maxX.isFinite, muv.maxY.isFinite else { return nil }
            mask = (maskTexture, muv)
        } else {
            mask = nil
        }
        // The inverse plane homography as a 3x3 adjugate: local (x, y, 1) * H = (X, Y, W) with
        // H rows a, b, c; so (x, y, 1) ~ (X, Y, W) * adj(H).
        let a = SIMD3(m.r0.x, m.r0.y, m.r0.w), b = SIMD3(m.r1.x, m.r1.y, m.r1.w), c = SIMD3(m.r3.x, m.r3.y, m.r3.w)
        let adj0 = SIMD3(b.y * c.z - b.z * c.y, a.z * c.y - a.y * c.z, a.y * b.z - a.z * b.y)
        let adj1 = SIMD3(b.z * c.x - b.x * c.z, a.x * c.z - a.z * c.x, a.z * b.x - a.x * b.z)
        let adj2 = SIMD3(b.x * c.y - b.y * c.x, a.y * c.x - a.x * c.y, a.x * b.y - a.y * b.x)
        colX = SIMD3(adj0.x, adj1.x, adj2.x)
        colY = SIMD3(adj0.y, adj1.y, adj2.y)
        colW = SIMD3(adj0.z, adj1.z, adj2.z)
        u = QuadUniforms(q)
        // Only a rounded corner reads the gradients (straight edges are lines in pixels).
        precise = (q.cornerRadius > 0 || (q.mask?.radius ?? 0) > 0) && q.needsPrecision ? PreciseRows(m) : nil
        rect = r
        clamp = q.sampleClamp.map { SIMD4(Float($0.minX), Float($0.minY), Float($0.maxX), Float($0.maxY)) }
        // The pixels GL shades: the cover clipped to the target and snapped to its sub-pixel grid.
        let pts = q.pixelCover(width: targetWidth, height: targetHeight)
        guard pts.count >= 3 else { return nil }
        var minY = pts[0].y, maxY = pts[0].y
        for p in pts { minY = min(minY, p.y); maxY = max(maxY, p.y) }
        y0 = max(0, clampedInt((minY - 0.5).rounded(.down), -1, targetHeight))
        y1 = min(targetHeight - 1, clampedInt((maxY + 0.5).rounded(.up), -1, targetHeight))
        raster = PolygonRaster(pts)
        guard y0 <= y1, !raster.pieces.isEmpty else { return nil }
        if case .solid(let c) = source {
            // interiorShade(c), spelled out (self is not whole yet).
            let fill = c * u.opacity
            let sq = quantize(SIMD4(fill.x * u.light.x, fill.y * u.light.y, fill.z * u.light.z, fill.w))
            interiorSource = sq
            plain = PlainEdges(u, fill: c)
            var minX = pts[0].x, maxX = pts[0].x
            for p in pts { minX = min(minX, p.x); maxX = max(maxX, p.x) }
            // Worth a 1 KB table when the quad spans thousands of pixels (plain quads blend
            // four pixels at a time instead).
            if plain == nil, sq.w != 255, sq != .zero, (maxX - minX) * Double(y1 - y0 + 1) > 4096 {
                blendTable = blendQuantizedTable(sq)
            } else {
                blendTable = nil
            }
        } else {
            interiorSource = nil; blendTable = nil; plain = nil
        }
    }

    /// Draws the quad's pixels on `rows` into a `width`-pixel-wide RGBA8 canvas.
    /// `fastPaths: false` shades every pixel by the reference form (for tests).
    func draw(rows: Range<Int>, into canvas: UnsafeMutablePointer<UInt8>, width: Int, fastPaths: Bool) {
        let ya = max(y0, rows.lowerBound), yb = min(y1, rows.upperBound - 1)
        guard ya <= yb else { return }
        switch source {
        case .solid(let c):
            if !fastPaths {
                drawReference(ya, yb, canvas, width)
            } else if let plain {
                drawPlain(ya, yb, plain, canvas, width)
            } else {
                drawRows(ya, yb, SolidFill(color: c), canvas, width)
            }
        case .texture(let t, let uv):
            guard fastPaths else { drawReference(ya, yb, canvas, width); return }
            t.pixels.withUnsafeBufferPointer { texels in
                unitBytes.withUnsafeBufferPointer { unit in
                    let fill = TextureFill(texels: texels.baseAddress!, unit: unit.baseAddress!, width: t.width, height: t.height,
                                           rect: rect, uv: uv, clamp: clamp)
                    guard let (m, muv) = mask else { drawRows(ya, yb, fill, canvas, width); return }
                    m.pixels.withUnsafeBufferPointer { maskTexels in
                        let alpha = TextureFill(texels: maskTexels.baseAddress!, unit: unit.baseAddress!, width: m.width, height: m.height,
                                                rect: rect, uv: muv, clamp: clamp)
                        drawRows(ya, yb, MaskedFill(fill: fill, mask: alpha), canvas, width)
                    }
                }
            }
        }
    }

    /// The interior's source for a fill color (the shading model's interior branch).
    @inline(__always) func interiorShade(_ fill: SIMD4<Float>) -> SIMD4<Float> {
        let c = fill * u.opacity
        return SIMD4(c.x * u.light.x, c.y * u.light.y, c.z * u.light.z, c.w)
    }

    /// The span loop, specialized per fill kind.
    @inline(__always)
    private func drawRows<F: QuadFill>(_ ya: Int, _ yb: Int, _ fill: F, _ canvas: UnsafeMutablePointer<UInt8>, _ width: Int) {
        let hasInterior = u.interior != nil
        let box = u.interior ?? .zero
        // A solid fill's interior source is one color: quantized once; opaque means a plain store.
        let constant = interiorSource
        let table = blendTable ?? [], useTable = blendTable != nil
        let opaqueWord: UInt32? = constant.flatMap { sq in
            sq.w == 255 ? UInt32(UInt8(sq.x)) | UInt32(UInt8(sq.y)) << 8 | UInt32(UInt8(sq.z)) << 16 | 255 << 24 : nil
        }.map { UInt32(littleEndian: $0) }
        let identity = u.opacity == 1 && u.light == SIMD3(repeating: 1)
        let raw = UnsafeMutableRawPointer(canvas)
        let pieces = raster.pieces
        for py in ya...yb {
            let cy = Double(py) + 0.5
            // (cx, cy, 1) . col = (cx * col.x + cy * col.y) + col.z, the row term hoisted.
            let ry = cy * colX.y, ryY = cy * colY.y, ryW = cy * colW.y
            for piece in pieces {
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
                        } else if let constant {
                            blendQuantized(constant, canvas + offset)
                        } else if let f = fill.interiorColor(p) {
                            blendQuantized(quantize(identity ? f : interiorShade(f)), canvas + offset)
                        }
                    } else {
                        // Zero coverage (the margin outside the shape) adds nothing: quantize(0) = 0.
                        let g = precise.map { $0.gradients(SIMD2(lx / lw, ly / lw)) }
                        let src = shade(u, p, SIMD2(Float(cx), Float(cy)), fill: fill.color(p), precise: g)
                        if src != .zero { blendQuantized(quantize(src), canvas + offset) }
                    }
                    offset += 4
                }
            }
        }
    }

    /// Every pixel through `shade` and the reference sampler and blend, no hoisting.
    private func drawReference(_ ya: Int, _ yb: Int, _ canvas: UnsafeMutablePointer<UInt8>, _ width: Int) {
        for py in ya...yb {
            let cy = Double(py) + 0.5
            for piece in raster.pieces {
                guard let (xa, xb) = raster.span(piece, row: py, width: width) else { continue }
                for px in xa...xb {
                    let X = SIMD3(Double(px) + 0.5, cy, 1)
                    let lx = (X * colX).sum(), ly = (X * colY).sum(), lw = (X * colW).sum()
                    let p = SIMD2(Float(lx / lw), Float(ly / lw))
                    var fill: SIMD4<Float>
                    switch source {
                    case .solid(let c): fill = c
                    case .texture(let t, let uv):
                        let s = SIMD2(Float((Double(p.x) - rect.minX) / rect.width), Float((Double(p.y) - rect.minY) / rect.height))
                        let tc = SIMD2(Float(uv.minX) + s.x * Float(uv.width), Float(uv.minY) + s.y * Float(uv.height))
                        fill = t.sample(tc, clamp: clamp)
                        if let (m, muv) = mask {
                            let mc = SIMD2(Float(muv.minX) + s.x * Float(muv.width), Float(muv.minY) + s.y * Float(muv.height))
                            fill *= m.sample(mc, clamp: clamp).w
                        }
                    }
                    let g = precise.map { $0.gradients(SIMD2(lx / lw, ly / lw)) }
                    blendReference(shade(u, p, SIMD2(Float(X.x), Float(cy)), fill: fill, precise: g), canvas + (py * width + px) * 4)
                }
            }
        }
    }
}

/// Whether every component is finite (not NaN, not infinite).
@inline(__always) private func isFinite(_ v: SIMD4<Double>) -> Bool {
    v.x.isFinite && v.y.isFinite && v.z.isFinite && v.w.isFinite
}

/// What fills a quad at a local point.
protocol QuadFill {
    /// The fill at local point p.
    func color(_ p: SIMD2<Float>) -> SIMD4<Float>
    /// The fill at an interior point, or nil when it is certainly zero there (every texel it
    /// blends is 0, so the interior source quantizes to 0 and the pixel stays as it is).
    func interiorColor(_ p: SIMD2<Float>) -> SIMD4<Float>?
}

/// A solid color.
struct SolidFill: QuadFill {
    let color: SIMD4<Float>
    @inline(__always) func color(_ p: SIMD2<Float>) -> SIMD4<Float> { color }
    @inline(__always) func interiorColor(_ p: SIMD2<Float>) -> SIMD4<Float>? { color }
}

/// A texture fill times the alpha of a layer mask's texture, sampled the same way.
struct MaskedFill: QuadFill {
    let fill: TextureFill, mask: TextureFill
    @inline(__always) func color(_ p: SIMD2<Float>) -> SIMD4<Float> { fill.color(p) * mask.color(p).w }
    @inline(__always) func interiorColor(_ p: SIMD2<Float>) -> SIMD4<Float>? {
        guard let f = fill.interiorColor(p) else { return nil }
        return f * mask.color(p).w
    }
}

/// A texture stretched over the rect: `Texture.sample` with everything per-quad hoisted
/// (the same Float values) and texel bytes turned to Float by table.
struct TextureFill: QuadFill {
    let texels: UnsafePointer<UInt8>, unit: UnsafePointer<Float>
    let width: Int, height: Int, fw: Float, fh: Float
    let rectMin: SIMD2<Double>, rectSize: SIMD2<Double>
    let uvMin: SIMD2<Float>, uvSize: SIMD2<Float>
    let clamped: Bool, lo: SIMD2<Float>, hi: SIMD2<Float>

    init(texels: UnsafePointer<UInt8>, unit: UnsafePointer<Float>, width: Int, height: Int, rect: Box, uv: Box, clamp: SIMD4<Float>?) {
        self.texels = texels; self.unit = unit
        self.width = width; self.height = height; fw = Float(width); fh = Float(height)
        rectMin = SIMD2(rect.minX, rect.minY); rectSize = SIMD2(rect.width, rect.height)
        uvMin = SIMD2(Float(uv.minX), Float(uv.minY)); uvSize = SIMD2(Float(uv.width), Float(uv.height))
        let hx = 0.5 / Float(width), hy = 0.5 / Float(height)
        clamped = clamp != nil
        let c = clamp ?? .zero
        lo = SIMD2(c.x + hx, c.y + hy); hi = SIMD2(c.z - hx, c.w - hy)
    }

    @inline(__always) func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
        let t = texels + (y * width + x) * 4
        return SIMD4(unit[Int(t[0])], unit[Int(t[1])], unit[Int(t[2])], unit[Int(t[3])])
    }

    @inline(__always) func color(_ p: SIMD2<Float>) -> SIMD4<Float> { sample(p, skipClear: false)! }

    @inline(__always) func interiorColor(_ p: SIMD2<Float>) -> SIMD4<Float>? { sample(p, skipClear: true) }

    @inline(__always) func word(_ x: Int, _ y: Int) -> UInt32 {
        UnsafeRawPointer(texels + (y * width + x) * 4).loadUnaligned(as: UInt32.self)
    }

    @inline(__always) func sample(_ p: SIMD2<Float>, skipClear: Bool) -> SIMD4<Float>? {
        let s = SIMD2(Float((Double(p.x) - rectMin.x) / rectSize.x), Float((Double(p.y) - rectMin.y) / rectSize.y))
        var uv = SIMD2(uvMin.x + s.x * uvSize.x, uvMin.y + s.y * uvSize.y)
        if clamped {
            uv.x = min(max(uv.x, lo.x), hi.x)
            uv.y = min(max(uv.y, lo.y), hi.y)
        }
        let tx = uv.x * fw - 0.5, ty = uv.y * fh - 0.5
        let fx = floorExact(tx), fy = floorExact(ty)
        let ax = tx - fx, ay = ty - fy
        let ix = clampedInt(fx, -2, width + 1), iy = clampedInt(fy, -2, height + 1)
        let x0 = min(max(ix, 0), width - 1), x1 = min(max(ix + 1, 0), width - 1)
        let y0 = min(max(iy, 0), height - 1), y1 = min(max(iy + 1, 0), height - 1)
        if skipClear && word(x0, y0) | word(x1, y0) | word(x0, y1) | word(x1, y1) == 0 { return nil }
        let top = texel(x0, y0) * (1 - ax) + texel(x1, y0) * ax
        let bottom = texel(x0, y1) * (1 - ax) + texel(x1, y1) * ax
        return top * (1 - ay) + bottom * ay
    }
}
