// The polygon a renderer rasterizes for a quad: its rectangle grown by a pixel on the
// anti-aliased edges (so partly covered pixels get shaded), then cut by the hard clips.
// Both renderers shade exactly the pixels whose centres fall inside it.

/// The local box where coverage is exactly 1 (see DrawQuad.interior): the rectangle inset
/// by one pixel's worth of local units at worst over the visible part, plus the corner radius
/// and border width; within the mask likewise.
/// `minStretch` is the least stretch of the quad's map over its visible part. (`q` is only
/// read: inout so that it is read where it lies, a quad passed by value was copied.)
func interiorBox(_ q: inout DrawQuad, minStretch: Double) -> Box? {
    guard minStretch > 0, minStretch.isFinite else { return nil }
    let onePixel = 1 / minStretch
    var box = q.rect.insetBy(onePixel + max(q.cornerRadius, q.borderWidth))
    if let m = q.mask {
        let mb = m.box.insetBy(onePixel + m.radius)
        box = Box(minX: max(box.minX, mb.minX), minY: max(box.minY, mb.minY), maxX: min(box.maxX, mb.maxX), maxY: min(box.maxY, mb.maxY))
    }
    return box.isEmpty ? nil : box
}

/// Sets a quad's cover polygon and interior box, then re-expresses it where its numbers are
/// extreme (Recentering.swift). In place: the quad is read where it lies, never copied.
/// `stretch`: the largest stretch of the quad's map at a point, when known (see recenter).
func finish(_ q: inout DrawQuad, visible: consuming [SIMD2<Double>], minStretch: Double, stretch: (at: SIMD2<Double>, max: Double)? = nil) {
    let cover = coverPolygon(&q, visible: visible, minStretch: minStretch)
    q.cover = cover
    if !cover.isEmpty { q.interior = interiorBox(&q, minStretch: minStretch) }
    recenter(&q, stretch: stretch)
}

/// `visible` is the quad's rectangle cut by its clips (not empty), `minStretch` the least
/// stretch of its map there. (`q` is only read, in place, as in interiorBox.)
func coverPolygon(_ q: inout DrawQuad, visible: consuming [SIMD2<Double>], minStretch: Double) -> [SIMD2<Double>] {
    if q.antialiasedEdges.isEmpty && q.mask == nil { return visible }
    // The cuts made in two scratch buffers (CoverCuts.swift), with clipStep's arithmetic: no
    // array per cut. Their room is far beyond what cuts of a convex outline can need; were it
    // ever short, the arrays' way below gives the same polygon.
    var p = visible
    if cutCover(&q, minStretch: minStretch, into: &p) { return p }
    return coverPolygonByArrays(&q, minStretch: minStretch)
}

/// The grown rectangle with what coverPolygon does with it: its outline, cut by the quad's
/// clips, then under perspective each anti-aliased edge at one pixel outside it on screen,
/// then by the mask box grown likewise. The cuts are yielded in that order; `cut` returns
/// false when nothing is left, and then so does this.
@inline(__always)
func forEachCoverCut(_ q: inout DrawQuad, minStretch: Double, outline grown: (Box) -> Void, _ cut: (HalfPlane) -> Bool) -> Bool {
    var rect = q.rect
    // Local units per pixel at worst over the visible part: one pixel of margin on screen.
    let cap = 4 * max(rect.width, rect.height) + 1
    let margin = minStretch > 0 ? min(1 / minStretch, cap) : cap
    if q.antialiasedEdges.contains(.left) { rect.minX -= margin }
    if q.antialiasedEdges.contains(.right) { rect.maxX += margin }
    if q.antialiasedEdges.contains(.top) { rect.minY -= margin }
    if q.antialiasedEdges.contains(.bottom) { rect.maxY += margin }
    grown(rect)
    for h in q.clips where !cut(h) { return false }
    // Under perspective one pixel spans very different local distances along an edge, and
    // the margin above (the widest) can reach far beyond where anything shows, with
    // coordinates GPUs cannot interpolate in Float. So each anti-aliased edge is also cut
    // at one pixel outside it on screen (the map's inverse found once for the four).
    if q.matrix.r0.w != 0 || q.matrix.r1.w != 0, let inverse = PlaneInverse(q.matrix) {
        let r = q.rect
        for side in 0..<4 {
            let (edge, h): (EdgeMask, HalfPlane) = side == 0 ? (.left, HalfPlane(a: 1, b: 0, c: -r.minX)) : side == 1 ? (.right, HalfPlane(a: -1, b: 0, c: r.maxX))
                : side == 2 ? (.top, HalfPlane(a: 0, b: 1, c: -r.minY)) : (.bottom, HalfPlane(a: 0, b: -1, c: r.maxY))
            guard q.antialiasedEdges.contains(edge), let g = grownOnScreen(h, by: 1, inverse: inverse, matrix: q.matrix) else { continue }
            if !cut(g) { return false }
        }
    }
    if let m = q.mask {
        let b = m.box.insetBy(-margin)
        for h in [HalfPlane(a: 1, b: 0, c: -b.minX), HalfPlane(a: -1, b: 0, c: b.maxX),
                  HalfPlane(a: 0, b: 1, c: -b.minY), HalfPlane(a: 0, b: -1, c: b.maxY)] where !cut(h) { return false }
    }
    return true
}

/// coverPolygon one array per cut (clipStep): what the buffers' way must equal.
func coverPolygonByArrays(_ q: inout DrawQuad, minStretch: Double) -> [SIMD2<Double>] {
    if q.antialiasedEdges.isEmpty && q.mask == nil { return [] }
    let original = q.rect
    var p: [SIMD2<Double>] = [], spare: [SIMD2<Double>] = []
    let kept = forEachCoverCut(&q, minStretch: minStretch, outline: { outline(grown: $0, original: original, into: &p) }) { h in
        clipStep(&p, h, spare: &spare)
    }
    return kept ? p : []
}

/// The half-plane `h` of local points (inside where its value is >= 0) with its boundary moved
/// `pixels` outward on screen: the boundary mapped into target pixels by `matrix` (row
/// vectors: local (x, y, 1) -> (X, Y, W) by the rows m11 m12 m14, m21 m22 m24, m41 m42 m44),
/// shifted along its pixel-space normal, and pulled back. Valid in front of the eye; nil
/// when the map is singular or the line is edge-on.
func grownOnScreen(_ h: HalfPlane, by pixels: Double, matrix m: Mat4) -> HalfPlane? {
    guard let inverse = PlaneInverse(m) else { return nil }
    return grownOnScreen(h, by: pixels, inverse: inverse, matrix: m)
}

/// grownOnScreen with the map's inverse known.
@inline(__always)
func grownOnScreen(_ h: HalfPlane, by pixels: Double, inverse: PlaneInverse, matrix m: Mat4) -> HalfPlane? {
    guard var L = inverse.pixelLine(h) else { return nil }
    L.z += pixels
    return m.pullBack(HalfPlane(a: L.x, b: L.y, c: L.z))
}

/// The grown rectangle's corners (top-left, top-right, bottom-right, bottom-left, y down),
/// with the original corners added where a hard (ungrown) edge meets a grown one. The extra
/// points are collinear, so the polygon is the same; but a hard edge that another quad shares
/// on screen (a seam) then has exactly that quad's end points, so a GPU rasterizing both
/// computes one edge from the same two vertices and leaves no crack between them.
/// The points replace those of `pts`, whose buffer is reused (a quad is outlined per compile).
func outline(grown g: Box, original o: Box, into pts: inout [SIMD2<Double>]) {
    // Every edge grown and the four corners distinct (most quads: the outline is the grown
    // rectangle's corners, as outlinePoints finds them), over the four points `pts` has.
    if pts.count == 4, g.minY != o.minY, g.maxX != o.maxX, g.maxY != o.maxY, g.minX != o.minX, g.minX != g.maxX, g.minY != g.maxY {
        pts.withUnsafeMutableBufferPointer { p in
            p[0] = SIMD2(g.minX, g.minY); p[1] = SIMD2(g.maxX, g.minY); p[2] = SIMD2(g.maxX, g.maxY); p[3] = SIMD2(g.minX, g.maxY)
        }
        return
    }
    // Built in a small scratch buffer, then written over the slots `pts` has (as many as the
    // outline's, most often: the visible part of a whole quad is its four corners).
    withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: 12) { tmp in
        let n = outlinePoints(grown: g, original: o, to: tmp.baseAddress!)
        let shared = min(n, pts.count)
        pts.withUnsafeMutableBufferPointer { p in for i in 0..<shared { p[i] = tmp[i] } }
        if pts.count > n { pts.removeLast(pts.count - n) } else if n > shared { pts.append(contentsOf: tmp[shared..<n]) }
    }
}

/// The outline written to `out` (room for 12 points); how many points.
func outlinePoints(grown g: Box, original o: Box, to out: UnsafeMutablePointer<SIMD2<Double>>) -> Int {
    var n = 0
    func add(_ x: Double, _ y: Double) {
        let p = SIMD2(x, y)
        if n == 0 || out[n - 1] != p { out[n] = p; n += 1 }
    }
    add(g.minX, g.minY)
    if g.minY == o.minY { add(o.minX, o.minY); add(o.maxX, o.minY) }   // a hard top edge
    add(g.maxX, g.minY)
    if g.maxX == o.maxX { add(o.maxX, o.minY); add(o.maxX, o.maxY) }   // a hard right edge
    add(g.maxX, g.maxY)
    if g.maxY == o.maxY { add(o.maxX, o.maxY); add(o.minX, o.maxY) }   // a hard bottom edge
    add(g.minX, g.maxY)
    if g.minX == o.minX { add(o.minX, o.maxY); add(o.minX, o.minY) }   // a hard left edge
    if n > 1, out[0] == out[n - 1] { n -= 1 }
    return n
}

extension DrawQuad {
    /// Whether the quad paints every pixel of a width x height target with one opaque color:
    /// a solid fill, no border, mask, radius, lighting or opacity, an axis-aligned affine
    /// map, and a rectangle whose pixel box contains the whole target.
    func coversWholeTargetOpaquely(width: Int, height: Int) -> Bool {
        guard case .color(let c) = fill, c.w >= 1, borderWidth == 0, mask == nil, cornerRadius == 0,
              lighting.isEmpty, opacity >= 1, matrix.isPlanarAffine, matrix.r0.y == 0, matrix.r1.x == 0 else { return false }
        let a = matrix.project(SIMD2(rect.minX, rect.minY)), b = matrix.project(SIMD2(rect.maxX, rect.maxY))
        let box = Box(minX: min(a.x, b.x), minY: min(a.y, b.y), maxX: max(a.x, b.x), maxY: max(a.y, b.y))
        guard box.minX <= 0, box.minY <= 0, box.maxX >= Double(width), box.maxY >= Double(height) else { return false }
        // Nothing may be clipped away inside the target.
        return clips.allSatisfy { h in
            [SIMD2(rect.minX, rect.minY), SIMD2(rect.maxX, rect.minY), SIMD2(rect.maxX, rect.maxY), SIMD2(rect.minX, rect.maxY)]
                .allSatisfy { h.value($0) >= 0 }
        }
    }
}
