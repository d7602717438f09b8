// Quads with huge local coordinates (a layer 1e9 points tall of which a few pixels show, a
// contents image stretched by an aspect-fill of a 1e-9-wide contents rect) are exact in the
// compositor's and the CPU renderer's Doubles, but GL interpolates and inverts in Float: at
// 5e8 a Float steps by 32, so positions and texture coordinates lose every digit that
// matters. Such a quad is re-expressed around the part that can show: its local origin moved
// to the middle of its cover polygon, and its rectangle cut to the cover grown by everything
// that reaches inward from an edge (a pixel of anti-aliasing, the corner radius, the border),
// so no visible pixel changes. Texture coordinates are cut with it.

/// Local coordinates beyond this magnitude get a quad re-expressed (ordinary scenes stay
/// far below it, so their quads are untouched).
let recenteringThreshold = 1e5

/// `q` (its cover already computed) re-expressed around its cover when its local coordinates are huge.
func recentered(_ q: DrawQuad) -> DrawQuad {
    let r = q.rect
    guard max(abs(r.minX), abs(r.maxX), abs(r.minY), abs(r.maxY)) > recenteringThreshold,
          let cover = boundingBox(q.cover), cover.minX.isFinite, cover.maxX.isFinite, cover.minY.isFinite, cover.maxY.isFinite else { return q }
    let visible = clip(q.rect.corners, q.clips)
    let minStretch = visible.map { q.matrix.stretch($0).min }.min() ?? 0
    let pixel = minStretch > 0 && minStretch.isFinite ? 1 / minStretch : 0
    let reach = pixel + 1 + q.cornerRadius + q.borderWidth
    let keep = cover.insetBy(-reach)
    var out = q
    // The rectangle cut to what can show (a side is cut only when it lies beyond `keep`).
    let cut = Box(minX: max(r.minX, keep.minX), minY: max(r.minY, keep.minY), maxX: min(r.maxX, keep.maxX), maxY: min(r.maxY, keep.maxY))
    guard !cut.isEmpty else { return q }
    func cutUV(_ uv: Box) -> Box {
        Box(minX: uv.minX + (cut.minX - r.minX) / r.width * uv.width, minY: uv.minY + (cut.minY - r.minY) / r.height * uv.height,
            maxX: uv.minX + (cut.maxX - r.minX) / r.width * uv.width, maxY: uv.minY + (cut.maxY - r.minY) / r.height * uv.height)
    }
    switch q.fill {
    case .image(let i, let uv): out.fill = .image(index: i, uv: cutUV(uv))
    case .target(let i, let uv): out.fill = .target(index: i, uv: cutUV(uv))
    default: break
    }
    // The origin moved to the middle of the cover: local' = local - o.
    let o = SIMD2((cover.minX + cover.maxX) / 2, (cover.minY + cover.maxY) / 2)
    func moved(_ b: Box) -> Box { Box(minX: b.minX - o.x, minY: b.minY - o.y, maxX: b.maxX - o.x, maxY: b.maxY - o.y) }
    out.rect = moved(cut)
    out.matrix = Mat4.translation(o.x, o.y).concatenating(q.matrix)
    out.clips = q.clips.map { HalfPlane(a: $0.a, b: $0.b, c: $0.c + $0.a * o.x + $0.b * o.y) }
    out.cover = q.cover.map { $0 - o }
    if let m = q.mask {
        // The mask keeps its shape; far sides are moved in like the rectangle's (its corners
        // stay out of reach: `keep` is grown by the mask's radius too).
        let mk = cover.insetBy(-(pixel + 1 + m.radius))
        let mb = Box(minX: max(m.box.minX, mk.minX), minY: max(m.box.minY, mk.minY), maxX: min(m.box.maxX, mk.maxX), maxY: min(m.box.maxY, mk.maxY))
        out.mask = RoundedBox(box: moved(mb.isEmpty ? m.box : mb), radius: m.radius)
    }
    if let i = q.interior {
        let b = Box(minX: max(i.minX, cut.minX), minY: max(i.minY, cut.minY), maxX: min(i.maxX, cut.maxX), maxY: min(i.maxY, cut.maxY))
        out.interior = b.isEmpty ? nil : moved(b)
    }
    return out
}
