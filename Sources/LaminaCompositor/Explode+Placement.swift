// Where each render target of a plan sits: flattened in the output (where its texels show),
// and unflattened in the output's 3D space (the plane Core Animation's 3D puts it in), with
// that plane's normal. Row vectors: p' = p * M; 3D is the output's post-divide space (pixels,
// y down, z towards the viewer, the eye at +z infinity as in BSPTree.swift).
import QuartzCore

/// Where each target of a plan shows in the output, where its plane sits in 3D, and how deep
/// it sits in the target tree.
public struct TargetPlacements: Sendable {
    /// Per target: its texels -> output pixels (flattened, row vectors), nil when nothing samples it.
    public let toOutput: [Mat4?]
    /// Per target: its texels (x, y, z, 1) -> the output's 3D space (X, Y, Z, W), unflattened:
    /// texels -> the sampling quad's local rect -> the quad's matrix before flattening (its z
    /// column is the plane's turn in its parent's 3D context) -> the parent's own placement.
    /// z in texels maps along the plane's own z axis. Nil when nothing samples the target.
    public let inSpace: [Mat4?]
    /// Per target: 0 for the output, 1 + the depth of the shallowest target that samples it.
    public let depth: [Int]

    /// The placements of `plan`'s targets.
    public init(_ plan: RenderPlan) {
        let n = plan.targets.count
        var place = [Mat4?](repeating: nil, count: n), space = place, depth = [Int](repeating: Int.max, count: n)
        guard n > 0 else { toOutput = []; inSpace = []; self.depth = []; return }
        place[n - 1] = .identity
        space[n - 1] = .identity
        depth[n - 1] = 0
        // Targets come in dependency order (sampled before sampling), so walking down from the
        // output reaches every target after all the targets that sample it.
        for i in stride(from: n - 1, through: 0, by: -1) {
            guard let parent = place[i], let parentSpace = space[i] else { continue }
            let t = plan.targets[i]
            func reach(_ j: Int, _ m: Mat4, _ s: Mat4) {
                guard j >= 0, j < i, depth[i] + 1 < depth[j] else { return }
                depth[j] = depth[i] + 1
                place[j] = m
                space[j] = s
            }
            for q in t.quads {
                var refs: [(Int, Box)] = []
                if case .target(let j, let uv) = q.fill { refs.append((j, uv)) }
                if let m = q.maskTexture { refs.append((m.index, m.uv)) }
                // A quad the compositor did not place in a context (a composite's copy) lies
                // in its target's plane: its 2D map, z along the target's own z.
                let unflattened = plan.unflattenedMap(of: q) ?? q.matrix.keepingDepthScale
                for (j, uv) in refs where j >= 0 && j < i {
                    let tj = plan.targets[j]
                    guard let a = Self.texelsToRect(width: tj.width, height: tj.height, uv: uv, rect: q.rect) else { continue }
                    reach(j, a.concatenating(q.matrix.flattened).concatenating(parent),
                          a.keepingDepthScale.concatenating(unflattened).concatenating(parentSpace))
                }
            }
            // A blur's source is on the blur's texel grid.
            if let b = t.blur, let m = place[i], let s = space[i] { reach(b.source, m, s) }
        }
        toOutput = place
        inSpace = space
        self.depth = depth.map { $0 == Int.max ? 0 : $0 }
    }

    /// The unit normal of target `i`'s plane in the output's 3D space, turned to the viewer's
    /// side (z >= 0); nil when nothing samples it or its plane is degenerate.
    public func normal(_ i: Int) -> SIMD3<Double>? {
        guard i >= 0, i < inSpace.count, let m = inSpace[i] else { return nil }
        return m.planeNormal
    }

    /// The affine map from a target's texels to the local rect a quad stretches `uv` over.
    private static func texelsToRect(width: Int, height: Int, uv: Box, rect: Box) -> Mat4? {
        guard uv.width > 0, uv.height > 0, width > 0, height > 0 else { return nil }
        let sx = rect.width / (uv.width * Double(width)), sy = rect.height / (uv.height * Double(height))
        let m = Mat4.scale(sx, sy).concatenating(.translation(rect.minX - uv.minX * rect.width / uv.width,
                                                              rect.minY - uv.minY * rect.height / uv.height))
        return m.fields.allSatisfy(\.isFinite) ? m : nil
    }
}

extension RenderPlan {
    /// A quad's map before flattening (RenderPlan.unflattened) in the quad's own local space
    /// (re-expressed like its matrix when Recentering.swift re-expressed it); nil when none was kept.
    func unflattenedMap(of q: DrawQuad) -> Mat4? {
        guard let i = q.unflattenedIndex, i >= 0, i < unflattened.count else { return nil }
        // local = re-expressed / k + o (and z / k, so depth keeps its proportion).
        guard let r = q.reexpression else { return unflattened[i] }
        return Mat4.scale(1 / r.z, 1 / r.z, 1 / r.z).concatenating(.translation(r.x, r.y)).concatenating(unflattened[i])
    }
}

extension PlanBuilder {
    /// Appends `a` then `b` to `unflattened` and returns its index (a new entry each time:
    /// the pieces of a split quad share the entry they were copied with).
    func unflatten(_ a: Mat4, _ b: Mat4) -> Int {
        unflattened.append(a.concatenating(b))
        return unflattened.count - 1
    }
}

extension Mat4 {
    /// A plane map whose z (the r2 row) is replaced by a uniform scale, the geometric mean of
    /// the x and y scales, so depth keeps its proportion to the plane's units through it (a
    /// target's planeToTarget, a texel grid): a plane turned 45 degrees stays at 45 degrees.
    var keepingDepthScale: Mat4 {
        var m = self
        let s = abs(r0.x * r1.y - r0.y * r1.x).squareRoot()
        m.r2 = SIMD4(0, 0, s.isFinite ? s : 0, 0)
        return m
    }

    /// The unit normal (post-divide space) of the plane that the z = 0 plane maps to, on the
    /// viewer's side (z >= 0; edge-on: as it comes); nil for a degenerate map.
    ///
    /// The plane covector c (c . (X, Y, Z, W) = 0 on the plane, so n = c.xyz in post-divide
    /// space) is taken from three homogeneous points of it: the images of the origin (r3) and of
    /// the x and y axes' points at infinity (r0, r1). No division by W, so it holds under any
    /// perspective, even for planes partly behind the eye.
    var planeNormal: SIMD3<Double>? {
        let c = covector(r0, r1, r3)
        var n = SIMD3(c.x, c.y, c.z)
        let len = (n * n).sum().squareRoot()
        guard len > 1e-300, len.isFinite else { return nil }
        n /= len
        return n.z < 0 ? -n : n
    }
}

/// The covector orthogonal to three 4-vectors (the 4D cross product: cofactors of the 3x4
/// matrix of rows a, b, c).
func covector(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ c: SIMD4<Double>) -> SIMD4<Double> {
    func det3(_ p: SIMD3<Double>, _ q: SIMD3<Double>, _ r: SIMD3<Double>) -> Double {
        p.x * (q.y * r.z - q.z * r.y) - p.y * (q.x * r.z - q.z * r.x) + p.z * (q.x * r.y - q.y * r.x)
    }
    let yzw = det3(SIMD3(a.y, a.z, a.w), SIMD3(b.y, b.z, b.w), SIMD3(c.y, c.z, c.w))
    let xzw = det3(SIMD3(a.x, a.z, a.w), SIMD3(b.x, b.z, b.w), SIMD3(c.x, c.z, c.w))
    let xyw = det3(SIMD3(a.x, a.y, a.w), SIMD3(b.x, b.y, b.w), SIMD3(c.x, c.y, c.w))
    let xyz = det3(SIMD3(a.x, a.y, a.z), SIMD3(b.x, b.y, b.z), SIMD3(c.x, c.y, c.z))
    return SIMD4(yzw, -xzw, xyw, -xyz)
}
