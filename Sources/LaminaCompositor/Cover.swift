// The polygon a renderer rasterizes for a quad: its rectangle grown by a pixel on the
// anti-aliased edges (so partly covered pixels get shaded), then cut by the hard clips.
// Both renderers shade exactly the pixels whose centres fall inside it.

func coverPolygon(_ q: DrawQuad) -> [SIMD2<Double>] {
    let visible = clip(q.rect.corners, q.clips)
    guard !visible.isEmpty else { return [] }
    var rect = q.rect
    var clips = q.clips
    if !q.antialiasedEdges.isEmpty || q.mask != nil {
        // Local units per pixel at worst over the visible part: one pixel of margin on screen.
        let minStretch = visible.map { q.matrix.stretch($0).min }.min() ?? 0
        let cap = 4 * max(rect.width, rect.height) + 1
        let margin = minStretch > 0 ? min(1 / minStretch, cap) : cap
        if q.antialiasedEdges.contains(.left) { rect.minX -= margin }
        if q.antialiasedEdges.contains(.right) { rect.maxX += margin }
        if q.antialiasedEdges.contains(.top) { rect.minY -= margin }
        if q.antialiasedEdges.contains(.bottom) { rect.maxY += margin }
        if let m = q.mask {
            let b = m.box.insetBy(-margin)
            clips += [HalfPlane(a: 1, b: 0, c: -b.minX), HalfPlane(a: -1, b: 0, c: b.maxX),
                      HalfPlane(a: 0, b: 1, c: -b.minY), HalfPlane(a: 0, b: -1, c: b.maxY)]
        }
    }
    return clip(rect.corners, clips)
}
