// Small geometry helpers for the compositor. Row vectors throughout: a local point
// (x, y, 0, 1) maps to (X, Y, Z, W) = (x, y, 0, 1) * M.
import QuartzCore

/// w must exceed this after projection; closer to the eye plane is clipped away (as Skia).
let wEpsilon = 1.0 / 16384

/// A 4x4 matrix of Doubles in Core Animation's convention (row vectors, p' = p * M;
/// rows r0...r3, translation in r3). The compositor's working type.
public struct Mat4: Equatable, Sendable, CustomStringConvertible {
    /// The rows (m11...m14, ..., m41...m44): r0, r1, r2 are the images of the x, y, z axes, r3 the translation.
    public var r0: SIMD4<Double>, r1: SIMD4<Double>, r2: SIMD4<Double>, r3: SIMD4<Double>

    /// A matrix from its four rows.
    public init(_ r0: SIMD4<Double>, _ r1: SIMD4<Double>, _ r2: SIMD4<Double>, _ r3: SIMD4<Double>) {
        self.r0 = r0; self.r1 = r1; self.r2 = r2; self.r3 = r3
    }

    /// A Core Animation transform's matrix, field for field.
    public init(_ t: CATransform3D) {
        self.init(SIMD4(Double(t.m11), Double(t.m12), Double(t.m13), Double(t.m14)),
                  SIMD4(Double(t.m21), Double(t.m22), Double(t.m23), Double(t.m24)),
                  SIMD4(Double(t.m31), Double(t.m32), Double(t.m33), Double(t.m34)),
                  SIMD4(Double(t.m41), Double(t.m42), Double(t.m43), Double(t.m44)))
    }

    /// The identity matrix.
    public static let identity = Mat4(SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1))

    /// A translation.
    public static func translation(_ x: Double, _ y: Double, _ z: Double = 0) -> Mat4 {
        var m = identity
        m.r3 = SIMD4(x, y, z, 1)
        return m
    }

    /// A scale.
    public static func scale(_ x: Double, _ y: Double, _ z: Double = 1) -> Mat4 {
        Mat4(SIMD4(x, 0, 0, 0), SIMD4(0, y, 0, 0), SIMD4(0, 0, z, 0), SIMD4(0, 0, 0, 1))
    }

    /// self, then b.
    public func concatenating(_ b: Mat4) -> Mat4 {
        // Inlined: a call per row cost more than its arithmetic (the same operations either way).
        @inline(__always) func row(_ r: SIMD4<Double>) -> SIMD4<Double> { r.x * b.r0 + r.y * b.r1 + r.z * b.r2 + r.w * b.r3 }
        return Mat4(row(r0), row(r1), row(r2), row(r3))
    }

    /// The sixteen entries in field order m11 ... m44.
    public var fields: [Double] { [r0.x, r0.y, r0.z, r0.w, r1.x, r1.y, r1.z, r1.w, r2.x, r2.y, r2.z, r2.w, r3.x, r3.y, r3.z, r3.w] }

    public var description: String { "[" + fields.map { String(format: "%.6g", $0) }.joined(separator: ", ") + "]" }

    /// The homogeneous image of the local point (x, y, 0, 1).
    @inline(__always) public func map(_ p: SIMD2<Double>) -> SIMD4<Double> { p.x * r0 + p.y * r1 + r3 }

    /// The projected 2D image (X/W, Y/W) of a local point.
    @inline(__always) public func project(_ p: SIMD2<Double>) -> SIMD2<Double> {
        let h = map(p)
        return SIMD2(h.x / h.w, h.y / h.w)
    }

    /// The half-plane W > eps of local points in front of the eye.
    var inFrontOfEye: HalfPlane { HalfPlane(a: r0.w, b: r1.w, c: r3.w - wEpsilon) }

    /// A half-plane a*X' + b*Y' + c >= 0 of the projected image, as a half-plane of local
    /// points (valid where W > 0): a*X + b*Y + c*W >= 0.
    func pullBack(_ h: HalfPlane) -> HalfPlane {
        HalfPlane(a: h.a * r0.x + h.b * r0.y + h.c * r0.w,
                  b: h.a * r1.x + h.b * r1.y + h.c * r1.w,
                  c: h.a * r3.x + h.b * r3.y + h.c * r3.w)
    }

    /// The Jacobian d(X/W, Y/W)/d(x, y) at a local point, as its columns d/dx and d/dy.
    func jacobian(_ p: SIMD2<Double>) -> (dx: SIMD2<Double>, dy: SIMD2<Double>) {
        let h = map(p)
        let w2 = h.w * h.w
        let dx = SIMD2((r0.x * h.w - h.x * r0.w) / w2, (r0.y * h.w - h.y * r0.w) / w2)
        let dy = SIMD2((r1.x * h.w - h.x * r1.w) / w2, (r1.y * h.w - h.y * r1.w) / w2)
        return (dx, dy)
    }

    /// Largest and smallest stretch (singular values of the Jacobian) at a local point.
    func stretch(_ p: SIMD2<Double>) -> (max: Double, min: Double) {
        let j = jacobian(p)
        let a = j.dx.x, b = j.dy.x, c = j.dx.y, d = j.dy.y
        let s1 = a * a + b * b + c * c + d * d
        let det = a * d - b * c
        let disc = max(0, s1 * s1 - 4 * det * det).squareRoot()
        return (((s1 + disc) / 2).squareRoot(), (max(0, (s1 - disc) / 2)).squareRoot())
    }

    /// The map with the z column cleared: flattening into the plane it maps to.
    var flattened: Mat4 {
        var m = self
        m.r0.z = 0; m.r1.z = 0; m.r2.z = 0; m.r3.z = 0
        return m
    }

    /// Whether the z = 0 plane maps into z = 0 with no perspective (a 2D affine placement).
    var isPlanarAffine: Bool {
        let tol = 1e-12
        return abs(r0.z) <= tol && abs(r1.z) <= tol && abs(r3.z) <= tol && abs(r0.w) <= tol && abs(r1.w) <= tol && abs(r3.w - 1) <= tol
    }

    /// Whether the plane map is a translation alone (no scale, rotation, z or perspective).
    var isPixelTranslation: Bool {
        let tol = 1e-9
        return isPlanarAffine && abs(r0.x - 1) <= tol && abs(r0.y) <= tol && abs(r1.x) <= tol && abs(r1.y - 1) <= tol
    }
}

/// Clips a convex polygon by a half-plane (Sutherland-Hodgman), keeping value >= 0.
func clip(_ poly: [SIMD2<Double>], _ h: HalfPlane) -> [SIMD2<Double>] {
    var p = poly, spare: [SIMD2<Double>] = []
    clipStep(&p, h, spare: &spare)
    return p
}

/// Clips `p` by one half-plane in place (Sutherland-Hodgman, keeping value >= 0); false when
/// nothing is left (`p` is then empty; also for fewer than 3 points). The cut polygon is built
/// in `spare` and swapped in, so a run of cuts reuses two buffers instead of a new array each.
@discardableResult
func clipStep(_ p: inout [SIMD2<Double>], _ h: HalfPlane, spare: inout [SIMD2<Double>]) -> Bool {
    guard p.count >= 3 else { p = []; return false }
    // Wholly inside (the common case): the polygon itself, untouched.
    var inside = true
    for q in p where !(h.value(q) >= 0) { inside = false; break }
    if inside { return true }
    spare.removeAll(keepingCapacity: true)
    // Room for a few more cuts (the buffers trade places after each): fewer reallocations.
    if spare.capacity < p.count + 1 { spare.reserveCapacity(max(p.count + 1, 12)) }
    var prev = p[p.count - 1]
    var pv = h.value(prev)
    for cur in p {
        let cv = h.value(cur)
        if cv >= 0 {
            if pv < 0 { spare.append(prev + (cur - prev) * (pv / (pv - cv))) }
            spare.append(cur)
        } else if pv >= 0 {
            spare.append(prev + (cur - prev) * (pv / (pv - cv)))
        }
        prev = cur
        pv = cv
    }
    guard spare.count >= 3 else { p = []; return false }
    swap(&p, &spare)
    return true
}

/// Clips a convex polygon by every half-plane (public: renderers and tests use it too).
public func clip(_ poly: [SIMD2<Double>], _ hs: [HalfPlane]) -> [SIMD2<Double>] {
    var p = poly, spare: [SIMD2<Double>] = []
    for h in hs where !clipStep(&p, h, spare: &spare) { return [] }
    return p
}

/// The bounding box of points.
func boundingBox(_ pts: [SIMD2<Double>]) -> Box? {
    guard let f = pts.first else { return nil }
    var b = Box(minX: f.x, minY: f.y, maxX: f.x, maxY: f.y)
    for p in pts.dropFirst() {
        b.minX = min(b.minX, p.x); b.minY = min(b.minY, p.y); b.maxX = max(b.maxX, p.x); b.maxY = max(b.maxY, p.y)
    }
    return b
}

/// The premultiplied form of a straight-alpha color.
func premultiplied(_ c: CGColor?) -> PremultipliedColor? {
    guard let c else { return nil }
    let a = Float(c.rgba.alpha)
    return PremultipliedColor(Float(c.rgba.red) * a, Float(c.rgba.green) * a, Float(c.rgba.blue) * a, a)
}
