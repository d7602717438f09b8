// Hit testing, as Core Animation does it, plus a depth-correct variant.

extension CALayer {
    /// Whether `p` (in this layer's coordinates) lies inside its bounds. A transform layer
    /// contains no point itself: only its sublayers are hit.
    public func contains(_ p: CGPoint) -> Bool {
        if self is CATransformLayer { return false }
        return p.x >= bounds.minX && p.x < bounds.maxX && p.y >= bounds.minY && p.y < bounds.maxY
    }

    /// The farthest descendant (or self) containing `p`, given in the superlayer's coordinates.
    ///
    /// Core Animation's order: sublayers are tried top to bottom by array order (the last
    /// sublayer first), before the layer itself; hidden layers and points outside a
    /// masksToBounds layer are skipped. Like Core Animation, this ignores 3D depth: see
    /// `hitTest(_:depthSorted:)` for the layer actually drawn in front at `p`.
    public func hitTest(_ p: CGPoint) -> CALayer? {
        hitTest(p, reference: superlayer)
    }

    func hitTest(_ p: CGPoint, reference: CALayer?) -> CALayer? {
        guard !isHidden else { return nil }
        let local = convert(p, from: reference)
        let isTransformLayer = self is CATransformLayer
        if masksToBounds && !isTransformLayer && !boundsContain(local) { return nil }
        for s in (sublayers ?? []).reversed() {
            if let hit = s.hitTest(p, reference: reference) { return hit }
        }
        return contains(local) ? self : nil
    }

    private func boundsContain(_ p: CGPoint) -> Bool {
        p.x >= bounds.minX && p.x < bounds.maxX && p.y >= bounds.minY && p.y < bounds.maxY
    }

    /// Hit testing that honors 3D depth when `depthSorted` is true.
    ///
    /// Inside each 3D rendering context, the member whose plane the line of sight through `p`
    /// meets nearest the viewer wins (ties go to the later one in drawing order, as drawn);
    /// within a member's flattened subtree, sublayers sit above the member's own content.
    /// With `depthSorted` false this is `hitTest(_:)`.
    public func hitTest(_ p: CGPoint, depthSorted: Bool) -> CALayer? {
        guard depthSorted else { return hitTest(p) }
        return depthHit(p, reference: superlayer)?.layer
    }

    /// Frontmost hit in self's subtree: the layer and the depth (post-divide z in the
    /// reference's context) at which the line of sight meets self's plane.
    private func depthHit(_ p: CGPoint, reference: CALayer?) -> (layer: CALayer, z: CGFloat)? {
        guard !isHidden else { return nil }
        let local = convert(p, from: reference)
        guard local.x.isFinite, local.y.isFinite else { return nil }
        if masksToBounds && !(self is CATransformLayer) && !boundsContain(local) { return nil }
        // Depth of self's plane at p, in the space of the reference (its context root).
        let m = depthMap(to: reference)
        let h = m.apply(local.x, local.y)
        let z = h.w != 0 ? h.z / h.w : 0
        // Members of the context self roots (or, for a transform layer, continues).
        var best: (layer: CALayer, z: CGFloat)?
        // A transform layer's sublayers share its reference (p stays in the reference's
        // space); an ordinary layer roots their context, so they get p in self's space.
        let (childRef, childPoint): (CALayer?, CGPoint) = self is CATransformLayer ? (reference, p) : (self, local)
        let ordered = (sublayers ?? []).enumerated().sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }
        for (_, s) in ordered {
            guard let hit = s.depthHit(childPoint, reference: childRef) else { continue }
            if let b = best, hit.z < b.z { continue }
            best = hit
        }
        if self is CATransformLayer { return best }
        // Self's flattened subtree draws above self's own content, at self's depth.
        if let b = best { return (b.layer, z) }
        return contains(local) ? (self, z) : nil
    }

    /// The full homogeneous map (z kept) from self's space to `reference`'s space,
    /// flattening at ordinary layers strictly between them.
    private func depthMap(to reference: CALayer?) -> CATransform3D {
        var m = CATransform3DIdentity
        var l: CALayer = self
        while l !== reference {
            m = m.concatenating(l.transformToSuperlayer)
            guard let p = l.superlayer, p !== reference else { break }
            if !(p is CATransformLayer) { m.m13 = 0; m.m23 = 0; m.m33 = 0; m.m43 = 0 }
            l = p
        }
        return m
    }
}
