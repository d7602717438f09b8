// Helpers for the animation tests: an independent cubic-Bezier solver, layers that never run
// implicit actions (so explicit-time tests cannot pick up an implicit animation when a
// transaction test commits on another thread), and short readers of presented values.
import Testing
import QuartzCore

/// The reference timing curve: the y of the cubic Bezier (0,0) (x1,y1) (x2,y2) (1,1) where its
/// x equals `x`, found by bisection on t until the bracket is narrower than 1e-14.
func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func b(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    var lo = 0.0, hi = 1.0
    while hi - lo > 1e-14 {
        let mid = (lo + hi) / 2
        if b(mid, x1, x2) < x { lo = mid } else { hi = mid }
    }
    return b((lo + hi) / 2, y1, y2)
}

/// Core Animation's default curve (0.25, 0.1, 0.25, 1) at x, by the reference solver.
func referenceDefault(_ x: Double) -> Double { referenceBezier(0.25, 0.1, 0.25, 1, at: x) }

/// A layer delegate whose action for every event is NSNull: a layer using it never animates
/// implicitly, whatever the transaction state of the thread or the process.
final class NoActions: CALayerDelegate, @unchecked Sendable {
    static let shared = NoActions()
    func action(for layer: CALayer, forKey event: String) -> CAAction? { NSNull() }
}

/// A layer that runs no implicit actions, configured by `setup`.
func quietLayer(_ setup: (CALayer) -> Void = { _ in }) -> CALayer {
    let l = CALayer()
    l.delegate = NoActions.shared
    setup(l)
    return l
}

/// A basic animation of `keyPath`, configured by `setup` (linear: no timing function).
func basic(_ keyPath: String, from: Any? = nil, to: Any? = nil, by: Any? = nil, duration: Double = 1,
           _ setup: (CABasicAnimation) -> Void = { _ in }) -> CABasicAnimation {
    let a = CABasicAnimation(keyPath: keyPath)
    a.fromValue = from; a.toValue = to; a.byValue = by; a.duration = duration
    setup(a)
    return a
}

/// The presented zPosition of `layer` at media time t.
func presentedZ(_ layer: CALayer, _ t: Double) -> Double { Double(layer.presentation(at: t)!.zPosition) }

/// The presented value at a key path, as a Double.
func presentedNumber(_ layer: CALayer, _ keyPath: String, _ t: Double) -> Double {
    let v = layer.presentation(at: t)!.value(forKeyPath: keyPath)
    switch v {
    case let c as CGFloat: return Double(c)
    case let d as Double: return d
    case let f as Float: return Double(f)
    default: Issue.record("\(keyPath) is not a number: \(String(describing: v))"); return .nan
    }
}

func expectNear(_ a: Double, _ b: Double, _ tol: Double = 1e-9, _ what: @autoclosure () -> String = "",
                sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(abs(a - b) <= tol, "\(what()) got \(a), want \(b) (|diff| \(abs(a - b)))", sourceLocation: sourceLocation)
}

func expectNear(_ a: CGColor?, _ b: CGColor, _ tol: Double = 1e-9, _ what: String = "",
                sourceLocation: SourceLocation = #_sourceLocation) {
    guard let a else { Issue.record("\(what) color is nil", sourceLocation: sourceLocation); return }
    let d = max(abs(a.rgba.red - b.rgba.red), abs(a.rgba.green - b.rgba.green), abs(a.rgba.blue - b.rgba.blue), abs(a.rgba.alpha - b.rgba.alpha))
    #expect(d <= tol, "\(what) got \(a), want \(b)", sourceLocation: sourceLocation)
}
