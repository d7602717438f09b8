// Quads whose local coordinates are huge (a layer 1e9 points tall of which a few pixels
// show; a contents image stretched by an aspect-fill of a 1e-9-wide contents rect) or whose
// map stretches enormously (a 1e12 scale) are exact in the compositor's and the CPU
// renderer's Doubles, but GL interpolates and inverts in Float: at 5e8 a Float steps by 32,
// and under a 1e12 stretch one pixel is 1e-12 local units, far below a Float's step. Such a
// quad is re-expressed in local units near pixels, around the part that can show: the origin
// moved to the middle of its cover polygon, the unit scaled by its stretch there, and its
// rectangle cut to the cover grown by everything that reaches inward from an edge (a pixel of
// anti-aliasing, the corner radius, the border), so no visible pixel changes. Texture
// coordinates are cut with the rectangle.

/// Local coordinates beyond this magnitude get a quad re-expressed (ordinary scenes stay far
/// below it, so their quads are untouched).
let recenteringThreshold = 1e5
/// Pixels per local unit outside 1/limit...limit get a quad rescaled.
let rescalingLimit = 1e3

/// Re-expresses `q` in place as `recentered` does, deciding first without arrays whether
/// there is anything to do: under a 2D affine map (W constant) the stretch is the same at
/// every finite point, so one point of the cover tells whether it needs rescaling.
/// `stretch`: the largest stretch at a point, when the caller found it (taken for the
/// cover's where sameAffineStretch says it is the same).
func recenter(_ q: inout DrawQuad, stretch known: (at: SIMD2<Double>, max: Double)? = nil) {
    let r = q.rect
    let huge = max(abs(r.minX), abs(r.maxX), abs(r.minY), abs(r.maxY)) > recenteringThreshold
    if !huge {
        guard let p = q.cover.first else { return }
        if q.matrix.r0.w == 0, q.matrix.r1.w == 0 {
            let s = known.flatMap { sameAffineStretch(q.matrix, $0.at, p) ? $0.max : nil } ?? q.matrix.stretch(p).max
            if s.isFinite && s <= rescalingLimit && s >= 1 / rescalingLimit { return }
        } else {
            // recentered's own test, without its arrays: a cover box that is not finite, or
            // a largest stretch (folded as Sequence.max folds) that needs no rescaling.
            guard let cover = boundingBox(q.cover), cover.minX.isFinite, cover.maxX.isFinite, cover.minY.isFinite, cover.maxY.isFinite else { return }
            var maxStretch = q.matrix.stretch(p).max
            for c in q.cover.dropFirst() {
                let s = q.matrix.stretch(c).max
                if maxStretch < s { maxStretch = s }
            }
            let rescale = maxStretch.isFinite && maxStretch > 0 && (maxStretch > rescalingLimit || maxStretch < 1 / rescalingLimit)
            if !rescale { return }
        }
    }
    q = recentered(q)
}

/// Whether `m` (r0.w and r1.w zero: a 2D affine map) has the same stretch, bit for bit, at
/// `a` and at `b`: when their images' x and y are finite (then so are the points). Why: the
/// image's W is then (p.x r0.w + p.y r1.w) + r3.w, a sum of zeros and r3.w, which is r3.w
/// itself (or a zero whose sign may differ, when every Jacobian entry is NaN at both points
/// alike); each Jacobian entry (r0.x W - X r0.w) / W^2 is then the same number but for the
/// sign of a zero (X r0.w is a zero), and stretch takes entries only through squares and
/// products whose zeros are squared or subtracted from the same nonzero numbers.
func sameAffineStretch(_ m: Mat4, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Bool {
    let ha = m.map(a), hb = m.map(b)
    return ha.x.isFinite && ha.y.isFinite && hb.x.isFinite && hb.y.isFinite
}

/// `q` (its cover already computed) re-expressed near pixel units around its cover when its
/// local coordinates or its stretch are extreme; otherwise `q` itself.
func recentered(_ q: DrawQuad) -> DrawQuad {
    let r = q.rect
    guard let cover = boundingBox(q.cover), cover.minX.isFinite, cover.maxX.isFinite, cover.minY.isFinite, cover.maxY.isFinite else { return q }
    let stretches = q.cover.map { q.matrix.stretch($0) }
    let maxStretch = stretches.map(\.max).max() ?? 0, minStretch = stretches.map(\.min).min() ?? 0
    let huge = max(abs(r.minX), abs(r.maxX), abs(r.minY), abs(r.maxY)) > recenteringThreshold
    let rescale = maxStretch.isFinite && maxStretch > 0 && (maxStretch > rescalingLimit || maxStretch < 1 / rescalingLimit)
    guard huge || rescale else { return q }
    // Local units per pixel at worst: the anti-aliasing margin (as coverPolygon takes it).
    let pixel = minStretch > 0 && minStretch.isFinite ? 1 / minStretch : 0
    let reach = pixel + 1 / max(maxStretch, 1e-300) + q.cornerRadius + q.borderWidth
    let keep = cover.insetBy(-reach)
    // The rectangle cut to what can show (a side is cut only when it lies beyond `keep`).
    let cut = Box(minX: max(r.minX, keep.minX), minY: max(r.minY, keep.minY), maxX: min(r.maxX, keep.maxX), maxY: min(r.maxY, keep.maxY))
    guard !cut.isEmpty else { return q }
    var out = q
    func cutUV(_ uv: Box) -> Box {
        Box(minX: uv.minX + (cut.minX - r.minX) / r.width * uv.width, minY: uv.minY + (cut.minY - r.minY) / r.height * uv.height,
            maxX: uv.minX + (cut.maxX - r.minX) / r.width * uv.width, maxY: uv.minY + (cut.maxY - r.minY) / r.height * uv.height)
    }
    switch q.fill {
    case .image(let i, let uv): out.fill = .image(index: i, uv: cutUV(uv))
    case .target(let i, let uv): out.fill = .target(index: i, uv: cutUV(uv))
    default: break
    }
    if let mt = q.maskTexture { out.maskTexture = MaskTexture(index: mt.index, uv: cutUV(mt.uv)) }
    // local' = (local - o) * k: the origin in the middle of the cover, about a pixel per unit.
    // (The middle of the part that can show: a cover may reach much further than the rect.)
    let o = SIMD2((cut.minX + cut.maxX) / 2, (cut.minY + cut.maxY) / 2)
    let k = rescale ? maxStretch : 1
    func moved(_ p: SIMD2<Double>) -> SIMD2<Double> { (p - o) * k }
    func moved(_ b: Box) -> Box { Box(minX: (b.minX - o.x) * k, minY: (b.minY - o.y) * k, maxX: (b.maxX - o.x) * k, maxY: (b.maxY - o.y) * k) }
    out.rect = moved(cut)
    out.reexpression = SIMD3(o.x, o.y, k)
    out.cornerRadius = q.cornerRadius * k
    out.borderWidth = q.borderWidth * k
    out.matrix = Mat4.scale(1 / k, 1 / k).concatenating(.translation(o.x, o.y)).concatenating(q.matrix)
    // a x + b y + c >= 0 with x = x'/k + o.x (and y likewise), times k > 0.
    out.clips = q.clips.map { HalfPlane(a: $0.a, b: $0.b, c: ($0.c + $0.a * o.x + $0.b * o.y) * k) }
    out.cover = q.cover.map(moved)
    if let m = q.mask {
        // The mask keeps its shape; far sides are moved in like the rectangle's (its corners
        // stay out of reach).
        let mk = cover.insetBy(-(reach - q.cornerRadius - q.borderWidth + m.radius))
        let mb = Box(minX: max(m.box.minX, mk.minX), minY: max(m.box.minY, mk.minY), maxX: min(m.box.maxX, mk.maxX), maxY: min(m.box.maxY, mk.maxY))
        out.mask = RoundedBox(box: moved(mb.isEmpty ? m.box : mb), radius: m.radius * k)
    }
    if let i = q.interior {
        let b = Box(minX: max(i.minX, cut.minX), minY: max(i.minY, cut.minY), maxX: min(i.maxX, cut.maxX), maxY: min(i.maxY, cut.maxY))
        out.interior = b.isEmpty ? nil : moved(b)
    }
    return out
}

extension DrawQuad {
    /// Whether every number a renderer takes from the quad is finite in Float (|x| < 1e30),
    /// after re-expression. A quad that is not (geometry of 1e300 given through the API)
    /// draws nothing, on both renderers alike, rather than NaN in GL and something else on the CPU.
    /// (Inlined: called on a quad in place, a call copied the quad.)
    @inline(__always) var fitsInFloat: Bool {
        func ok(_ x: Double) -> Bool { abs(x) < 1e30 }
        func ok(_ b: Box) -> Bool { ok(b.minX) && ok(b.minY) && ok(b.maxX) && ok(b.maxY) }
        func ok(_ r: SIMD4<Double>) -> Bool { ok(r.x) && ok(r.y) && ok(r.z) && ok(r.w) }
        let m = matrix
        // Row by row, no array (it runs for every quad of every target).
        guard ok(m.r0), ok(m.r1), ok(m.r2), ok(m.r3),
              ok(rect), ok(cornerRadius), ok(borderWidth), cover.allSatisfy({ ok($0.x) && ok($0.y) }) else { return false }
        if let mask, !(ok(mask.box) && ok(mask.radius)) { return false }
        if let mt = maskTexture, !ok(mt.uv) { return false }
        switch fill {
        case .image(_, let uv), .target(_, let uv): return ok(uv)
        default: return true
        }
    }
}

extension DrawQuad {
    /// Whether Float cannot invert the quad's homography, or differentiate it, well enough:
    /// huge local coordinates (a layer of 1e9 points seen edge-on toward its vanishing point)
    /// under perspective, or a nearly singular plane map (a layer all but edge-on, or squashed
    /// almost flat), whose inverse cancels more digits than Float has to spare. Both renderers
    /// then find each pixel's local point and its screen gradients in double precision (GL:
    /// where the GL has fp64).
    public var needsPrecision: Bool {
        let m = matrix
        if m.r0.w != 0 || m.r1.w != 0, max(abs(rect.minX), abs(rect.maxX), abs(rect.minY), abs(rect.maxY)) > 1e4 { return true }
        // The 3x3 plane homography's determinant against the size of its terms: below 1e-3,
        // at least three of Float's seven digits cancel.
        let a = SIMD3(m.r0.x, m.r0.y, m.r0.w), b = SIMD3(m.r1.x, m.r1.y, m.r1.w), c = SIMD3(m.r3.x, m.r3.y, m.r3.w)
        let terms = [a.x * b.y * c.z, -a.x * b.z * c.y, -a.y * b.x * c.z, a.y * b.z * c.x, a.z * b.x * c.y, -a.z * b.y * c.x]
        let size = terms.reduce(0) { $0 + abs($1) }
        return size > 0 && abs(terms.reduce(0, +)) < 1e-3 * size
    }
}
