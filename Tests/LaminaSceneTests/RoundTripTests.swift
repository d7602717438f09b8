// Read -> write -> read gives the same tree, and writing again gives the same bytes.
import Foundation
import Testing
import LaminaScene
import QuartzCore

/// Writes `scene` to `dir/name`, reads it back, writes that again; checks the trees match
/// exactly and both texts are byte-identical. Returns the re-read scene.
@discardableResult
func expectRoundTrip(_ scene: Scene, in dir: URL, name: String = "scene.json",
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> Scene {
    let first = dir.appendingPathComponent(name)
    try scene.write(to: first.path)
    let again = try Scene.read(contentsOf: first.path)
    let diffs = sceneDifferences(scene, again)
    #expect(diffs.isEmpty, "round trip changed the scene:\n\(diffs.prefix(20).joined(separator: "\n"))", sourceLocation: sourceLocation)
    let secondDir = dir.appendingPathComponent("again")
    try FileManager.default.createDirectory(at: secondDir, withIntermediateDirectories: true)
    let second = secondDir.appendingPathComponent(name)
    try again.write(to: second.path)
    let a = try String(contentsOf: first, encoding: .utf8), b = try String(contentsOf: second, encoding: .utf8)
    if scene.allLayers.allSatisfy({ $0.contents == nil }) {
        #expect(a == b, "writing the re-read scene gave different text", sourceLocation: sourceLocation)
    }
    // Writing the same scene twice to the same place gives the same text.
    #expect(try again.jsonText(savingImagesIn: dir, stem: "x") == again.jsonText(savingImagesIn: dir, stem: "x"), sourceLocation: sourceLocation)
    return again
}

@Suite("Round trip")
struct RoundTripTests {
    @Test(arguments: Paths.sharedSceneFiles.map(\.lastPathComponent))
    func sharedSceneRoundTrips(_ name: String) throws {
        let scene = try Scene.read(contentsOf: Paths.sharedScenes.appendingPathComponent(name).path)
        let dir = try makeTempDir("rt")
        defer { remove(dir) }
        try expectRoundTrip(scene, in: dir, name: name)
    }

    @Test func writtenTextIsValidJSONForOtherReaders() throws {
        let scene = try Paths.sharedScene("transforms-5.21-cube-corner-on")
        let text = try scene.jsonText(savingImagesIn: FileManager.default.temporaryDirectory)
        let any = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let top = try #require(any as? [String: Any])
        #expect(top["format"] as? Int == 1)
        #expect(text.hasSuffix("}\n"))
    }

    @Test func everyPropertyKindRoundTrips() throws {
        let json = ##"""
        {"format": 1, "description": "all the keys \"quoted\" \\ and\nnew lines \u00e9 \ud83d\ude00",
         "canvas": {"width": 321.5, "height": 123, "scale": 1.5, "background": "#10203040"},
         "root": {"name": "root", "frame": [1.5, 2.25, 300, 100], "backgroundColor": "darkGray",
           "sublayerTransform": [{"perspective": 700}], "geometryFlipped": true,
           "light": {"direction": [0.1, -0.2, -1], "ambient": 0.35},
           "sublayers": [
             {"type": "transformLayer", "name": "tl", "position": [10, 20], "zPosition": 3.3, "anchorPointZ": -7,
              "opacity": 0.3, "transform": [{"rotate": [0.1, 1, 1, 0]}, {"translate": [1e-7, 1e15, -0.1]}],
              "sublayers": [
                {"name": "leaf", "bounds": [-5, -6, 7.125, 8], "anchorPoint": [0.1, 0.9], "hidden": true, "doubleSided": false,
                 "masksToBounds": true, "cornerRadius": 2.5, "borderWidth": 1.75, "borderColor": [0.1, 0.2, 0.3, 0.4],
                 "contentsGravity": "bottomRight", "contentsRect": [0.25, 0, 0.5, 1], "allowsEdgeAntialiasing": false,
                 "affineTransform": [0.8, 0.6, -0.6, 0.8, 3, 4]},
                {"type": "textLayer", "name": "label", "string": "Tab\tand \"quote\"", "fontSize": 0,
                 "foregroundColor": "orange", "alignmentMode": "justified", "bounds": [0, 0, 100, 20]},
                {"type": "textLayer", "name": "empty"}
              ]},
             {"name": "moved", "transform": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], "borderColor": "clear"}
           ]},
         "animations": [
           {"layer": "leaf", "keyPath": "position", "from": [1, 2], "to": [3, 4.5]},
           {"layer": "leaf", "keyPath": "bounds", "to": [0, 0, 1, 2], "beginTime": 1.25, "duration": 0.5},
           {"layer": "leaf", "keyPath": "opacity", "from": 1, "to": 0.125, "timingFunction": "easeOut", "repeatCount": 3.5},
           {"layer": "leaf", "keyPath": "backgroundColor", "from": "red", "to": [0, 0, 1, 0.5], "autoreverses": true},
           {"layer": "tl", "keyPath": "transform", "from": [{"m34": -0.002}], "to": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1]},
           {"layer": "empty", "keyPath": "sublayerTransform.rotation.y", "to": 3.14, "fillMode": "forwards"},
           {"layer": "label", "keyPath": "transform.translation", "to": [5, -5], "timingFunction": [0.2, -1, 0.8, 2]},
           {"layer": "label", "keyPath": "transform.scale", "from": 0.5, "to": 2, "fillMode": "backwards", "timingFunction": "default"},
           {"layer": "empty", "keyPath": "cornerRadius", "to": 9, "fillMode": "both"}
         ]}
        """##
        let scene = try parseScene(json)
        #expect(scene.animations.count == 9)
        #expect((scene.allLayers.first { $0.name == "label" } as? CATextLayer)?.fontSize == 0)
        let dir = try makeTempDir("rt-all")
        defer { remove(dir) }
        let again = try expectRoundTrip(scene, in: dir)
        #expect(again.description == scene.description)
        #expect(again.canvas.scale == 1.5)
    }

    @Test func awkwardNumbersRoundTripExactly() throws {
        // Values whose shortest text uses exponents, many digits or sit at the edges of Double.
        let xs: [Double] = [0.1, 1.0 / 3, -2.5e-300, .leastNonzeroMagnitude, 1.7976931348623157e308, 123456789012345.67, 1e15, 1e16, -1e-7,
                            9007199254740992, 0.30000000000000004, -0.0]
        let fields = (xs + [1, 2, 3, 4]).map { CGFloat($0) }
        let layer = CALayer()
        layer.transform = CATransform3D(fields: fields)
        layer.zPosition = 1.0 / 7
        layer.opacity = 0.1  // a Float: written through Double, read back as the same Float
        let scene = Scene(canvas: Canvas(width: 10, height: 10), root: layer)
        let dir = try makeTempDir("rt-num")
        defer { remove(dir) }
        let again = try expectRoundTrip(scene, in: dir)
        #expect(again.root.transform.fields == fields)
        #expect(again.root.opacity == Float(0.1))
    }
}

@Suite("Writer refusals")
struct WriterRefusalTests {
    @Test func nonFiniteNumbersAreRefusedNotWritten() throws {
        let root = CALayer()
        let child = CALayer()
        child.position = CGPoint(x: CGFloat.nan, y: 0)
        root.addSublayer(child)
        let dir = try makeTempDir("writer-nan")
        defer { remove(dir) }
        let path = dir.appendingPathComponent("nan.json").path
        expectSceneError(path: "root.sublayers[0].position[0]", ["non-finite", "nan"]) {
            try Scene(canvas: Canvas(width: 10, height: 10), root: root).write(to: path)
        }
        #expect(!FileManager.default.fileExists(atPath: path), "a partial file was left behind")
        expectSceneError(path: "canvas.width", ["non-finite", "inf"]) {
            try Scene(canvas: Canvas(width: Double.infinity, height: 10), root: CALayer()).jsonText(savingImagesIn: dir)
        }
    }
}
