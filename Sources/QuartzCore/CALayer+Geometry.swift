// Layer geometry (SCENE_FORMAT.md, "Geometry"): how a layer's space maps into its
// superlayer's, frames, and point conversion through the full 3D chain.
//
// For a layer L with anchor a = (bx + ax*bw, by + ay*bh, anchorPointZ) in its own space,
//     M(L) = Translate(-a) * L.transform * Translate(position, zPosition) * S(superlayer)
//     S(P) = [flip y about P's mid-y, if geometryFlipped] * Translate(-aP) * P.sublayerTransform * Translate(aP)
// in row vectors (p' = p * M), where aP is P's anchor in P's space with z 0.

extension CALayer {
    /// The anchor point in the layer's own coordinates (z = anchorPointZ).
    public var anchorInBounds: (x: CGFloat, y: CGFloat, z: CGFloat) {
        // Each property read once (a compile reads this for every layer).
        let b = bounds, a = anchorPoint
        return (b.minX + a.x * b.width, b.minY + a.y * b.height, anchorPointZ)
    }

    /// The map from this layer's space to its superlayer's *sublayer* space:
    /// Translate(-anchor) * transform * Translate(position.x, position.y, zPosition).
    public var transformToSuperlayerSublayerSpace: CATransform3D {
        let a = anchorInBounds
        return CATransform3DMakeTranslation(-a.x, -a.y, -a.z)
            .concatenating(transform)
            .concatenating(CATransform3DMakeTranslation(position.x, position.y, zPosition))
    }

    /// S(self): the map from this layer's sublayer space to its own space (sublayerTransform
    /// about the anchor, after the geometry flip when `isGeometryFlipped`).
    public var sublayerSpaceTransform: CATransform3D {
        let a = anchorInBounds
        var s = CATransform3DIdentity
        if isGeometryFlipped {
            // y' = 2 * midY - y: a flip about the middle of the bounds.
            s = CATransform3DMakeScale(1, -1, 1).concatenating(CATransform3DMakeTranslation(0, 2 * bounds.midY, 0))
        }
        if sublayerTransform != CATransform3DIdentity {
            s = s.concatenating(CATransform3DMakeTranslation(-a.x, -a.y, 0))
                .concatenating(sublayerTransform)
                .concatenating(CATransform3DMakeTranslation(a.x, a.y, 0))
        }
        return s
    }

    /// M(self): the map from this layer's space into its superlayer's space, the
    /// superlayer's sublayerTransform included (identity S for a root layer).
    public var transformToSuperlayer: CATransform3D {
        let m = transformToSuperlayerSublayerSpace
        guard let p = superlayer else { return m }
        return m.concatenating(p.sublayerSpaceTransform)
    }

    /// The layer's rectangle in its superlayer's coordinates. Setting it sets position and
    /// bounds.size (from the anchor point); reading it with a non-identity transform gives the
    /// bounding box of the transformed (and projected) bounds.
    public var frame: CGRect {
        get {
            if transform == CATransform3DIdentity {
                return CGRect(x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
                              width: bounds.width, height: bounds.height)
            }
            let m = transformToSuperlayerSublayerSpace
            let corners = [(bounds.minX, bounds.minY), (bounds.maxX, bounds.minY), (bounds.minX, bounds.maxY), (bounds.maxX, bounds.maxY)]
            let pts = corners.map { c -> CGPoint in
                let h = m.apply(c.0, c.1)
                return CGPoint(x: h.x / h.w, y: h.y / h.w)
            }
            let xs = pts.map(\.x), ys = pts.map(\.y)
            return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
        set {
            let r = newValue.standardized
            position = CGPoint(x: r.minX + anchorPoint.x * r.width, y: r.minY + anchorPoint.y * r.height)
            bounds.size = r.size
        }
    }

    /// The 3x3 plane map (rows x, y, w of the homogeneous chain) from this layer's plane
    /// onto `ancestor`'s plane, flattening at every ordinary layer on the way (nil ancestor:
    /// the space the topmost layer sits in). Returned as a CATransform3D whose z row and
    /// column are the identity's.
    func planeMap(to ancestor: CALayer?) -> CATransform3D {
        var m = CATransform3DIdentity
        var l: CALayer = self
        while l !== ancestor {
            m = m.concatenating(l.transformToSuperlayer)
            guard let p = l.superlayer else { break }
            if p === ancestor { break }
            // An ordinary superlayer flattens what it holds into its plane: drop z.
            if !(p is CATransformLayer) { m.m13 = 0; m.m23 = 0; m.m33 = 0; m.m43 = 0 }
            l = p
        }
        // Keep only the plane part: input z = 0, output z dropped.
        return CATransform3D(m11: m.m11, m12: m.m12, m13: 0, m14: m.m14,
                             m21: m.m21, m22: m.m22, m23: 0, m24: m.m24,
                             m31: 0, m32: 0, m33: 1, m34: 0,
                             m41: m.m41, m42: m.m42, m43: 0, m44: m.m44)
    }

    /// The nearest layer that is both this layer or an ancestor of it and `other` or an ancestor of it.
    func commonAncestor(with other: CALayer?) -> CALayer? {
        guard let other else { return nil }
        var seen: [ObjectIdentifier] = []
        var l: CALayer? = self
        while let c = l { seen.append(ObjectIdentifier(c)); l = c.superlayer }
        var o: CALayer? = other
        while let c = o { if seen.contains(ObjectIdentifier(c)) { return c }; o = c.superlayer }
        return nil
    }

    /// Converts a point from `layer`'s coordinates (nil: the space the root layer sits in)
    /// to this layer's. The point travels through the full 3D chain, perspective included,
    /// and lands on this layer's plane (where the line of sight through it meets the plane).
    public func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        let common = commonAncestor(with: layer)
        let fromMap = layer.map { $0.planeMap(to: common) } ?? CATransform3DIdentity
        let toMap = planeMap(to: common)
        let h = fromMap.apply(p.x, p.y)
        let q = CGPoint(x: h.x / h.w, y: h.y / h.w)
        guard let inv = toMap.inverse else { return CGPoint(x: CGFloat.nan, y: CGFloat.nan) }
        let r = inv.apply(q.x, q.y)
        return CGPoint(x: r.x / r.w, y: r.y / r.w)
    }

    /// Converts a point from this layer's coordinates to `layer`'s.
    public func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        if let layer { return layer.convert(p, from: self) }
        let h = planeMap(to: nil).apply(p.x, p.y)
        return CGPoint(x: h.x / h.w, y: h.y / h.w)
    }

    /// Converts a rectangle from `layer`'s coordinates: the bounding box of its converted corners.
    public func convert(_ r: CGRect, from layer: CALayer?) -> CGRect {
        Self.boundingBox(corners(of: r).map { convert($0, from: layer) })
    }

    /// Converts a rectangle from this layer's coordinates to `layer`'s: the bounding box of its converted corners.
    public func convert(_ r: CGRect, to layer: CALayer?) -> CGRect {
        Self.boundingBox(corners(of: r).map { convert($0, to: layer) })
    }

    private func corners(of r: CGRect) -> [CGPoint] {
        [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)]
    }

    private static func boundingBox(_ pts: [CGPoint]) -> CGRect {
        let xs = pts.map(\.x), ys = pts.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
