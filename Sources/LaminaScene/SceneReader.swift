// Reading scene files into layer trees. Every error names the JSON path and the problem.
import LaminaImage
import QuartzCore

extension Scene {
    /// Reads and validates a scene file (contents images are decoded too).
    public static func read(contentsOf path: String) throws -> Scene {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SceneError(file: path, path: "", message: FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file")
        }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            let scene = try parse(data, baseDirectory: base)
            scene.url = URL(fileURLWithPath: path)
            return scene
        } catch var e as SceneError {
            e.file = path
            throw e
        }
    }

    /// Parses scene JSON; relative `contents` paths resolve against `baseDirectory`.
    public static func parse(_ data: Data, baseDirectory: URL) throws -> Scene {
        let json: JSONValue
        do {
            json = try JSONValue.parse(data)
        } catch let e as JSONParseError {
            throw SceneError(path: e.path, message: "not valid JSON: \(e)")
        }
        return try SceneReader(base: baseDirectory).read(json)
    }
}

/// Reads one document. Errors inside a layer key, a sublayer or an animation are collected
/// (up to `errorLimit`) so a file's problems are reported together; the first is thrown with
/// the rest in `SceneError.additional`.
final class SceneReader {
    let base: URL
    /// The errors found so far, in document order.
    private(set) var errors: [SceneError] = []
    /// How many errors are collected before reading stops.
    static let errorLimit = 20

    init(base: URL) { self.base = base }

    /// Thrown when the error limit is reached: reading stops there.
    private struct TooManyErrors: Error {}

    /// Runs `body`, recording a SceneError it throws instead of stopping (until the limit).
    func collect(_ body: () throws -> Void) throws {
        do { try body() } catch let e as SceneError {
            try record(e)
        }
    }

    /// Records an error; stops reading once the limit is reached.
    func record(_ e: SceneError) throws {
        errors.append(e)
        if errors.count >= Self.errorLimit { throw TooManyErrors() }
    }

    /// Reads the document: the scene, or every error found (the first thrown, the rest attached).
    func read(_ v: JSONValue) throws -> Scene {
        var result: Scene?
        do {
            try collect { result = try scene(v) }
        } catch is TooManyErrors {}
        if var first = errors.first {
            first.additional = Array(errors.dropFirst())
            first.truncated = errors.count >= Self.errorLimit
            throw first
        }
        return result!
    }

    static let topKeys: Set<String> = ["format", "description", "canvas", "root", "animations"]
    static let canvasKeys: Set<String> = ["width", "height", "scale", "background"]
    static let lightKeys: Set<String> = ["direction", "ambient"]
    static let layerKeys: Set<String> = [
        "type", "name", "frame", "bounds", "position", "anchorPoint", "anchorPointZ", "zPosition", "transform",
        "sublayerTransform", "affineTransform", "backgroundColor", "opacity", "hidden", "doubleSided", "masksToBounds",
        "cornerRadius", "borderWidth", "borderColor", "contents", "contentsGravity", "contentsRect", "geometryFlipped",
        "allowsEdgeAntialiasing", "light", "sublayers",
    ]
    static let textKeys: Set<String> = ["string", "fontSize", "foregroundColor", "alignmentMode"]
    /// Every key a layer object may hold (type-specific keys are then checked against the type).
    static let allLayerKeys = layerKeys.union(textKeys).union(revision2Keys).union(gradientKeys).union(shapeKeys).union(replicatorKeys)
    static let animationKeys: Set<String> = ["layer", "keyPath", "from", "to", "beginTime", "duration", "timingFunction",
                                             "repeatCount", "autoreverses", "fillMode"]
    static let namedColors: [String: (Double, Double, Double, Double)] = [
        "black": (0, 0, 0, 1), "darkGray": (1.0 / 3, 1.0 / 3, 1.0 / 3, 1), "lightGray": (2.0 / 3, 2.0 / 3, 2.0 / 3, 1),
        "white": (1, 1, 1, 1), "gray": (0.5, 0.5, 0.5, 1), "red": (1, 0, 0, 1), "green": (0, 1, 0, 1), "blue": (0, 0, 1, 1),
        "cyan": (0, 1, 1, 1), "yellow": (1, 1, 0, 1), "magenta": (1, 0, 1, 1), "orange": (1, 0.5, 0, 1),
        "purple": (0.5, 0, 0.5, 1), "brown": (0.6, 0.4, 0.2, 1), "clear": (0, 0, 0, 0),
    ]

    func fail(_ path: String, _ message: String) -> SceneError { SceneError(path: path, message: message) }

    // MARK: Primitives

    func object(_ v: JSONValue, _ path: String, allowed: Set<String>) throws -> [String: JSONValue] {
        guard case .object(let d, let order) = v else { throw fail(path, "expected an object, got \(v.brief)") }
        // Every unknown key is reported; the known ones are still read.
        var unknown = false
        for k in order where !allowed.contains(k) {
            unknown = true
            let hint = Suggestions.key(for: k, among: allowed).map { " (did you mean \(JSONWriter.quote($0))?)" } ?? ""
            try record(fail(path.isEmpty ? k : "\(path).\(k)", "unknown key \(JSONWriter.quote(k))\(hint)"))
        }
        return unknown ? d.filter { allowed.contains($0.key) } : d
    }

    func number(_ v: JSONValue, _ path: String) throws -> Double {
        guard case .number(let d) = v else { throw fail(path, "expected a number, got \(v.brief)") }
        guard d.isFinite else { throw fail(path, "not a finite number") }
        return d
    }

    func numbers(_ v: JSONValue, _ n: Int, _ path: String) throws -> [Double] {
        guard case .array(let a) = v else { throw fail(path, "expected \(n) numbers, got \(v.brief)") }
        guard a.count == n else { throw fail(path, "expected \(n) numbers, got \(a.count)") }
        // The element's path is spelled out only for an error.
        return try a.enumerated().map { i, x in
            if case .number(let d) = x, d.isFinite { return d }
            return try number(x, "\(path)[\(i)]")
        }
    }

    func bool(_ v: JSONValue, _ path: String) throws -> Bool {
        guard case .bool(let b) = v else { throw fail(path, "expected true or false, got \(v.brief)") }
        return b
    }

    func string(_ v: JSONValue, _ path: String) throws -> String {
        guard case .string(let s) = v else { throw fail(path, "expected a string, got \(v.brief)") }
        return s
    }

    func color(_ v: JSONValue, _ path: String) throws -> CGColor {
        if case .string(let s) = v {
            if let c = Self.namedColors[s] { return CGColor(red: c.0, green: c.1, blue: c.2, alpha: c.3) }
            // Only ASCII hex digits: UInt8(_:radix:) alone would also take a sign ("#+f+f+f").
            if s.hasPrefix("#"), s.utf8.count == 7 || s.utf8.count == 9, s.utf8.dropFirst().allSatisfy({ $0 < 0x80 && Character(Unicode.Scalar($0)).isHexDigit }) {
                let hex = Array(s.dropFirst())
                var comps: [Double] = []
                var i = 0
                while i < hex.count {
                    guard let b = UInt8(String(hex[i..<i + 2]), radix: 16) else { throw fail(path, "bad color \"\(s)\"") }
                    comps.append(Double(b) / 255)
                    i += 2
                }
                if comps.count == 3 { comps.append(1) }
                return CGColor(red: comps[0], green: comps[1], blue: comps[2], alpha: comps[3])
            }
            throw fail(path, "bad color \"\(s)\" (use #RRGGBB, #RRGGBBAA, [r, g, b, a] or a UIColor name)")
        }
        if case .null = v {
            throw fail(path, "a color may not be null here (only backgroundColor, borderColor, shadowColor, fillColor and strokeColor may be)")
        }
        let c = try numbers(v, 4, path)
        for (i, x) in c.enumerated() where !(0...1).contains(x) {
            throw fail("\(path)[\(i)]", "color component \(JSONWriter.number(x)) outside 0...1")
        }
        return CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])
    }

    /// A transform: 16 numbers in field order, or a list of steps applied in order.
    func transform(_ v: JSONValue, _ path: String) throws -> CATransform3D {
        guard case .array(let items) = v else { throw fail(path, "a transform is 16 numbers or a list of steps, got \(v.brief)") }
        func isNumber(_ x: JSONValue) -> Bool { if case .number = x { return true }; return false }
        if items.count == 16, items.allSatisfy(isNumber) {
            return try finite(CATransform3D(fields: numbers(v, 16, path).map { CGFloat($0) }), path)
        }
        // Numbers mean a matrix was meant: name the entry or the count that is wrong.
        if items.contains(where: isNumber) {
            if items.count == 16, let bad = items.firstIndex(where: { !isNumber($0) }) {
                throw fail("\(path)[\(bad)]", "a 16-number matrix holds only numbers; got \(items[bad].brief)")
            }
            if items.allSatisfy(isNumber) {
                throw fail(path, "a matrix is 16 numbers, got \(items.count) (or give a list of steps)")
            }
        }
        var t = CATransform3DIdentity
        for (i, step) in items.enumerated() {
            let sp = "\(path)[\(i)]"
            guard case .object(let d, let order) = step else {
                throw fail(sp, "a step is an object with one key, got \(step.brief)")
            }
            guard order.count == 1, let key = order.first, let arg = d[key] else {
                throw fail(sp, "a step has exactly one key, got \(order.count)")
            }
            let ap = "\(sp).\(key)"
            switch key {
            case "translate":
                let a = try numbers(arg, 3, ap)
                t = CATransform3DTranslate(t, a[0], a[1], a[2])
            case "scale":
                let a = try numbers(arg, 3, ap)
                t = CATransform3DScale(t, a[0], a[1], a[2])
            case "rotate":
                let a = try numbers(arg, 4, ap)
                t = CATransform3DRotate(t, a[0], a[1], a[2], a[3])
            case "rotateDegrees":
                let a = try numbers(arg, 4, ap)
                t = CATransform3DRotate(t, a[0] * .pi / 180, a[1], a[2], a[3])
            case "m34":
                t.m34 = try number(arg, ap)
            case "perspective":
                let d = try number(arg, ap)
                guard d != 0 else { throw fail(ap, "perspective distance must not be 0") }
                t.m34 = -1 / d
            case "matrix":
                t = CATransform3DConcat(CATransform3D(fields: try numbers(arg, 16, ap).map { CGFloat($0) }), t)
            case "affine":
                let a = try numbers(arg, 6, ap)
                t = CATransform3DConcat(CATransform3DMakeAffineTransform(CGAffineTransform(a[0], a[1], a[2], a[3], a[4], a[5])), t)
            default:
                let steps = ["translate", "scale", "rotate", "rotateDegrees", "m34", "perspective", "matrix", "affine"]
                let hint = Suggestions.word(for: key, among: Set(steps)).map { "did you mean \"\($0)\"? " } ?? ""
                throw fail(sp, "unknown step \"\(key)\" (\(hint)\(steps.joined(separator: ", ")))")
            }
        }
        return try finite(t, path)
    }

    func finite(_ t: CATransform3D, _ path: String) throws -> CATransform3D {
        guard t.isFinite else { throw fail(path, "the transform has a non-finite entry") }
        return t
    }

    // MARK: Document

    func scene(_ v: JSONValue) throws -> Scene {
        let d = try object(v, "", allowed: Self.topKeys)
        guard let f = d["format"] else { throw fail("format", "missing (expected 1)") }
        guard try number(f, "format") == 1 else { throw fail("format", "unsupported format \(f.brief) (expected 1)") }
        guard let c = d["canvas"] else { throw fail("canvas", "missing") }
        guard let r = d["root"] else { throw fail("root", "missing") }
        let cd = try object(c, "canvas", allowed: Self.canvasKeys)
        guard let w = cd["width"] else { throw fail("canvas.width", "missing") }
        guard let h = cd["height"] else { throw fail("canvas.height", "missing") }
        var canvas = Canvas(width: try number(w, "canvas.width"), height: try number(h, "canvas.height"))
        if let s = cd["scale"] { canvas.scale = try number(s, "canvas.scale") }
        for (k, x) in [("width", canvas.width), ("height", canvas.height), ("scale", canvas.scale)] where x <= 0 {
            throw fail("canvas.\(k)", "must be positive")
        }
        // The size test comes before pixelSize, whose Int conversion would trap on a huge size.
        let (pw, ph) = (canvas.width * canvas.scale, canvas.height * canvas.scale)
        guard pw <= 16384, ph <= 16384, canvas.pixelSize.width >= 1, canvas.pixelSize.height >= 1 else {
            let size = [pw, ph].map { $0 <= 16384 ? String(Int($0.rounded())) : JSONWriter.number($0) }.joined(separator: "x")
            throw fail("canvas", "the image would be \(size) pixels (1...16384 a side)")
        }
        if let b = cd["background"] { canvas.background = try color(b, "canvas.background") }
        var description: String?
        if let s = d["description"] { description = try string(s, "description") }
        let root = try layer(r, "root")
        var animations: [SceneAnimation] = []
        if let a = d["animations"] {
            guard case .array(let items) = a else { throw fail("animations", "expected a list, got \(a.brief)") }
            var all: [CALayer] = []
            func walk(_ l: CALayer) { all.append(l); for s in l.sublayers ?? [] { walk(s) } }
            walk(root)
            for (i, item) in items.enumerated() {
                try collect { animations.append(try animation(item, "animations[\(i)]", layers: all)) }
            }
        }
        return Scene(description: description, canvas: canvas, root: root, animations: animations)
    }

    // MARK: Layers

    func layer(_ v: JSONValue, _ path: String) throws -> CALayer {
        let d = try object(v, path, allowed: Self.allLayerKeys)
        // The keys present (a layer has a few of the forty): looking each name up in this short
        // list costs less than hashing all forty into the dictionary.
        guard case .object(_, let order) = v else { throw fail(path, "expected an object, got \(v.brief)") }
        let type = try d["type"].map { try string($0, "\(path).type") } ?? "layer"
        let layer: CALayer
        switch type {
        case "layer": layer = CALayer()
        case "transformLayer": layer = CATransformLayer()
        case "textLayer":
            // Scene text wraps within the bounds, as the contract's reference (CSS pre-wrap) draws it.
            let t = CATextLayer()
            t.isWrapped = true
            layer = t
        case "gradientLayer": layer = CAGradientLayer()
        case "shapeLayer": layer = CAShapeLayer()
        case "replicatorLayer": layer = CAReplicatorLayer()
        default:
            let hint = Suggestions.word(for: type, among: Set(Self.layerTypes)).map { "did you mean \"\($0)\"? " } ?? ""
            throw fail("\(path).type", "unknown layer type \"\(type)\" (\(hint)\(Self.layerTypes.joined(separator: ", ")))")
        }
        // Keys of another layer type, by type in typeKeys' order, sorted within each type.
        let foreign = order.filter { !Self.layerKeys.contains($0) && d[$0] != nil }
        if !foreign.isEmpty {
            for (owner, keys) in Self.typeKeys where owner != type {
                for k in foreign.filter({ keys.contains($0) }).sorted() {
                    try record(fail("\(path).\(k)", "unknown key \"\(k)\" (only a \(owner) has it)"))
                }
            }
        }
        // Each key is read on its own: an error in one is recorded and the others still read.
        func key(_ k: String, _ body: (JSONValue, String) throws -> Void) throws {
            guard order.contains(k), let v = d[k] else { return }
            try collect { try body(v, "\(path).\(k)") }
        }
        try key("name") { v, p in layer.name = try string(v, p) }
        try key("anchorPoint") { v, p in let a = try numbers(v, 2, p); layer.anchorPoint = CGPoint(x: a[0], y: a[1]) }
        try key("anchorPointZ") { v, p in layer.anchorPointZ = try number(v, p) }
        // frame first (with the final anchor point), so bounds and position win when present.
        try key("frame") { v, p in
            let f = try numbers(v, 4, p)
            guard f[2] >= 0, f[3] >= 0 else { throw fail(p, "frame size must not be negative") }
            layer.frame = CGRect(x: f[0], y: f[1], width: f[2], height: f[3])
            guard layer.position.x.isFinite, layer.position.y.isFinite else {
                throw fail(p, "frame with this anchorPoint puts the position out of range (not a finite number)")
            }
        }
        try key("bounds") { v, p in
            let b = try numbers(v, 4, p)
            guard b[2] >= 0, b[3] >= 0 else { throw fail(p, "bounds size must not be negative") }
            layer.bounds = CGRect(x: b[0], y: b[1], width: b[2], height: b[3])
        }
        try key("position") { v, p in let a = try numbers(v, 2, p); layer.position = CGPoint(x: a[0], y: a[1]) }
        try key("zPosition") { v, p in layer.zPosition = try number(v, p) }
        try collect {
            if d["transform"] != nil && d["affineTransform"] != nil {
                throw fail("\(path).affineTransform", "a layer may not have both transform and affineTransform")
            }
        }
        try key("transform") { v, p in layer.transform = try transform(v, p) }
        try key("affineTransform") { v, p in
            let a = try numbers(v, 6, p)
            layer.transform = CATransform3DMakeAffineTransform(CGAffineTransform(a[0], a[1], a[2], a[3], a[4], a[5]))
        }
        try key("sublayerTransform") { v, p in layer.sublayerTransform = try transform(v, p) }
        try key("backgroundColor") { v, p in layer.backgroundColor = try optionalColor(v, p) }
        try key("opacity") { v, p in
            let o = try number(v, p)
            guard (0...1).contains(o) else { throw fail(p, "opacity \(JSONWriter.number(o)) outside 0...1") }
            layer.opacity = Float(o)
        }
        try key("hidden") { v, p in layer.isHidden = try bool(v, p) }
        try key("doubleSided") { v, p in layer.isDoubleSided = try bool(v, p) }
        try key("masksToBounds") { v, p in layer.masksToBounds = try bool(v, p) }
        try key("geometryFlipped") { v, p in layer.isGeometryFlipped = try bool(v, p) }
        try key("allowsEdgeAntialiasing") { v, p in layer.allowsEdgeAntialiasing = try bool(v, p) }
        try key("cornerRadius") { v, p in
            let r = try number(v, p)
            guard r >= 0 else { throw fail(p, "cornerRadius must not be negative") }
            layer.cornerRadius = r
        }
        try key("borderWidth") { v, p in
            let w = try number(v, p)
            guard w >= 0 else { throw fail(p, "borderWidth must not be negative") }
            layer.borderWidth = w
        }
        try key("borderColor") { v, p in layer.borderColor = try optionalColor(v, p) }
        try key("contents") { v, p in
            let rel = try string(v, p)
            let url = rel.hasPrefix("/") ? URL(fileURLWithPath: rel) : base.appendingPathComponent(rel)
            do {
                layer.contents = try PNG.read(url.standardizedFileURL.path)
            } catch let e as PNGError {
                throw fail(p, "contents image \(e.description)")
            }
        }
        try key("contentsGravity") { v, p in
            let g = try string(v, p)
            guard CALayerContentsGravity.all.contains(CALayerContentsGravity(rawValue: g)) else {
                throw fail(p, "unknown gravity \"\(g)\" (\(CALayerContentsGravity.all.map(\.rawValue).joined(separator: ", ")))")
            }
            layer.contentsGravity = CALayerContentsGravity(rawValue: g)
        }
        try key("contentsRect") { v, p in
            let r = try numbers(v, 4, p)
            layer.contentsRect = CGRect(x: r[0], y: r[1], width: r[2], height: r[3])
        }
        try key("light") { v, p in layer.light = try light(v, p) }
        if let text = layer as? CATextLayer {
            try key("string") { v, p in text.string = try string(v, p) }
            try key("fontSize") { v, p in
                let s = try number(v, p)
                guard s >= 0 else { throw fail(p, "fontSize must not be negative") }
                text.fontSize = s
            }
            try key("foregroundColor") { v, p in text.foregroundColor = try color(v, p) }
            try key("alignmentMode") { v, p in
                let m = try string(v, p)
                guard CATextLayerAlignmentMode.all.contains(CATextLayerAlignmentMode(rawValue: m)) else {
                    throw fail(p, "unknown alignment mode \"\(m)\" (natural, left, right, center, justified)")
                }
                text.alignmentMode = CATextLayerAlignmentMode(rawValue: m)
            }
        }
        try readRevision2Keys(layer, key)
        if let g = layer as? CAGradientLayer { try readGradientKeys(g, d, path, key) }
        if let s = layer as? CAShapeLayer { try readShapeKeys(s, key) }
        if let r = layer as? CAReplicatorLayer { try readReplicatorKeys(r, key) }
        try key("sublayers") { v, p in
            guard case .array(let subs) = v else { throw fail(p, "expected a list of layers, got \(v.brief)") }
            // A sublayer with errors is reported and left out; its siblings are still read.
            for (i, s) in subs.enumerated() { try collect { layer.addSublayer(try self.layer(s, "\(p)[\(i)]")) } }
        }
        return layer
    }

    func light(_ v: JSONValue, _ path: String) throws -> LaminaLight {
        let d = try object(v, path, allowed: Self.lightKeys)
        var light = LaminaLight()
        if let dir = d["direction"] {
            let a = try numbers(dir, 3, "\(path).direction")
            guard a.contains(where: { $0 != 0 }) else { throw fail("\(path).direction", "must not be the zero vector") }
            light.direction = (a[0], a[1], a[2])
        }
        if let a = d["ambient"] {
            light.ambient = try number(a, "\(path).ambient")
            guard (0...1).contains(light.ambient) else { throw fail("\(path).ambient", "outside 0...1") }
        }
        return light
    }
}
