// Shared helpers for the scene-file tests: where things are, parsing from text, expecting
// errors, comparing layer trees exactly, temporary folders and a seeded generator.
import Foundation
import Testing
import LaminaScene
import QuartzCore

enum Paths {
    /// The package root: three levels up from Tests/LaminaSceneTests/X.swift.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The seed scenes, copied into the repository's fixtures.
    static let sharedScenes = packageRoot.appendingPathComponent("Tests/Fixtures/scenes")
    static let badScenes = packageRoot.appendingPathComponent("Tests/Fixtures/scenes-bad")
    /// The revision-2 scenes (kept apart until the renderers draw revision 2).
    static let r2Scenes = packageRoot.appendingPathComponent("Tests/Fixtures/scenes-r2")

    /// Every seed scene file, sorted by name.
    static var sharedSceneFiles: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sharedScenes.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { sharedScenes.appendingPathComponent($0) }
    }

    /// One seed scene by stem (fails the test when it is missing).
    static func sharedScene(_ stem: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Scene {
        let url = sharedScenes.appendingPathComponent(stem + ".json")
        try #require(FileManager.default.fileExists(atPath: url.path), "missing seed scene \(url.path)", sourceLocation: sourceLocation)
        return try Scene.read(contentsOf: url.path)
    }
}

/// A fresh temporary folder, removed by the caller (`defer { remove(dir) }`).
func makeTempDir(_ tag: String = "scene") throws -> URL {
    let dir = FileManager.default.temporaryDirectory
        .appendingPathComponent("lamina-scene-tests-\(tag)-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}

func remove(_ url: URL) { try? FileManager.default.removeItem(at: url) }

/// Parses scene JSON text (relative contents resolve against `base`, default the temp folder).
func parseScene(_ json: String, base: URL = FileManager.default.temporaryDirectory) throws -> Scene {
    try Scene.parse(Data(json.utf8), baseDirectory: base)
}

/// A valid scene with `root` as the root layer's JSON and an optional animations section.
func sceneJSON(root: String = #"{"bounds": [0, 0, 10, 10]}"#, animations: String? = nil,
               canvas: String = #"{"width": 100, "height": 80}"#) -> String {
    var s = #"{"format": 1, "canvas": \#(canvas), "root": \#(root)"#
    if let animations { s += #", "animations": \#(animations)"# }
    return s + "}"
}

/// Parses a one-layer scene and returns the root layer.
func parseRoot(_ layerJSON: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CALayer {
    try parseScene(sceneJSON(root: layerJSON)).root
}

/// Parses a scene whose root has one sublayer and returns that sublayer.
func parseLayer(_ layerJSON: String) throws -> CALayer {
    let root = try parseScene(sceneJSON(root: #"{"sublayers": [\#(layerJSON)]}"#)).root
    return try #require(root.sublayers?.first)
}

/// Expects `body` to throw a SceneError whose path is exactly `path` and whose message
/// contains every fragment; returns the error for further checks.
@discardableResult
func expectSceneError(path: String, _ fragments: [String], sourceLocation: SourceLocation = #_sourceLocation,
                      _ body: () throws -> Any) -> SceneError? {
    do {
        let value = try body()
        Issue.record("expected a SceneError at \(path.isEmpty ? "(top)" : path), but parsing succeeded: \(value)",
                     sourceLocation: sourceLocation)
        return nil
    } catch let e as SceneError {
        #expect(e.path == path, "error path \"\(e.path)\" != \"\(path)\" (error: \(e))", sourceLocation: sourceLocation)
        for f in fragments {
            #expect(e.message.contains(f), "message lacks \"\(f)\": \(e)", sourceLocation: sourceLocation)
        }
        return e
    } catch {
        Issue.record("expected a SceneError, got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Expects scene JSON text to be rejected at `path` with a message containing `fragments`.
@discardableResult
func expectSceneError(_ json: String, path: String, _ fragments: String..., base: URL = FileManager.default.temporaryDirectory,
                      sourceLocation: SourceLocation = #_sourceLocation) -> SceneError? {
    expectSceneError(path: path, fragments, sourceLocation: sourceLocation) { try parseScene(json, base: base) }
}

// MARK: Comparing trees

/// Every difference between two layer trees (property by property, transforms field by
/// field, colors component by component, all exact), each prefixed with the layer's path.
func treeDifferences(_ a: CALayer, _ b: CALayer, path: String = "root") -> [String] {
    var out: [String] = []
    func check<T: Equatable>(_ name: String, _ x: T, _ y: T) {
        if x != y { out.append("\(path).\(name): \(x) != \(y)") }
    }
    check("type", String(describing: type(of: a)), String(describing: type(of: b)))
    check("name", a.name, b.name)
    check("bounds", a.bounds, b.bounds)
    check("position", a.position, b.position)
    check("zPosition", a.zPosition, b.zPosition)
    check("anchorPoint", a.anchorPoint, b.anchorPoint)
    check("anchorPointZ", a.anchorPointZ, b.anchorPointZ)
    for (i, (x, y)) in zip(a.transform.fields, b.transform.fields).enumerated() { check("transform[\(i)]", x, y) }
    for (i, (x, y)) in zip(a.sublayerTransform.fields, b.sublayerTransform.fields).enumerated() { check("sublayerTransform[\(i)]", x, y) }
    check("hidden", a.isHidden, b.isHidden)
    check("doubleSided", a.isDoubleSided, b.isDoubleSided)
    check("geometryFlipped", a.isGeometryFlipped, b.isGeometryFlipped)
    check("masksToBounds", a.masksToBounds, b.masksToBounds)
    check("opacity", a.opacity, b.opacity)
    check("backgroundColor", a.backgroundColor?.components, b.backgroundColor?.components)
    check("cornerRadius", a.cornerRadius, b.cornerRadius)
    check("borderWidth", a.borderWidth, b.borderWidth)
    check("borderColor", a.borderColor?.components, b.borderColor?.components)
    let ia = a.contents as? CGImage, ib = b.contents as? CGImage
    check("contents", ia == nil, ib == nil)
    if let ia, let ib {
        check("contents.size", [ia.width, ia.height], [ib.width, ib.height])
        check("contents.pixels", ia.premultipliedRGBA, ib.premultipliedRGBA)
    }
    check("contentsGravity", a.contentsGravity, b.contentsGravity)
    check("contentsRect", a.contentsRect, b.contentsRect)
    check("allowsEdgeAntialiasing", a.allowsEdgeAntialiasing, b.allowsEdgeAntialiasing)
    check("light", a.light, b.light)
    if let ta = a as? CATextLayer, let tb = b as? CATextLayer {
        check("string", ta.string as? String, tb.string as? String)
        check("fontSize", ta.fontSize, tb.fontSize)
        check("foregroundColor", ta.foregroundColor?.components, tb.foregroundColor?.components)
        check("alignmentMode", ta.alignmentMode, tb.alignmentMode)
        check("wrapped", ta.isWrapped, tb.isWrapped)
    }
    check("shadowColor", a.shadowColor?.components, b.shadowColor?.components)
    check("shadowOpacity", a.shadowOpacity, b.shadowOpacity)
    check("shadowOffset", a.shadowOffset, b.shadowOffset)
    check("shadowRadius", a.shadowRadius, b.shadowRadius)
    check("shadowPath", a.shadowPath, b.shadowPath)
    check("contentsScale", a.contentsScale, b.contentsScale)
    check("mask", a.mask == nil, b.mask == nil)
    if let ma = a.mask, let mb = b.mask { out += treeDifferences(ma, mb, path: "\(path).mask") }
    if let ga = a as? CAGradientLayer, let gb = b as? CAGradientLayer {
        check("colors", ga.colors.map { $0.map { ($0 as? CGColor)?.components } }, gb.colors.map { $0.map { ($0 as? CGColor)?.components } })
        check("locations", ga.locations, gb.locations)
        check("startPoint", ga.startPoint, gb.startPoint)
        check("endPoint", ga.endPoint, gb.endPoint)
        check("gradientType", ga.type, gb.type)
    }
    if let x = a as? CAShapeLayer, let y = b as? CAShapeLayer {
        check("path", x.path, y.path)
        check("fillColor", x.fillColor?.components, y.fillColor?.components)
        check("fillRule", x.fillRule, y.fillRule)
        check("strokeColor", x.strokeColor?.components, y.strokeColor?.components)
        check("lineWidth", x.lineWidth, y.lineWidth)
        check("lineCap", x.lineCap, y.lineCap)
        check("lineJoin", x.lineJoin, y.lineJoin)
        check("miterLimit", x.miterLimit, y.miterLimit)
        check("lineDashPattern", x.lineDashPattern, y.lineDashPattern)
        check("lineDashPhase", x.lineDashPhase, y.lineDashPhase)
        check("strokeStart", x.strokeStart, y.strokeStart)
        check("strokeEnd", x.strokeEnd, y.strokeEnd)
    }
    if let x = a as? CAReplicatorLayer, let y = b as? CAReplicatorLayer {
        check("instanceCount", x.instanceCount, y.instanceCount)
        for (i, (p, q)) in zip(x.instanceTransform.fields, y.instanceTransform.fields).enumerated() { check("instanceTransform[\(i)]", p, q) }
        check("instanceColor", x.instanceColor?.components, y.instanceColor?.components)
        check("instanceOffsets", [x.instanceRedOffset, x.instanceGreenOffset, x.instanceBlueOffset, x.instanceAlphaOffset],
              [y.instanceRedOffset, y.instanceGreenOffset, y.instanceBlueOffset, y.instanceAlphaOffset])
        check("instanceDelay", x.instanceDelay, y.instanceDelay)
        check("preservesDepth", x.preservesDepth, y.preservesDepth)
    }
    let sa = a.sublayers ?? [], sb = b.sublayers ?? []
    check("sublayers.count", sa.count, sb.count)
    for (i, (x, y)) in zip(sa, sb).enumerated() { out += treeDifferences(x, y, path: "\(path).sublayers[\(i)]") }
    return out
}

/// Every difference between two scenes: canvas, description, tree and animations.
func sceneDifferences(_ a: Scene, _ b: Scene) -> [String] {
    var out: [String] = []
    if a.description != b.description { out.append("description: \(String(describing: a.description)) != \(String(describing: b.description))") }
    if a.canvas.width != b.canvas.width || a.canvas.height != b.canvas.height || a.canvas.scale != b.canvas.scale {
        out.append("canvas size: \(a.canvas) != \(b.canvas)")
    }
    if a.canvas.background?.components != b.canvas.background?.components {
        out.append("canvas.background: \(String(describing: a.canvas.background)) != \(String(describing: b.canvas.background))")
    }
    out += treeDifferences(a.root, b.root)
    if a.animations.count != b.animations.count { out.append("animations.count: \(a.animations.count) != \(b.animations.count)") }
    for (i, (x, y)) in zip(a.animations, b.animations).enumerated() where x != y {
        out.append("animations[\(i)]: \(x) != \(y)")
    }
    return out
}

// MARK: Random numbers

/// A small deterministic generator (SplitMix64), so random tests are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
