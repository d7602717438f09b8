// Matrix decomposition and interpolation ("unmatrix", CSS Transforms Level 2, section
// "Interpolation of 3D matrices"), written in Core Animation's row-vector convention.
//
// A matrix decomposes as M = S * K * R * T * P (row vectors: scale first, then skew, then
// rotation, then translation, then perspective), where
//   S = diag(scale), K = [1 0 0; k0 1 0; k1 k2 1] (skew = (k0, k1, k2) = xy, xz, yz),
//   R = rotation from a unit quaternion, T = translation, P = identity with its last column
//   replaced by `perspective`.
// Interpolating two matrices interpolates these parts (the quaternion by spherical linear
// interpolation along the shorter arc) and recomposes, which is what Core Animation and
// CSS do for whole-matrix transform animations: identity -> rotation by 2 pi does not move.

/// A transform split into translation, scale, skew, perspective and rotation.
public struct CATransform3DDecomposition: Equatable, Sendable {
    /// Translation (m41, m42, m43 of the normalized matrix).
    public var translation: (x: CGFloat, y: CGFloat, z: CGFloat)
    /// Scale along the (skewed) axes; a reflection shows as negative scales.
    public var scale: (x: CGFloat, y: CGFloat, z: CGFloat)
    /// Shear factors xy, xz, yz.
    public var skew: (xy: CGFloat, xz: CGFloat, yz: CGFloat)
    /// The perspective column (m14, m24, m34, m44 of P).
    public var perspective: (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat)
    /// The rotation as a unit quaternion (x, y, z, w).
    public var quaternion: (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat)

    public static func == (a: Self, b: Self) -> Bool {
        a.translation == b.translation && a.scale == b.scale && a.skew == b.skew
            && a.perspective == b.perspective && a.quaternion == b.quaternion
    }
}

private typealias V3 = (CGFloat, CGFloat, CGFloat)
private func dot(_ a: V3, _ b: V3) -> CGFloat { a.0 * b.0 + a.1 * b.1 + a.2 * b.2 }
private func length(_ a: V3) -> CGFloat { dot(a, a).squareRoot() }
private func scaled(_ a: V3, _ s: CGFloat) -> V3 { (a.0 * s, a.1 * s, a.2 * s) }
private func combine(_ a: V3, _ b: V3, _ sa: CGFloat, _ sb: CGFloat) -> V3 {
    (a.0 * sa + b.0 * sb, a.1 * sa + b.1 * sb, a.2 * sa + b.2 * sb)
}
private func cross(_ a: V3, _ b: V3) -> V3 {
    (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0)
}

extension CATransform3D {
    /// The decomposition of this matrix, or nil when it cannot be decomposed (m44 zero,
    /// or a singular upper 3x3 part), in which case interpolation falls back to a step.
    public var decomposed: CATransform3DDecomposition? {
        guard isFinite, m44 != 0 else { return nil }
        var m = self
        for i in 0..<4 { for j in 0..<4 { m[i, j] /= self.m44 } }
        // A = M with its perspective column cleared; M = A * P.
        var a = m
        a.m14 = 0; a.m24 = 0; a.m34 = 0; a.m44 = 1
        guard let aInv = a.inverse else { return nil }
        var perspective: (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) = (0, 0, 0, 1)
        if m.m14 != 0 || m.m24 != 0 || m.m34 != 0 {
            // The last column of M is A * p (p a column vector), so p = A^-1 * lastColumn.
            let c = (m.m14, m.m24, m.m34, m.m44)
            func row(_ i: Int) -> CGFloat { aInv[i, 0] * c.0 + aInv[i, 1] * c.1 + aInv[i, 2] * c.2 + aInv[i, 3] * c.3 }
            perspective = (row(0), row(1), row(2), row(3))
        }
        let translation = (x: m.m41, y: m.m42, z: m.m43)
        // Gram-Schmidt on the rows of the 3x3 part: row_i = scale_i * (r_i + skew terms).
        var r0: V3 = (m.m11, m.m12, m.m13), r1: V3 = (m.m21, m.m22, m.m23), r2: V3 = (m.m31, m.m32, m.m33)
        var sx = length(r0)
        r0 = scaled(r0, 1 / sx)
        var kxy = dot(r0, r1)
        r1 = combine(r1, r0, 1, -kxy)
        var sy = length(r1)
        r1 = scaled(r1, 1 / sy)
        kxy /= sy
        var kxz = dot(r0, r2)
        r2 = combine(r2, r0, 1, -kxz)
        var kyz = dot(r1, r2)
        r2 = combine(r2, r1, 1, -kyz)
        var sz = length(r2)
        r2 = scaled(r2, 1 / sz)
        kxz /= sz
        kyz /= sz
        // A left-handed basis is a reflection: fold it into negative scales.
        if dot(r0, cross(r1, r2)) < 0 {
            sx = -sx; sy = -sy; sz = -sz
            r0 = scaled(r0, -1); r1 = scaled(r1, -1); r2 = scaled(r2, -1)
        }
        guard [sx, sy, sz].allSatisfy({ $0.isFinite && $0 != 0 }) else { return nil }
        // Row-vector rotation matrix R = transpose of the column-vector one, so
        // R[1][2] - R[2][1] = 4xw and so on. Pick the largest diagonal term for stability.
        let (R00, R01, R02) = r0, (R10, R11, R12) = r1, (R20, R21, R22) = r2
        let trace = R00 + R11 + R22
        var q: (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat)
        if trace > 0 {
            let s = 0.5 / (trace + 1).squareRoot()
            q = ((R12 - R21) * s, (R20 - R02) * s, (R01 - R10) * s, 0.25 / s)
        } else if R00 > R11 && R00 > R22 {
            let s = 2 * (1 + R00 - R11 - R22).squareRoot()
            q = (0.25 * s, (R10 + R01) / s, (R20 + R02) / s, (R12 - R21) / s)
        } else if R11 > R22 {
            let s = 2 * (1 + R11 - R00 - R22).squareRoot()
            q = ((R10 + R01) / s, 0.25 * s, (R21 + R12) / s, (R20 - R02) / s)
        } else {
            let s = 2 * (1 + R22 - R00 - R11).squareRoot()
            q = ((R20 + R02) / s, (R21 + R12) / s, 0.25 * s, (R01 - R10) / s)
        }
        let qn = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
        q = (q.x / qn, q.y / qn, q.z / qn, q.w / qn)
        return CATransform3DDecomposition(translation: translation, scale: (sx, sy, sz),
                                          skew: (kxy, kxz, kyz), perspective: perspective, quaternion: q)
    }
}

extension CATransform3DDecomposition {
    /// The rotation matrix of `quaternion` (row-vector convention).
    var rotationMatrix: CATransform3D {
        let (x, y, z, w) = quaternion
        var r = CATransform3DIdentity
        r.m11 = 1 - 2 * (y * y + z * z); r.m12 = 2 * (x * y + z * w); r.m13 = 2 * (x * z - y * w)
        r.m21 = 2 * (x * y - z * w); r.m22 = 1 - 2 * (x * x + z * z); r.m23 = 2 * (y * z + x * w)
        r.m31 = 2 * (x * z + y * w); r.m32 = 2 * (y * z - x * w); r.m33 = 1 - 2 * (x * x + y * y)
        return r
    }

    /// The matrix S * K * R * T * P these parts describe.
    public var recomposed: CATransform3D {
        var s = CATransform3DMakeScale(scale.x, scale.y, scale.z)
        var k = CATransform3DIdentity
        k.m21 = skew.xy; k.m31 = skew.xz; k.m32 = skew.yz
        s = s.concatenating(k).concatenating(rotationMatrix)
        s = s.concatenating(CATransform3DMakeTranslation(translation.x, translation.y, translation.z))
        var p = CATransform3DIdentity
        p.m14 = perspective.x; p.m24 = perspective.y; p.m34 = perspective.z; p.m44 = perspective.w
        return s.concatenating(p)
    }

    /// The parts interpolated from `self` (fraction 0) to `to` (fraction 1): linear for
    /// translation, scale, skew and perspective, spherical (shorter arc) for the rotation.
    public func interpolated(to b: CATransform3DDecomposition, fraction t: CGFloat) -> CATransform3DDecomposition {
        func lerp(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * t }
        var r = self
        r.translation = (lerp(translation.x, b.translation.x), lerp(translation.y, b.translation.y), lerp(translation.z, b.translation.z))
        r.scale = (lerp(scale.x, b.scale.x), lerp(scale.y, b.scale.y), lerp(scale.z, b.scale.z))
        r.skew = (lerp(skew.xy, b.skew.xy), lerp(skew.xz, b.skew.xz), lerp(skew.yz, b.skew.yz))
        r.perspective = (lerp(perspective.x, b.perspective.x), lerp(perspective.y, b.perspective.y),
                         lerp(perspective.z, b.perspective.z), lerp(perspective.w, b.perspective.w))
        r.quaternion = Self.slerp(quaternion, b.quaternion, t)
        return r
    }

    /// Spherical linear interpolation of unit quaternions along the shorter arc.
    static func slerp(_ qa: (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat),
                      _ qb0: (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat),
                      _ t: CGFloat) -> (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) {
        var qb = qb0
        var d = qa.x * qb.x + qa.y * qb.y + qa.z * qb.z + qa.w * qb.w
        // q and -q are the same rotation; flipping one keeps the path under 180 degrees.
        if d < 0 { qb = (-qb.x, -qb.y, -qb.z, -qb.w); d = -d }
        d = min(d, 1)
        if d > 1 - 1e-12 {
            // Nearly equal: normalized lerp avoids dividing by sin(theta) ~ 0.
            let r = (qa.x + (qb.x - qa.x) * t, qa.y + (qb.y - qa.y) * t, qa.z + (qb.z - qa.z) * t, qa.w + (qb.w - qa.w) * t)
            let n = (r.0 * r.0 + r.1 * r.1 + r.2 * r.2 + r.3 * r.3).squareRoot()
            return (r.0 / n, r.1 / n, r.2 / n, r.3 / n)
        }
        let theta = acos(d)
        let sinTheta = sin(theta)
        let wa = sin((1 - t) * theta) / sinTheta, wb = sin(t * theta) / sinTheta
        return (qa.x * wa + qb.x * wb, qa.y * wa + qb.y * wb, qa.z * wa + qb.z * wb, qa.w * wa + qb.w * wb)
    }
}

extension CATransform3D {
    /// The transform a fraction `t` of the way from `self` to `to`, interpolated by
    /// decomposition as Core Animation and CSS do. If either matrix cannot be decomposed,
    /// the result steps from `self` to `to` at t = 0.5 (CSS's discrete fallback).
    public func interpolated(to b: CATransform3D, fraction t: CGFloat) -> CATransform3D {
        guard let da = decomposed, let db = b.decomposed else { return t < 0.5 ? self : b }
        return da.interpolated(to: db, fraction: t).recomposed
    }
}
