// Scenes as Swift source: `makeLayerTree()` builds the scene's tree with Core Animation's API
// only (the same text compiles on Apple platforms and against this package), the canvas as
// three values, and `addAnimations(to:)` for the animations section. Contents PNGs and the
// Lamina light are the two things written inside `#if canImport(...)` blocks.
import QuartzCore

/// How `Scene.swiftSource(options:)` writes.
public struct SwiftExportOptions: Sendable {
    /// The access level put before the top-level declarations ("public" to use them from
    /// another module; empty: internal).
    public var access: String = ""
    /// The folder the Swift file will be saved in: contents images are loaded relative to the
    /// file (`#filePath`). nil: by absolute path.
    public var sourceFolder: URL?
    /// The scene file's name, for the header comment.
    public var sceneName: String?

    /// Options with the defaults (internal declarations, absolute image paths).
    public init(access: String = "", sourceFolder: URL? = nil, sceneName: String? = nil) {
        self.access = access; self.sourceFolder = sourceFolder; self.sceneName = sceneName
    }
}

extension Scene {
    /// The scene as a Swift source file (see SceneSwiftWriter.swift). Throws a SceneError for
    /// what Swift cannot express exactly (a non-finite number, contents that came from no file).
    public func swiftSource(options: SwiftExportOptions = SwiftExportOptions()) throws -> String {
        var w = SceneSwiftWriter(options: options)
        return try w.file(self)
    }
}

/// Writes one scene's source; `names` keeps the variable names of `makeLayerTree` unique.
struct SceneSwiftWriter {
    let options: SwiftExportOptions
    var names = SwiftNames()
    /// The body of `makeLayerTree`, one statement per line (indented when written).
    var body: [String] = []
    /// Whether a layer has contents (the image loader and its imports are then written).
    var usesImages = false

    init(options: SwiftExportOptions) { self.options = options }

    var access: String { options.access.isEmpty ? "" : options.access + " " }

    mutating func file(_ scene: Scene) throws -> String {
        try checkFinite(scene)
        let rootName = try layer(scene.root, defaultName: "root")
        var out: [String] = []
        if let d = scene.description {
            out += d.split(separator: "\n", omittingEmptySubsequences: false).map { "// " + $0 }
        }
        let from = options.sceneName.map { " from \($0)" } ?? ""
        out += ["// Exported by `lamina export-swift`\(from): Core Animation code that builds the scene's layer tree.",
                "// It compiles unchanged on Apple platforms and against Lamina's QuartzCore on Linux.",
                "import Foundation", "import QuartzCore"]
        if usesImages { out += ["#if canImport(ImageIO)", "import ImageIO", "#else", "import LaminaImage", "#endif"] }
        out += ["", "/// The canvas the tree is drawn on: its size in points.",
                "\(access)var canvasSize: CGSize { \(SwiftLiterals.size(CGSize(width: scene.canvas.width, height: scene.canvas.height))) }",
                "/// Pixels per point.", "\(access)var canvasScale: CGFloat { \(SwiftLiterals.number(scene.canvas.scale)) }",
                "/// The color under the tree (nil: clear).",
                "\(access)var canvasBackground: CGColor? { \(SwiftLiterals.optionalColor(scene.canvas.background)) }", "",
                "/// Builds the scene's layer tree. The root is placed in the canvas by its frame, as any layer in its superlayer.",
                "\(access)func makeLayerTree() -> CALayer {"]
        out += body.map { $0.isEmpty ? "" : "    " + $0.replacingOccurrences(of: "\n", with: "\n    ") }
        out += ["    return \(rootName)", "}"]
        if !scene.animations.isEmpty { out += [""] + (try animations(scene.animations)) }
        if usesImages { out += [""] + Self.imageLoader }
        return out.joined(separator: "\n") + "\n"
    }

    /// The image loader: ImageIO on Apple platforms, Lamina's PNG reader elsewhere.
    static let imageLoader = [
        "/// A PNG image; a relative path is taken from the folder of this source file.",
        "private func loadImage(_ path: String) -> CGImage? {",
        "    let url = path.hasPrefix(\"/\") ? URL(fileURLWithPath: path)",
        "        : URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(path)",
        "#if canImport(ImageIO)",
        "    guard let source = CGImageSourceCreateWithURL(url as CFURL, nil) else { return nil }",
        "    return CGImageSourceCreateImageAtIndex(source, 0, nil)",
        "#else",
        "    return try? PNG.read(url.standardizedFileURL.path)",
        "#endif",
        "}",
    ]

    /// The statements creating `l` (and its mask and sublayers); returns its variable name.
    mutating func layer(_ l: CALayer, defaultName: String) throws -> String {
        let v = names.unique(l.name ?? defaultName)
        let type = String(describing: Swift.type(of: l))
        body.append("let \(v) = \(type)()")
        if let n = l.name { body.append("\(v).name = \(SwiftLiterals.string(n))") }
        try geometry(l, v)
        try appearance(l, v)
        if let m = l.mask {
            body.append("")
            let mv = try layer(m, defaultName: v + "Mask")
            body.append("\(v).mask = \(mv)")
        }
        for s in l.sublayers ?? [] {
            body.append("")
            // An unnamed layer is named after its type: layer, layer2, shapeLayer ...
            let sv = try layer(s, defaultName: Self.typeName(s))
            body.append("\(v).addSublayer(\(sv))")
        }
        return v
    }

    /// A name for an unnamed layer: its type's, in lower camel case (`shapeLayer`).
    static func typeName(_ l: CALayer) -> String {
        let t = String(describing: Swift.type(of: l))
        return t == "CALayer" ? "layer" : t.dropFirst(2).prefix(1).lowercased() + t.dropFirst(3)
    }

    /// Position, size and transforms.
    mutating func geometry(_ l: CALayer, _ v: String) throws {
        let d = CALayer()
        if l.anchorPoint != d.anchorPoint { body.append("\(v).anchorPoint = \(SwiftLiterals.point(l.anchorPoint))") }
        if let f = Self.frame(of: l) {
            body.append("\(v).frame = \(SwiftLiterals.rect(f))")
        } else {
            body.append("\(v).bounds = \(SwiftLiterals.rect(l.bounds))")
            body.append("\(v).position = \(SwiftLiterals.point(l.position))")
        }
        if l.anchorPointZ != 0 { body.append("\(v).anchorPointZ = \(SwiftLiterals.number(l.anchorPointZ))") }
        if l.zPosition != 0 { body.append("\(v).zPosition = \(SwiftLiterals.number(l.zPosition))") }
        if l.transform != CATransform3DIdentity { assign(l.transform, to: "\(v).transform", helper: v + "Transform") }
        if l.sublayerTransform != CATransform3DIdentity {
            assign(l.sublayerTransform, to: "\(v).sublayerTransform", helper: v + "SublayerTransform")
        }
    }

    /// `target = <transform>`, with the lines the transform needs before it.
    mutating func assign(_ t: CATransform3D, to target: String, helper: String) {
        let h = names.unique(helper)
        let s = SwiftTransforms.source(t, helper: h)
        if s.prelude.isEmpty { names.release(h) }
        body += s.prelude
        body.append("\(target) = \(s.expression)")
    }

    /// The frame that gives the layer's bounds and position exactly (with its anchor point and
    /// an identity transform, as the setter sees it when written before the transform), if any.
    static func frame(of l: CALayer) -> CGRect? {
        guard l.bounds.origin == .zero else { return nil }
        let s = l.bounds.size
        let f = CGRect(x: l.position.x - l.anchorPoint.x * s.width, y: l.position.y - l.anchorPoint.y * s.height,
                       width: s.width, height: s.height)
        let probe = CALayer()
        probe.anchorPoint = l.anchorPoint
        probe.frame = f
        return probe.bounds == l.bounds && probe.position == l.position ? f : nil
    }

    /// Every number of the scene finite (Swift literals have no NaN or infinities).
    func checkFinite(_ scene: Scene) throws {
        for l in scene.allLayers + scene.allLayers.compactMap(\.mask) {
            let values = [l.position.x, l.position.y, l.bounds.origin.x, l.bounds.origin.y, l.bounds.width, l.bounds.height,
                          l.zPosition, l.anchorPointZ] + l.transform.fields + l.sublayerTransform.fields
            if values.contains(where: { !$0.isFinite }) {
                throw SceneError(path: l.name ?? "", message: "cannot write a non-finite number as Swift")
            }
        }
    }
}

/// Swift variable names from layer names: lower camel case ASCII, not a keyword, unique.
struct SwiftNames {
    private var used: Set<String> = ["makeLayerTree", "addAnimations", "loadImage", "canvasSize", "canvasScale",
                                     "canvasBackground", "sublayer", "animation", "start"]
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "Any",
        "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "await", "async", "some", "any",
    ]

    /// `name` as an identifier: its ASCII letters and digits, words joined in lower camel case.
    static func identifier(_ name: String) -> String {
        let words = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
        var s = words.enumerated().map { i, w in i == 0 ? lowerLeading(w) : w.prefix(1).uppercased() + w.dropFirst() }.joined()
        if s.isEmpty { s = "layer" }
        if s.first!.isNumber { s = "layer" + s }
        if keywords.contains(s) { s += "Layer" }
        return s
    }

    /// `w` with its leading capitals lowered, the last one kept when a lowercase letter follows
    /// it (Card: card, URLBar: urlBar, ABC: abc).
    static func lowerLeading(_ w: String) -> String {
        let chars = Array(w)
        var n = 0
        while n < chars.count && chars[n].isUppercase { n += 1 }
        if n > 1 && n < chars.count && chars[n].isLowercase { n -= 1 }
        return String(chars[..<max(n, 1)]).lowercased() + String(chars[max(n, 1)...])
    }

    /// A new name from `name` (with 2, 3, ... appended when taken).
    mutating func unique(_ name: String) -> String {
        let base = Self.identifier(name)
        var s = base, k = 2
        while used.contains(s) { s = base + String(k); k += 1 }
        used.insert(s)
        return s
    }

    /// Gives back a name that ended up unused.
    mutating func release(_ name: String) { used.remove(name) }
}
