// The animations section with revision 2's key paths: values of each kind, the layer type a
// key path needs, arrays of one length, paths of the same commands, and the Core Animation
// animations they become.
import Foundation
import Testing
import LaminaScene
import QuartzCore

@Suite struct Revision2SceneAnimationTests {
    /// A scene whose root has one named sublayer `layer` and one animation entry `entry`.
    func scene(_ layer: String, _ entry: String) -> String {
        sceneJSON(root: #"{"sublayers": [\#(layer)]}"#, animations: "[\(entry)]")
    }

    static let cases: [(type: String, keyPath: String, json: String, value: AnimationValue)] = [
        ("layer", "shadowOpacity", "0.5", .number(0.5)), ("layer", "shadowRadius", "4", .number(4)),
        ("layer", "shadowOffset", "[1, 2]", .vector([1, 2])), ("layer", "shadowColor", "\"red\"", .color(CGColor(red: 1, green: 0, blue: 0, alpha: 1))),
        ("layer", "shadowPath", "\"M0 0 L1 1\"", .path(try! CGMutablePath(svgPathData: "M0 0 L1 1"))),
        ("gradientLayer", "startPoint", "[0, 1]", .vector([0, 1])), ("gradientLayer", "endPoint", "[1, 0]", .vector([1, 0])),
        ("gradientLayer", "colors", "[\"red\", \"blue\"]", .colors([CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)])),
        ("gradientLayer", "locations", "[0.25, 0.75]", .vector([0.25, 0.75])),
        ("shapeLayer", "path", "\"M0 0 L2 2\"", .path(try! CGMutablePath(svgPathData: "M0 0 L2 2"))),
        ("shapeLayer", "fillColor", "\"blue\"", .color(CGColor(red: 0, green: 0, blue: 1, alpha: 1))),
        ("shapeLayer", "strokeColor", "[0, 1, 0, 1]", .color(CGColor(red: 0, green: 1, blue: 0, alpha: 1))),
        ("shapeLayer", "lineWidth", "3", .number(3)), ("shapeLayer", "miterLimit", "2", .number(2)),
        ("shapeLayer", "strokeStart", "0.1", .number(0.1)), ("shapeLayer", "strokeEnd", "0.9", .number(0.9)),
        ("shapeLayer", "lineDashPhase", "5", .number(5)),
        ("replicatorLayer", "instanceCount", "4", .number(4)),
        ("replicatorLayer", "instanceTransform", "[{\"translate\": [1, 2, 3]}]", .transform(CATransform3DMakeTranslation(1, 2, 3))),
        ("replicatorLayer", "instanceColor", "\"gray\"", .color(CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))),
        ("replicatorLayer", "instanceRedOffset", "-0.1", .number(-0.1)), ("replicatorLayer", "instanceGreenOffset", "-0.2", .number(-0.2)),
        ("replicatorLayer", "instanceBlueOffset", "-0.3", .number(-0.3)), ("replicatorLayer", "instanceAlphaOffset", "-0.4", .number(-0.4)),
    ]

    @Test func everyNewKeyPathIsAccepted() throws {
        for c in Self.cases {
            // A model path with the same commands, so a path animation may leave out `from`.
            let model = c.keyPath == "path" ? #", "path": "M5 5 L6 6""# : c.keyPath == "shadowPath" ? #", "shadowPath": "M5 5 L6 6""# :
                c.keyPath == "colors" ? #", "colors": ["white", "black"]"# : c.keyPath == "locations" ? #", "colors": ["white", "black"], "locations": [0, 1]"# : ""
            let s = try parseScene(scene(#"{"type": "\#(c.type)", "name": "x"\#(model)}"#,
                                         #"{"layer": "x", "keyPath": "\#(c.keyPath)", "from": \#(c.json), "to": \#(c.json)}"#))
            #expect(s.animations.first?.to == c.value, "\(c.keyPath)")
            #expect(s.animations.first?.from == c.value, "\(c.keyPath)")
            // Without `from` too.
            let t = try parseScene(scene(#"{"type": "\#(c.type)", "name": "x"\#(model)}"#, #"{"layer": "x", "keyPath": "\#(c.keyPath)", "to": \#(c.json)}"#))
            #expect(t.animations.first?.from == nil)
        }
    }

    @Test func aKeyPathOfAnotherLayerType() {
        expectSceneError(scene(#"{"name": "x"}"#, #"{"layer": "x", "keyPath": "fillColor", "to": "red"}"#),
                         path: "animations[0].keyPath", "fillColor is a key path of a shapeLayer", #"layer "x" is a layer"#)
        expectSceneError(scene(#"{"type": "shapeLayer", "name": "x"}"#, #"{"layer": "x", "keyPath": "instanceCount", "to": 2}"#),
                         path: "animations[0].keyPath", "of a replicatorLayer")
        expectSceneError(scene(#"{"name": "x"}"#, #"{"layer": "x", "keyPath": "mask", "to": 2}"#),
                         path: "animations[0].keyPath", "unknown or non-animatable")
    }

    @Test func valuesOfTheWrongKind() {
        expectSceneError(scene(#"{"type": "gradientLayer", "name": "x", "colors": ["red"]}"#, #"{"layer": "x", "keyPath": "colors", "to": ["red", 1]}"#),
                         path: "animations[0].to[1]", "expected 4 numbers")
        expectSceneError(scene(#"{"type": "shapeLayer", "name": "x", "path": "M0 0"}"#, #"{"layer": "x", "keyPath": "path", "to": "M0 0 Lx"}"#),
                         path: "animations[0].to", "bad path data at character 6")
        expectSceneError(scene(#"{"type": "replicatorLayer", "name": "x"}"#, #"{"layer": "x", "keyPath": "instanceCount", "to": 1.5}"#),
                         path: "animations[0].to", "whole number")
        expectSceneError(scene(#"{"name": "x"}"#, #"{"layer": "x", "keyPath": "shadowOffset", "to": 3}"#),
                         path: "animations[0].to", "expected 2 numbers")
    }

    @Test func arraysMustHaveOneLength() {
        expectSceneError(scene(#"{"type": "gradientLayer", "name": "x"}"#, #"{"layer": "x", "keyPath": "colors", "from": ["red"], "to": ["red", "blue"]}"#),
                         path: "animations[0].to", "2 colors, but from has 1")
        expectSceneError(scene(#"{"type": "gradientLayer", "name": "x", "colors": ["red"]}"#, #"{"layer": "x", "keyPath": "colors", "to": ["red", "blue"]}"#),
                         path: "animations[0].to", "2 colors, but the layer's colors has 1")
        expectSceneError(scene(#"{"type": "gradientLayer", "name": "x"}"#, #"{"layer": "x", "keyPath": "locations", "from": [0], "to": [0, 1]}"#),
                         path: "animations[0].to", "2 locations, but from has 1")
    }

    @Test func pathsMustHaveTheSameCommands() {
        expectSceneError(scene(#"{"type": "shapeLayer", "name": "x"}"#, #"{"layer": "x", "keyPath": "path", "from": "M0 0 L1 1", "to": "M0 0 Q1 1 2 2"}"#),
                         path: "animations[0].to", "commands differ from from's")
        expectSceneError(scene(#"{"type": "shapeLayer", "name": "x", "path": "M0 0 Z"}"#, #"{"layer": "x", "keyPath": "path", "to": "M0 0 L1 1"}"#),
                         path: "animations[0].to", "the layer's path")
        expectSceneError(scene(#"{"type": "shapeLayer", "name": "x"}"#, #"{"layer": "x", "keyPath": "path", "to": "M0 0 L1 1"}"#),
                         path: "animations[0].from", "the layer has no path")
        expectSceneError(scene(#"{"name": "x"}"#, #"{"layer": "x", "keyPath": "shadowPath", "to": "M0 0"}"#),
                         path: "animations[0].from", "no shadowPath")
    }

    @Test func attachedAnimationsPresentTheNewKeys() throws {
        let s = try parseScene(sceneJSON(root: #"""
            {"sublayers": [
              {"type": "gradientLayer", "name": "g", "colors": ["black", "white"], "locations": [0, 1]},
              {"type": "shapeLayer", "name": "s", "path": "M0 0 L10 0"},
              {"type": "replicatorLayer", "name": "r", "instanceCount": 0}]}
            """#, animations: #"""
            [{"layer": "g", "keyPath": "locations", "to": [0.5, 0.5], "duration": 1},
             {"layer": "g", "keyPath": "colors", "to": ["white", "black"], "duration": 1},
             {"layer": "s", "keyPath": "path", "to": "M10 10 L20 20", "duration": 1},
             {"layer": "s", "keyPath": "shadowOffset", "from": [0, 0], "to": [4, 8], "duration": 1},
             {"layer": "r", "keyPath": "instanceCount", "to": 10, "duration": 1}]
            """#))
        s.attachAnimations()
        let p = s.root.presentationTree(at: 0.5)
        let g = try #require(p.sublayers?[0] as? CAGradientLayer)
        #expect(g.locations == [0.25, 0.75])
        #expect(g.cgColors == [CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1), CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)])
        let sh = try #require(p.sublayers?[1] as? CAShapeLayer)
        #expect(sh.path == (try CGMutablePath(svgPathData: "M5 5 L15 10")))
        #expect(sh.shadowOffset == CGSize(width: 2, height: 4))
        #expect((p.sublayers?[2] as? CAReplicatorLayer)?.instanceCount == 5)
    }
}
