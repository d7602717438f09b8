// The members of a 3D rendering context (SCENE_FORMAT.md, "Rendering model").
import QuartzCore

/// A plane in a 3D rendering context: an ordinary layer reached from the context root
/// directly or through transform layers.
struct ContextMember {
    /// The member layer (never a transform layer).
    let layer: CALayer
    /// Member space -> the context root's space (the root's sublayerTransform included).
    let matrix: CATransform3D
    /// The same as a Mat4.
    let mat: Mat4
    /// The product of the opacities of the transform layers between root and member
    /// (a transform layer applies its opacity to each sublayer separately).
    let inheritedOpacity: Float
    /// Position in the tie order: the pre-order walk with each sublayers array stably sorted by zPosition.
    let order: Int

    /// Whether the member's back faces the viewer: m33 of M's inverse is negative, computed
    /// without inverting as sign(C33) * sign(det M) < 0. A singular M counts as facing the viewer.
    var isBackFacing: Bool {
        let c = matrix.cofactors
        let det = matrix.m11 * c[0] + matrix.m12 * c[1] + matrix.m13 * c[2] + matrix.m14 * c[3]
        guard det != 0, det.isFinite else { return false }
        return (c[10] < 0) != (det < 0) && c[10] != 0
    }

    /// The unit front-face normal in the root's space after projection: normalize(I.m13, I.m23, I.m33)
    /// with I = M's inverse (SCENE_FORMAT.md, "Lighting"); nil when M is singular.
    var normal: SIMD3<Double>? {
        guard let i = matrix.inverse else { return nil }
        let n = SIMD3(Double(i.m13), Double(i.m23), Double(i.m33))
        let len = (n * n).sum().squareRoot()
        return len > 0 ? n / len : nil
    }
}

/// Sublayers in Core Animation's drawing order: stably sorted by zPosition.
func drawingOrder(_ layers: [CALayer]) -> [CALayer] {
    layers.enumerated().sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }.map(\.element)
}

/// The members of the context whose root's sublayers are `sublayers`, placed by `rootSpace`
/// (the root's sublayer space -> root space, i.e. S(root)).
func contextMembers(sublayers: [CALayer], rootSpace: CATransform3D) -> [ContextMember] {
    var out: [ContextMember] = []
    func walk(_ layers: [CALayer], _ space: CATransform3D, _ opacity: Float) {
        for s in drawingOrder(layers) where !s.isHidden {
            let m = s.transformToSuperlayerSublayerSpace.concatenating(space)
            if s is CATransformLayer {
                let o = opacity * min(max(s.opacity, 0), 1)
                if o > 0 { walk(s.sublayers ?? [], s.sublayerSpaceTransform.concatenating(m), o) }
            } else if s.opacity > 0 && opacity > 0 {
                out.append(ContextMember(layer: s, matrix: m, mat: Mat4(m), inheritedOpacity: opacity, order: out.count))
            }
        }
    }
    walk(sublayers, rootSpace, 1)
    return out
}
