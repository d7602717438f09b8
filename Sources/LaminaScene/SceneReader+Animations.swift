// Reading the `animations` section.
import QuartzCore

extension SceneReader {
    func animation(_ v: JSONValue, _ path: String, layers: [CALayer]) throws -> SceneAnimation {
        let d = try object(v, path, allowed: Self.animationKeys)
        guard let lv = d[key: "layer"] else { throw fail("\(path).layer", "missing (the name of the animated layer)") }
        let name = try string(lv, "\(path).layer")
        let hits = layers.filter { $0.name == name }
        guard let target = hits.first else { throw fail("\(path).layer", "no layer is named \"\(name)\"") }
        guard hits.count == 1 else { throw fail("\(path).layer", "\(hits.count) layers are named \"\(name)\"; an animated layer's name must be unique") }
        guard let kv = d[key: "keyPath"] else { throw fail("\(path).keyPath", "missing") }
        let keyPath = try string(kv, "\(path).keyPath")
        let parse: (JSONValue, String) throws -> AnimationValue
        if let spec = SceneAnimation.scalarPaths[keyPath] {
            if let needed = SceneAnimation.pathLayerTypes[keyPath], Self.sceneType(of: target) != needed {
                throw fail("\(path).keyPath", "\(keyPath) is a key path of a \(needed); layer \"\(name)\" is a \(Self.sceneType(of: target))")
            }
            parse = { [self] v, p in
                switch spec.kind {
                case "color": return .color(try color(v, p))
                case "number": return .number(try number(v, p))
                case "count": return .number(Double(try count(v, p, keyPath)))
                case "colors": return .colors(try colorList(v, p))
                case "numbers": return .vector(try numberList(v, p))
                case "path": return .path(try pathData(v, p))
                case "transform": return .transform(try transform(v, p))
                default: return .vector(try numbers(v, spec.count, p))
                }
            }
        } else if keyPath == "transform" || keyPath == "sublayerTransform" {
            parse = { [self] v, p in .transform(try transform(v, p)) }
        } else if let dot = keyPath.firstIndex(of: "."), ["transform", "sublayerTransform"].contains(String(keyPath[..<dot])),
                  SceneAnimation.subPaths.contains(String(keyPath[keyPath.index(after: dot)...])) {
            let base = String(keyPath[..<dot]), sub = String(keyPath[keyPath.index(after: dot)...])
            let model = base == "transform" ? target.transform : target.sublayerTransform
            // The oracle's test: every field within 1e-12 of the identity's (so a rotation by 2 pi passes).
            guard zip(model.fields, CATransform3DIdentity.fields).allSatisfy({ abs($0 - $1) <= 1e-12 }) else {
                throw fail("\(path).keyPath", "a \(keyPath) animation needs the layer's model \(base) to be the identity (for now)")
            }
            parse = { [self] v, p in sub == "translation" ? .vector(try numbers(v, 2, p)) : .number(try number(v, p)) }
        } else {
            throw fail("\(path).keyPath", "unknown or non-animatable key path \"\(keyPath)\"")
        }
        guard let tv = d[key: "to"] else { throw fail("\(path).to", "missing") }
        var a = SceneAnimation(layer: name, keyPath: keyPath, from: try d[key: "from"].map { try parse($0, "\(path).from") },
                               to: try parse(tv, "\(path).to"))
        try checkEndpointsMatch(a, target, path)
        if let b = d[key: "beginTime"] { a.beginTime = try number(b, "\(path).beginTime") }
        if let x = d[key: "duration"] {
            a.duration = try number(x, "\(path).duration")
            guard a.duration >= 0 else { throw fail("\(path).duration", "must not be negative") }
            if a.duration == 0 { a.duration = 0.25 }  // Core Animation: 0 means the default
        }
        if let t = d[key: "timingFunction"] {
            if case .string(let s) = t {
                guard let f = TimingFunctionSpec.named[s] else {
                    throw fail("\(path).timingFunction", "unknown timing function \"\(s)\" (linear, easeIn, easeOut, easeInEaseOut, default)")
                }
                a.timingFunction = f
            } else {
                let c = try numbers(t, 4, "\(path).timingFunction")
                guard (0...1).contains(c[0]), (0...1).contains(c[2]) else {
                    throw fail("\(path).timingFunction", "control point x outside 0...1")
                }
                a.timingFunction = TimingFunctionSpec(c1: (c[0], c[1]), c2: (c[2], c[3]))
            }
        }
        if let r = d[key: "repeatCount"] {
            a.repeatCount = try number(r, "\(path).repeatCount")
            guard a.repeatCount >= 0 else { throw fail("\(path).repeatCount", "must not be negative") }
            if a.repeatCount == 0 { a.repeatCount = 1 }  // Core Animation: 0 means once
        }
        if let r = d[key: "autoreverses"] { a.autoreverses = try bool(r, "\(path).autoreverses") }
        if let f = d[key: "fillMode"] {
            a.fillMode = try string(f, "\(path).fillMode")
            guard SceneAnimation.fillModes.contains(a.fillMode) else {
                throw fail("\(path).fillMode", "unknown fill mode \"\(a.fillMode)\" (removed, forwards, backwards, both)")
            }
        }
        return a
    }

    /// The scene type name of a layer.
    static func sceneType(of l: CALayer) -> String {
        switch l {
        case is CATransformLayer: "transformLayer"
        case is CATextLayer: "textLayer"
        case is CAGradientLayer: "gradientLayer"
        case is CAShapeLayer: "shapeLayer"
        case is CAReplicatorLayer: "replicatorLayer"
        default: "layer"
        }
    }

    /// colors and locations need start and end arrays of one length; path and shadowPath need
    /// paths of the same commands (the model value stands in for a missing `from`).
    func checkEndpointsMatch(_ a: SceneAnimation, _ target: CALayer, _ path: String) throws {
        let fromPath = a.from == nil ? "the layer's \(a.keyPath)" : "from"
        switch (a.from, a.to) {
        case (let f, .colors(let to)):
            var n = 0
            if case .colors(let c)? = f { n = c.count } else { n = (target as? CAGradientLayer)?.cgColors.count ?? 0 }
            guard n == to.count else { throw fail("\(path).to", "\(to.count) colors, but \(fromPath) has \(n) (colors animate element by element)") }
        case (let f, .vector(let to)) where a.keyPath == "locations":
            var n = 0
            if case .vector(let l)? = f { n = l.count } else { n = (target as? CAGradientLayer)?.locations?.count ?? 0 }
            guard n == to.count else { throw fail("\(path).to", "\(to.count) locations, but \(fromPath) has \(n) (locations animate element by element)") }
        case (let f, .path(let to)):
            var start: CGPath? = nil
            if case .path(let p)? = f { start = p } else { start = a.keyPath == "path" ? (target as? CAShapeLayer)?.path : target.shadowPath }
            guard let start else { throw fail("\(path).from", "missing: the layer has no \(a.keyPath) to animate from") }
            guard start.elements.map(\.type) == to.elements.map(\.type) else {
                throw fail("\(path).to", "the path's commands differ from \(fromPath)'s (a path animates point by point between paths of the same commands)")
            }
        default: break
        }
    }
}
