// The Swift writer's `addAnimations(to:)`: one CABasicAnimation per entry of the scene's
// animations section, timed from a start the caller gives (default: now).
import QuartzCore

extension SceneSwiftWriter {
    /// The `addAnimations(to:at:)` function and the lookup it uses.
    func animations(_ list: [SceneAnimation]) throws -> [String] {
        var out = ["/// Adds the scene's animations to a tree `makeLayerTree()` built; the scene's time 0 is `start`",
                   "/// (a media time; default: now). They stay after they end, their fillMode deciding what shows.",
                   "\(access)func addAnimations(to root: CALayer, at start: CFTimeInterval = CACurrentMediaTime()) {"]
        for (i, a) in list.enumerated() {
            out.append("    do {")
            out += try animation(a, key: "scene.\(i).\(a.keyPath)").map { "        " + $0.replacingOccurrences(of: "\n", with: "\n        ") }
            out.append("    }")
        }
        out += ["}", "",
                "/// The first layer named `name` in the tree under `layer` (itself included), depth first.",
                "private func sublayer(named name: String, in layer: CALayer) -> CALayer? {",
                "    if layer.name == name { return layer }",
                "    for s in layer.sublayers ?? [] {",
                "        if let hit = sublayer(named: name, in: s) { return hit }",
                "    }",
                "    return nil",
                "}"]
        return out
    }

    /// The statements of one animation, in a scope of its own.
    func animation(_ a: SceneAnimation, key: String) throws -> [String] {
        let lit = SwiftLiterals.self
        var out = ["let animation = CABasicAnimation(keyPath: \(lit.string(a.keyPath)))"]
        if let f = a.from {
            let (pre, e) = try Self.value(f, keyPath: a.keyPath, helper: "from")
            out += pre + ["animation.fromValue = \(e)"]
        }
        let (pre, e) = try Self.value(a.to, keyPath: a.keyPath, helper: "to")
        out += pre + ["animation.toValue = \(e)"]
        out.append(a.beginTime == 0 ? "animation.beginTime = start" : "animation.beginTime = start + \(lit.number(a.beginTime))")
        out.append("animation.duration = \(lit.number(a.duration))")
        let tf = a.timingFunction
        if let name = tf.name, name != "linear" {
            out.append("animation.timingFunction = CAMediaTimingFunction(name: .\(name))")
        } else if tf.name == nil {
            let xs = [tf.c1.x, tf.c1.y, tf.c2.x, tf.c2.y]
            let floats = "CAMediaTimingFunction(controlPoints: " + xs.map { lit.float(Float($0)) }.joined(separator: ", ") + ")"
            if xs.allSatisfy({ Double(Float($0)) == $0 }) {
                out.append("animation.timingFunction = \(floats)")
            } else {
                // Core Animation's control points are Floats; Lamina keeps the scene's Doubles.
                out += ["#if canImport(LaminaImage)",
                        "animation.timingFunction = CAMediaTimingFunction(c1x: \(lit.number(xs[0])), c1y: \(lit.number(xs[1])), "
                            + "c2x: \(lit.number(xs[2])), c2y: \(lit.number(xs[3])))",
                        "#else", "animation.timingFunction = \(floats)", "#endif"]
            }
        }
        if a.repeatCount != 1 {
            out.append("animation.repeatCount = " + (a.repeatCount.isInfinite ? ".infinity" : lit.float(Float(a.repeatCount))))
        }
        if a.autoreverses { out.append("animation.autoreverses = true") }
        if a.fillMode != "removed" { out.append("animation.fillMode = .\(a.fillMode)") }
        out.append("animation.isRemovedOnCompletion = false")
        out.append("sublayer(named: \(lit.string(a.layer)), in: root)?.add(animation, forKey: \(lit.string(key)))")
        return out
    }

    /// A value as the Swift type its key path takes (as SceneAnimation.value makes it), with
    /// the lines it needs first.
    static func value(_ v: AnimationValue, keyPath: String, helper: String) throws -> ([String], String) {
        let lit = SwiftLiterals.self
        switch v {
        case .number(let d): return ([], lit.double(d))
        case .color(let c): return ([], lit.color(c))
        case .colors(let cs): return ([], "[" + cs.map(lit.color).joined(separator: ", ") + "]")
        case .transform(let t):
            let s = SwiftTransforms.source(t, helper: helper + "Transform")
            return (s.prelude, s.expression)
        case .path(let p):
            var w = SceneSwiftWriter(options: SwiftExportOptions())
            try w.path(p, to: helper, name: helper + "Path")
            // The path's statements without path()'s own final assignment.
            return (Array(w.body.dropLast()), "\(helper)Path")
        case .vector(let xs):
            if keyPath == "locations" { return ([], lit.numberArray(xs) + " as [NSNumber]") }
            if xs.count == 4 { return ([], lit.rect(CGRect(x: xs[0], y: xs[1], width: xs[2], height: xs[3]))) }
            if keyPath.hasSuffix("translation") || keyPath == "shadowOffset" { return ([], lit.size(CGSize(width: xs[0], height: xs[1]))) }
            return ([], lit.point(CGPoint(x: xs[0], y: xs[1])))
        }
    }
}
