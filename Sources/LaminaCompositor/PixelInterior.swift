// A quad's interior in target pixels: the polygon where every pixel centre a rasterizer
// gives it is safely inside `DrawQuad.interior` (coverage exactly 1, no ring, no mask edge),
// so a renderer may paint those pixels out of order (a GPU's opaque depth pre-pass) and
// know what the quad leaves there. Pixel space: x right, y down, as `pixelCover`.

extension DrawQuad {
    /// The image in a `width` x `height` target's pixels of the part of the cover inside
    /// `interior`, clipped to the target and shrunk by `inset` pixels on every side (the room
    /// for the shader's Float inverse map and for snapping), every vertex snapped to
    /// `SubpixelGrid`. Convex (the cover and the box are, and the map keeps convexity in
    /// front of the eye); empty when no interior is left or a point is not finite.
    public func pixelInterior(width: Int, height: Int, inset: Double) -> [SIMD2<Double>] {
        guard let box = interior, !box.isEmpty, cover.count >= 3 else { return [] }
        var p = cover, spare: [SIMD2<Double>] = []
        spare.reserveCapacity(cover.count + 4)
        for h in [HalfPlane(a: 1, b: 0, c: -box.minX), HalfPlane(a: -1, b: 0, c: box.maxX),
                  HalfPlane(a: 0, b: 1, c: -box.minY), HalfPlane(a: 0, b: -1, c: box.maxY)] where !clipStep(&p, h, spare: &spare) { return [] }
        for i in p.indices {
            // The cover lies in front of the eye; a point on its edge may not, by rounding.
            guard matrix.map(p[i]).w > 0 else { return [] }
            p[i] = matrix.project(p[i])
            guard p[i].x.isFinite && p[i].y.isFinite else { return [] }
        }
        let w = Double(width), h = Double(height)
        for t in [HalfPlane(a: 1, b: 0, c: 0), HalfPlane(a: -1, b: 0, c: w),
                  HalfPlane(a: 0, b: 1, c: 0), HalfPlane(a: 0, b: -1, c: h)] where !clipStep(&p, t, spare: &spare) { return [] }
        // Each edge's half-plane moved `inset` inward; inward is the centroid's side (inside a
        // convex polygon).
        let centre = p.reduce(SIMD2<Double>.zero, +) / Double(p.count)
        let edges = p
        for i in edges.indices {
            let a = edges[i], b = edges[(i + 1) % edges.count]
            let d = b - a, len = (d * d).sum().squareRoot()
            guard len > 0 else { continue }
            var n = SIMD2(-d.y, d.x) / len
            if (n * (centre - a)).sum() < 0 { n = -n }
            let cut = HalfPlane(a: n.x, b: n.y, c: -(n * a).sum() - inset)
            if !clipStep(&p, cut, spare: &spare) { return [] }
        }
        return SubpixelGrid.snapped(p)
    }
}

/// The area of a simple polygon (shoelace), whatever its orientation.
public func polygonArea(_ p: [SIMD2<Double>]) -> Double {
    guard p.count >= 3 else { return 0 }
    var s = 0.0
    var prev = p[p.count - 1]
    for v in p {
        s += prev.x * v.y - v.x * prev.y
        prev = v
    }
    return abs(s) / 2
}
