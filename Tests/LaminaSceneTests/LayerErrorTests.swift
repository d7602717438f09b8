// Errors in layers and transforms: one test per kind, with the exact JSON path.
import Foundation
import Testing
import LaminaScene
import QuartzCore

@Suite("Layer errors")
struct LayerErrorTests {
    func root(_ layer: String) -> String { sceneJSON(root: layer) }

    @Test func unknownLayerKey() {
        expectSceneError(root(#"{"sublayers": [{}, {"bogus": 1}]}"#), path: "root.sublayers[1].bogus", #"unknown key "bogus""#)
    }

    @Test func unknownTransformStep() {
        expectSceneError(root(#"{"sublayers": [{}, {}, {"transform": [{"translate": [1, 2, 3]}, {"rotat": [1, 0, 0, 1]}]}]}"#),
                         path: "root.sublayers[2].transform[1]", #"unknown step "rotat""#, "rotateDegrees")
    }

    @Test func stepWithTwoKeys() {
        expectSceneError(root(#"{"transform": [{"translate": [1, 2, 3], "scale": [1, 1, 1]}]}"#),
                         path: "root.transform[0]", "exactly one key", "got 2")
        expectSceneError(root(#"{"transform": [{}]}"#), path: "root.transform[0]", "exactly one key", "got 0")
    }

    @Test func stepNotAnObject() {
        expectSceneError(root(#"{"transform": [{"m34": -0.002}, 5]}"#), path: "root.transform[1]", "a step is an object")
        // 16 entries with a non-number among them: neither a matrix nor steps.
        expectSceneError(root(#"{"transform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, true]}"#),
                         path: "root.transform[15]", "16-number matrix holds only numbers", "true")
        expectSceneError(root(#"{"transform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1]}"#), path: "root.transform",
                         "a matrix is 16 numbers, got 15")
        expectSceneError(root(#"{"transform": [{"m34": -0.002}, 5, {"m34": -0.002}]}"#), path: "root.transform[1]", "a step is an object")
    }

    @Test func transformNotAList() {
        expectSceneError(root(#"{"sublayerTransform": "identity"}"#), path: "root.sublayerTransform", "16 numbers or a list of steps")
    }

    @Test func wrongStepArgumentLength() {
        expectSceneError(root(#"{"transform": [{"rotate": [1, 0, 1]}]}"#), path: "root.transform[0].rotate", "expected 4 numbers, got 3")
        expectSceneError(root(#"{"transform": [{"matrix": [1, 0, 0, 1]}]}"#), path: "root.transform[0].matrix", "expected 16 numbers, got 4")
        expectSceneError(root(#"{"transform": [{"m34": [1]}]}"#), path: "root.transform[0].m34", "expected a number")
    }

    @Test func wrongArrayLength() {
        expectSceneError(root(#"{"bounds": [0, 0, 10]}"#), path: "root.bounds", "expected 4 numbers, got 3")
        expectSceneError(root(#"{"position": [1, 2, 3]}"#), path: "root.position", "expected 2 numbers, got 3")
        expectSceneError(root(#"{"affineTransform": [1, 0, 0, 1, 0]}"#), path: "root.affineTransform", "expected 6 numbers, got 5")
        expectSceneError(root(#"{"frame": "x"}"#), path: "root.frame", #"expected 4 numbers, got "x""#)
    }

    @Test func stringWhereANumberIsExpected() {
        expectSceneError(root(#"{"zPosition": "5"}"#), path: "root.zPosition", "expected a number", #"got "5""#)
        expectSceneError(root(#"{"bounds": [0, 0, "10", 10]}"#), path: "root.bounds[2]", "expected a number")
    }

    @Test func boolGivenAsOne() {
        expectSceneError(root(#"{"hidden": 1}"#), path: "root.hidden", "expected true or false", "got 1")
        expectSceneError(root(#"{"sublayers": [{"doubleSided": 0}]}"#), path: "root.sublayers[0].doubleSided", "expected true or false")
        // And the other way round: true is not a number.
        expectSceneError(root(#"{"opacity": true}"#), path: "root.opacity", "expected a number", "got true")
    }

    @Test func nullIsNotAValue() {
        // Revision 2 lets the colors Core Animation allows to be nil be null; the others may not.
        expectSceneError(root(#"{"type": "textLayer", "foregroundColor": null}"#), path: "root.foregroundColor", "may not be null")
        expectSceneError(root(#"{"sublayers": null}"#), path: "root.sublayers", "expected a list of layers")
    }

    @Test func affineTransformAndTransform() {
        expectSceneError(root(#"{"transform": [], "affineTransform": [1, 0, 0, 1, 0, 0]}"#), path: "root.affineTransform",
                         "both transform and affineTransform")
    }

    @Test func textKeysOnANonTextLayer() {
        expectSceneError(root(#"{"sublayers": [{"string": "hi"}]}"#), path: "root.sublayers[0].string", "only a textLayer")
        expectSceneError(root(#"{"type": "transformLayer", "fontSize": 12}"#), path: "root.fontSize", "only a textLayer")
    }

    @Test func unknownLayerType() {
        expectSceneError(root(#"{"type": "imageLayer"}"#), path: "root.type", #"unknown layer type "imageLayer""#, "transformLayer")
        expectSceneError(root(#"{"type": 1}"#), path: "root.type", "expected a string")
    }

    @Test func unknownGravity() {
        expectSceneError(root(#"{"contentsGravity": "middle"}"#), path: "root.contentsGravity", #"unknown gravity "middle""#, "resizeAspectFill")
    }

    @Test func unknownAlignmentMode() {
        expectSceneError(root(#"{"type": "textLayer", "alignmentMode": "centre"}"#), path: "root.alignmentMode", #"unknown alignment mode "centre""#)
    }

    @Test func badColorString() {
        expectSceneError(root(##"{"borderColor": "#12"}"##), path: "root.borderColor", ##"bad color "#12""##, "#RRGGBB")
    }

    @Test func colorComponentOutsideUnitRange() {
        expectSceneError(root(#"{"backgroundColor": [0.5, 0.5, 2, 1]}"#), path: "root.backgroundColor[2]", "outside 0...1")
    }

    @Test func perspectiveZero() {
        expectSceneError(root(#"{"sublayerTransform": [{"perspective": 0}]}"#), path: "root.sublayerTransform[0].perspective", "must not be 0")
    }

    @Test func lightWithZeroDirection() {
        expectSceneError(root(#"{"light": {"direction": [0, 0, 0]}}"#), path: "root.light.direction", "zero vector")
    }

    @Test func ambientOutsideUnitRange() {
        expectSceneError(root(#"{"light": {"ambient": 1.5}}"#), path: "root.light.ambient", "outside 0...1")
        expectSceneError(root(#"{"light": {"ambient": -0.1}}"#), path: "root.light.ambient", "outside 0...1")
        expectSceneError(root(#"{"light": {"color": "red"}}"#), path: "root.light.color", #"unknown key "color""#)
    }

    // Stricter than the oracle, for clearly bad values.
    @Test func negativeSizesAndOutOfRangeOpacity() {
        expectSceneError(root(#"{"frame": [0, 0, -1, 10]}"#), path: "root.frame", "must not be negative")
        expectSceneError(root(#"{"bounds": [0, 0, 10, -1]}"#), path: "root.bounds", "must not be negative")
        expectSceneError(root(#"{"borderWidth": -2}"#), path: "root.borderWidth", "must not be negative")
        expectSceneError(root(#"{"cornerRadius": -2}"#), path: "root.cornerRadius", "must not be negative")
        expectSceneError(root(#"{"opacity": 1.01}"#), path: "root.opacity", "outside 0...1")
        expectSceneError(root(#"{"opacity": -0.5}"#), path: "root.opacity", "outside 0...1")
        expectSceneError(root(#"{"type": "textLayer", "fontSize": -1}"#), path: "root.fontSize", "must not be negative")
    }

    @Test func frameOverflowingThePosition() {
        // Finite numbers whose product is not: the position would be infinite.
        expectSceneError(root(#"{"anchorPoint": [1e308, 0.5], "frame": [0, 0, 10, 10]}"#), path: "root.frame", "out of range")
    }

    @Test func nameNotAString() {
        expectSceneError(root(#"{"name": 7}"#), path: "root.name", "expected a string")
    }

    @Test func errorsInDeepLayersNameTheWholePath() {
        expectSceneError(root(#"{"sublayers": [{"sublayers": [{}, {"sublayers": [{"anchorPoint": [0.5]}]}]}]}"#),
                         path: "root.sublayers[0].sublayers[1].sublayers[0].anchorPoint", "expected 2 numbers, got 1")
    }
}
