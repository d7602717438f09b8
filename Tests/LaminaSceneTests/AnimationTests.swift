// The animations section: every kind of value, the defaults, and one test per error kind.
import Foundation
import Testing
import LaminaScene
import QuartzCore

/// A root with layers to animate: "a" (identity transforms), "moved" (a translated layer),
/// "near" (a rotation by 2 pi: the identity within 1e-12) and two layers named "twin".
let animationRoot = """
    {"name": "root", "bounds": [0, 0, 100, 100], "sublayers": [
      {"name": "a", "bounds": [0, 0, 10, 10]},
      {"name": "moved", "transform": [{"translate": [5, 0, 0]}], "sublayerTransform": [{"m34": -0.002}]},
      {"name": "near", "transform": [{"rotateDegrees": [360, 0, 0, 1]}]},
      {"name": "twin"}, {"name": "twin"}]}
    """

func animations(_ list: String) throws -> [SceneAnimation] {
    try parseScene(sceneJSON(root: animationRoot, animations: list)).animations
}

func animation(_ one: String) throws -> SceneAnimation {
    try #require(try animations("[\(one)]").first)
}

@discardableResult
func expectAnimationError(_ one: String, path: String, _ fragments: String..., sourceLocation: SourceLocation = #_sourceLocation) -> SceneError? {
    expectSceneError(path: path, fragments, sourceLocation: sourceLocation) {
        try parseScene(sceneJSON(root: animationRoot, animations: "[{\"layer\": \"a\", \"keyPath\": \"opacity\", \"to\": 0}, \(one)]"))
    }
}

@Suite("Animations")
struct AnimationTests {
    @Test func defaults() throws {
        let a = try animation(#"{"layer": "a", "keyPath": "opacity", "to": 0.5}"#)
        #expect(a.layer == "a" && a.keyPath == "opacity" && a.from == nil && a.to == .number(0.5))
        #expect(a.beginTime == 0 && a.duration == 0.25 && a.repeatCount == 1 && !a.autoreverses && a.fillMode == "removed")
        #expect(a.timingFunction == TimingFunctionSpec.named["linear"]!)
    }

    @Test func everyKey() throws {
        let a = try animation(#"""
            {"layer": "a", "keyPath": "position", "from": [1, 2], "to": [3, 4], "beginTime": 0.5, "duration": 2,
             "timingFunction": "easeInEaseOut", "repeatCount": 2.5, "autoreverses": true, "fillMode": "both"}
            """#)
        #expect(a.from == .vector([1, 2]) && a.to == .vector([3, 4]))
        #expect(a.beginTime == 0.5 && a.duration == 2 && a.repeatCount == 2.5 && a.autoreverses && a.fillMode == "both")
        #expect(a.timingFunction.name == "easeInEaseOut")
        #expect(a.timingFunction.c1 == (0.42, 0) && a.timingFunction.c2 == (0.58, 1))
    }

    @Test func zeroDurationAndRepeatCountMeanCoreAnimationsDefaults() throws {
        let a = try animation(#"{"layer": "a", "keyPath": "opacity", "to": 0, "duration": 0, "repeatCount": 0}"#)
        #expect(a.duration == 0.25 && a.repeatCount == 1)
    }

    @Test(arguments: ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"])
    func namedTimingFunctions(_ name: String) throws {
        let a = try animation(#"{"layer": "a", "keyPath": "opacity", "to": 0, "timingFunction": "\#(name)"}"#)
        #expect(a.timingFunction == TimingFunctionSpec.named[name]!)
        #expect(a.timingFunction.name == name)
    }

    @Test func controlPointTimingFunction() throws {
        let a = try animation(#"{"layer": "a", "keyPath": "opacity", "to": 0, "timingFunction": [0.1, -0.5, 0.9, 1.5]}"#)
        #expect(a.timingFunction.name == nil)
        #expect(a.timingFunction.c1 == (0.1, -0.5) && a.timingFunction.c2 == (0.9, 1.5))
    }

    /// Key path, JSON value, the value it must read as.
    static let values: [(String, String, AnimationValue)] = [
        ("position", "[1, 2]", .vector([1, 2])),
        ("bounds", "[0, 0, 30, 40]", .vector([0, 0, 30, 40])),
        ("anchorPoint", "[0, 1]", .vector([0, 1])),
        ("anchorPointZ", "5", .number(5)),
        ("zPosition", "-3", .number(-3)),
        ("opacity", "0.25", .number(0.25)),
        ("backgroundColor", "\"red\"", .color(CGColor(red: 1, green: 0, blue: 0, alpha: 1))),
        ("borderColor", "[0, 0.5, 1, 0.5]", .color(CGColor(red: 0, green: 0.5, blue: 1, alpha: 0.5))),
        ("borderWidth", "3", .number(3)),
        ("cornerRadius", "4", .number(4)),
        ("transform", #"[{"rotate": [1, 0, 1, 0]}]"#, .transform(CATransform3DMakeRotation(1, 0, 1, 0))),
        ("sublayerTransform", #"[{"m34": -0.5}]"#, .transform(CATransform3D(fields: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.5, 0, 0, 0, 1]))),
        ("transform.rotation.x", "1", .number(1)), ("transform.rotation.y", "2", .number(2)),
        ("transform.rotation.z", "3", .number(3)), ("transform.rotation", "4", .number(4)),
        ("transform.scale.x", "1.5", .number(1.5)), ("transform.scale.y", "2", .number(2)),
        ("transform.scale.z", "3", .number(3)), ("transform.scale", "0.5", .number(0.5)),
        ("transform.translation.x", "7", .number(7)), ("transform.translation.y", "8", .number(8)),
        ("transform.translation.z", "9", .number(9)), ("transform.translation", "[7, 8]", .vector([7, 8])),
        ("sublayerTransform.rotation.y", "0.5", .number(0.5)), ("sublayerTransform.translation", "[1, 1]", .vector([1, 1])),
    ]

    @Test(arguments: values.map(\.0))
    func everyKeyPathReadsItsValue(_ keyPath: String) throws {
        let (_, json, want) = try #require(Self.values.first { $0.0 == keyPath })
        let a = try animation(#"{"layer": "a", "keyPath": "\#(keyPath)", "from": \#(json), "to": \#(json)}"#)
        #expect(a.to == want)
        #expect(a.from == want)
    }

    @Test func subPathOnANearIdentityTransform() throws {
        // rotateDegrees 360 leaves sin(2 pi) ~ -2.4e-16 in the matrix: the identity by the oracle's 1e-12 test.
        let a = try animation(#"{"layer": "near", "keyPath": "transform.rotation.z", "to": 1}"#)
        #expect(a.to == .number(1))
    }

    // MARK: Errors

    @Test func unknownLayerName() {
        expectAnimationError(#"{"layer": "nope", "keyPath": "opacity", "to": 0}"#, path: "animations[1].layer", #"no layer is named "nope""#)
    }

    @Test func duplicateLayerNames() {
        expectAnimationError(#"{"layer": "twin", "keyPath": "opacity", "to": 0}"#, path: "animations[1].layer",
                             #"2 layers are named "twin""#, "unique")
    }

    @Test func missingLayer() {
        expectAnimationError(#"{"keyPath": "opacity", "to": 0}"#, path: "animations[1].layer", "missing")
    }

    @Test func unknownKeyPath() {
        expectAnimationError(#"{"layer": "a", "keyPath": "frame", "to": [0, 0, 1, 1]}"#, path: "animations[1].keyPath",
                             #"unknown or non-animatable key path "frame""#)
        expectAnimationError(#"{"layer": "a", "keyPath": "transform.rotation.w", "to": 1}"#, path: "animations[1].keyPath", "transform.rotation.w")
        expectAnimationError(#"{"layer": "a", "keyPath": "position.x", "to": 1}"#, path: "animations[1].keyPath", "position.x")
    }

    @Test func missingTo() {
        expectAnimationError(#"{"layer": "a", "keyPath": "opacity", "from": 1}"#, path: "animations[1].to", "missing")
    }

    @Test func unknownAnimationKey() {
        expectAnimationError(#"{"layer": "a", "keyPath": "opacity", "to": 0, "speed": 2}"#, path: "animations[1].speed", #"unknown key "speed""#)
    }

    @Test func subPathOnANonIdentityModelTransform() {
        expectAnimationError(#"{"layer": "moved", "keyPath": "transform.rotation.y", "to": 1}"#, path: "animations[1].keyPath",
                             "model transform to be the identity")
        expectAnimationError(#"{"layer": "moved", "keyPath": "sublayerTransform.scale", "to": 2}"#, path: "animations[1].keyPath",
                             "model sublayerTransform to be the identity")
    }

    @Test func badFillMode() {
        expectAnimationError(#"{"layer": "a", "keyPath": "opacity", "to": 0, "fillMode": "forward"}"#, path: "animations[1].fillMode",
                             #"unknown fill mode "forward""#, "forwards")
    }

    @Test func badTimingFunctionName() {
        expectAnimationError(#"{"layer": "a", "keyPath": "opacity", "to": 0, "timingFunction": "easeInOut"}"#,
                             path: "animations[1].timingFunction", #"unknown timing function "easeInOut""#, "easeInEaseOut")
        expectAnimationError(#"{"layer": "a", "keyPath": "opacity", "to": 0, "timingFunction": [1.5, 0, 0.5, 1]}"#,
                             path: "animations[1].timingFunction", "control point x outside 0...1")
        expectAnimationError(#"{"layer": "a", "keyPath": "opacity", "to": 0, "timingFunction": [0, 0, 1]}"#,
                             path: "animations[1].timingFunction", "expected 4 numbers")
    }

    @Test func badValues() {
        expectAnimationError(#"{"layer": "a", "keyPath": "position", "to": 5}"#, path: "animations[1].to", "expected 2 numbers")
        expectAnimationError(#"{"layer": "a", "keyPath": "opacity", "from": "x", "to": 0}"#, path: "animations[1].from", "expected a number")
        expectAnimationError(#"{"layer": "a", "keyPath": "backgroundColor", "to": [2, 0, 0, 1]}"#, path: "animations[1].to[0]", "outside 0...1")
        expectAnimationError(#"{"layer": "a", "keyPath": "transform", "to": [{"skew": 1}]}"#, path: "animations[1].to[0]", #"unknown step "skew""#)
        expectAnimationError(#"{"layer": "a", "keyPath": "transform.translation", "to": 1}"#, path: "animations[1].to", "expected 2 numbers")
    }

    @Test func negativeTimes() {
        expectAnimationError(#"{"layer": "a", "keyPath": "opacity", "to": 0, "duration": -1}"#, path: "animations[1].duration", "must not be negative")
        expectAnimationError(#"{"layer": "a", "keyPath": "opacity", "to": 0, "repeatCount": -1}"#, path: "animations[1].repeatCount", "must not be negative")
        expectAnimationError(#"{"layer": "a", "keyPath": "opacity", "to": 0, "autoreverses": 1}"#, path: "animations[1].autoreverses", "expected true or false")
    }
}
