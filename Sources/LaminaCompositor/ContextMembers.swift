// The members of a 3D rendering context (SCENE_FORMAT.md, "Rendering model").
import QuartzCore

/// A plane in a 3D rendering context: an ordinary layer reached from the context root
/// directly or through transform layers.
struct ContextMember {
    /// The member layer (never a transform layer).
    let layer: CALayer
    /// Member space -> the context root's space (the root's sublayerTransform included).
    /// Stored once, as a Mat4 (members are copied often; `matrix` gives it back exactly).
    let mat: Mat4
    /// The product of the opacities of the transform layers between root and member
    /// (a transform layer applies its opacity to each sublayer separately).
    let inheritedOpacity: Float
    /// The product of the red, green and blue multipliers of the replicator instances the
    /// member belongs to (1, 1, 1 outside replicators; SCENE_FORMAT.md 9.7).
    var tint = SIMD3<Float>(repeating: 1)
    /// Position in the tie order: the pre-order walk with each sublayers array stably sorted by zPosition.
    let order: Int
    /// The layer's own opacity and isDoubleSided, read once when the member is made.
    var layerOpacity: Float = 1
    var isDoubleSided = true
    /// Whether `mat` is known to be a translation alone with finite entries none of which is
    /// -0 (the usual placement in a 2D UI; false: not known). The identity times its
    /// flattened matrix is then that matrix, bit for bit (see drawFlatMember).
    var isPlainTranslation = false

    /// Whether the member's back faces the viewer: m33 of M's inverse is negative, computed
    /// without inverting as sign(C33) * sign(det M) < 0. A singular M counts as facing the viewer.
    /// `mat` as a CATransform3D, field for field (CGFloat is a Double: exact).
    var matrix: CATransform3D { mat.caTransform }

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

/// Sublayers' zPositions (read once: the placement needs them too) and Core Animation's
/// drawing order of them (stably sorted by zPosition) as indices; nil: as they come (one
/// zPosition for all, the usual case). No array of the layers themselves: each would be
/// retained and released.
func drawingOrder(_ layers: [CALayer]) -> (z: [CGFloat], order: [Int]?) {
    let zs = layers.map { $0.zPosition }
    if let z = zs.first, zs.allSatisfy({ $0 == z }) { return (zs, nil) }
    // Sorted as plain (z, index) pairs, compared as the tuples (z, index) are.
    var keys = zs.indices.map { (z: zs[$0], k: $0) }
    keys.sort { $0.z < $1.z || ($0.z == $1.z && $0.k < $1.k) }
    return (zs, keys.map { $0.k })
}

/// transformToSuperlayerSublayerSpace (the same products: Translate(-anchor) * transform *
/// Translate(position.x, position.y, zPosition)), with zPosition already read, as a Mat4;
/// and whether it is a translation with finite entries none of which is -0 (its product with
/// the identity is then itself, bit for bit: each product by 0 is a zero that leaves the sum
/// as it is).
@inline(__always)
private func placementNoting(_ s: CALayer, z: CGFloat) -> (placement: Mat4, plain: Bool) {
    let a = s.anchorInBounds, p = s.position, t = s.transform
    // An identity transform (bit for bit) and finite numbers, the usual case: the two
    // products' exact result without them. Translate(-a) * I is Translate(-a + 0) (the
    // products' zeros turn a -0 into +0), and its product with Translate(p, z) adds the
    // translations (the other terms are exact zeros and ones). Made as a Mat4 at once (the
    // same entries CATransform3DMakeTranslation gives, field for field).
    if isIdentityBits(t), a.x.isFinite, a.y.isFinite, a.z.isFinite, p.x.isFinite, p.y.isFinite, z.isFinite {
        // (-v + 0) is never -0, nor is its sum with another number: a finite sum is plain.
        let x = (-a.x + 0) + p.x, y = (-a.y + 0) + p.y, w = (-a.z + 0) + z
        return (Mat4.translation(Double(x), Double(y), Double(w)), x.isFinite && y.isFinite && w.isFinite)
    }
    return (Mat4(CATransform3DMakeTranslation(-a.x, -a.y, -a.z)
        .concatenating(t)
        .concatenating(CATransform3DMakeTranslation(p.x, p.y, z))), false)
}

extension Mat4 {
    /// The matrix as a CATransform3D, field for field (CGFloat is a Double: exact both ways).
    var caTransform: CATransform3D {
        CATransform3D(m11: r0.x, m12: r0.y, m13: r0.z, m14: r0.w, m21: r1.x, m22: r1.y, m23: r1.z, m24: r1.w,
                      m31: r2.x, m32: r2.y, m33: r2.z, m34: r2.w, m41: r3.x, m42: r3.y, m43: r3.z, m44: r3.w)
    }
}

/// Whether `t` is the identity bit for bit (an entry of -0 would change the signs of a
/// product's zeros, so `==` is not enough for placement's shortcut).
@inline(__always) private func isIdentityBits(_ t: CATransform3D) -> Bool {
    let one = CGFloat(1).bitPattern
    return t.m11.bitPattern == one && t.m22.bitPattern == one && t.m33.bitPattern == one && t.m44.bitPattern == one
        && (t.m12.bitPattern | t.m13.bitPattern | t.m14.bitPattern | t.m21.bitPattern | t.m23.bitPattern | t.m24.bitPattern) == 0
        && (t.m31.bitPattern | t.m32.bitPattern | t.m34.bitPattern | t.m41.bitPattern | t.m42.bitPattern | t.m43.bitPattern) == 0
}

/// Whether `layer` is a plain CALayer, no subclass: then no cast to one can succeed (a
/// cheap test that spares a compile most of its dynamic casts).
@inline(__always) func isPlainLayer(_ layer: CALayer) -> Bool {
    type(of: layer) == CALayer.self
}

/// Whether a layer passes its sublayers into the enclosing context instead of rooting a
/// context of its own: a transform layer, or a replicator with preservesDepth.
func passesDepth(_ layer: CALayer) -> Bool {
    !isPlainLayer(layer) && (layer is CATransformLayer || (layer as? CAReplicatorLayer)?.preservesDepth == true)
}

/// One replicator instance (SCENE_FORMAT.md 9.7): R^k in the replicator's sublayer space, the
/// alpha multiplier (applied like opacity) and the red, green, blue multipliers.
struct ReplicatorInstance {
    let step: CATransform3D
    let alpha: Float
    let tint: SIMD3<Float>
    /// The sublayers this instance draws when they differ from the replicator's (a
    /// presentation copy's instances delayed by instanceDelay); nil: the replicator's.
    var sublayers: [CALayer]? = nil
}

/// The instances a layer draws its sublayers as: one plain instance for a layer that is not a
/// replicator, `instanceCount` (none when it is 0 or below) for a replicator. Instance k places
/// with R^k, R = Translate(-c) * instanceTransform * Translate(c), c the middle of the bounds
/// (row vectors: p' = p * M, so R^k applies R k times).
func replicatorInstances(_ layer: CALayer) -> [ReplicatorInstance] {
    guard let r = layer as? CAReplicatorLayer else { return [ReplicatorInstance(step: CATransform3DIdentity, alpha: 1, tint: SIMD3(repeating: 1))] }
    let count = r.instanceCount
    guard count > 0 else { return [] }
    let b = r.bounds
    let c = CATransform3DMakeTranslation(b.midX, b.midY, 0)
    let toC = CATransform3DMakeTranslation(-b.midX, -b.midY, 0)
    let step = toC.concatenating(r.instanceTransform).concatenating(c)
    // instanceColor's straight components (nil: opaque white, Core Animation's default).
    let base = r.instanceColor.map { SIMD4(Float($0.rgba.red), Float($0.rgba.green), Float($0.rgba.blue), Float($0.rgba.alpha)) }
        ?? SIMD4(1, 1, 1, 1)
    let offsets = SIMD4<Float>(r.instanceRedOffset, r.instanceGreenOffset, r.instanceBlueOffset, r.instanceAlphaOffset)
    var out: [ReplicatorInstance] = []
    if count > maxReplicatorInstances {
        CompositorNotes.once(CompositorNotes.replicatorCount, "a replicator's instanceCount \(count) is above \(maxReplicatorInstances): only the first \(maxReplicatorInstances) instances are drawn")
    }
    var m = CATransform3DIdentity
    for k in 0..<min(count, maxReplicatorInstances) {
        var mul = base + Float(k) * offsets
        mul = SIMD4(Swift.min(Swift.max(mul.x, 0), 1), Swift.min(Swift.max(mul.y, 0), 1),
                    Swift.min(Swift.max(mul.z, 0), 1), Swift.min(Swift.max(mul.w, 0), 1))
        if mul.x.isNaN || mul.y.isNaN || mul.z.isNaN || mul.w.isNaN { mul = .zero }
        let delayed = k > 0 ? r.delayedInstanceSublayers.flatMap { k - 1 < $0.count ? $0[k - 1] : nil } : nil
        out.append(ReplicatorInstance(step: m, alpha: mul.w, tint: SIMD3(mul.x, mul.y, mul.z), sublayers: delayed))
        // Alpha only falls further from here: nothing more can show.
        if mul.w == 0 && offsets.w <= 0 { break }
        m = m.concatenating(step)
    }
    return out
}

/// The most instances one replicator draws (a bound on the work a count of 1e9 would ask for).
let maxReplicatorInstances = 100_000

/// The members of the context rooted by `root` (its sublayers, each replicator instance of them
/// when it is a replicator), placed by `rootSpace` (the root's sublayer space -> root space,
/// i.e. S(root)).
func contextMembers(of root: CALayer, rootSpace: CATransform3D) -> [ContextMember] {
    contextMembers(of: root, sublayers: root.sublayers ?? [], rootSpace: rootSpace)
}

/// contextMembers(of:rootSpace:) with the root's sublayers already read.
func contextMembers(of root: CALayer, sublayers: [CALayer], rootSpace: CATransform3D) -> [ContextMember] {
    // A plain layer (the usual root) has one instance: no array of them to make.
    if isPlainLayer(root) || !(root is CAReplicatorLayer) { return contextMembers(sublayers: sublayers, rootSpace: rootSpace) }
    return contextMembers(sublayers: sublayers, rootSpace: rootSpace, instances: replicatorInstances(root))
}

/// The members of the context whose root's sublayers are `sublayers`, placed by `rootSpace`
/// (the root's sublayer space -> root space, i.e. S(root)), drawn once per instance.
func contextMembers(sublayers: [CALayer], rootSpace: CATransform3D,
                    instances: [ReplicatorInstance] = [ReplicatorInstance(step: CATransform3DIdentity, alpha: 1, tint: SIMD3(repeating: 1))]) -> [ContextMember] {
    var out: [ContextMember] = []
    out.reserveCapacity(sublayers.count)
    func walk(_ layers: [CALayer], _ space: CATransform3D, _ opacity: Float, _ tint: SIMD3<Float>) {
        // The usual space (a root with no sublayerTransform, origin or flip): a plain
        // translation's product with it is the translation itself.
        let identitySpace = isIdentityBits(space)
        let (zs, order) = drawingOrder(layers)
        for i in layers.indices {
            let k = order?[i] ?? i
            let s = layers[k], z = zs[k]
            if s.isHidden { continue }
            let placed = placementNoting(s, z: z)
            let plain = identitySpace && placed.plain
            let m = plain ? placed.placement : Mat4(placed.placement.caTransform.concatenating(space))
            let own = s.opacity
            if passesDepth(s) {
                let o = opacity * min(max(own, 0), 1)
                guard o > 0, let subs = s.sublayers, !subs.isEmpty else { continue }
                let sub = s.sublayerSpaceTransform.concatenating(m.caTransform)
                for instance in replicatorInstances(s) where instance.alpha > 0 {
                    walk(instance.sublayers ?? subs, instance.step.concatenating(sub), o * instance.alpha, tint * instance.tint)
                }
            } else if own > 0 && opacity > 0 {
                // Made where it is appended (a member built and then copied in costs a copy more).
                out.append(ContextMember(layer: s, mat: m, inheritedOpacity: opacity, tint: tint, order: out.count,
                                         layerOpacity: own, isDoubleSided: s.isDoubleSided, isPlainTranslation: plain))
            }
        }
    }
    for i in instances where i.alpha > 0 { walk(i.sublayers ?? sublayers, i.step.concatenating(rootSpace), i.alpha, i.tint) }
    return out
}
