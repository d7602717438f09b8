// Revision 2 round trips: the r2 fixtures and a scene with every new key are read, written,
// read and written again, identically; what revision 2 cannot say is refused on writing.
import Foundation
import Testing
import LaminaScene
import QuartzCore

@Suite struct Revision2RoundTripTests {
    @Test(arguments: ["r2-gradient-cards", "r2-mask-and-shadow", "r2-replicator-row", "r2-shape-badges", "r2-shadow-path", "r2-contents-scale",
                      "r2-shadow-path-shapes", "r2-conic-gradients"])
    func fixtureRoundTrips(_ stem: String) throws {
        let scene = try r2Scene(stem)
        let dir = try makeTempDir("r2-rt")
        defer { remove(dir) }
        try expectRoundTrip(scene, in: dir, name: stem + ".json")
    }

    @Test func everyNewKeyRoundTrips() throws {
        let json = #"""
        {"format": 1, "canvas": {"width": 200, "height": 100},
         "root": {"frame": [0, 0, 200, 100], "borderColor": null, "backgroundColor": null, "shadowColor": null,
           "shadowOpacity": 0.3, "shadowOffset": [1.5, -2], "shadowRadius": 0, "shadowPath": "M0 0 H10 A5 5 0 0 1 20 10 Z",
           "contentsScale": 3,
           "mask": {"type": "gradientLayer", "frame": [0, 0, 200, 100], "colors": ["black", "#00000000"], "locations": [0.1, 0.9],
                    "startPoint": [0, 0.5], "endPoint": [1, 0.5], "gradientType": "radial",
                    "sublayers": [{"name": "in-mask"}], "mask": {"name": "mask-of-mask"}},
           "sublayers": [
             {"type": "shapeLayer", "name": "s", "path": "M1 2 C3 4 5 6 7 8 Q9 10 11 12 Z m1 1 l2 2", "fillColor": null,
              "fillRule": "evenOdd", "strokeColor": "red", "lineWidth": 0, "lineCap": "square", "lineJoin": "bevel",
              "miterLimit": 4.5, "lineDashPattern": [3, 1.5, 0], "lineDashPhase": -2, "strokeStart": 0.125, "strokeEnd": 0.875},
             {"type": "shapeLayer", "name": "empty", "path": "", "lineDashPattern": []},
             {"type": "gradientLayer", "colors": []},
             {"type": "replicatorLayer", "name": "r", "instanceCount": 0, "instanceTransform": [{"rotateDegrees": [30, 0, 0, 1]}],
              "instanceColor": [0.5, 0.25, 1, 0.75], "instanceRedOffset": -0.1, "instanceGreenOffset": 0.2,
              "instanceBlueOffset": -0.3, "instanceAlphaOffset": 0.4, "instanceDelay": 0.05, "preservesDepth": true,
              "sublayers": [{"frame": [0, 0, 4, 4]}]}
           ]},
         "animations": [
           {"layer": "s", "keyPath": "path", "from": "M0 0 C0 0 0 0 0 0 Q0 0 0 0 Z M0 0 L0 0", "to": "M1 2 C3 4 5 6 7 8 Q9 10 11 12 Z M2 3 L4 5"},
           {"layer": "s", "keyPath": "fillColor", "to": "blue"},
           {"layer": "r", "keyPath": "instanceCount", "from": 1, "to": 12, "duration": 2},
           {"layer": "r", "keyPath": "instanceTransform", "to": [{"scale": [2, 2, 1]}]}
         ]}
        """#
        let scene = try parseScene(json)
        #expect(scene.root.borderColor == nil && scene.root.shadowColor == nil)
        let dir = try makeTempDir("r2-rt-all")
        defer { remove(dir) }
        let again = try expectRoundTrip(scene, in: dir)
        #expect(again.root.mask?.mask?.name == "mask-of-mask")
        let text = try String(contentsOf: dir.appendingPathComponent("scene.json"), encoding: .utf8)
        #expect(text.contains(#""borderColor": null"#) && text.contains(#""shadowColor": null"#) && text.contains(#""fillColor": null"#))
        #expect(text.contains(#""type": "replicatorLayer""#) && text.contains(#""gradientType": "radial""#))
    }

    @Test func defaultsAreNotWritten() throws {
        let root = CALayer()
        root.addSublayer(CAShapeLayer())
        root.addSublayer(CAGradientLayer())
        root.addSublayer(CAReplicatorLayer())
        let text = try Scene(canvas: Canvas(width: 10, height: 10), root: root).jsonText(savingImagesIn: FileManager.default.temporaryDirectory)
        for key in ["shadow", "mask", "contentsScale", "fillColor", "strokeColor", "lineWidth", "colors", "startPoint", "instance", "preservesDepth"] {
            #expect(!text.contains("\"\(key)"), "\(key) written at its default")
        }
        #expect(text.contains(#""type": "shapeLayer""#) && text.contains(#""type": "gradientLayer""#))
    }

    /// `conic` is a Lamina extension of the format (SCENE_FORMAT.md 9.5): written and read back.
    @Test func conicGradientRoundTrips() throws {
        let root = CALayer()
        let conic = CAGradientLayer()
        conic.type = .conic
        conic.colors = [CGColor.white, CGColor.black]
        conic.startPoint = CGPoint(x: 0.5, y: 0.5)
        root.addSublayer(conic)
        let text = try Scene(canvas: Canvas(width: 10, height: 10), root: root).jsonText(savingImagesIn: FileManager.default.temporaryDirectory)
        #expect(text.contains(#""gradientType": "conic""#))
        let back = try Scene.parse(Data(text.utf8), baseDirectory: FileManager.default.temporaryDirectory)
        #expect((back.root.sublayers?.first as? CAGradientLayer)?.type == .conic)
    }

    @Test func whatRevision2CannotSayIsRefused() throws {
        let dir = FileManager.default.temporaryDirectory
        func write(_ l: CALayer) throws -> String {
            let root = CALayer()
            root.addSublayer(l)
            return try Scene(canvas: Canvas(width: 10, height: 10), root: root).jsonText(savingImagesIn: dir)
        }
        let odd = CAGradientLayer()
        odd.type = CAGradientLayerType(rawValue: "spiral")
        expectSceneError(path: "root.sublayers[0].gradientType", ["spiral"]) { try write(odd) }
        let mismatch = CAGradientLayer()
        mismatch.colors = [CGColor.white]
        mismatch.locations = [0, 1]
        expectSceneError(path: "root.sublayers[0].locations", ["2 locations for 1 colors"]) { try write(mismatch) }
        let notColors = CAGradientLayer()
        notColors.colors = ["red"]
        expectSceneError(path: "root.sublayers[0].colors", ["not all CGColors"]) { try write(notColors) }
        let nan = CAShapeLayer()
        let p = CGMutablePath()
        p.move(to: CGPoint(x: CGFloat.nan, y: 0))
        nan.path = p
        expectSceneError(path: "root.sublayers[0].path", ["non-finite"]) { try write(nan) }
        let masked = CALayer()
        masked.mask = CALayer()
        masked.mask?.position = CGPoint(x: CGFloat.infinity, y: 0)
        expectSceneError(path: "root.sublayers[0].mask.position[0]", ["non-finite"]) { try write(masked) }
    }
}
