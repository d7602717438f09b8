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

    /// An object's members with an allowed key (every unknown key is recorded).
    func object(_ v: JSONValue, _ path: @autoclosure () -> String, allowed: Set<String>) throws -> [JSONMember] {
        guard case .object(let members) = v else { throw fail(path(), "expected an object, got \(v.brief)") }
        // Every unknown key is reported; the known ones are still read.
        var unknown = false
        for m in members where !allowed.contains(m.key) {
            unknown = true
            let k = m.key
            let hint = Suggestions.key(for: k, among: allowed).map { " (did you mean \(JSONWriter.quote($0))?)" } ?? ""
            try record(fail(path().isEmpty ? k : "\(path()).\(k)", "unknown key \(JSONWriter.quote(k))\(hint)"))
        }
        return unknown ? members.filter { allowed.contains($0.key) } : members
    }

    func number(_ v: JSONValue, _ path: @autoclosure () -> String) throws -> Double {
        guard case .number(let d) = v else { throw fail(path(), "expected a number, got \(v.brief)") }
        guard d.isFinite else { throw fail(path(), "not a finite number") }
        return d
    }

    func numbers(_ v: JSONValue, _ n: Int, _ path: @autoclosure () -> String) throws -> [Double] {
        guard case .array(let a) = v else { throw fail(path(), "expected \(n) numbers, got \(v.brief)") }
        guard a.count == n else { throw fail(path(), "expected \(n) numbers, got \(a.count)") }
        // The element's path is spelled out only for an error.
        return try a.enumerated().map { i, x in
            if case .number(let d) = x, d.isFinite { return d }
            return try number(x, "\(path())[\(i)]")
        }
    }

    /// Up to four numbers held without an array (points, sizes, rects and colors are read per layer).
    struct FewNumbers {
        var values: (Double, Double, Double, Double) = (0, 0, 0, 0)
        subscript(i: Int) -> Double {
            switch i {
            case 0: values.0
            case 1: values.1
            case 2: values.2
            default: values.3
            }
        }
    }

    /// `n` (1...4) numbers, read and checked as `numbers` does (the same errors in the same order).
    func few(_ v: JSONValue, _ n: Int, _ path: @autoclosure () -> String) throws -> FewNumbers {
        guard case .array(let a) = v else { throw fail(path(), "expected \(n) numbers, got \(v.brief)") }
        guard a.count == n else { throw fail(path(), "expected \(n) numbers, got \(a.count)") }
        func at(_ i: Int) throws -> Double {
            guard i < n else { return 0 }
            if case .number(let d) = a[i], d.isFinite { return d }
            return try number(a[i], "\(path())[\(i)]")
        }
        return FewNumbers(values: (try at(0), try at(1), try at(2), try at(3)))
    }

    func bool(_ v: JSONValue, _ path: @autoclosure () -> String) throws -> Bool {
        guard case .bool(let b) = v else { throw fail(path(), "expected true or false, got \(v.brief)") }
        return b
    }

    func string(_ v: JSONValue, _ path: @autoclosure () -> String) throws -> String {
        guard case .string(let s) = v else { throw fail(path(), "expected a string, got \(v.brief)") }
        return s
    }

    func color(_ v: JSONValue, _ path: @autoclosure () -> String) throws -> CGColor {
        if case .string(let s) = v {
            if let c = Self.namedColors[s] { return CGColor(red: c.0, green: c.1, blue: c.2, alpha: c.3) }
            // Only ASCII hex digits: UInt8(_:radix:) alone would also take a sign ("#+f+f+f").
            if s.hasPrefix("#"), s.utf8.count == 7 || s.utf8.count == 9, s.utf8.dropFirst().allSatisfy({ $0 < 0x80 && Character(Unicode.Scalar($0)).isHexDigit }) {
                let hex = Array(s.dropFirst())
                var comps: [Double] = []
                var i = 0
                while i < hex.count {
                    guard let b = UInt8(String(hex[i..<i + 2]), radix: 16) else { throw fail(path(), "bad color \"\(s)\"") }
                    comps.append(Double(b) / 255)
                    i += 2
                }
                if comps.count == 3 { comps.append(1) }
                return CGColor(red: comps[0], green: comps[1], blue: comps[2], alpha: comps[3])
            }
            throw fail(path(), "bad color \"\(s)\" (use #RRGGBB, #RRGGBBAA, [r, g, b, a] or a UIColor name)")
        }
        if case .null = v {
            throw fail(path(), "a color may not be null here (only backgroundColor, borderColor, shadowColor, fillColor and strokeColor may be)")
        }
        let c = try few(v, 4, path())
        for i in 0..<4 where !(0...1).contains(c[i]) {
            throw fail("\(path())[\(i)]", "color component \(JSONWriter.number(c[i])) outside 0...1")
        }
        return CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])
    }

    /// A transform: 16 numbers in field order, or a list of steps applied in order.
    func transform(_ v: JSONValue, _ path: @autoclosure () -> String) throws -> CATransform3D {
        guard case .array(let items) = v else { throw fail(path(), "a transform is 16 numbers or a list of steps, got \(v.brief)") }
        func isNumber(_ x: JSONValue) -> Bool { if case .number = x { return true }; return false }
        if items.count == 16, items.allSatisfy(isNumber) {
            // Straight into the fields (no arrays); finite entries make a finite transform.
            func f(_ k: Int) throws -> CGFloat {
                if case .number(let d) = items[k], d.isFinite { return d }
                return try number(items[k], "\(path())[\(k)]")
            }
            return CATransform3D(m11: try f(0), m12: try f(1), m13: try f(2), m14: try f(3),
                                 m21: try f(4), m22: try f(5), m23: try f(6), m24: try f(7),
                                 m31: try f(8), m32: try f(9), m33: try f(10), m34: try f(11),
                                 m41: try f(12), m42: try f(13), m43: try f(14), m44: try f(15))
        }
        // Numbers mean a matrix was meant: name the entry or the count that is wrong.
        if items.contains(where: isNumber) {
            if items.count == 16, let bad = items.firstIndex(where: { !isNumber($0) }) {
                throw fail("\(path())[\(bad)]", "a 16-number matrix holds only numbers; got \(items[bad].brief)")
            }
            if items.allSatisfy(isNumber) {
                throw fail(path(), "a matrix is 16 numbers, got \(items.count) (or give a list of steps)")
            }
        }
        var t = CATransform3DIdentity
        for (i, step) in items.enumerated() {
            let sp = "\(path())[\(i)]"
            guard case .object(let members) = step else {
                throw fail(sp, "a step is an object with one key, got \(step.brief)")
            }
            guard members.count == 1, let key = members.first?.key, let arg = members.first?.value else {
                throw fail(sp, "a step has exactly one key, got \(members.count)")
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
        return try finite(t, path())
    }

    func finite(_ t: CATransform3D, _ path: @autoclosure () -> String) throws -> CATransform3D {
        guard t.isFinite else { throw fail(path(), "the transform has a non-finite entry") }
        return t
    }

    // MARK: Document

    func scene(_ v: JSONValue) throws -> Scene {
        let d = try object(v, "", allowed: Self.topKeys)
        guard let f = d[key: "format"] else { throw fail("format", "missing (expected 1)") }
        guard try number(f, "format") == 1 else { throw fail("format", "unsupported format \(f.brief) (expected 1)") }
        guard let c = d[key: "canvas"] else { throw fail("canvas", "missing") }
        guard let r = d[key: "root"] else { throw fail("root", "missing") }
        let cd = try object(c, "canvas", allowed: Self.canvasKeys)
        guard let w = cd[key: "width"] else { throw fail("canvas.width", "missing") }
        guard let h = cd[key: "height"] else { throw fail("canvas.height", "missing") }
        var canvas = Canvas(width: try number(w, "canvas.width"), height: try number(h, "canvas.height"))
        if let s = cd[key: "scale"] { canvas.scale = try number(s, "canvas.scale") }
        for (k, x) in [("width", canvas.width), ("height", canvas.height), ("scale", canvas.scale)] where x <= 0 {
            throw fail("canvas.\(k)", "must be positive")
        }
        // The size test comes before pixelSize, whose Int conversion would trap on a huge size.
        let (pw, ph) = (canvas.width * canvas.scale, canvas.height * canvas.scale)
        guard pw <= 16384, ph <= 16384, canvas.pixelSize.width >= 1, canvas.pixelSize.height >= 1 else {
            let size = [pw, ph].map { $0 <= 16384 ? String(Int($0.rounded())) : JSONWriter.number($0) }.joined(separator: "x")
            throw fail("canvas", "the image would be \(size) pixels (1...16384 a side)")
        }
        if let b = cd[key: "background"] { canvas.background = try color(b, "canvas.background") }
        var description: String?
        if let s = d[key: "description"] { description = try string(s, "description") }
        let root = try layer(r, "root")
        var animations: [SceneAnimation] = []
        if let a = d[key: "animations"] {
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

    /// A layer object. Its JSON path is built only for an error message.
    func layer(_ v: JSONValue, _ path: @autoclosure () -> String) throws -> CALayer {
        guard case .object(let members) = v else { throw fail(path(), "expected an object, got \(v.brief)") }
        // Each key is looked up once; unknown keys are reported in the file's order.
        var keys = PresentKeys()
        for (n, m) in members.enumerated() {
            guard let k = LayerKey.named(m.key) else {
                let hint = Suggestions.key(for: m.key, among: Self.allLayerKeys).map { " (did you mean \(JSONWriter.quote($0))?)" } ?? ""
                try record(fail("\(path()).\(m.key)", "unknown key \(JSONWriter.quote(m.key))\(hint)"))
                continue
            }
            keys.insert(k, at: n)
        }
        func value(_ k: LayerKey) -> JSONValue? { keys.contains(k) ? members[keys.index(of: k)].value : nil }
        let type = try value(.type).map { try string($0, "\(path()).type") } ?? "layer"
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
            throw fail("\(path()).type", "unknown layer type \"\(type)\" (\(hint)\(Self.layerTypes.joined(separator: ", ")))")
        }
        // Keys of another layer type, by type in typeSets' order, sorted within each type.
        let own = LayerKey.typeSets.first { $0.type == type }?.keys ?? 0
        let foreign = keys.set & LayerKey.typeSpecific & ~own
        if foreign != 0 {
            for (owner, set) in LayerKey.typeSets where set & foreign != 0 {
                let names = LayerKey.allCases.filter { $0.bit & set & foreign != 0 }.map(\.name).sorted()
                for k in names { try record(fail("\(path()).\(k)", "unknown key \"\(k)\" (only a \(owner) has it)")) }
            }
        }
        // Each key is read on its own, in LayerKey order: an error in one is recorded and the
        // others still read.
        var pending = keys.set & ~LayerKey.type.bit & (~LayerKey.typeSpecific | own)
        var conflictChecked = false
        while pending != 0 {
            let k = LayerKey(rawValue: pending.trailingZeroBitCount)!
            pending &= pending - 1
            if !conflictChecked && k.rawValue >= LayerKey.transform.rawValue {
                conflictChecked = true
                if keys.contains(.transform) && keys.contains(.affineTransform) {
                    try record(fail("\(path()).affineTransform", "a layer may not have both transform and affineTransform"))
                }
            }
            let v = members[keys.index(of: k)].value
            try collect {
                if k.rawValue < LayerKey.shadowColor.rawValue || k == .sublayers {
                    try applyLayerKey(k, v, layer, "\(path()).\(k.name)")
                } else {
                    try applyRevision2Key(k, v, layer, members, "\(path()).\(k.name)")
                }
            }
        }
        return layer
    }

    func light(_ v: JSONValue, _ path: @autoclosure () -> String) throws -> LaminaLight {
        let d = try object(v, path(), allowed: Self.lightKeys)
        var light = LaminaLight()
        if let dir = d[key: "direction"] {
            let a = try numbers(dir, 3, "\(path()).direction")
            guard a.contains(where: { $0 != 0 }) else { throw fail("\(path()).direction", "must not be the zero vector") }
            light.direction = (a[0], a[1], a[2])
        }
        if let a = d[key: "ambient"] {
            light.ambient = try number(a, "\(path()).ambient")
            guard (0...1).contains(light.ambient) else { throw fail("\(path()).ambient", "outside 0...1") }
        }
        return light
    }
}
