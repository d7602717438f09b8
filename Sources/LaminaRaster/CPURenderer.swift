// The CPU reference renderer of a RenderPlan: premultiplied RGBA8 targets, pixel-centre
// rasterization of each quad's cover polygon (top-left rule), perspective-correct local
// coordinates by the inverse plane homography, the shared shading model (Shading.swift),
// bilinear clamp-to-edge sampling, and source-over blending rounded to 8 bits.
import LaminaCompositor
import QuartzCore

/// A premultiplied RGBA8 image being drawn.
public struct Canvas8 {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Premultiplied RGBA8, rows from the top.
    public var pixels: [UInt8]

    /// A canvas filled with `clear` (rounded to 8 bits).
    public init(width: Int, height: Int, clear: PremultipliedColor) {
        self.width = width
        self.height = height
        let c = [clear.x, clear.y, clear.z, clear.w].map { UInt8((saturate($0) * 255).rounded()) }
        pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) { pixels[4 * i] = c[0]; pixels[4 * i + 1] = c[1]; pixels[4 * i + 2] = c[2]; pixels[4 * i + 3] = c[3] }
    }

    /// As a CGImage.
    public var image: CGImage { CGImage(width: width, height: height, premultipliedRGBA: pixels) }
}

/// A texture for sampling: premultiplied RGBA8 rows from the top.
struct Texture {
    let width: Int, height: Int
    let pixels: [UInt8]

    /// Bilinear, clamp-to-edge, at normalized coordinates (texel centres at (i + 0.5) / size).
    @inline(__always) func sample(_ uv0: SIMD2<Float>, clamp: SIMD4<Float>?) -> SIMD4<Float> {
        var uv = uv0
        if let c = clamp {
            // Keep texel centres inside the box: [min + 0.5 texel, max - 0.5 texel].
            let hx = 0.5 / Float(width), hy = 0.5 / Float(height)
            uv.x = min(max(uv.x, c.x + hx), c.z - hx)
            uv.y = min(max(uv.y, c.y + hy), c.w - hy)
        }
        // Clamp-to-edge makes anything past a texel beyond the edges the same; clamping here
        // also keeps the Int conversions below in range (a NaN samples nothing).
        guard uv.x == uv.x, uv.y == uv.y else { return .zero }
        let tx = min(max(uv.x * Float(width) - 0.5, -2), Float(width) + 1), ty = min(max(uv.y * Float(height) - 0.5, -2), Float(height) + 1)
        let fx = tx.rounded(.down), fy = ty.rounded(.down)
        let ax = tx - fx, ay = ty - fy
        let x0 = min(max(Int(fx), 0), width - 1), x1 = min(max(Int(fx) + 1, 0), width - 1)
        let y0 = min(max(Int(fy), 0), height - 1), y1 = min(max(Int(fy) + 1, 0), height - 1)
        func t(_ x: Int, _ y: Int) -> SIMD4<Float> {
            let i = (y * width + x) * 4
            return SIMD4(Float(pixels[i]), Float(pixels[i + 1]), Float(pixels[i + 2]), Float(pixels[i + 3])) / 255
        }
        let top = t(x0, y0) * (1 - ax) + t(x1, y0) * ax
        let bottom = t(x0, y1) * (1 - ax) + t(x1, y1) * ax
        return top * (1 - ay) + bottom * ay
    }
}

/// Renders plans on the CPU.
public struct CPURenderer: Sendable {
    /// A renderer (it keeps no state between plans).
    public init() {}

    /// Renders every target of the plan and returns the output image (premultiplied).
    public func render(_ plan: RenderPlan) -> CGImage {
        renderAll(plan).last!.image
    }

    /// Renders every target, in plan order.
    public func renderAll(_ plan: RenderPlan) -> [Canvas8] {
        var done: [Canvas8] = []
        let images = plan.images.map { Texture(width: $0.width, height: $0.height, pixels: $0.premultipliedRGBA) }
        for target in plan.targets {
            var canvas = Canvas8(width: target.width, height: target.height, clear: target.clearColor)
            for q in target.quads {
                let texture: Texture?
                var uvBox = Box(minX: 0, minY: 0, maxX: 1, maxY: 1)
                switch q.fill {
                case .image(let i, let uv): texture = images[i]; uvBox = uv
                case .target(let i, let uv):
                    texture = Texture(width: done[i].width, height: done[i].height, pixels: done[i].pixels); uvBox = uv
                default: texture = nil
                }
                draw(q, texture: texture, uv: uvBox, into: &canvas)
            }
            done.append(canvas)
        }
        return done
    }

    func draw(_ q: DrawQuad, texture: Texture?, uv: Box, into canvas: inout Canvas8) {
        let m = q.matrix
        // The inverse plane homography (pixel -> local), as a 3x3 adjugate of rows x, y, 1 -> X, Y, W.
        let a = SIMD3(m.r0.x, m.r0.y, m.r0.w), b = SIMD3(m.r1.x, m.r1.y, m.r1.w), c = SIMD3(m.r3.x, m.r3.y, m.r3.w)
        // Local (x, y, 1) * H = (X, Y, W) with H rows a, b, c; so (x, y, 1) ~ (X, Y, W) * adj(H).
        let adj0 = SIMD3(b.y * c.z - b.z * c.y, a.z * c.y - a.y * c.z, a.y * b.z - a.z * b.y)
        let adj1 = SIMD3(b.z * c.x - b.x * c.z, a.x * c.z - a.z * c.x, a.z * b.x - a.x * b.z)
        let adj2 = SIMD3(b.x * c.y - b.y * c.x, a.y * c.x - a.x * c.y, a.x * b.y - a.y * b.x)
        let u = QuadUniforms(q)
        let fillColor: SIMD4<Float>? = { if case .color(let c) = q.fill { return c }; if case .none = q.fill { return .zero }; return nil }()
        let rect = q.rect
        let clampBox = q.sampleClamp.map { SIMD4(Float($0.minX), Float($0.minY), Float($0.maxX), Float($0.maxY)) }
        let pts = q.cover.map { m.project($0) }
        guard pts.count >= 3, pts.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        let raster = PolygonRaster(pts)
        let y0 = (pts.map(\.y).min()! - 0.5).clampedToInt(in: 0...canvas.height, rounding: .down)
        let y1 = (pts.map(\.y).max()! + 0.5).clampedToInt(in: -1...(canvas.height - 1), rounding: .up)
        guard y0 <= y1 else { return }
        for py in y0...y1 {
            let cy = Double(py) + 0.5
            guard let (xa, xb) = raster.span(y: cy, width: canvas.width) else { continue }
            for px in xa...xb {
                let cx = Double(px) + 0.5
                // Perspective-correct local coordinates of the pixel centre.
                let X = SIMD3(cx, cy, 1)
                let lx = (X * SIMD3(adj0.x, adj1.x, adj2.x)).sum(), ly = (X * SIMD3(adj0.y, adj1.y, adj2.y)).sum()
                let lw = (X * SIMD3(adj0.z, adj1.z, adj2.z)).sum()
                let p = SIMD2(Float(lx / lw), Float(ly / lw))
                var fill: SIMD4<Float>
                if let fillColor { fill = fillColor } else if let texture {
                    let s = SIMD2(Float((Double(p.x) - rect.minX) / rect.width), Float((Double(p.y) - rect.minY) / rect.height))
                    let t = SIMD2(Float(uv.minX) + s.x * Float(uv.width), Float(uv.minY) + s.y * Float(uv.height))
                    fill = texture.sample(t, clamp: clampBox)
                } else { fill = .zero }
                let src = shade(u, p, fill: fill)
                blend(src, at: (py * canvas.width + px) * 4, &canvas.pixels)
            }
        }
    }

    /// Premultiplied source-over in 8 bits: the source is quantized first, as GL does for a UNORM8 target.
    @inline(__always) func blend(_ src: SIMD4<Float>, at i: Int, _ px: inout [UInt8]) {
        let s = SIMD4<Float>(saturate(src.x), saturate(src.y), saturate(src.z), saturate(src.w)) * 255
        let sq = s.rounded(.toNearestOrAwayFromZero)
        let k = (255 - sq.w) / 255
        for c in 0..<4 {
            let d = Float(px[i + c])
            px[i + c] = UInt8(min(255, (sq[c] + d * k).rounded(.toNearestOrAwayFromZero)))
        }
    }
}

/// Pixel-centre coverage of a convex polygon in pixel space with the top-left fill rule:
/// a centre exactly on an edge belongs to the polygon whose inward normal points right,
/// or straight down, so polygons sharing an edge tile it with no gap and no overlap.
struct PolygonRaster {
    struct Edge { let a: SIMD2<Double>, b: SIMD2<Double>, sign: Double, owns: Bool }
    let edges: [Edge]

    init(_ pts: [SIMD2<Double>]) {
        var area = 0.0
        for i in pts.indices { let p = pts[i], q = pts[(i + 1) % pts.count]; area += p.x * q.y - q.x * p.y }
        let orient: Double = area >= 0 ? 1 : -1
        var es: [Edge] = []
        for i in pts.indices {
            var p = pts[i], q = pts[(i + 1) % pts.count]
            if p == q { continue }
            // Canonical endpoint order, so polygons sharing this edge compute identical values.
            var sign = orient
            if (q.x, q.y) < (p.x, p.y) { swap(&p, &q); sign = -sign }
            // Inward normal: sign * (-(q.y - p.y), q.x - p.x).
            let n = SIMD2(-(q.y - p.y), q.x - p.x) * sign
            es.append(Edge(a: p, b: q, sign: sign, owns: n.x > 0 || (n.x == 0 && n.y > 0)))
        }
        edges = es
    }

    @inline(__always) func inside(_ x: Double, _ y: Double) -> Bool {
        for e in edges {
            let v = ((e.b.x - e.a.x) * (y - e.a.y) - (e.b.y - e.a.y) * (x - e.a.x)) * e.sign
            if v < 0 || (v == 0 && !e.owns) { return false }
        }
        return true
    }

    /// The first and last pixel columns whose centres on row centre y are inside.
    func span(y: Double, width: Int) -> (Int, Int)? {
        var lo = -Double.infinity, hi = Double.infinity
        for e in edges {
            // v(x) = A x + B with A = -(b.y - a.y) * sign.
            let A = -(e.b.y - e.a.y) * e.sign
            let B = ((e.b.x - e.a.x) * (y - e.a.y) + (e.b.y - e.a.y) * e.a.x) * e.sign
            if A == 0 { if B < 0 { return nil }; continue }
            let x = -B / A
            if A > 0 { lo = max(lo, x) } else { hi = min(hi, x) }
        }
        lo = max(lo, -2); hi = min(hi, Double(width) + 2)
        guard lo <= hi else { return nil }
        var xa = max(0, (lo - 0.5).clampedToInt(in: -3...(width + 2), rounding: .down) - 1)
        var xb = min(width - 1, (hi - 0.5).clampedToInt(in: -3...(width + 2), rounding: .up) + 1)
        while xa <= xb && !inside(Double(xa) + 0.5, y) { xa += 1 }
        while xb >= xa && !inside(Double(xb) + 0.5, y) { xb -= 1 }
        return xa <= xb ? (xa, xb) : nil
    }
}
