// Reading revision 2 (SCENE_FORMAT.md section 9): shadows, mask and contentsScale on every
// layer; the keys of gradient, shape and replicator layers; colors that may be null; paths.
import QuartzCore

extension SceneReader {
    /// Reads one key of a layer when present, recording its error (SceneReader.layer's `key`).
    typealias KeyReader = (String, (JSONValue, String) throws -> Void) throws -> Void

    /// Keys every layer may have from revision 2.
    static let revision2Keys: Set<String> = ["shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath",
                                             "mask", "contentsScale"]
    static let gradientKeys: Set<String> = ["colors", "locations", "startPoint", "endPoint", "gradientType"]
    static let shapeKeys: Set<String> = ["path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin",
                                         "miterLimit", "lineDashPattern", "lineDashPhase", "strokeStart", "strokeEnd"]
    static let replicatorKeys: Set<String> = ["instanceCount", "instanceTransform", "instanceColor", "instanceRedOffset",
                                              "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset",
                                              "instanceDelay", "preservesDepth"]
    /// The keys only one layer type has, by type name.
    static let typeKeys: [(type: String, keys: Set<String>)] = [
        ("textLayer", textKeys), ("gradientLayer", gradientKeys), ("shapeLayer", shapeKeys), ("replicatorLayer", replicatorKeys),
    ]
    /// Every layer type, in the order messages list them.
    static let layerTypes = ["layer", "transformLayer", "textLayer", "gradientLayer", "shapeLayer", "replicatorLayer"]

    /// The scene names of the option types (Core Animation's Swift raw values differ for fill rules).
    static let fillRules: [String: CAShapeLayerFillRule] = ["nonZero": .nonZero, "evenOdd": .evenOdd]
    static let lineCaps: [String: CAShapeLayerLineCap] = ["butt": .butt, "round": .round, "square": .square]
    static let lineJoins: [String: CAShapeLayerLineJoin] = ["miter": .miter, "round": .round, "bevel": .bevel]
    /// `conic` is a Lamina extension (SCENE_FORMAT.md 9.5): outside checkers may refuse it.
    static let gradientTypes: [String: CAGradientLayerType] = ["axial": .axial, "radial": .radial, "conic": .conic]

    /// A color, or nil for JSON null (for the colors Core Animation allows to be nil).
    func optionalColor(_ v: JSONValue, _ path: String) throws -> CGColor? {
        if case .null = v { return nil }
        return try color(v, path)
    }

    /// A number in 0...1.
    func unitNumber(_ v: JSONValue, _ path: String, _ what: String) throws -> Double {
        let x = try number(v, path)
        guard (0...1).contains(x) else { throw fail(path, "\(what) \(JSONWriter.number(x)) outside 0...1") }
        return x
    }

    /// A number that must not be negative.
    func nonNegative(_ v: JSONValue, _ path: String, _ what: String) throws -> Double {
        let x = try number(v, path)
        guard x >= 0 else { throw fail(path, "\(what) must not be negative") }
        return x
    }

    /// SVG path data (an empty string is an empty path).
    func pathData(_ v: JSONValue, _ path: String) throws -> CGPath {
        let s = try string(v, path)
        do {
            return try CGMutablePath(svgPathData: s).copy() ?? CGMutablePath()
        } catch let e as SVGPathDataError {
            throw fail(path, "bad path data at character \(e.offset): \(e.message)")
        }
    }

    /// One of a fixed set of names, with a suggestion for a near miss.
    func option<T>(_ v: JSONValue, _ path: String, _ what: String, _ names: [String: T], order: [String]) throws -> T {
        let s = try string(v, path)
        if let t = names[s] { return t }
        let hint = Suggestions.word(for: s, among: Set(names.keys)).map { "did you mean \"\($0)\"? " } ?? ""
        throw fail(path, "unknown \(what) \"\(s)\" (\(hint)\(order.joined(separator: ", ")))")
    }

    /// A whole number >= 0 (at most Int32.max, Lamina's limit).
    func count(_ v: JSONValue, _ path: String, _ what: String) throws -> Int {
        let x = try number(v, path)
        guard x >= 0, x == x.rounded() else { throw fail(path, "\(what) must be a whole number >= 0, got \(JSONWriter.number(x))") }
        guard x <= Double(Int32.max) else { throw fail(path, "\(what) \(JSONWriter.number(x)) is too large (at most \(Int32.max))") }
        return Int(x)
    }

    /// A number that fits a Float (the instance color offsets are Floats).
    func floatNumber(_ v: JSONValue, _ path: String) throws -> Float {
        let x = try number(v, path)
        guard Float(x).isFinite else { throw fail(path, "\(JSONWriter.number(x)) is out of range (a Float)") }
        return Float(x)
    }

    /// A list of numbers (any count), each at its own path.
    func numberList(_ v: JSONValue, _ path: String) throws -> [Double] {
        guard case .array(let a) = v else { throw fail(path, "expected a list of numbers, got \(v.brief)") }
        return try a.enumerated().map { try number($0.element, "\(path)[\($0.offset)]") }
    }

    /// A list of colors, each at its own path (null is not a color here).
    func colorList(_ v: JSONValue, _ path: String) throws -> [CGColor] {
        guard case .array(let a) = v else { throw fail(path, "expected a list of colors, got \(v.brief)") }
        return try a.enumerated().map { try color($0.element, "\(path)[\($0.offset)]") }
    }

    /// The revision-2 keys of every layer type.
    func readRevision2Keys(_ layer: CALayer, _ key: KeyReader) throws {
        try key("shadowColor") { v, p in layer.shadowColor = try optionalColor(v, p) }
        try key("shadowOpacity") { v, p in layer.shadowOpacity = Float(try unitNumber(v, p, "shadowOpacity")) }
        try key("shadowOffset") { v, p in let a = try numbers(v, 2, p); layer.shadowOffset = CGSize(width: a[0], height: a[1]) }
        try key("shadowRadius") { v, p in layer.shadowRadius = try nonNegative(v, p, "shadowRadius") }
        try key("shadowPath") { v, p in layer.shadowPath = try pathData(v, p) }
        try key("contentsScale") { v, p in
            let s = try number(v, p)
            guard s > 0 else { throw fail(p, "contentsScale must be positive") }
            layer.contentsScale = s
        }
        try key("mask") { v, p in
            guard case .object = v else { throw fail(p, "a mask is a layer object, got \(v.brief)") }
            layer.mask = try self.layer(v, p)
        }
    }

    /// A gradient layer's keys; `d` is the layer's object (for checking locations against colors).
    func readGradientKeys(_ g: CAGradientLayer, _ d: [String: JSONValue], _ path: String, _ key: KeyReader) throws {
        try key("colors") { v, p in g.colors = try colorList(v, p) }
        try key("locations") { v, p in
            let l = try numberList(v, p)
            // Compared with the colors as written (even when one of them is bad), so the count error shows too.
            var n = 0
            if case .array(let c)? = d["colors"] { n = c.count }
            guard l.count == n else {
                throw fail(p, "\(l.count) location\(l.count == 1 ? "" : "s") for \(n) color\(n == 1 ? "" : "s") (one location per color)")
            }
            g.locations = l.map { NSNumber(value: $0) }
        }
        try key("startPoint") { v, p in let a = try numbers(v, 2, p); g.startPoint = CGPoint(x: a[0], y: a[1]) }
        try key("endPoint") { v, p in let a = try numbers(v, 2, p); g.endPoint = CGPoint(x: a[0], y: a[1]) }
        try key("gradientType") { v, p in
            g.type = try option(v, p, "gradient type", Self.gradientTypes, order: ["axial", "radial", "conic"])
        }
    }

    /// A shape layer's keys.
    func readShapeKeys(_ s: CAShapeLayer, _ key: KeyReader) throws {
        try key("path") { v, p in s.path = try pathData(v, p) }
        try key("fillColor") { v, p in s.fillColor = try optionalColor(v, p) }
        try key("fillRule") { v, p in s.fillRule = try option(v, p, "fill rule", Self.fillRules, order: ["nonZero", "evenOdd"]) }
        try key("strokeColor") { v, p in s.strokeColor = try optionalColor(v, p) }
        try key("lineWidth") { v, p in s.lineWidth = try nonNegative(v, p, "lineWidth") }
        try key("lineCap") { v, p in s.lineCap = try option(v, p, "line cap", Self.lineCaps, order: ["butt", "round", "square"]) }
        try key("lineJoin") { v, p in s.lineJoin = try option(v, p, "line join", Self.lineJoins, order: ["miter", "round", "bevel"]) }
        try key("miterLimit") { v, p in s.miterLimit = try number(v, p) }
        try key("lineDashPattern") { v, p in
            let l = try numberList(v, p)
            for (i, x) in l.enumerated() where x < 0 { throw fail("\(p)[\(i)]", "a dash length must not be negative") }
            s.lineDashPattern = l.map { NSNumber(value: $0) }
        }
        try key("lineDashPhase") { v, p in s.lineDashPhase = try number(v, p) }
        try key("strokeStart") { v, p in s.strokeStart = try unitNumber(v, p, "strokeStart") }
        try key("strokeEnd") { v, p in s.strokeEnd = try unitNumber(v, p, "strokeEnd") }
    }

    /// A replicator layer's keys.
    func readReplicatorKeys(_ r: CAReplicatorLayer, _ key: KeyReader) throws {
        try key("instanceCount") { v, p in r.instanceCount = try count(v, p, "instanceCount") }
        try key("instanceTransform") { v, p in r.instanceTransform = try transform(v, p) }
        try key("instanceColor") { v, p in r.instanceColor = try color(v, p) }
        try key("instanceRedOffset") { v, p in r.instanceRedOffset = try floatNumber(v, p) }
        try key("instanceGreenOffset") { v, p in r.instanceGreenOffset = try floatNumber(v, p) }
        try key("instanceBlueOffset") { v, p in r.instanceBlueOffset = try floatNumber(v, p) }
        try key("instanceAlphaOffset") { v, p in r.instanceAlphaOffset = try floatNumber(v, p) }
        try key("instanceDelay") { v, p in r.instanceDelay = try number(v, p) }
        try key("preservesDepth") { v, p in r.preservesDepth = try bool(v, p) }
    }
}
