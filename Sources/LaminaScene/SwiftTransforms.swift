// Transforms as Swift a Core Animation developer would write (CATransform3DMakeRotation(...),
// a perspective's m34 = -1.0 / 500), each form used only when evaluating it with this
// package's functions gives the very same matrix; otherwise all 16 fields are written.
// Matrices are row vectors, p' = p * M (Core Animation's convention).
import QuartzCore

/// A transform as Swift: statements to run first (declaring a `var`) and the expression.
struct SwiftTransform {
    /// Lines that must come before the expression.
    var prelude: [String] = []
    /// The expression giving the transform.
    var expression: String
}

/// An angle as text and the value that text evaluates to in Swift.
private struct AngleCandidate { let text: String; let value: Double }

/// An axis as text (three arguments) and its values.
private struct AxisCandidate { let text: String; let x: Double, y: Double, z: Double }

/// One step of a transform built up from the identity, as a scene file's steps are.
private enum Step {
    case translate(Double, Double, Double)
    case scale(Double, Double, Double)
    case rotate(AngleCandidate, AxisCandidate)
    /// Sets m34 (a perspective): its text and value.
    case m34(String, Double)

    /// `t` with this step applied (the scene reader's operations).
    func apply(_ t: CATransform3D) -> CATransform3D {
        switch self {
        case .translate(let x, let y, let z): return CATransform3DTranslate(t, x, y, z)
        case .scale(let x, let y, let z): return CATransform3DScale(t, x, y, z)
        case .rotate(let a, let r): return CATransform3DRotate(t, a.value, r.x, r.y, r.z)
        case .m34(_, let p):
            var u = t
            u.m34 = p
            return u
        }
    }

    /// The call applying this step to `base` (nil: the first step, from the identity).
    func call(_ base: String?) -> String {
        let n = SwiftLiterals.number
        switch self {
        case .translate(let x, let y, let z):
            return base.map { "CATransform3DTranslate(\($0), \(n(x)), \(n(y)), \(n(z)))" } ?? "CATransform3DMakeTranslation(\(n(x)), \(n(y)), \(n(z)))"
        case .scale(let x, let y, let z):
            return base.map { "CATransform3DScale(\($0), \(n(x)), \(n(y)), \(n(z)))" } ?? "CATransform3DMakeScale(\(n(x)), \(n(y)), \(n(z)))"
        case .rotate(let a, let r):
            return base.map { "CATransform3DRotate(\($0), \(a.text), \(r.text))" } ?? "CATransform3DMakeRotation(\(a.text), \(r.text))"
        case .m34: return base ?? "CATransform3DIdentity"
        }
    }
}

enum SwiftTransforms {
    /// The Swift for `t`; `helper` names the `var` a form of several steps declares (it must be
    /// unique in the scope the prelude goes into).
    static func source(_ t: CATransform3D, helper: String) -> SwiftTransform {
        for steps in candidates(t) where steps.reduce(CATransform3DIdentity, { $1.apply($0) }) == t {
            return text(steps, helper: helper)
        }
        if CATransform3DIsAffine(t) {
            let f = [t.m11, t.m12, t.m21, t.m22, t.m41, t.m42].map { SwiftLiterals.number(Double($0)) }
            let affine = CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
            if CATransform3DMakeAffineTransform(affine) == t {
                return SwiftTransform(expression: "CATransform3DMakeAffineTransform(CGAffineTransform(a: \(f[0]), b: \(f[1]), c: \(f[2]), d: \(f[3]), tx: \(f[4]), ty: \(f[5])))")
            }
        }
        return SwiftTransform(expression: matrix(t))
    }

    /// One or two steps without a perspective as one expression; otherwise a `var` changed
    /// step by step (the perspective first, as the steps are ordered).
    private static func text(_ steps: [Step], helper: String) -> SwiftTransform {
        guard let first = steps.first else { return SwiftTransform(expression: "CATransform3DIdentity") }
        let hasM34 = steps.contains { if case .m34 = $0 { return true } else { return false } }
        if !hasM34 && steps.count <= 2 {
            return SwiftTransform(expression: steps.dropFirst().reduce(first.call(nil)) { $1.call($0) })
        }
        var lines = ["var \(helper) = \(first.call(nil))"]
        for (i, s) in steps.enumerated() {
            if case .m34(let text, _) = s {
                lines.append("\(helper).m34 = \(text)")
            } else if i > 0 {
                lines.append("\(helper) = \(s.call(helper))")
            }
        }
        return SwiftTransform(prelude: lines, expression: helper)
    }

    /// Step programs `t` may have been built by, most readable first: a translation, a scale
    /// (after a translation), a perspective, a rotation (after a perspective and a translation), two turns about
    /// coordinate axes (after a perspective).
    private static func candidates(_ t: CATransform3D) -> [[Step]] {
        var out: [[Step]] = [[], [.translate(t.m41, t.m42, t.m43)], [.scale(t.m11, t.m22, t.m33)],
                             [.translate(t.m41, t.m42, t.m43), .scale(t.m11, t.m22, t.m33)]]
        let m3 = [[t.m11, t.m12, t.m13], [t.m21, t.m22, t.m23], [t.m31, t.m32, t.m33]].map { $0.map { Double($0) } }
        let m34s = perspectives(t, m3)
        out += m34s.map { [$0] }
        let translate: [Step] = t.m41 == 0 && t.m42 == 0 && t.m43 == 0 ? [] : [.translate(t.m41, t.m42, t.m43)]
        let starts: [[Step]] = [[]] + m34s.map { [$0] }
        for (angle, axis) in rotations(of: t) {
            for p in starts { out.append(p + translate + [.rotate(angle, axis)]) }
        }
        for (first, second) in twoTurns(m3) {
            let turns: [Step] = [.rotate(first.0, first.1), .rotate(second.0, second.1)]
            for p in starts { out.append(p + turns) }
            // Turned about a pivot on the z axis: translate(0, 0, a), the turns, translate(0, 0, b).
            if let (a, b) = pivot(t, m3) {
                for p in starts { out.append(p + [.translate(0, 0, a)] + turns + [.translate(0, 0, b)]) }
            }
        }
        // Two turns then a scale: each row of the 3x3 part is a unit row times its scale.
        let scales = m3.map { row in (row.reduce(0) { $0 + $1 * $1 }.squareRoot() * 1e6).rounded() / 1e6 }
        if scales.allSatisfy({ $0 > 0 }), scales != [1, 1, 1] {
            let unit = zip(m3, scales).map { row, k in row.map { $0 / k } }
            for (first, second) in twoTurns(unit) {
                for p in starts {
                    out.append(p + [.rotate(first.0, first.1), .rotate(second.0, second.1), .scale(scales[0], scales[1], scales[2])])
                }
            }
        }
        return out
    }

    /// a and b for translate(0, 0, a), a rotation R, translate(0, 0, b): the translation row is
    /// b times R's third row plus (0, 0, a) (a perspective after them leaves it as is).
    private static func pivot(_ t: CATransform3D, _ m3: [[Double]]) -> (Double, Double)? {
        let r = m3[2]
        let (num, den) = abs(r[0]) >= abs(r[1]) ? (Double(t.m41), r[0]) : (Double(t.m42), r[1])
        guard den != 0 else { return nil }
        let round6 = { (x: Double) in (x * 1e6).rounded() / 1e6 }
        let b = round6(num / den)
        let a = round6(Double(t.m43) - b * r[2])
        return a == 0 && b == 0 ? nil : (a, b)
    }

    /// The perspectives (m34 steps) the matrix may start with: the rotation part keeps column
    /// 4 at 0, 0, 0, 1, so each m*4 is the 3x3 part's m*3 times the perspective's m34.
    private static func perspectives(_ t: CATransform3D, _ m3: [[Double]]) -> [Step] {
        var out: [Step] = [], seen: Set<Double> = []
        for (num, den) in [(Double(t.m34), m3[2][2]), (Double(t.m14), m3[0][2]), (Double(t.m24), m3[1][2])] where den != 0 && num != 0 {
            let p = num / den
            let d = (-1 / p * 1e6).rounded() / 1e6
            if d.isFinite, d != 0, !seen.contains(-1 / d) {
                seen.insert(-1 / d)
                out.append(.m34("-1.0 / \(SwiftLiterals.number(d))", -1 / d))
            }
            if !seen.contains(p) { seen.insert(p); out.append(.m34(SwiftLiterals.number(p), p)) }
        }
        return out
    }

    /// Two turns about coordinate axes whose product may be `m3`: the first about axis i, the
    /// second about axis j. Row j of R2 * R1 is R1's (R2 keeps its axis), column i is R2's.
    private static func twoTurns(_ m3: [[Double]]) -> [((AngleCandidate, AxisCandidate), (AngleCandidate, AxisCandidate))] {
        var out: [((AngleCandidate, AxisCandidate), (AngleCandidate, AxisCandidate))] = []
        let names = ["1, 0, 0", "0, 1, 0", "0, 0, 1"]
        func unit(_ k: Int) -> (Double, Double, Double) { (k == 0 ? 1 : 0, k == 1 ? 1 : 0, k == 2 ? 1 : 0) }
        func axis(_ k: Int) -> AxisCandidate { let u = unit(k); return AxisCandidate(text: names[k], x: u.0, y: u.1, z: u.2) }
        // Where the sine sits and its sign, from a reference turn of 0.5 rad about each axis.
        func ref(_ k: Int) -> [[Double]] {
            let u = unit(k)
            let r = CATransform3DMakeRotation(0.5, u.0, u.1, u.2)
            return [[r.m11, r.m12, r.m13], [r.m21, r.m22, r.m23], [r.m31, r.m32, r.m33]].map { $0.map { Double($0) / sin(0.5) } }
        }
        for i in 0..<3 {
            for j in 0..<3 where j != i {
                let q = 3 - i - j  // the third axis
                // The first turn (about i) from row j: its cosine at [j][j], its sine at [j][q].
                let a1 = atan2(ref(i)[j][q].rounded() * m3[j][q], m3[j][j])
                // The second turn (about j) from column i: its cosine at [i][i], its sine at [q][i].
                let a2 = atan2(ref(j)[q][i].rounded() * m3[q][i], m3[i][i])
                guard a1 != 0, a2 != 0 else { continue }
                for x in angles(a1) { for y in angles(a2) { out.append(((x, axis(i)), (y, axis(j)))) } }
            }
        }
        return out
    }

    /// All 16 fields, one row of the matrix per line.
    static func matrix(_ t: CATransform3D) -> String {
        let f = t.fields.map { SwiftLiterals.number(Double($0)) }
        let rows = (0..<4).map { r in (0..<4).map { c in "m\(r + 1)\(c + 1): \(f[r * 4 + c])" }.joined(separator: ", ") }
        return "CATransform3D(" + rows.joined(separator: ",\n    ") + ")"
    }

    /// Readable rotations whose upper 3x3 may be `t`'s: the axis from the matrix's
    /// antisymmetric part (snapped to small whole numbers when near them), the angle in
    /// degrees, as a fraction of pi, or in radians.
    private static func rotations(of t: CATransform3D) -> [(AngleCandidate, AxisCandidate)] {
        let c = Double(t.m11 + t.m22 + t.m33 - 1) / 2
        let w = (Double(t.m23 - t.m32) / 2, Double(t.m31 - t.m13) / 2, Double(t.m12 - t.m21) / 2)
        let s = (w.0 * w.0 + w.1 * w.1 + w.2 * w.2).squareRoot()
        guard s > 0 || c < 0, c.isFinite else { return [] }
        var axis = s > 0 ? (w.0 / s, w.1 / s, w.2 / s) : (0.0, 0.0, 1.0)
        if s == 0 {
            // A half turn: the axis is the column of t + I with the largest diagonal.
            let d = [Double(t.m11), Double(t.m22), Double(t.m33)]
            let i = d.firstIndex(of: d.max()!)!
            axis = i == 0 ? (1, 0, 0) : i == 1 ? (0, 1, 0) : (0, 0, 1)
        }
        // The first nonzero component positive, the angle carrying the sign.
        if (axis.0 != 0 ? axis.0 : axis.1 != 0 ? axis.1 : axis.2) < 0 { axis = (-axis.0, -axis.1, -axis.2) }
        let theta = atan2(s, min(max(c, -1), 1))
        var out: [(AngleCandidate, AxisCandidate)] = []
        for ax in axes(axis) {
            for sign in [1.0, -1.0] {
                for a in angles(sign * theta) { out.append((a, ax)) }
            }
        }
        return out
    }

    /// The axis as small whole numbers (0, 1, 0 or 1, 1, 0) when it is near such, and as is.
    private static func axes(_ a: (Double, Double, Double)) -> [AxisCandidate] {
        var out: [AxisCandidate] = []
        let parts = [a.0, a.1, a.2]
        if let unit = parts.filter({ abs($0) > 1e-9 }).map(abs).min() {
            // (+0 for the zero components: "0" reads better than "-0.0".)
            let k = parts.map { ($0 / unit * 1e6).rounded() / 1e6 + 0 }
            if k.allSatisfy({ $0 == $0.rounded() && abs($0) <= 100 }) {
                out.append(AxisCandidate(text: k.map(SwiftLiterals.number).joined(separator: ", "), x: k[0], y: k[1], z: k[2]))
            }
        }
        out.append(AxisCandidate(text: parts.map(SwiftLiterals.number).joined(separator: ", "), x: a.0, y: a.1, z: a.2))
        return out
    }

    /// `theta` as degrees (`30 * .pi / 180`), a fraction of pi (`.pi / 2`), or radians.
    private static func angles(_ theta: Double) -> [AngleCandidate] {
        var out: [AngleCandidate] = []
        let deg = theta * 180 / .pi
        let fine = (deg * 1e6).rounded() / 1e6
        for r in fine == deg.rounded() ? [fine] : [deg.rounded(), fine] where r != 0 {
            out.append(AngleCandidate(text: "\(SwiftLiterals.number(r)) * .pi / 180", value: r * .pi / 180))
        }
        let k = (Double.pi / theta).rounded()
        if abs(Double.pi / theta - k) < 1e-9, k != 0, abs(k) <= 360 {
            if k == 1 { out.append(AngleCandidate(text: ".pi", value: .pi)) }
            if k == -1 { out.append(AngleCandidate(text: "-.pi", value: -.pi)) }
            out.append(AngleCandidate(text: k > 0 ? ".pi / \(Int(k))" : "-.pi / \(Int(-k))", value: k > 0 ? .pi / k : -.pi / -k))
        }
        if let short = Double(String(format: "%.12g", theta)) { out.append(AngleCandidate(text: SwiftLiterals.number(short), value: short)) }
        out.append(AngleCandidate(text: SwiftLiterals.number(theta), value: theta))
        return out
    }
}
