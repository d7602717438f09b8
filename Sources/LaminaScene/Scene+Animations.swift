// A scene's `animations` section as Core Animation animations on its layers.
import QuartzCore

extension SceneAnimation {
    /// The Core Animation animation this entry describes: a CABasicAnimation on its key path
    /// with the contract's timing. It stays attached after it ends (its fillMode decides
    /// what shows then), as CSS animations do.
    public var caAnimation: CABasicAnimation {
        let a = CABasicAnimation(keyPath: keyPath)
        a.fromValue = from.map { Self.value($0, keyPath: keyPath) }
        a.toValue = Self.value(to, keyPath: keyPath)
        a.beginTime = beginTime
        a.duration = duration
        a.timingFunction = CAMediaTimingFunction(c1x: timingFunction.c1.x, c1y: timingFunction.c1.y,
                                                 c2x: timingFunction.c2.x, c2y: timingFunction.c2.y)
        a.repeatCount = Float(repeatCount)
        a.autoreverses = autoreverses
        a.fillMode = CAMediaTimingFillMode(rawValue: fillMode)
        a.isRemovedOnCompletion = false
        return a
    }

    /// A scene value as the Swift type the key path takes.
    static func value(_ v: AnimationValue, keyPath: String) -> Any {
        switch v {
        case .number(let d): return d
        case .color(let c): return c
        case .transform(let t): return t
        case .colors(let cs): return cs as [Any]
        case .path(let p): return p
        case .vector(let xs):
            if keyPath == "locations" { return xs.map { NSNumber(value: $0) } }
            if xs.count == 4 { return CGRect(x: xs[0], y: xs[1], width: xs[2], height: xs[3]) }
            if keyPath.hasSuffix("translation") || keyPath == "shadowOffset" { return CGSize(width: xs[0], height: xs[1]) }
            return CGPoint(x: xs[0], y: xs[1])
        }
    }
}

extension Scene {
    /// Attaches the `animations` section to the layers (time 0 is the scene's start). Call
    /// once; then draw `root.presentationTree(at: t)` for the scene at time t.
    public func attachAnimations() {
        let layers = allLayers
        for (i, a) in animations.enumerated() {
            guard let layer = layers.first(where: { $0.name == a.layer }) else { continue }
            layer.add(a.caAnimation, forKey: "scene.\(i).\(a.keyPath)", now: 0)
        }
    }

    /// The time at which the last animation ends (0 with none; infinite when one repeats forever).
    public var animationEndTime: Double {
        animations.map { a in
            let period = a.duration * (a.autoreverses ? 2 : 1)
            return a.beginTime + period * a.repeatCount
        }.max() ?? 0
    }
}
