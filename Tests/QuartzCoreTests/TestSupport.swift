// Shared helpers for the QuartzCore tests: tolerant comparisons and a seeded generator.
import Testing
import QuartzCore

/// The largest absolute difference between corresponding fields.
func maxDiff(_ a: CATransform3D, _ b: CATransform3D) -> CGFloat {
    zip(a.fields, b.fields).map { abs($0 - $1) }.max()!
}

func expectClose(_ a: CATransform3D, _ b: CATransform3D, _ tol: CGFloat = 1e-12, _ what: String = "",
                 sourceLocation: SourceLocation = #_sourceLocation) {
    let d = maxDiff(a, b)
    #expect(d <= tol, "\(what) max |diff| \(d) > \(tol)\n   got: \(a)\n  want: \(b)", sourceLocation: sourceLocation)
}

func expectClose(_ a: CGPoint, _ b: CGPoint, _ tol: CGFloat = 1e-9, _ what: String = "",
                 sourceLocation: SourceLocation = #_sourceLocation) {
    let d = max(abs(a.x - b.x), abs(a.y - b.y))
    #expect(d <= tol, "\(what) got \(a), want \(b) (|diff| \(d))", sourceLocation: sourceLocation)
}

func expectClose(_ a: CGFloat, _ b: CGFloat, _ tol: CGFloat = 1e-12, _ what: String = "",
                 sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(abs(a - b) <= tol, "\(what) got \(a), want \(b) (|diff| \(abs(a - b)))", sourceLocation: sourceLocation)
}

func expectClose(_ a: CGRect, _ b: CGRect, _ tol: CGFloat = 1e-9, _ what: String = "",
                 sourceLocation: SourceLocation = #_sourceLocation) {
    let d = max(abs(a.minX - b.minX), abs(a.minY - b.minY), abs(a.width - b.width), abs(a.height - b.height))
    #expect(d <= tol, "\(what) got \(a), want \(b) (|diff| \(d))", sourceLocation: sourceLocation)
}

func expectClose(_ a: CGAffineTransform, _ b: CGAffineTransform, _ tol: CGFloat = 1e-12, _ what: String = "",
                 sourceLocation: SourceLocation = #_sourceLocation) {
    let d = max(abs(a.a - b.a), abs(a.b - b.b), abs(a.c - b.c), abs(a.d - b.d), abs(a.tx - b.tx), abs(a.ty - b.ty))
    #expect(d <= tol, "\(what) got \(a), want \(b) (|diff| \(d))", sourceLocation: sourceLocation)
}

/// The transform with every field divided by m44 (the same projective map).
func normalized(_ t: CATransform3D) -> CATransform3D {
    CATransform3D(fields: t.fields.map { $0 / t.m44 })
}

/// The 2D image of (x, y, z) under `t`, after the perspective divide.
func project(_ t: CATransform3D, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat = 0) -> (x: CGFloat, y: CGFloat, z: CGFloat) {
    let h = t.apply(x, y, z)
    return (h.x / h.w, h.y / h.w, h.z / h.w)
}

/// A small deterministic generator (SplitMix64), so random tests are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func uniform(_ range: ClosedRange<CGFloat>) -> CGFloat { CGFloat.random(in: range, using: &self) }
}
