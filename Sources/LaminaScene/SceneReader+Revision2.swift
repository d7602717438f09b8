// Reading revision 2 (SCENE_FORMAT.md section 9): shadows, mask and contentsScale on every
// layer; the keys of gradient, shape and replicator layers; colors that may be null; paths.
import QuartzCore

extension SceneReader {
    /// Keys every layer may have from revision 2.
    static let revision2Keys: Set<String> = ["shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath",
                                             "mask", "contentsScale"]
    static let gradientKeys: Set<String> = ["colors", "locations", "startPoint", "endPoint", "gradientType"]
    static let shapeKeys: Set<String> = ["path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin",
                                         "miterLimit", "lineDashPattern", "lineDashPhase", "strokeStart", "strokeEnd"]
    static let replicatorKeys: Set<String> = ["instanceCount", "instanceTransform", "instanceColor", "instanceRedOffset",
                                              "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset",
                                              "instanceDelay", "preservesDepth"]
    /// Every layer type, in the order messages list them.
    static let layerTypes = ["layer", "transformLayer", "textLayer", "gradientLayer", "shapeLayer", "replicatorLayer"]

    /// The scene names of the option types (Core Animation's Swift raw values differ for fill rules).
    static let fillRules: [String: CAShapeLayerFillRule] = ["nonZero": .nonZero, "evenOdd": .evenOdd]
    static let lineCaps: [String: CAShapeLayerLineCap] = ["butt": .butt, "round": .round, "square": .square]
    static let lineJoins: [String: CAShapeLayerLineJoin] = ["miter": .miter, "round": .round, "bevel": .bevel]
    /// `conic` is a Lamina extension (SCENE_FORMAT.md 9.5): outside checkers may refuse it.
    static let gradientTypes: [String: CAGradientLayerType] = ["axial": .axial, "radial": .radial, "conic": .conic]

    /// A color, or nil for JSON null (for the colors Core Animation allows to be nil).
    func optionalColor(_ v: JSONValue, _ path: @autoclosure () -> String) throws -> CGColor? {
        if case .null = v { return nil }
        return try color(v, path())
    }

    /// A number in 0...1.
    func unitNumber(_ v: JSONValue, _ path: @autoclosure () -> String, _ what: String) throws -> Double {
        let x = try number(v, path())
        guard (0...1).contains(x) else { throw fail(path(), "\(what) \(JSONWriter.number(x)) outside 0...1") }
        return x
    }

    /// A number that must not be negative.
    func nonNegative(_ v: JSONValue, _ path: @autoclosure () -> String, _ what: String) throws -> Double {
        let x = try number(v, path())
        guard x >= 0 else { throw fail(path(), "\(what) must not be negative") }
        return x
    }

    /// SVG path data (an empty string is an empty path()).
    func pathData(_ v: JSONValue, _ path: @autoclosure () -> String) throws -> CGPath {
        let s = try string(v, path())
        do {
            return try CGMutablePath(svgPathData: s).copy() ?? CGMutablePath()
        } catch let e as SVGPathDataError {
            throw fail(path(), "bad path data at character \(e.offset): \(e.message)")
        }
    }

    /// One of a fixed set of names, with a suggestion for a near miss.
    func option<T>(_ v: JSONValue, _ path: @autoclosure () -> String, _ what: String, _ names: [String: T], order: [String]) throws -> T {
        let s = try string(v, path())
        if let t = names[s] { return t }
        let hint = Suggestions.word(for: s, among: Set(names.keys)).map { "did you mean \"\($0)\"? " } ?? ""
        throw fail(path(), "unknown \(what) \"\(s)\" (\(hint)\(order.joined(separator: ", ")))")
    }

    /// A whole number >= 0 (at most Int32.max, Lamina's limit).
    func count(_ v: JSONValue, _ path: @autoclosure () -> String, _ what: String) throws -> Int {
        let x = try number(v, path())
        guard x >= 0, x == x.rounded() else { throw fail(path(), "\(what) must be a whole number >= 0, got \(JSONWriter.number(x))") }
        guard x <= Double(Int32.max) else { throw fail(path(), "\(what) \(JSONWriter.number(x)) is too large (at most \(Int32.max))") }
        return Int(x)
    }

    /// A number that fits a Float (the instance color offsets are Floats).
    func floatNumber(_ v: JSONValue, _ path: @autoclosure () -> String) throws -> Float {
        let x = try number(v, path())
        guard Float(x).isFinite else { throw fail(path(), "\(JSONWriter.number(x)) is out of range (a Float)") }
        return Float(x)
    }

    /// A list of numbers (any count), each at its own path().
    func numberList(_ v: JSONValue, _ path: @autoclosure () -> String) throws -> [Double] {
        guard case .array(let a) = v else { throw fail(path(), "expected a list of numbers, got \(v.brief)") }
        return try a.enumerated().map { try number($0.element, "\(path())[\($0.offset)]") }
    }

    /// A list of colors, each at its own path() (null is not a color here).
    func colorList(_ v: JSONValue, _ path: @autoclosure () -> String) throws -> [CGColor] {
        guard case .array(let a) = v else { throw fail(path(), "expected a list of colors, got \(v.brief)") }
        return try a.enumerated().map { try color($0.element, "\(path())[\($0.offset)]") }
    }

    /// Sets one revision-2 key (every layer's, and the gradient, shape and replicator layers')
    /// on `layer`; `members` is the layer's object (for checking locations against colors).
    func applyRevision2Key(_ k: LayerKey, _ v: JSONValue, _ layer: CALayer, _ members: [JSONMember],
                           _ p: @autoclosure () -> String) throws {
        switch k {
        case .shadowColor: layer.shadowColor = try optionalColor(v, p())
        case .shadowOpacity: layer.shadowOpacity = Float(try unitNumber(v, p(), "shadowOpacity"))
        case .shadowOffset: let a = try few(v, 2, p()); layer.shadowOffset = CGSize(width: a[0], height: a[1])
        case .shadowRadius: layer.shadowRadius = try nonNegative(v, p(), "shadowRadius")
        case .shadowPath: layer.shadowPath = try pathData(v, p())
        case .contentsScale:
            let s = try number(v, p())
            guard s > 0 else { throw fail(p(), "contentsScale must be positive") }
            layer.contentsScale = s
        case .mask:
            guard case .object = v else { throw fail(p(), "a mask is a layer object, got \(v.brief)") }
            layer.mask = try self.layer(v, p())
        case .colors, .locations, .startPoint, .endPoint, .gradientType:
            if let g = layer as? CAGradientLayer { try applyGradientKey(k, v, g, members, p()) }
        case .instanceCount, .instanceTransform, .instanceColor, .instanceRedOffset, .instanceGreenOffset,
             .instanceBlueOffset, .instanceAlphaOffset, .instanceDelay, .preservesDepth:
            if let r = layer as? CAReplicatorLayer { try applyReplicatorKey(k, v, r, p()) }
        default:
            if let s = layer as? CAShapeLayer { try applyShapeKey(k, v, s, p()) }
        }
    }

    /// A gradient layer's key.
    private func applyGradientKey(_ k: LayerKey, _ v: JSONValue, _ g: CAGradientLayer, _ members: [JSONMember],
                                  _ p: @autoclosure () -> String) throws {
        switch k {
        case .colors: g.colors = try colorList(v, p())
        case .locations:
            let l = try numberList(v, p())
            // Compared with the colors as written (even when one of them is bad), so the count error shows too.
            var n = 0
            if case .array(let c)? = members[key: "colors"] { n = c.count }
            guard l.count == n else {
                throw fail(p(), "\(l.count) location\(l.count == 1 ? "" : "s") for \(n) color\(n == 1 ? "" : "s") (one location per color)")
            }
            g.locations = l.map { NSNumber(value: $0) }
        case .startPoint: let a = try few(v, 2, p()); g.startPoint = CGPoint(x: a[0], y: a[1])
        case .endPoint: let a = try few(v, 2, p()); g.endPoint = CGPoint(x: a[0], y: a[1])
        default: g.type = try option(v, p(), "gradient type", Self.gradientTypes, order: ["axial", "radial", "conic"])
        }
    }

    /// A shape layer's key.
    private func applyShapeKey(_ k: LayerKey, _ v: JSONValue, _ s: CAShapeLayer, _ p: @autoclosure () -> String) throws {
        switch k {
        case .path: s.path = try pathData(v, p())
        case .fillColor: s.fillColor = try optionalColor(v, p())
        case .fillRule: s.fillRule = try option(v, p(), "fill rule", Self.fillRules, order: ["nonZero", "evenOdd"])
        case .strokeColor: s.strokeColor = try optionalColor(v, p())
        case .lineWidth: s.lineWidth = try nonNegative(v, p(), "lineWidth")
        case .lineCap: s.lineCap = try option(v, p(), "line cap", Self.lineCaps, order: ["butt", "round", "square"])
        case .lineJoin: s.lineJoin = try option(v, p(), "line join", Self.lineJoins, order: ["miter", "round", "bevel"])
        case .miterLimit: s.miterLimit = try number(v, p())
        case .lineDashPattern:
            let l = try numberList(v, p())
            for (i, x) in l.enumerated() where x < 0 { throw fail("\(p())[\(i)]", "a dash length must not be negative") }
            s.lineDashPattern = l.map { NSNumber(value: $0) }
        case .lineDashPhase: s.lineDashPhase = try number(v, p())
        case .strokeStart: s.strokeStart = try unitNumber(v, p(), "strokeStart")
        default: s.strokeEnd = try unitNumber(v, p(), "strokeEnd")
        }
    }

    /// A replicator layer's key.
    private func applyReplicatorKey(_ k: LayerKey, _ v: JSONValue, _ r: CAReplicatorLayer, _ p: @autoclosure () -> String) throws {
        switch k {
        case .instanceCount: r.instanceCount = try count(v, p(), "instanceCount")
        case .instanceTransform: r.instanceTransform = try transform(v, p())
        case .instanceColor: r.instanceColor = try color(v, p())
        case .instanceRedOffset: r.instanceRedOffset = try floatNumber(v, p())
        case .instanceGreenOffset: r.instanceGreenOffset = try floatNumber(v, p())
        case .instanceBlueOffset: r.instanceBlueOffset = try floatNumber(v, p())
        case .instanceAlphaOffset: r.instanceAlphaOffset = try floatNumber(v, p())
        case .instanceDelay: r.instanceDelay = try number(v, p())
        default: r.preservesDepth = try bool(v, p())
        }
    }
}
