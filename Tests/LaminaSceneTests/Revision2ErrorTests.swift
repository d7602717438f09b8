// Every revision-2 error names its JSON path, with a suggestion for a near miss, and a file's
// revision-2 errors are all reported together.
import Foundation
import Testing
import LaminaScene
import QuartzCore

@Suite struct Revision2ErrorTests {
    func root(_ layer: String) -> String { sceneJSON(root: layer) }

    @Test func unknownLayerTypeSuggestsTheNewTypes() {
        expectSceneError(root(#"{"type": "gradiantLayer"}"#), path: "root.type", #"did you mean "gradientLayer"?"#, "replicatorLayer")
        expectSceneError(root(#"{"type": "shapelayer"}"#), path: "root.type", #"did you mean "shapeLayer"?"#)
    }

    @Test func typeSpecificKeysOnAnotherType() {
        expectSceneError(root(#"{"colors": ["red"]}"#), path: "root.colors", #"unknown key "colors""#, "only a gradientLayer")
        expectSceneError(root(#"{"type": "gradientLayer", "path": "M0 0"}"#), path: "root.path", "only a shapeLayer")
        expectSceneError(root(#"{"type": "shapeLayer", "instanceCount": 2}"#), path: "root.instanceCount", "only a replicatorLayer")
        expectSceneError(root(#"{"type": "replicatorLayer", "string": "x"}"#), path: "root.string", "only a textLayer")
        expectSceneError(root(#"{"type": "textLayer", "gradientType": "axial"}"#), path: "root.gradientType", "only a gradientLayer")
    }

    @Test func misspeltNewKeysSuggestTheNearest() {
        expectSceneError(root(#"{"shadowOpactiy": 1}"#), path: "root.shadowOpactiy", #"did you mean "shadowOpacity"?"#)
        expectSceneError(root(#"{"type": "shapeLayer", "strokeColour": "red"}"#), path: "root.strokeColour", #"did you mean "strokeColor"?"#)
    }

    @Test func badOptionNamesSuggestTheNearest() {
        expectSceneError(root(#"{"type": "gradientLayer", "gradientType": "radail"}"#), path: "root.gradientType",
                         #"unknown gradient type "radail""#, #"did you mean "radial"?"#)
        expectSceneError(root(#"{"type": "gradientLayer", "gradientType": "conical"}"#), path: "root.gradientType", #"did you mean "conic"?"#)
        expectSceneError(root(#"{"type": "shapeLayer", "fillRule": "evenodd"}"#), path: "root.fillRule", #"did you mean "evenOdd"?"#)
        expectSceneError(root(#"{"type": "shapeLayer", "fillRule": "even-odd"}"#), path: "root.fillRule", "nonZero, evenOdd")
        expectSceneError(root(#"{"type": "shapeLayer", "lineCap": "rounds"}"#), path: "root.lineCap", #"did you mean "round"?"#)
        expectSceneError(root(#"{"type": "shapeLayer", "lineJoin": "mitter"}"#), path: "root.lineJoin", #"did you mean "miter"?"#)
        expectSceneError(root(#"{"type": "shapeLayer", "lineJoin": 1}"#), path: "root.lineJoin", "expected a string")
    }

    @Test func locationsMustMatchColors() {
        expectSceneError(root(#"{"type": "gradientLayer", "colors": ["red", "blue"], "locations": [0, 0.5, 1]}"#),
                         path: "root.locations", "3 locations for 2 colors")
        expectSceneError(root(#"{"type": "gradientLayer", "locations": [0]}"#), path: "root.locations", "1 location for 0 colors")
        expectSceneError(root(#"{"type": "gradientLayer", "colors": ["red"], "locations": ["a"]}"#), path: "root.locations[0]", "expected a number")
        expectSceneError(root(#"{"type": "gradientLayer", "colors": "red"}"#), path: "root.colors", "expected a list of colors")
        expectSceneError(root(#"{"type": "gradientLayer", "colors": ["red", "bogus"]}"#), path: "root.colors[1]", #"bad color "bogus""#)
        expectSceneError(root(#"{"type": "gradientLayer", "colors": [null]}"#), path: "root.colors[0]", "may not be null")
    }

    @Test func pathDataThatDoesNotParseNamesTheOffset() {
        expectSceneError(root(#"{"type": "shapeLayer", "path": "M0 0 L10 x"}"#), path: "root.path", "bad path data at character 9", "expected a number")
        expectSceneError(root(#"{"type": "shapeLayer", "path": "L0 0"}"#), path: "root.path", "at character 0", "must start with M")
        expectSceneError(root(#"{"shadowPath": "M0 0 K1 1"}"#), path: "root.shadowPath", "at character 5")
        expectSceneError(root(#"{"shadowPath": 3}"#), path: "root.shadowPath", "expected a string")
    }

    @Test func aMaskMustBeALayerObject() {
        expectSceneError(root(#"{"mask": "circle"}"#), path: "root.mask", "a mask is a layer object", "circle")
        expectSceneError(root(#"{"mask": [{"frame": [0, 0, 1, 1]}]}"#), path: "root.mask", "a mask is a layer object")
        expectSceneError(root(#"{"mask": null}"#), path: "root.mask", "a mask is a layer object")
        expectSceneError(root(#"{"mask": {"opacity": 3}}"#), path: "root.mask.opacity", "outside 0...1")
        expectSceneError(root(#"{"mask": {"sublayers": [{"type": "shapeLayer", "lineWidth": -1}]}}"#),
                         path: "root.mask.sublayers[0].lineWidth", "must not be negative")
    }

    @Test func valuesOutOfRange() {
        expectSceneError(root(#"{"shadowOpacity": 1.5}"#), path: "root.shadowOpacity", "shadowOpacity 1.5 outside 0...1")
        expectSceneError(root(#"{"shadowOpacity": -0.1}"#), path: "root.shadowOpacity", "outside 0...1")
        expectSceneError(root(#"{"shadowRadius": -2}"#), path: "root.shadowRadius", "must not be negative")
        expectSceneError(root(#"{"shadowOffset": [1]}"#), path: "root.shadowOffset", "expected 2 numbers")
        expectSceneError(root(##"{"shadowColor": "#12345"}"##), path: "root.shadowColor", "bad color")
        expectSceneError(root(#"{"contentsScale": 0}"#), path: "root.contentsScale", "must be positive")
        expectSceneError(root(#"{"contentsScale": -1}"#), path: "root.contentsScale", "must be positive")
        expectSceneError(root(#"{"type": "shapeLayer", "lineWidth": -1}"#), path: "root.lineWidth", "must not be negative")
        expectSceneError(root(#"{"type": "shapeLayer", "strokeStart": -0.1}"#), path: "root.strokeStart", "outside 0...1")
        expectSceneError(root(#"{"type": "shapeLayer", "strokeEnd": 2}"#), path: "root.strokeEnd", "strokeEnd 2 outside 0...1")
        expectSceneError(root(#"{"type": "shapeLayer", "lineDashPattern": [1, -2]}"#), path: "root.lineDashPattern[1]", "must not be negative")
        expectSceneError(root(#"{"type": "shapeLayer", "lineDashPattern": 4}"#), path: "root.lineDashPattern", "expected a list of numbers")
        expectSceneError(root(#"{"type": "replicatorLayer", "instanceCount": 2.5}"#), path: "root.instanceCount", "whole number >= 0")
        expectSceneError(root(#"{"type": "replicatorLayer", "instanceCount": -1}"#), path: "root.instanceCount", "whole number >= 0")
        expectSceneError(root(#"{"type": "replicatorLayer", "instanceCount": 1e12}"#), path: "root.instanceCount", "too large")
        expectSceneError(root(#"{"type": "replicatorLayer", "instanceColor": null}"#), path: "root.instanceColor", "may not be null")
        expectSceneError(root(#"{"type": "replicatorLayer", "instanceColor": [1, 0, 0, 2]}"#), path: "root.instanceColor[3]", "outside 0...1")
        expectSceneError(root(#"{"type": "replicatorLayer", "instanceRedOffset": 1e300}"#), path: "root.instanceRedOffset", "out of range")
        expectSceneError(root(#"{"type": "replicatorLayer", "instanceTransform": [{"rotat": [1, 0, 0, 1]}]}"#),
                         path: "root.instanceTransform[0]", #"did you mean "rotate"?"#)
        expectSceneError(root(#"{"type": "replicatorLayer", "preservesDepth": 1}"#), path: "root.preservesDepth", "expected true or false")
        expectSceneError(root(#"{"type": "replicatorLayer", "instanceDelay": "1s"}"#), path: "root.instanceDelay", "expected a number")
        expectSceneError(sceneJSON(canvas: #"{"width": 10, "height": 10, "background": null}"#), path: "canvas.background", "may not be null")
    }

    @Test func everyRevision2ErrorIsReportedTogether() throws {
        let json = root(#"""
            {"shadowOpacity": 2, "shadowRadius": -1, "contentsScale": 0, "mask": 5,
             "sublayers": [{"type": "shapeLayer", "path": "Q", "lineCap": "flat", "strokeEnd": 3},
                           {"type": "gradientLayer", "colors": ["red"], "locations": [0, 1], "gradientType": "linear"},
                           {"type": "replicatorLayer", "instanceCount": 0.5, "instanceColor": null}]}
            """#)
        let e = try #require(expectSceneError(json, path: "root.shadowOpacity", "outside 0...1"))
        #expect(e.additional.map(\.path) == [
            "root.shadowRadius", "root.contentsScale", "root.mask",
            "root.sublayers[0].path", "root.sublayers[0].lineCap", "root.sublayers[0].strokeEnd",
            "root.sublayers[1].locations", "root.sublayers[1].gradientType",
            "root.sublayers[2].instanceCount", "root.sublayers[2].instanceColor",
        ])
    }
}
