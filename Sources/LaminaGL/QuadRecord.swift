// A quad's record: the RGBA32F texels Shaders/quad.vert reads from the frame's buffer texture
// (FrameBatches.records), written at once. Split from QuadBatch.swift.
import LaminaCompositor
import QuartzCore

extension FrameBatches {
    /// Appends the quad's record (layout: Shaders/quad.vert) and returns its offset in texels.
    /// `depth`: the quad's z in normalized device coordinates (DepthPrepass.depth(ofQuad:)).
    /// `outerLines`: the quad's (computed with its cover, on all cores).
    mutating func appendRecord(_ q: DrawQuad, outerLines: EdgeLines, slot: Int, sample: (BoundTexture, SIMD2<Int>?)?,
                               maskSlot: Int, maskSample: (BoundTexture, SIMD2<Int>?)?, depth: Float) -> Int32 {
        let offset = Int32(records.count / 4)
        let precise = fp64 && ShaderVariant.needsPrecision(q)
        let lights = q.lighting.prefix(4)
        // The record's floats written through a pointer and appended at once (per-float appends
        // were most of batching's time: 10,000 quads a frame in flat-10000).
        let inner = q.innerLines, maskLines = q.maskLines
        let floats = 4 * (Self.baseTexels + 2 * lights.count + (precise ? 3 : 0) + (inner != nil ? 3 : 0) + (maskLines != nil ? 3 : 0))
        // Written in a zeroed scratch buffer, then appended at once.
        withUnsafeTemporaryAllocation(of: Float.self, capacity: floats) { buffer in
            buffer.initialize(repeating: 0)
            var w = buffer.baseAddress!
            func texel(_ a: Float, _ b: Float, _ c: Float, _ d: Float) {
                w[0] = a; w[1] = b; w[2] = c; w[3] = d
                w += 4
            }
            func box(_ b: Box?) {
                guard let b else { texel(0, 0, 0, 0); return }
                texel(Float(b.minX), Float(b.minY), Float(b.maxX), Float(b.maxY))
            }
            func color(_ c: SIMD4<Float>) { texel(c.x, c.y, c.z, c.w) }
            func row(_ r: SIMD4<Double>) { texel(Float(r.x), Float(r.y), Float(r.z), Float(r.w)) }
            // Core Animation's field order m11, m12, ..., m44: the rows.
            let m = q.matrix
            row(m.r0); row(m.r1); row(m.r2); row(m.r3)
            box(q.rect)
            color(q.borderColor)
            box(q.mask?.box)
            var flags = Int(q.antialiasedEdges.rawValue & 15)
            switch q.fill {
            case .none: color(.zero)
            case .color(let c): color(c); flags |= 1 << 7
            case .image(_, let uv), .target(_, let uv):
                box(uv)
                if sample != nil { flags |= 2 << 7 | slot << 9 }
            }
            if q.mask != nil { flags |= 16 }
            if inner != nil { flags |= 64 }
            box(q.sampleClamp)
            if q.sampleClamp != nil { flags |= 32 }
            if precise { flags |= 1 << 12 }
            if sample != nil && maskSample != nil { flags |= 1 << 13 | maskSlot << 14 }
            texel(Float(q.cornerRadius), Float(q.borderWidth), Float(q.mask?.radius ?? 0), q.opacity)
            // Contexts nested more than four deep: the rest of the product in one factor.
            let rest = q.lighting.count > 4 ? q.lighting.dropFirst(4).reduce(Float(1)) { $0 * $1.factor } : 1
            texel(Float(flags), Float(lights.count), rest, 0)
            if let (t, size) = sample, let size {
                // Powers of two (SurfacePool): 1 / size is exact.
                texel(Float(size.x), Float(size.y), 1 / Float(t.width), 1 / Float(t.height))
            } else {
                texel(0, 0, 0, 0)
            }
            texel(q.tint.x, q.tint.y, q.tint.z, depth)
            // A layer mask's uv box and, for a target in a larger pooled texture, the sizes.
            box(sample != nil && maskSample != nil ? q.maskTexture?.uv : nil)
            if sample != nil, let (t, size) = maskSample, let size {
                texel(Float(size.x), Float(size.y), 1 / Float(t.width), 1 / Float(t.height))
            } else {
                texel(0, 0, 0, 0)
            }
            // Three texels of edge lines: left, top, right, bottom (x, y, constant each).
            func lines(_ e: EdgeLines) {
                texel(e.left.x, e.left.y, e.left.z, e.top.x)
                texel(e.top.y, e.top.z, e.right.x, e.right.y)
                texel(e.right.z, e.bottom.x, e.bottom.y, e.bottom.z)
            }
            lines(outerLines)
            for l in lights {
                texel(l.normal.x, l.normal.y, l.normal.z, l.ambient)
                texel(l.direction.x, l.direction.y, l.direction.z, 0)
            }
            if precise {
                // What the rows lose in Float, so the shader can rebuild them in double: x = hi + lo.
                func lo(_ r: SIMD4<Double>) { texel(Float(r.x - Double(Float(r.x))), Float(r.y - Double(Float(r.y))), Float(r.z - Double(Float(r.z))), Float(r.w - Double(Float(r.w)))) }
                lo(m.r0); lo(m.r1); lo(m.r3)
            }
            if let inner { lines(inner) }
            if let maskLines { lines(maskLines) }
            assert(w == buffer.baseAddress! + floats, "record size")
            records.append(contentsOf: buffer)
        }
        return offset
    }
}
