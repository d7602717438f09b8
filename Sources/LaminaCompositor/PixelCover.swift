// Which pixels a quad shades is decided on one polygon that both renderers share: the cover
// projected into the target's pixels, clipped to the target and snapped to a 1/256-pixel
// grid. GL rasterizers snap vertices to fixed point (Mesa's llvmpipe: 8 sub-pixel bits)
// before the top-left rule decides a pixel centre on an edge; a renderer that tests pixel
// centres against the exact edge gives a centre within that precision of a hard edge to
// the other side (a full-pixel difference). Snapped here, the vertices are already on GL's
// grid (and exact in Float), so GL's own snapping keeps them, and the CPU renderer, testing
// the same triangles with exact arithmetic, shades the same pixels. Clipped here, no vertex
// lies outside the viewport, so GL's clipper (which would make new, unsnapped vertices)
// never runs.

/// The sub-pixel grid that pixel covers are snapped to.
public enum SubpixelGrid {
    /// Grid steps per pixel: 2^8, the precision of GL rasterizers (llvmpipe's FIXED_ORDER).
    public static let steps = 256.0

    /// The grid point nearest to v (ties to even, as SSE's float-to-int conversion rounds).
    @inline(__always) public static func snap(_ v: Double) -> Double {
        (v * steps).rounded(.toNearestOrEven) / steps
    }

    /// The polygon's points snapped to the grid, repeated points (the last onto the first
    /// included) left out; empty when fewer than three are left.
    static func snapped(_ polygon: consuming [SIMD2<Double>]) -> [SIMD2<Double>] {
        var pts = polygon
        var n = 0
        for p in pts {
            let s = SIMD2(snap(p.x), snap(p.y))
            if n == 0 || pts[n - 1] != s { pts[n] = s; n += 1 }
        }
        while n > 1 && pts[0] == pts[n - 1] { n -= 1 }
        guard n >= 3 else { return [] }
        pts.removeLast(pts.count - n)
        return pts
    }
}

extension DrawQuad {
    /// The cover polygon in the pixels of a `width` x `height` target, as both renderers
    /// rasterize it (pixel centres inside it, top-left rule on its edges, as fan triangles
    /// (p0, p(i), p(i+1)); GL draws a strictly convex cover from another apex, which gives the
    /// same pixels): each point projected in Double, the polygon
    /// clipped to the target's rectangle, every vertex snapped to `SubpixelGrid`, repeated
    /// points dropped. Empty when fewer than three points remain or a point is not finite.
    /// Pixel space: x right, y down, the target's top-left corner at (0, 0).
    public func pixelCover(width: Int, height: Int) -> [SIMD2<Double>] {
        guard cover.count >= 3 else { return [] }
        let w = Double(width), h = Double(height)
        // One array, reused in place (GL batches every quad of every frame through here).
        var pts: [SIMD2<Double>] = []
        pts.reserveCapacity(cover.count + 4)
        var inside = true
        for c in cover {
            let p = matrix.project(c)
            guard p.x.isFinite && p.y.isFinite else { return [] }
            inside = inside && p.x >= 0 && p.x <= w && p.y >= 0 && p.y <= h
            pts.append(p)
        }
        if !inside {
            pts = clip(pts, axis: 0, keepAbove: true, at: 0)
            pts = clip(pts, axis: 0, keepAbove: false, at: w)
            pts = clip(pts, axis: 1, keepAbove: true, at: 0)
            pts = clip(pts, axis: 1, keepAbove: false, at: h)
        }
        return SubpixelGrid.snapped(pts)
    }
}

/// One Sutherland-Hodgman step: the part of a polygon with coordinate `axis` (0: x, 1: y)
/// at least (`keepAbove`) or at most `value`. A crossing point is computed from the edge's
/// endpoints in a fixed order (whichever sorts first), so two polygons sharing the edge get
/// the very same point, and its clipped coordinate is exactly `value`.
private func clip(_ pts: [SIMD2<Double>], axis: Int, keepAbove: Bool, at value: Double) -> [SIMD2<Double>] {
    guard !pts.isEmpty else { return pts }
    func inside(_ p: SIMD2<Double>) -> Bool { keepAbove ? p[axis] >= value : p[axis] <= value }
    if pts.allSatisfy(inside) { return pts }
    var out: [SIMD2<Double>] = []
    for i in pts.indices {
        let p = pts[i], q = pts[(i + 1) % pts.count]
        let pin = inside(p), qin = inside(q)
        if pin { out.append(p) }
        if pin != qin {
            let (a, b) = (p.x, p.y) < (q.x, q.y) ? (p, q) : (q, p)
            let t = (value - a[axis]) / (b[axis] - a[axis])
            var c = a + (b - a) * t
            c[axis] = value
            c[1 - axis] = min(max(c[1 - axis], min(a[1 - axis], b[1 - axis])), max(a[1 - axis], b[1 - axis]))
            out.append(c)
        }
    }
    return out
}
