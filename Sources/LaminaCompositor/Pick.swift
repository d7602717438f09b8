// Picking by pixels: which layer drew the pixel at a point, read from the very plan the
// renderers draw. CALayer.hitTest keeps Core Animation's answer (sublayers in array order,
// bounds only); this one follows what is on screen: depth order and splits (the plan's draw
// order, topmost first), back-face culling (culled faces are not in the plan), masks and
// masksToBounds (clips and mask textures), flattening (a point on a flattened surface is
// mapped into its target and picked again there).
//
// The rule: a quad is hit at a point when the point, mapped back into the quad's local space
// through the inverse of its homography (in front of the eye), lies inside its clips, its
// (rounded) rectangle and its rounded mask, and what it draws there at full coverage has an
// alpha that survives 8-bit rounding (at least `PlanHit.minimumAlpha`, half of 1/255): its
// color's, its image's bilinear sample's (as the renderers sample it), the topmost hit's
// inside its target (flattened surfaces), or its border ring's color's, times its opacity and
// a layer mask's alpha there (the mask target must be hit too). So a transparent background
// with nothing drawn on it is never hit. Shadows are never hit (a point on a shadow picks what is
// under it, as Core Animation's hit testing ignores shadows). Anti-aliased fringes outside a
// shape are not hit: the shape's own edge decides.
import QuartzCore

/// Where a pick landed in a render plan.
public struct PlanHit: Equatable, Sendable {
    /// The layer whose drawing is at the point (`DrawQuad.layer`).
    public var layer: ObjectIdentifier
    /// The point in that layer's own coordinates (its bounds space).
    public var point: SIMD2<Double>
    /// The target whose quad was hit (the innermost, after following flattened surfaces).
    public var target: Int
    /// The quad's index in that target (-1: the target's `clearSource`).
    public var quad: Int
    /// The quad's role ("background", "contents", "border", ...).
    public var role: String
    /// Whether the quad is a piece of a layer split by the depth sort.
    public var isSplit: Bool
    /// The alpha the quad draws at the point at full coverage: its fill's (or border's, or
    /// for a surface the picked sublayer's) times its opacity and its mask's.
    public var alpha: Double

    /// The least alpha a pick counts as drawn: what rounds to a nonzero 8-bit alpha.
    public static let minimumAlpha = 0.5 / 255
}

extension RenderPlan {
    /// The topmost drawn layer at `pixel`, in the output's pixel coordinates (continuous, y
    /// down: pixel (i, j) covers i...i+1 by j...j+1, its centre at (i + 0.5, j + 0.5)), or nil
    /// when nothing is drawn there (see the rule at the top of Pick.swift).
    public func pick(pixel: SIMD2<Double>) -> PlanHit? {
        guard pixel.x.isFinite, pixel.y.isFinite, !targets.isEmpty else { return nil }
        return pick(in: outputIndex, at: pixel)
    }

    /// The topmost hit in target `t` at `p` (its pixel/texel coordinates).
    private func pick(in t: Int, at p: SIMD2<Double>) -> PlanHit? {
        let target = targets[t]
        // A blur target (a shadow) is never picked; nor is anything outside the target.
        guard target.blur == nil, p.x >= 0, p.y >= 0, p.x <= Double(target.width), p.y <= Double(target.height) else { return nil }
        for k in target.quads.indices.reversed() {
            if let h = hit(target.quads[k], at: p, target: t, index: k) { return h }
        }
        if let c = target.clearSource, target.clearColor.w > 0, let id = c.layer, let local = c.matrix.unproject(p) {
            return PlanHit(layer: id, point: local, target: t, quad: -1, role: c.role, isSplit: c.isSplit, alpha: Double(target.clearColor.w))
        }
        return nil
    }

    /// Whether quad `q` (index `k` of target `t`) draws something at `p`, and what.
    private func hit(_ q: DrawQuad, at p: SIMD2<Double>, target t: Int, index k: Int) -> PlanHit? {
        guard q.role != "shadow", q.opacity > 0, let id = q.layer, let local = q.matrix.unproject(p),
              q.clips.allSatisfy({ $0.value(local) >= 0 }) else { return nil }
        if let m = q.mask, !m.contains(local) { return nil }
        let shape = RoundedBox(box: q.rect, radius: q.cornerRadius)
        guard shape.contains(local) else { return nil }
        // A layer mask: its target must draw something at the same texel; its alpha multiplies.
        var scale = Double(q.opacity)
        if let mt = q.maskTexture {
            guard mt.index < t, let tp = texel(local, q.rect, mt.uv, targets[mt.index].width, targets[mt.index].height, clamp: q.sampleClamp),
                  let m = pick(in: mt.index, at: tp) else { return nil }
            scale *= m.alpha
        }
        func own(_ alpha: Double) -> PlanHit? {
            let a = alpha * scale
            guard a >= PlanHit.minimumAlpha else { return nil }
            // A re-expressed quad's local point back in the layer's own units.
            let point = q.reexpression.map { SIMD2(local.x / $0.z + $0.x, local.y / $0.z + $0.y) } ?? local
            return PlanHit(layer: id, point: point, target: t, quad: k, role: q.role, isSplit: q.isSplit, alpha: a)
        }
        // The border ring is drawn over the fill.
        if q.borderWidth > 0, q.borderColor.w > 0 {
            let bw = q.borderWidth
            let inner = RoundedBox(box: q.rect.insetBy(bw), radius: max(q.cornerRadius - bw, 0))
            if inner.box.isEmpty || !inner.contains(local) { return own(Double(q.borderColor.w)) }
        }
        switch q.fill {
        case .none:
            return nil
        case .color(let c):
            return own(Double(c.w))
        case .image(let i, let uv):
            guard i < images.count else { return nil }
            return own(imageAlpha(images[i], at: local, rect: q.rect, uv: uv, clamp: q.sampleClamp))
        case .target(let i, let uv):
            guard i < t, let tp = texel(local, q.rect, uv, targets[i].width, targets[i].height, clamp: q.sampleClamp) else { return nil }
            // The surface's hit is the sublayer drawn there, in that sublayer's coordinates.
            guard var h = pick(in: i, at: tp) else { return nil }
            h.alpha *= scale
            guard h.alpha >= PlanHit.minimumAlpha else { return nil }
            h.isSplit = h.isSplit || q.isSplit
            return h
        }
    }

    /// The texel point of a target of `w` x `h` texels that `local` samples through `uv`
    /// stretched over `rect` (kept inside `clamp`'s texel centres, as the renderers sample).
    private func texel(_ local: SIMD2<Double>, _ rect: Box, _ uv: Box, _ w: Int, _ h: Int, clamp: Box? = nil) -> SIMD2<Double>? {
        guard rect.width > 0, rect.height > 0 else { return nil }
        var u = SIMD2(uv.minX + (local.x - rect.minX) / rect.width * uv.width, uv.minY + (local.y - rect.minY) / rect.height * uv.height)
        if let c = clamp {
            let hx = 0.5 / Double(w), hy = 0.5 / Double(h)
            u.x = min(max(u.x, c.minX + hx), c.maxX - hx)
            u.y = min(max(u.y, c.minY + hy), c.maxY - hy)
        }
        let p = SIMD2(u.x * Double(w), u.y * Double(h))
        return p.x.isFinite && p.y.isFinite ? p : nil
    }

    /// The bilinear, clamp-to-edge alpha (0...1) of `image` where `local` samples it.
    private func imageAlpha(_ image: CGImage, at local: SIMD2<Double>, rect: Box, uv: Box, clamp: Box?) -> Double {
        let w = image.width, h = image.height
        guard w > 0, h > 0, image.premultipliedRGBA.count == w * h * 4,
              let tp = texel(local, rect, uv, w, h, clamp: clamp) else { return 0 }
        let tx = tp.x - 0.5, ty = tp.y - 0.5
        let fx = tx.rounded(.down), fy = ty.rounded(.down)
        let ax = tx - fx, ay = ty - fy
        let ix = Int(min(max(fx, -2), Double(w + 1))), iy = Int(min(max(fy, -2), Double(h + 1)))
        let x0 = min(max(ix, 0), w - 1), x1 = min(max(ix + 1, 0), w - 1)
        let y0 = min(max(iy, 0), h - 1), y1 = min(max(iy + 1, 0), h - 1)
        let px = image.premultipliedRGBA
        func a(_ x: Int, _ y: Int) -> Double { Double(px[(y * w + x) * 4 + 3]) / 255 }
        let top = a(x0, y0) * (1 - ax) + a(x1, y0) * ax
        let bottom = a(x0, y1) * (1 - ax) + a(x1, y1) * ax
        return top * (1 - ay) + bottom * ay
    }
}

extension RoundedBox {
    /// Whether `p` lies inside the rectangle with its corners rounded by `radius` (edges included).
    func contains(_ p: SIMD2<Double>) -> Bool {
        guard p.x >= box.minX, p.x <= box.maxX, p.y >= box.minY, p.y <= box.maxY else { return false }
        let r = min(radius, box.width / 2, box.height / 2)
        guard r > 0 else { return true }
        // The nearest corner circle's centre: only points beyond it in both axes can be cut.
        let cx = min(max(p.x, box.minX + r), box.maxX - r), cy = min(max(p.y, box.minY + r), box.maxY - r)
        let d = SIMD2(p.x - cx, p.y - cy)
        return (d * d).sum() <= r * r
    }
}

extension Mat4 {
    /// The local point (x, y) this map sends to pixel `p`: the inverse of the 2D homography
    /// of rows r0, r1, r3 (columns X, Y, W; row vectors, p' = p * M); nil when the map is
    /// singular or the point would lie behind the eye.
    public func unproject(_ p: SIMD2<Double>) -> SIMD2<Double>? {
        // [x y 1] * H = w * [p.x p.y 1], H = rows (r0.xyw, r1.xyw, r3.xyw): solve by Cramer's rule.
        let a = SIMD3(r0.x, r0.y, r0.w), b = SIMD3(r1.x, r1.y, r1.w), c = SIMD3(r3.x, r3.y, r3.w)
        // x * a + y * b + c = w * (p.x, p.y, 1): unknowns x, y, w.
        let t = SIMD3(p.x, p.y, 1)
        func det(_ u: SIMD3<Double>, _ v: SIMD3<Double>, _ s: SIMD3<Double>) -> Double {
            u.x * (v.y * s.z - v.z * s.y) - v.x * (u.y * s.z - u.z * s.y) + s.x * (u.y * v.z - u.z * v.y)
        }
        // Columns of the system: a, b, -t (times x, y, w) = -c.
        let d = det(a, b, -t)
        guard d != 0, d.isFinite else { return nil }
        let x = det(-c, b, -t) / d, y = det(a, -c, -t) / d, w = det(a, b, -c) / d
        guard w > 0, x.isFinite, y.isFinite else { return nil }
        return SIMD2(x, y)
    }
}
