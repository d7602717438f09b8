// Edge pixels (DESIGN.md): pixels whose exact coverage by some drawn polygon is strictly
import Foundation
// between 0 and 1. Parity between renderers is judged on every other pixel, which must
// agree within 2/255. Found here by walking every drawn boundary (rectangle edges cut by
// clips, rounded corners, border rings, masks; through render targets too) in output
// pixels and marking each pixel it passes through (conservatively).
import LaminaCompositor

/// Which output pixels are edge pixels for a plan.
public enum EdgePixels {
    /// A row-major mask of the output target, true at edge pixels.
    public static func mask(for plan: RenderPlan) -> [Bool] {
        let out = plan.targets[plan.outputIndex]
        var mask = [Bool](repeating: false, count: out.width * out.height)
        func mark(_ a: SIMD2<Double>, _ b: SIMD2<Double>) {
            guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
            let len = ((b - a) * (b - a)).sum().squareRoot()
            let steps = (len / 0.05).clampedToInt(in: 0...199_999) + 1
            for k in 0...steps {
                let p = a + (b - a) * (Double(k) / Double(steps))
                let x = p.x.clampedToInt(in: -1...out.width, rounding: .down), y = p.y.clampedToInt(in: -1...out.height, rounding: .down)
                if x >= 0 && y >= 0 && x < out.width && y < out.height { mask[y * out.width + x] = true }
            }
        }
        walk(plan, target: plan.outputIndex, toOutput: { $0 }, mark: mark)
        return mask
    }

    /// The mask grown by `radius` pixels in every direction (a square neighbourhood).
    public static func dilate(_ mask: [Bool], width: Int, height: Int, radius: Int) -> [Bool] {
        guard radius > 0 else { return mask }
        var out = mask
        for y in 0..<height {
            for x in 0..<width where mask[y * width + x] {
                for dy in -radius...radius {
                    let yy = y + dy
                    guard yy >= 0 && yy < height else { continue }
                    for dx in -radius...radius {
                        let xx = x + dx
                        if xx >= 0 && xx < width { out[yy * width + xx] = true }
                    }
                }
            }
        }
        return out
    }

    /// Boundary segments of a target's quads, mapped to output pixels by `toOutput`.
    private static func walk(_ plan: RenderPlan, target: Int, toOutput: @escaping (SIMD2<Double>) -> SIMD2<Double>,
                             mark: (SIMD2<Double>, SIMD2<Double>) -> Void) {
        for q in plan.targets[target].quads {
            let project = { (p: SIMD2<Double>) in toOutput(q.matrix.project(p)) }
            var outlines: [[SIMD2<Double>]] = [roundedOutline(q.rect, q.cornerRadius)]
            if q.borderWidth > 0 {
                let inner = Box(minX: q.rect.minX + q.borderWidth, minY: q.rect.minY + q.borderWidth,
                                maxX: q.rect.maxX - q.borderWidth, maxY: q.rect.maxY - q.borderWidth)
                if !inner.isEmpty { outlines.append(roundedOutline(inner, max(q.cornerRadius - q.borderWidth, 0))) }
            }
            if let m = q.mask { outlines.append(roundedOutline(m.box, m.radius)) }
            for outline in outlines {
                let visible = clip(outline, q.clips)
                for i in visible.indices { mark(project(visible[i]), project(visible[(i + 1) % visible.count])) }
            }
            if case .target(let t, let uv) = q.fill {
                let tt = plan.targets[t]
                // Texel -> normalized -> the quad's local rect -> this target -> output.
                let map = { (p: SIMD2<Double>) -> SIMD2<Double> in
                    let n = SIMD2(p.x / Double(tt.width), p.y / Double(tt.height))
                    let l = SIMD2(q.rect.minX + (n.x - uv.minX) / uv.width * q.rect.width,
                                  q.rect.minY + (n.y - uv.minY) / uv.height * q.rect.height)
                    return project(l)
                }
                walk(plan, target: t, toOutput: map, mark: mark)
                // A layer mask's target shares the fill's texel grid: its edges show as well.
                if let m = q.maskTexture?.index, plan.targets.indices.contains(m), plan.targets[m].width == tt.width, plan.targets[m].height == tt.height {
                    walk(plan, target: m, toOutput: map, mark: mark)
                }
            }
        }
    }

    /// A rectangle's outline with its corners rounded (arcs as 8 segments each).
    static func roundedOutline(_ r: Box, _ radius: Double) -> [SIMD2<Double>] {
        guard radius > 0 else { return r.corners }
        var pts: [SIMD2<Double>] = []
        let centers = [SIMD2(r.minX + radius, r.minY + radius), SIMD2(r.maxX - radius, r.minY + radius),
                       SIMD2(r.maxX - radius, r.maxY - radius), SIMD2(r.minX + radius, r.maxY - radius)]
        for (k, c) in centers.enumerated() {
            let start = Double.pi * (1 + Double(k) * 0.5)
            for s in 0...8 {
                let a = start + Double(s) / 8 * Double.pi / 2
                pts.append(c + SIMD2(cos(a), sin(a)) * radius)
            }
        }
        return pts
    }
}
