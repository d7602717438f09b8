// The per-pixel shading model shared by both renderers. Shaders/quad.frag mirrors this
// file step by step in GLSL; keep the two in lockstep.
//
// Coverage is analytic, at the pixel centre: its signed distance d in pixels to each
// anti-aliased straight edge gives clamp(d + 0.5, 0, 1) per edge. A straight edge stays a
// straight line on screen, so d is exact and linear in the pixel (LaminaCompositor's
// EdgeLines.swift); a rounded corner's arc does not, so there a local distance is converted
// to pixels with the screen-space gradient of the local coordinates (computed from the 4x4,
// never from fwidth).
import LaminaCompositor

/// A quad's uniforms in Float, as the GL shader receives them.
struct QuadUniforms {
    /// Rows x, y, w of the local -> pixel map (columns X, Y, W): the plane homography.
    var hx: SIMD3<Float>, hy: SIMD3<Float>, hw: SIMD3<Float>
    var rect: SIMD4<Float>
    var radius: Float
    /// The rect's sides in target pixels (anti-aliased ones; the others cover fully).
    var outer: EdgeLines
    /// The border ring's inner sides (with a border).
    var inner: EdgeLines?
    var borderWidth: Float
    var borderColor: SIMD4<Float>
    var maskRect: SIMD4<Float>
    var maskRadius: Float
    /// The mask rectangle's sides (with a mask).
    var maskLines: EdgeLines?
    var opacity: Float
    /// The lighting product times the quad's tint, per color channel (the shader's v_extra.yzw).
    var light: SIMD3<Float>
    var interior: SIMD4<Float>?

    init(_ q: DrawQuad) {
        let m = q.matrix
        // Local point (x, y, 1) -> (X, Y, W): X = x*m11 + y*m21 + m41, and so on.
        hx = SIMD3(Float(m.r0.x), Float(m.r1.x), Float(m.r3.x))
        hy = SIMD3(Float(m.r0.y), Float(m.r1.y), Float(m.r3.y))
        hw = SIMD3(Float(m.r0.w), Float(m.r1.w), Float(m.r3.w))
        rect = SIMD4(Float(q.rect.minX), Float(q.rect.minY), Float(q.rect.maxX), Float(q.rect.maxY))
        radius = Float(q.cornerRadius)
        outer = q.outerLines
        inner = q.innerLines
        borderWidth = Float(q.borderWidth)
        borderColor = q.borderColor
        if let mk = q.mask {
            maskRect = SIMD4(Float(mk.box.minX), Float(mk.box.minY), Float(mk.box.maxX), Float(mk.box.maxY))
            maskRadius = Float(mk.radius)
        } else {
            maskRect = .zero; maskRadius = 0
        }
        maskLines = q.maskLines
        opacity = q.opacity
        light = SIMD3(repeating: q.lighting.reduce(Float(1)) { $0 * $1.factor }) * q.tint
        interior = q.interior.map { SIMD4(Float($0.minX), Float($0.minY), Float($0.maxX), Float($0.maxY)) }
    }
}

/// Screen-space gradients of local x and y at local point p (rows of the inverse Jacobian),
/// and their lengths: a local distance along x divided by `lx` is a distance in pixels.
struct Gradients {
    var g0: SIMD2<Float>, g1: SIMD2<Float>
    var lx: Float, ly: Float
}

@inline(__always)
func gradients(_ u: QuadUniforms, _ p: SIMD2<Float>) -> Gradients {
    let P = SIMD3<Float>(p.x, p.y, 1)
    let X = (u.hx * P).sum(), Y = (u.hy * P).sum(), W = (u.hw * P).sum()
    let w2 = W * W
    // J = d(X/W, Y/W)/d(x, y).
    let j00 = (u.hx.x * W - X * u.hw.x) / w2, j01 = (u.hx.y * W - X * u.hw.y) / w2
    let j10 = (u.hy.x * W - Y * u.hw.x) / w2, j11 = (u.hy.y * W - Y * u.hw.y) / w2
    let det = j00 * j11 - j01 * j10
    let inv = det == 0 ? 1e30 : 1 / det
    let g0 = SIMD2(j11, -j01) * inv, g1 = SIMD2(-j10, j00) * inv
    return Gradients(g0: g0, g1: g1, lx: (g0 * g0).sum().squareRoot(), ly: (g1 * g1).sum().squareRoot())
}

/// The rows of the local -> pixel map in double precision, as GL rebuilds them for an
/// ill-conditioned quad (`DrawQuad.needsPrecision`): each value as a Float plus the Float
/// nearest to what that loses (Shaders/quad.frag's HAS_PRECISE).
struct PreciseRows {
    var hx: SIMD3<Double>, hy: SIMD3<Double>, hw: SIMD3<Double>

    init(_ m: Mat4) {
        func split(_ v: Double) -> Double { let hi = Float(v); return Double(hi) + Double(Float(v - Double(hi))) }
        hx = SIMD3(split(m.r0.x), split(m.r1.x), split(m.r3.x))
        hy = SIMD3(split(m.r0.y), split(m.r1.y), split(m.r3.y))
        hw = SIMD3(split(m.r0.w), split(m.r1.w), split(m.r3.w))
    }

    /// `gradients` in double precision at local point p, rounded to Float at the end: with
    /// local coordinates of 1e6 and more, the Jacobian's terms cancel far below Float's
    /// precision, and Float gives each renderer its own noise.
    @inline(__always) func gradients(_ p: SIMD2<Double>) -> Gradients {
        let P = SIMD3<Double>(p.x, p.y, 1)
        let X = (hx * P).sum(), Y = (hy * P).sum(), W = (hw * P).sum()
        let w2 = W * W
        let j00 = (hx.x * W - X * hw.x) / w2, j01 = (hx.y * W - X * hw.y) / w2
        let j10 = (hy.x * W - Y * hw.x) / w2, j11 = (hy.y * W - Y * hw.y) / w2
        let det = j00 * j11 - j01 * j10
        let inv = det == 0 ? 1e30 : 1 / det
        let g0 = SIMD2(j11, -j01) * inv, g1 = SIMD2(-j10, j00) * inv
        return Gradients(g0: SIMD2<Float>(g0), g1: SIMD2<Float>(g1),
                         lx: Float((g0 * g0).sum().squareRoot()), ly: Float((g1 * g1).sum().squareRoot()))
    }
}

/// x clamped to 0...1 (NaN gives 0: a broken value never reaches a UInt8 conversion).
@inline(__always) func saturate(_ x: Float) -> Float { x > 0 ? min(x, 1) : 0 }

/// An edge's coverage at pixel centre q: its line's value, saturated.
@inline(__always) func edgeTerm(_ e: SIMD3<Float>, _ q: SIMD2<Float>) -> Float { saturate((e.x * q.x + e.y * q.y) + e.z) }

/// Coverage of the rectangle with sides `s` at pixel centre q.
@inline(__always)
func lineCoverage(_ s: EdgeLines, _ q: SIMD2<Float>) -> Float {
    let l = edgeTerm(s.left, q), t = edgeTerm(s.top, q), r = edgeTerm(s.right, q), b = edgeTerm(s.bottom, q)
    return max(l + r - 1, 0) * max(t + b - 1, 0)
}

/// Coverage of the (rounded) rectangle r with sides `lines` at local point p, pixel centre q:
/// the sides' lines, except in a corner square of a rounded one, where the distance to the
/// arc goes through the screen gradients at p (`precise`: those computed in double).
@inline(__always)
func rectCoverage(_ u: QuadUniforms, _ p: SIMD2<Float>, _ q: SIMD2<Float>, _ r: SIMD4<Float>, _ radius: Float,
                  _ lines: EdgeLines, _ precise: Gradients?) -> Float {
    if radius > 0 {
        let cx = p.x < r.x + radius ? r.x + radius : (p.x > r.z - radius ? r.z - radius : p.x)
        let cy = p.y < r.y + radius ? r.y + radius : (p.y > r.w - radius ? r.w - radius : p.y)
        if cx != p.x && cy != p.y {
            let g = precise ?? gradients(u, p)
            // In a corner square: distance to the arc, through the screen gradient of |p - c|.
            let v = p - SIMD2(cx, cy)
            let len = (v * v).sum().squareRoot()
            if len == 0 { return 1 }
            // |grad_screen f| for f = |p - c| - radius, whose local gradient is v / len.
            let gs = g.g0 * (v.x / len) + g.g1 * (v.y / len)
            let gl = (gs * gs).sum().squareRoot()
            return saturate(0.5 - (len - radius) / max(gl, 1e-30))
        }
    }
    return lineCoverage(lines, q)
}

/// The premultiplied color a quad adds at local point p, pixel centre q (target pixels),
/// given its fill color there; `precise`: the gradients there, computed in double precision
/// (an ill-conditioned quad).
@inline(__always)
func shade(_ u: QuadUniforms, _ p: SIMD2<Float>, _ q: SIMD2<Float>, fill: SIMD4<Float>, precise: Gradients? = nil) -> SIMD4<Float> {
    if let b = u.interior, p.x >= b.x, p.y >= b.y, p.x <= b.z, p.y <= b.w {
        // Well inside the shape: full coverage, no ring, no mask edge.
        let c = fill * u.opacity
        return SIMD4(c.x * u.light.x, c.y * u.light.y, c.z * u.light.z, c.w)
    }
    let outer = rectCoverage(u, p, q, u.rect, u.radius, u.outer, precise)
    var ring: Float = 0
    if u.borderWidth > 0, let innerLines = u.inner {
        let bw = u.borderWidth
        let inner = SIMD4(u.rect.x + bw, u.rect.y + bw, u.rect.z - bw, u.rect.w - bw)
        let innerCov = (inner.z > inner.x && inner.w > inner.y)
            ? rectCoverage(u, p, q, inner, max(u.radius - bw, 0), innerLines, precise) : 0
        ring = max(outer - innerCov, 0)
    }
    // The border over the fill: ring * B + F * (outer - ring * B.a).
    var c = u.borderColor * ring + fill * (outer - ring * u.borderColor.w)
    if let m = u.maskLines { c *= rectCoverage(u, p, q, u.maskRect, u.maskRadius, m, precise) }
    c *= u.opacity
    return SIMD4(c.x * u.light.x, c.y * u.light.y, c.z * u.light.z, c.w)
}
