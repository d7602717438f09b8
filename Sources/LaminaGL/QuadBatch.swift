// The CPU side of batched drawing: every quad of a frame becomes one record of RGBA32F texels
// in a buffer texture (read by Shaders/quad.vert) and its pixel cover (the cover in target
// pixels, clipped and snapped as the CPU renderer rasterizes it: LaminaCompositor's
// PixelCover.swift) becomes triangles of (pixel x, pixel y, record offset) vertices with fan
// indices; consecutive quads share a draw
// call until the texture units, the shader variant or the blending must change (quads stay in
// plan order: blending is order-dependent). Pure data: no GL calls here.
import LaminaCompositor
import QuartzCore

/// The features a fragment shader variant is compiled with (Shaders/quad.frag's HAS_*).
struct ShaderVariant: OptionSet, Hashable {
    let rawValue: Int
    static let texture = ShaderVariant(rawValue: 1)
    static let border = ShaderVariant(rawValue: 2)
    static let mask = ShaderVariant(rawValue: 4)
    static let radius = ShaderVariant(rawValue: 8)
    /// The pixel's local point through the inverse homography in double precision (fp64).
    static let precise = ShaderVariant(rawValue: 16)
    /// A layer mask's texture, whose alpha multiplies the texture fill (with `.texture`).
    static let maskTexture = ShaderVariant(rawValue: 32)
    /// Only the interior fast path of a color quad (the depth pre-pass's pixels: DepthPrepass.swift).
    static let interiorOnly = ShaderVariant(rawValue: 64)
    /// Screen gradients per pixel for rounded corners (a perspective quad); without it they
    /// are the vertex shader's, the same at every pixel of an affine quad.
    static let perspective = ShaderVariant(rawValue: 128)
    /// Drawn top-down into a window's bottom-up framebuffer: the pixel's row is flipped. Chosen
    /// per draw (GLState.drawBatch), never by a quad; without it the fragment shader reads no
    /// uniform (llvmpipe loads each uniform a fragment reads, bounds-checked, in every 4x4 block).
    static let flipY = ShaderVariant(rawValue: 256)

    /// The #defines of the variant.
    var defines: String {
        [(ShaderVariant.texture, "HAS_TEXTURE"), (.border, "HAS_BORDER"), (.mask, "HAS_MASK"), (.radius, "HAS_RADIUS"), (.precise, "HAS_PRECISE"), (.maskTexture, "HAS_MASK_TEXTURE"), (.interiorOnly, "INTERIOR_ONLY"), (.perspective, "HAS_PERSPECTIVE"), (.flipY, "FLIP_Y")]
            .filter { contains($0.0) }.map { "#define \($0.1)\n" }.joined()
            + (contains(.precise) ? "#extension GL_ARB_gpu_shader_fp64 : require\n" : "")
    }

    /// Whether the quad's local point or screen gradients are needed in double: Float cannot
    /// invert its homography well enough (DrawQuad.needsPrecision), and its texture sampling
    /// or rounded corners use them (its straight edges are lines in pixels: EdgeLines.swift).
    static func needsPrecision(_ q: DrawQuad) -> Bool {
        switch q.fill {
        case .image, .target: break
        case .none, .color: guard q.cornerRadius > 0 || (q.mask?.radius ?? 0) > 0 else { return false }
        }
        return q.needsPrecision
    }

    /// What the quad needs: a variant without one of these would compute something else.
    init(_ q: DrawQuad) {
        var v: ShaderVariant = []
        switch q.fill {
        case .image, .target:
            v.insert(.texture)
            if q.maskTexture != nil { v.insert(.maskTexture) }
        case .none, .color: break
        }
        if q.borderWidth > 0 { v.insert(.border) }
        if q.mask != nil { v.insert(.mask) }
        if q.cornerRadius > 0 || (q.mask?.radius ?? 0) > 0 {
            v.insert(.radius)
            // Only a rounded corner's arc needs the screen gradients.
            if q.matrix.r0.w != 0 || q.matrix.r1.w != 0 { v.insert(.perspective) }
        }
        self = v
    }

    init(rawValue: Int) { self.rawValue = rawValue }
}

/// A vertex: a point of a quad's pixel cover and its quad's record offset (in texels).
struct QuadVertex {
    /// The point in target pixels (x right, y down), on the 1/256-pixel grid: exact in Float,
    /// so GL's own snapping keeps it and GL shades the pixels the CPU renderer shades. (The
    /// fragment shader finds each pixel's local point by the inverse homography; nothing is
    /// interpolated.)
    var px: Float, py: Float
    var record: Int32
}

/// A texture a quad samples: where it lives in GL and how large it is.
struct BoundTexture: Equatable {
    var name: UInt32
    var width: Int, height: Int
}

/// One draw call: a run of consecutive quads of a target.
struct QuadDraw {
    /// The run's range in `FrameBatches.indices`.
    var first: Int, count: Int
    var variant: ShaderVariant
    /// Whether the draw blends; off only when every quad in it is opaque (`isOpaque`).
    var blends: Bool
    /// Bound to texture units 0..<textures.count; quads pick theirs by slot.
    var textures: [BoundTexture]
    /// Whether a quad of the run is large (`FrameBatches.isLarge`).
    var large = false
}

/// What batching needs of each quad that is the quad's alone, found for every quad of a target
/// before the draws are formed (`FrameBatches.geometry`).
struct QuadGeometry {
    /// The pixel covers' points (`DrawQuad.pixelCover`), one cover after another: one array
    /// rather than one per quad, whose freeing on the main thread cost a third of a
    /// millisecond a frame in flat-10000.
    var points: [SIMD2<Double>] = []
    /// Where each cover ends in `points` (cover k starts where cover k - 1 ends).
    var ends: [Int] = []
    /// The covers' areas (`polygonArea`; 0 below three points).
    var areas: [Double] = []
    /// Where the cover has three points, the quad's `outerLines` (else `EdgeLines.none`).
    var outerLines: [EdgeLines] = []
    /// Where the cover has three points and fans are the shortest, the fan's apex
    /// (`FanTriangles.apex`); else 0.
    var apexes: [Int32] = []
    /// Where the cover has three points, whether the quad is a pre-pass candidate
    /// (`DepthPrepass.isCandidate`); else false.
    var candidates: [Bool] = []

    /// The number of quads.
    var count: Int { ends.count }

    /// Cover k's range in `points`.
    func range(_ k: Int) -> Range<Int> { (k == 0 ? 0 : ends[k - 1])..<ends[k] }
}

/// The records, vertices and draw calls of one frame.
struct FrameBatches {
    /// Texels per record before the lighting terms; each lighting term adds two.
    static let baseTexels = 18
    /// Texture units a draw call may bind at once (Shaders/quad.frag's u_tex0...u_tex3).
    static let textureSlots = 4

    var records: [Float] = []
    /// Whether the GL has double precision in shaders (GL 4.0, ARB_gpu_shader_fp64): then
    /// ill-conditioned quads get the `.precise` variant.
    var fp64 = false
    var vertices: [QuadVertex] = []
    /// Triangles as indices into `vertices`.
    var indices: [UInt32] = []
    /// Per target, its draw calls in order.
    var draws: [[QuadDraw]] = []
    /// Per target, its depth pre-pass draw (DepthPrepass.swift), if it gets one.
    var prepass: [QuadDraw?] = []
    /// When targets get a depth pre-pass.
    var prepassMode = DepthPrepassMode.automatic
    /// The least pre-pass interior (pixels) whose quad the main pass draws as a ring
    /// (`DepthPrepass.minRingArea`; tests set 0 to force rings wherever possible).
    var ringMinArea = DepthPrepass.minRingArea
    /// Whether a strictly convex cover is drawn as the fan with the shortest diagonals
    /// (FanTriangles.swift), else every cover from its first point (tests compare: the same image).
    var shortestFans = true
    /// Whether quads hidden behind later pre-pass interiors are left out (HiddenQuads.swift;
    /// tests compare: the same image).
    var skipsHidden = true
    /// Quads left out as hidden since the last `reset()`.
    private(set) var hiddenCount = 0

    /// Empties the arrays, keeping their storage for the next frame.
    mutating func reset() {
        records.removeAll(keepingCapacity: true)
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        draws.removeAll(keepingCapacity: true)
        prepass.removeAll(keepingCapacity: true)
        hiddenCount = 0
    }

    /// Adds the quads of a `width` x `height` target. `texture(fill)` gives the texture a
    /// texture fill samples and, for a target in a larger pooled texture, the target's own size.
    /// `depth`: whether the target can have a depth buffer (then it may get a pre-pass, and
    /// its pre-passed quads only their rings: the caller must then draw `prepass` first).
    /// `emit`, for a target without a pre-pass: called every `emitEvery` quads with the draws
    /// finished so far (not yet emitted), so the caller can draw them while the rest is batched.
    /// Returns how many of the target's draws were emitted (the first ones).
    @discardableResult
    mutating func add(_ quads: [DrawQuad], width: Int, height: Int, depth: Bool = true, emitEvery: Int = 0,
                      emit: ((inout FrameBatches, ArraySlice<QuadDraw>) -> Void)? = nil,
                      texture: (Fill) -> (BoundTexture, SIMD2<Int>?)?) -> Int {
        var out: [QuadDraw] = []
        var emitted = 0
        var current: QuadDraw?
        // The covers first: the pre-pass decision needs them all, and it says which quads the
        // draws below give only their ring (InteriorRing.swift).
        let geometry = Self.geometry(quads, width: width, height: height, shortestFans: shortestFans)
        // A cover is a slice of `geometry.points` (no closure around the loop: the quad below
        // was then copied twice).
        func cover(_ k: Int) -> ArraySlice<SIMD2<Double>> { geometry.points[geometry.range(k)] }
        var tally = PrepassTally()
        if prepassMode != .never {
            for k in quads.indices where geometry.range(k).count >= 3 {
                let candidate = geometry.candidates[k]
                tally.add(cover: cover(k), area: geometry.areas[k], candidate: candidate)
                if candidate { tally.candidates.append(k) }
            }
        }
        let interiors = depth ? prepassInteriors(quads, tally: tally, width: width, height: height) : []
        var interiorOf = [[SIMD2<Double>]](repeating: [], count: interiors.isEmpty ? 0 : quads.count)
        for (k, p) in interiors { interiorOf[k] = p }
        var recordOf = [Int32](repeating: -1, count: interiors.isEmpty ? 0 : quads.count)
        let hidden = interiors.isEmpty || !skipsHidden ? [] : Self.hiddenQuads(geometry, interiorOf: interiorOf, width: width, height: height)
        for k in quads.indices {
            let q = quads[k]
            if let emit, emitEvery > 0, interiors.isEmpty, k > 0, k % emitEvery == 0, let c = current {
                out.append(c)
                current = nil
                emit(&self, out[emitted...])
                emitted = out.count
            }
            // No pixel centre can lie in a cover without three points on the target.
            let pixelCover = cover(k)
            guard pixelCover.count >= 3 else { continue }
            if !hidden.isEmpty && hidden[k] { hiddenCount += 1; continue }
            var variant = ShaderVariant(q)
            if fp64 && ShaderVariant.needsPrecision(q) { variant.insert(.precise) }
            var sample: (BoundTexture, SIMD2<Int>?)?
            var maskSample: (BoundTexture, SIMD2<Int>?)?
            if variant.contains(.texture) {
                sample = texture(q.fill)
                if sample == nil { variant.remove([.texture, .maskTexture]) }
            }
            if variant.contains(.maskTexture), let mt = q.maskTexture {
                maskSample = texture(.target(index: mt.index, uv: mt.uv))
                // A layer mask without texels (a plan out of order) shows nothing, as on the CPU.
                if maskSample == nil { continue }
            }
            // The textures the quad samples, each bound once (most quads sample none: no array made).
            var needed: [BoundTexture] = []
            if let t = sample?.0 { needed.append(t) }
            if let t = maskSample?.0, !needed.contains(t) { needed.append(t) }
            // Blending an opaque quad changes nothing; a big one is worth a draw of its own without.
            let opaque = Self.isOpaque(q)
            let blends: Bool
            if let c = current { blends = opaque ? c.blends && !Self.isLarge(q) : true } else { blends = !opaque }
            // Software GL runs both sides of every branch, so each fragment of a draw samples
            // every unit the draw binds: a large quad joins no draw binding more units than it
            // needs, and a draw holding one takes no more units.
            let large = (!needed.isEmpty || current?.textures.isEmpty == false) && Self.isLarge(q)
            // Join the current draw if its shader computes this quad exactly (a superset of
            // features), its blending is right, and its textures are bound there or units are free.
            // A double-precision draw takes only the quads that need it (its fragments cost more).
            if var c = current, c.variant.isSuperset(of: variant), c.variant.contains(.precise) == variant.contains(.precise),
               c.blends == blends {
                let missing = needed.isEmpty ? [] : needed.filter { !c.textures.contains($0) }
                let units = c.textures.count + missing.count
                if units <= Self.textureSlots && !(large && units > max(needed.count, 1)) && !(c.large && units > c.textures.count) {
                    if !missing.isEmpty { c.textures += missing }
                    current = c
                } else {
                    out.append(c)
                    current = nil
                }
            } else if let c = current {
                out.append(c)
                current = nil
            }
            if current == nil {
                current = QuadDraw(first: indices.count, count: 0, variant: variant, blends: !opaque, textures: needed)
            }
            if large { current!.large = true }
            let slots = current!.textures
            let slot = sample.flatMap { s in slots.firstIndex(of: s.0) } ?? 0
            let maskSlot = maskSample.flatMap { s in slots.firstIndex(of: s.0) } ?? 0
            let record = appendRecord(q, outerLines: geometry.outerLines[k], slot: slot, sample: sample, maskSlot: maskSlot,
                                      maskSample: maskSample, depth: DepthPrepass.depth(ofQuad: k))
            var n = 0
            if !interiors.isEmpty {
                recordOf[k] = record
                // A quad whose large interior the pre-pass draws: only the rest of its cover
                // (exact either way; DepthPrepass.minRingArea says where it pays).
                let interior = interiorOf[k]
                if !interior.isEmpty && polygonArea(interior) >= ringMinArea {
                    n = appendRing(Array(pixelCover), interior: interior, record: record) ?? 0
                }
            }
            if n == 0 { n = appendTriangles(pixelCover, record: record, apex: Int(geometry.apexes[k])) }
            current!.count += n
        }
        if let c = current { out.append(c) }
        draws.append(out)
        prepass.append(prepassDraw(interiors, records: recordOf))
        return emitted
    }

    /// Every quad's `QuadGeometry`, on all cores when there are many: each quad's is its alone,
    /// so the arrays are those of one loop.
    static func geometry(_ quads: [DrawQuad], width: Int, height: Int, shortestFans: Bool) -> QuadGeometry {
        let parts = inRanges(quads.count, minimum: 1024) { range in
            // Read in place (an array's element is copied out, retaining its references).
            quads.withUnsafeBufferPointer { qs in
                var g = QuadGeometry()
                g.ends.reserveCapacity(range.count); g.areas.reserveCapacity(range.count); g.points.reserveCapacity(4 * range.count)
                g.outerLines.reserveCapacity(range.count); g.apexes.reserveCapacity(range.count)
                g.candidates.reserveCapacity(range.count)
                for k in range {
                    let q = qs[k]
                    let cover = q.pixelCover(width: width, height: height)
                    let drawn = cover.count >= 3
                    g.outerLines.append(drawn ? q.outerLines : EdgeLines.none)
                    g.apexes.append(drawn && shortestFans ? Int32(FanTriangles.apex(cover)) : 0)
                    g.candidates.append(drawn && DepthPrepass.isCandidate(q))
                    g.points.append(contentsOf: cover)
                    g.ends.append(g.points.count)
                    g.areas.append(polygonArea(cover))
                }
                return g
            }
        }
        if parts.count == 1 { return parts[0] }
        var ends: [Int] = []
        ends.reserveCapacity(quads.count)
        var base = 0
        for part in parts {
            ends.append(contentsOf: part.ends.map { $0 + base })
            base += part.points.count
        }
        return QuadGeometry(points: Array(parts.map(\.points).joined()), ends: ends, areas: Array(parts.map(\.areas).joined()),
                            outerLines: Array(parts.map(\.outerLines).joined()),
                            apexes: Array(parts.map(\.apexes).joined()), candidates: Array(parts.map(\.candidates).joined()))
    }

    /// Whether every pixel the quad shades comes out with alpha exactly 1, so blending
    /// (premultiplied source-over) would give the source: an opaque color, full opacity, hard
    /// edges (coverage exactly 1 at every shaded pixel centre), no rounding, ring or mask.
    static func isOpaque(_ q: DrawQuad) -> Bool {
        guard case .color(let c) = q.fill, c.w == 1 else { return false }
        return q.opacity == 1 && q.antialiasedEdges.isEmpty && !(q.cornerRadius > 0) && q.mask == nil && !(q.borderWidth > 0)
    }

    /// Whether the quad covers at least 64 x 64 pixels on screen.
    static func isLarge(_ q: DrawQuad) -> Bool {
        var area = 0.0
        var previous = q.matrix.project(q.cover[q.cover.count - 1])
        for p in q.cover {
            let v = q.matrix.project(p)
            area += previous.x * v.y - v.x * previous.y
            previous = v
        }
        return abs(area) / 2 >= 4096
    }

    /// The pixel cover's points as vertices and a fan of indexed triangles (FanTriangles.swift:
    /// from the vertex with the shortest diagonals when the cover is strictly convex, else
    /// from p0, the fan the CPU renderer rasterizes: LaminaRaster's PolygonRaster).
    /// `apex`: the fan's, when known (`QuadGeometry.apexes`).
    mutating func appendTriangles(_ cover: [SIMD2<Double>], record: Int32, apex known: Int? = nil) -> Int {
        appendTriangles(cover[...], record: record, apex: known)
    }

    /// `appendTriangles` of a slice (of `QuadGeometry.points`).
    mutating func appendTriangles(_ cover: ArraySlice<SIMD2<Double>>, record: Int32, apex known: Int? = nil) -> Int {
        let base = UInt32(vertices.count)
        let count = cover.count
        let n = UInt32(count)
        let apex = UInt32(known ?? (shortestFans ? FanTriangles.apex(Array(cover)) : 0))
        // Each array grown once per quad, from a scratch buffer (appends one by one were a
        // tenth of batching's time in flat-10000).
        withUnsafeTemporaryAllocation(of: QuadVertex.self, capacity: count) { v in
            for (i, p) in cover.enumerated() { v.initializeElement(at: i, to: QuadVertex(px: Float(p.x), py: Float(p.y), record: record)) }
            vertices.append(contentsOf: v)
            v.deinitialize()
        }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 3 * (count - 2)) { t in
            var w = 0
            for i in 1..<n - 1 {
                t.initializeElement(at: w, to: base + apex)
                t.initializeElement(at: w + 1, to: base + (apex + i) % n)
                t.initializeElement(at: w + 2, to: base + (apex + i + 1) % n)
                w += 3
            }
            indices.append(contentsOf: t)
        }
        return 3 * (count - 2)
    }

    /// The ring between the pixel cover and the pre-pass interior (InteriorRing.swift) as
    /// indexed triangles on both polygons' points; nil (nothing appended) when it has none.
    mutating func appendRing(_ cover: [SIMD2<Double>], interior: [SIMD2<Double>], record: Int32) -> Int? {
        guard let tris = InteriorRing.triangles(outer: cover, inner: interior) else { return nil }
        let base = UInt32(vertices.count)
        for p in cover + interior {
            vertices.append(QuadVertex(px: Float(p.x), py: Float(p.y), record: record))
        }
        for t in tris { indices.append(base + UInt32(t)) }
        return tris.count
    }

    /// Appends the quad's record (layout: Shaders/quad.vert) and returns its offset in texels.
    /// `depth`: the quad's z in normalized device coordinates (DepthPrepass.depth(ofQuad:)).
    /// `outerLines`: the quad's (computed with its cover, on all cores).
    private mutating func appendRecord(_ q: DrawQuad, outerLines: EdgeLines, slot: Int, sample: (BoundTexture, SIMD2<Int>?)?,
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

