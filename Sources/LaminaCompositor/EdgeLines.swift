// A quad's straight edges as lines in its target's pixels, for anti-aliasing. A plane
// homography maps a straight edge to a straight line on screen, so a pixel centre's signed
// distance to the edge is exact as a linear function of the pixel (X, Y): both renderers
// evaluate it per pixel (Shaders/quad.frag, LaminaRaster's Shading.swift) instead of
// converting a local distance with the local coordinates' screen gradient at that pixel
// (a first-order estimate of the same distance, and far dearer per pixel).

/// A rectangle's four sides as coverage terms at a pixel centre (X, Y) of the target (x right,
/// y down): side s covers clamp(s.x * X + s.y * Y + s.z, 0, 1), its signed distance in pixels
/// (positive inside) plus a half. The rectangle covers max(l + r - 1, 0) * max(t + b - 1, 0).
/// A side that is not anti-aliased is `EdgeLines.inside` (it covers fully everywhere).
public struct EdgeLines: Equatable, Sendable {
    public var left: SIMD3<Float>, top: SIMD3<Float>, right: SIMD3<Float>, bottom: SIMD3<Float>

    /// A side that covers every pixel fully.
    public static let inside = SIMD3<Float>(0, 0, 1)
    /// A side that covers no pixel (an empty border interior).
    public static let outside = SIMD3<Float>(0, 0, 0)
    /// No side covers any pixel.
    public static let none = EdgeLines(left: outside, top: outside, right: outside, bottom: outside)

    /// The sides from four lines.
    public init(left: SIMD3<Float>, top: SIMD3<Float>, right: SIMD3<Float>, bottom: SIMD3<Float>) {
        self.left = left; self.top = top; self.right = right; self.bottom = bottom
    }

    /// The 12 numbers in order (left, top, right, bottom; x, y, constant each): GL's three texels.
    public var packed: [Float] {
        [left.x, left.y, left.z, top.x, top.y, top.z, right.x, right.y, right.z, bottom.x, bottom.y, bottom.z]
    }
}

extension DrawQuad {
    /// The sides of `box` (local coordinates, the quad's plane) in target pixels through the
    /// quad's map; the sides in `antialiased` get their lines, the others `EdgeLines.inside`.
    /// Computed in double and rounded to Float once, so both renderers use the same numbers.
    /// A side whose line cannot be found (a singular map, a side on the horizon) covers fully:
    /// the cover polygon bounds what is drawn there.
    public func edgeLines(of box: Box, antialiased: EdgeMask) -> EdgeLines {
        let inverse = PlaneInverse(matrix)
        func line(_ side: EdgeMask, _ h: HalfPlane) -> SIMD3<Float> {
            guard antialiased.contains(side), var l = inverse?.pixelLine(h) else { return EdgeLines.inside }
            l.z += 0.5
            return SIMD3<Float>(l)
        }
        return EdgeLines(left: line(.left, HalfPlane(a: 1, b: 0, c: -box.minX)), top: line(.top, HalfPlane(a: 0, b: 1, c: -box.minY)),
                         right: line(.right, HalfPlane(a: -1, b: 0, c: box.maxX)), bottom: line(.bottom, HalfPlane(a: 0, b: -1, c: box.maxY)))
    }

    /// The lines of the quad's rectangle (its anti-aliased sides).
    public var outerLines: EdgeLines { edgeLines(of: rect, antialiased: antialiasedEdges) }

    /// The lines of the border ring's inner edge (the rectangle inset by the border width, every
    /// side anti-aliased); `EdgeLines.none` when nothing is left inside. Nil without a border.
    public var innerLines: EdgeLines? {
        guard borderWidth > 0 else { return nil }
        // Float, as the renderers have always formed the inner rectangle.
        let bw = Float(borderWidth)
        let r = (Float(rect.minX) + bw, Float(rect.minY) + bw, Float(rect.maxX) - bw, Float(rect.maxY) - bw)
        guard r.2 > r.0 && r.3 > r.1 else { return EdgeLines.none }
        return edgeLines(of: Box(minX: Double(r.0), minY: Double(r.1), maxX: Double(r.2), maxY: Double(r.3)), antialiased: .all)
    }

    /// The lines of the mask rectangle (every side anti-aliased); nil without a mask.
    public var maskLines: EdgeLines? { mask.map { edgeLines(of: $0.box, antialiased: .all) } }
}

/// The inverse of a plane map (row vectors: local (x, y, 1) -> (X, Y, W) by the rows m11 m12
/// m14, m21 m22 m24, m41 m42 m44), through which local lines are carried into pixels.
struct PlaneInverse {
    /// The adjugate's columns b x c, c x a, a x b (for rows a, b, c) and the determinant.
    let bc: SIMD3<Double>, ca: SIMD3<Double>, ab: SIMD3<Double>, det: Double

    /// Nil for a singular map.
    init?(_ m: Mat4) {
        let a = SIMD3(m.r0.x, m.r0.y, m.r0.w), b = SIMD3(m.r1.x, m.r1.y, m.r1.w), c = SIMD3(m.r3.x, m.r3.y, m.r3.w)
        bc = cross3(b, c); ca = cross3(c, a); ab = cross3(a, b)
        det = (a * bc).sum()
        guard det != 0, det.isFinite else { return nil }
    }

    /// The local half-plane h (inside where its value is >= 0) as a line in pixels: L with
    /// L.x * X + L.y * Y + L.z the signed distance in pixels of the pixel (X, Y) to the line,
    /// positive inside, wherever W > 0 (in front of the eye). Nil when the line lies at
    /// infinity (edge-on).
    func pixelLine(_ h: HalfPlane) -> SIMD3<Double>? {
        // The local line l is (x, y, 1) H l = 0; in pixels it is (X, Y, W) L = 0 with L = H^-1 l,
        // and H^-1 has the columns b x c, c x a, a x b over det (so the inside keeps its sign).
        var L = (bc * h.a + ca * h.b + ab * h.c) / det
        let n = (L.x * L.x + L.y * L.y).squareRoot()
        guard n > 0, n.isFinite else { return nil }
        L /= n
        return L
    }
}

/// u x v.
@inline(__always) func cross3(_ u: SIMD3<Double>, _ v: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
}
