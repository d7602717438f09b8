// Writing layer trees as scene files. Reading what was written gives the same tree.
import LaminaImage
import QuartzCore

extension Scene {
    /// The scene as scene-file JSON text. Contents images that came from files are referred
    /// to relative to `directory` (the folder the text will be saved in); others are written
    /// there as PNG files named after the scene.
    public func jsonText(savingImagesIn directory: URL, stem: String = "scene") throws -> String {
        var writer = SceneWriterState(directory: directory, stem: stem)
        var top: [(String, JSONValue)] = [("format", .number(1))]
        if let description { top.append(("description", .string(description))) }
        var c: [(String, JSONValue)] = [("width", .number(canvas.width)), ("height", .number(canvas.height)), ("scale", .number(canvas.scale))]
        if let b = canvas.background { c.append(("background", SceneWriterState.color(b))) }
        top.append(("canvas", SceneWriterState.object(c)))
        top.append(("root", try writer.layer(root, path: "root")))
        if !animations.isEmpty { top.append(("animations", .array(animations.map(SceneWriterState.animation)))) }
        let doc = SceneWriterState.object(top)
        // JSON has no NaN or infinities: refuse rather than write text no reader takes.
        if let (path, d) = SceneWriterState.firstNonFinite(doc, "") {
            throw SceneError(path: path, message: "cannot write the non-finite number \(d) (JSON has no NaN or infinities)")
        }
        return JSONWriter.write(doc) + "\n"
    }

    /// Writes the scene file (whole or not at all).
    public func write(to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let text = try jsonText(savingImagesIn: url.deletingLastPathComponent(), stem: url.deletingPathExtension().lastPathComponent)
        try Data(text.utf8).write(to: url, options: .atomic)
    }
}

struct SceneWriterState {
    let directory: URL
    let stem: String
    var written = 0

    static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(pairs.map { JSONMember(key: $0.0, value: $0.1) })
    }
    /// The JSON path and value of the first NaN or infinity in `v`, if any.
    static func firstNonFinite(_ v: JSONValue, _ path: String) -> (String, Double)? {
        switch v {
        case .number(let d): return d.isFinite ? nil : (path, d)
        case .array(let a):
            for (i, x) in a.enumerated() { if let hit = firstNonFinite(x, "\(path)[\(i)]") { return hit } }
            return nil
        case .object(let members):
            for m in members { if let hit = firstNonFinite(m.value, path.isEmpty ? m.key : "\(path).\(m.key)") { return hit } }
            return nil
        default: return nil
        }
    }

    static func nums(_ xs: [Double]) -> JSONValue { .array(xs.map { .number($0) }) }
    static func color(_ c: CGColor) -> JSONValue { nums([c.rgba.red, c.rgba.green, c.rgba.blue, c.rgba.alpha]) }
    static func transform(_ t: CATransform3D) -> JSONValue { nums(t.fields.map { Double($0) }) }

    /// A color that may be nil (written as null).
    static func optionalColor(_ c: CGColor?) -> JSONValue { c.map(color) ?? .null }

    /// The layer at JSON path `path` (for the errors of what cannot be written).
    mutating func layer(_ l: CALayer, path: String) throws -> JSONValue {
        let d = CALayer()
        var p: [(String, JSONValue)] = []
        let type = SceneReader.sceneType(of: l)
        if type != "layer" { p.append(("type", .string(type))) }
        if let n = l.name { p.append(("name", .string(n))) }
        p.append(("bounds", Self.nums([l.bounds.minX, l.bounds.minY, l.bounds.width, l.bounds.height])))
        p.append(("position", Self.nums([l.position.x, l.position.y])))
        if l.anchorPoint != d.anchorPoint { p.append(("anchorPoint", Self.nums([l.anchorPoint.x, l.anchorPoint.y]))) }
        if l.anchorPointZ != 0 { p.append(("anchorPointZ", .number(l.anchorPointZ))) }
        if l.zPosition != 0 { p.append(("zPosition", .number(l.zPosition))) }
        if l.transform != CATransform3DIdentity { p.append(("transform", Self.transform(l.transform))) }
        if l.sublayerTransform != CATransform3DIdentity { p.append(("sublayerTransform", Self.transform(l.sublayerTransform))) }
        if let c = l.backgroundColor { p.append(("backgroundColor", Self.color(c))) }
        if l.opacity != 1 { p.append(("opacity", .number(Double(l.opacity)))) }
        if l.isHidden { p.append(("hidden", .bool(true))) }
        if !l.isDoubleSided { p.append(("doubleSided", .bool(false))) }
        if l.masksToBounds { p.append(("masksToBounds", .bool(true))) }
        if l.cornerRadius != 0 { p.append(("cornerRadius", .number(l.cornerRadius))) }
        if l.borderWidth != 0 { p.append(("borderWidth", .number(l.borderWidth))) }
        if l.borderColor != d.borderColor { p.append(("borderColor", Self.optionalColor(l.borderColor))) }
        if let image = l.contents as? CGImage { p.append(("contents", .string(try contentsPath(image)))) }
        if l.contentsGravity != .resize { p.append(("contentsGravity", .string(l.contentsGravity.rawValue))) }
        if l.contentsRect != d.contentsRect {
            p.append(("contentsRect", Self.nums([l.contentsRect.minX, l.contentsRect.minY, l.contentsRect.width, l.contentsRect.height])))
        }
        if l.isGeometryFlipped { p.append(("geometryFlipped", .bool(true))) }
        if !l.allowsEdgeAntialiasing { p.append(("allowsEdgeAntialiasing", .bool(false))) }
        if let light = l.light {
            p.append(("light", Self.object([("direction", Self.nums([light.direction.x, light.direction.y, light.direction.z])),
                                            ("ambient", .number(light.ambient))])))
        }
        if let t = l as? CATextLayer {
            if let s = t.string as? String { p.append(("string", .string(s))) }
            p.append(("fontSize", .number(t.fontSize)))
            if let c = t.foregroundColor { p.append(("foregroundColor", Self.color(c))) }
            p.append(("alignmentMode", .string(t.alignmentMode.rawValue)))
        }
        try revision2(l, path: path, into: &p)
        let subs = l.sublayers ?? []
        if !subs.isEmpty { p.append(("sublayers", .array(try subs.enumerated().map { try layer($1, path: "\(path).sublayers[\($0)]") }))) }
        return Self.object(p)
    }

    /// A path for an image relative to the output folder, writing the image there when it came from no file.
    mutating func contentsPath(_ image: CGImage) throws -> String {
        if let src = image.sourceURL?.standardizedFileURL {
            let dir = directory.standardizedFileURL.pathComponents, file = src.pathComponents
            var common = 0
            while common < min(dir.count, file.count - 1) && dir[common] == file[common] { common += 1 }
            return (Array(repeating: "..", count: dir.count - common) + file[common...]).joined(separator: "/")
        }
        written += 1
        let name = "\(stem)-contents-\(written).png"
        try PNG.write(image, to: directory.appendingPathComponent(name).path)
        return name
    }

    static func value(_ v: AnimationValue) -> JSONValue {
        switch v {
        case .number(let d): .number(d)
        case .vector(let xs): nums(xs)
        case .color(let c): color(c)
        case .transform(let t): transform(t)
        case .colors(let cs): .array(cs.map(color))
        case .path(let p): .string(p.svgPathData)
        }
    }

    static func animation(_ a: SceneAnimation) -> JSONValue {
        var p: [(String, JSONValue)] = [("layer", .string(a.layer)), ("keyPath", .string(a.keyPath))]
        if let f = a.from { p.append(("from", value(f))) }
        p.append(("to", value(a.to)))
        p.append(("beginTime", .number(a.beginTime)))
        p.append(("duration", .number(a.duration)))
        let tf = a.timingFunction
        p.append(("timingFunction", tf.name.map { .string($0) } ?? nums([tf.c1.x, tf.c1.y, tf.c2.x, tf.c2.y])))
        p.append(("repeatCount", .number(a.repeatCount)))
        p.append(("autoreverses", .bool(a.autoreverses)))
        p.append(("fillMode", .string(a.fillMode)))
        return object(p)
    }
}
