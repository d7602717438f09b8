/// Core Animation's 4x4 transform, in Core Animation's field order and convention.
///
/// Row vectors: a point p = (x, y, z, 1) maps to p * M, so `CATransform3DConcat(a, b)` is
/// "a, then b". Translation is (m41, m42, m43); m34 is the perspective term
/// (`t.m34 = -1 / d` puts the eye at distance d). `CATransform3D()` is all zeros, as the
/// C struct is; start from `CATransform3DIdentity`.
public struct CATransform3D: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Row 1: the image of the x axis (m14: x's share of w).
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    /// Row 2: the image of the y axis (m24: y's share of w).
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    /// Row 3: the image of the z axis (m34: the perspective term, -1 / eye distance).
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    /// Row 4: the translation (m41, m42, m43) and w's constant m44 (1 for affine transforms).
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// All sixteen fields zero (the C struct's zero initializer).
    public init() {
        m11 = 0; m12 = 0; m13 = 0; m14 = 0; m21 = 0; m22 = 0; m23 = 0; m24 = 0
        m31 = 0; m32 = 0; m33 = 0; m34 = 0; m41 = 0; m42 = 0; m43 = 0; m44 = 0
    }

    /// A transform from its sixteen fields.
    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
                m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
                m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// A transform from sixteen numbers in field order m11, m12, ..., m44.
    public init(fields f: [CGFloat]) {
        precondition(f.count == 16, "CATransform3D needs 16 fields")
        self.init(m11: f[0], m12: f[1], m13: f[2], m14: f[3], m21: f[4], m22: f[5], m23: f[6], m24: f[7],
                  m31: f[8], m32: f[9], m33: f[10], m34: f[11], m41: f[12], m42: f[13], m43: f[14], m44: f[15])
    }

    /// The sixteen fields in order m11, m12, ..., m44.
    public var fields: [CGFloat] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// The field in `row` and `column` (both 0-based): `self[2, 3]` is m34.
    public subscript(row: Int, column: Int) -> CGFloat {
        get {
            switch (row, column) {
            case (0, 0): m11
            case (0, 1): m12
            case (0, 2): m13
            case (0, 3): m14
            case (1, 0): m21
            case (1, 1): m22
            case (1, 2): m23
            case (1, 3): m24
            case (2, 0): m31
            case (2, 1): m32
            case (2, 2): m33
            case (2, 3): m34
            case (3, 0): m41
            case (3, 1): m42
            case (3, 2): m43
            case (3, 3): m44
            default: preconditionFailure("CATransform3D index out of range")
            }
        }
        set {
            switch (row, column) {
            case (0, 0): m11 = newValue
            case (0, 1): m12 = newValue
            case (0, 2): m13 = newValue
            case (0, 3): m14 = newValue
            case (1, 0): m21 = newValue
            case (1, 1): m22 = newValue
            case (1, 2): m23 = newValue
            case (1, 3): m24 = newValue
            case (2, 0): m31 = newValue
            case (2, 1): m32 = newValue
            case (2, 2): m33 = newValue
            case (2, 3): m34 = newValue
            case (3, 0): m41 = newValue
            case (3, 1): m42 = newValue
            case (3, 2): m43 = newValue
            case (3, 3): m44 = newValue
            default: preconditionFailure("CATransform3D index out of range")
            }
        }
    }

    /// `self`, then `b` (the matrix product self * b).
    public func concatenating(_ b: CATransform3D) -> CATransform3D {
        let a = self
        func row(_ x: CGFloat, _ y: CGFloat, _ z: CGFloat, _ w: CGFloat) -> (CGFloat, CGFloat, CGFloat, CGFloat) {
            (x * b.m11 + y * b.m21 + z * b.m31 + w * b.m41,
             x * b.m12 + y * b.m22 + z * b.m32 + w * b.m42,
             x * b.m13 + y * b.m23 + z * b.m33 + w * b.m43,
             x * b.m14 + y * b.m24 + z * b.m34 + w * b.m44)
        }
        let r1 = row(a.m11, a.m12, a.m13, a.m14), r2 = row(a.m21, a.m22, a.m23, a.m24)
        let r3 = row(a.m31, a.m32, a.m33, a.m34), r4 = row(a.m41, a.m42, a.m43, a.m44)
        return CATransform3D(m11: r1.0, m12: r1.1, m13: r1.2, m14: r1.3, m21: r2.0, m22: r2.1, m23: r2.2, m24: r2.3,
                             m31: r3.0, m32: r3.1, m33: r3.2, m34: r3.3, m41: r4.0, m42: r4.1, m43: r4.2, m44: r4.3)
    }

    /// The homogeneous image (x', y', z', w') of the point (x, y, z, w): the row vector times M.
    public func apply(_ x: CGFloat, _ y: CGFloat, _ z: CGFloat = 0, _ w: CGFloat = 1) -> (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) {
        (x * m11 + y * m21 + z * m31 + w * m41,
         x * m12 + y * m22 + z * m32 + w * m42,
         x * m13 + y * m23 + z * m33 + w * m43,
         x * m14 + y * m24 + z * m34 + w * m44)
    }

    /// The determinant.
    public var determinant: CGFloat {
        let c = cofactors
        return m11 * c[0] + m12 * c[1] + m13 * c[2] + m14 * c[3]
    }

    /// The (i, j) cofactors in field order: cofactors[4*i + j] = (-1)^(i+j) * minor(i, j).
    public var cofactors: [CGFloat] {
        let m = fields
        var out = [CGFloat](repeating: 0, count: 16)
        for i in 0..<4 {
            for j in 0..<4 {
                var sub: [CGFloat] = []
                sub.reserveCapacity(9)
                for r in 0..<4 where r != i {
                    for c in 0..<4 where c != j { sub.append(m[4 * r + c]) }
                }
                let det3 = sub[0] * (sub[4] * sub[8] - sub[5] * sub[7])
                    - sub[1] * (sub[3] * sub[8] - sub[5] * sub[6])
                    + sub[2] * (sub[3] * sub[7] - sub[4] * sub[6])
                out[4 * i + j] = ((i + j) % 2 == 0 ? 1 : -1) * det3
            }
        }
        return out
    }

    /// The inverse, or nil when the matrix is singular (or not finite).
    public var inverse: CATransform3D? {
        let c = cofactors
        let det = m11 * c[0] + m12 * c[1] + m13 * c[2] + m14 * c[3]
        guard det != 0, det.isFinite else { return nil }
        // inverse = adjugate / det, adjugate = transpose of the cofactor matrix.
        var f = [CGFloat](repeating: 0, count: 16)
        for i in 0..<4 { for j in 0..<4 { f[4 * i + j] = c[4 * j + i] / det } }
        guard f.allSatisfy(\.isFinite) else { return nil }
        return CATransform3D(fields: f)
    }

    /// Whether every field is finite.
    public var isFinite: Bool { fields.allSatisfy(\.isFinite) }

    public var description: String {
        let f = fields.map { String(format: "%.6g", Double($0)) }
        return "CATransform3D([\(f[0..<4].joined(separator: ", "))], [\(f[4..<8].joined(separator: ", "))], "
            + "[\(f[8..<12].joined(separator: ", "))], [\(f[12..<16].joined(separator: ", "))])"
    }
}

/// The identity transform.
public let CATransform3DIdentity = CATransform3D(
    m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

extension CATransform3D {
    /// The identity transform (`CATransform3DIdentity`).
    public static var identity: CATransform3D { CATransform3DIdentity }
}
