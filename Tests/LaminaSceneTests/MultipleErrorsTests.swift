// A file's errors are reported together (up to a limit), each with its JSON path, and
// misspelt or Swift-spelt keys get a "did you mean".
import Foundation
import Testing
import LaminaScene
import QuartzCore

@Suite("Multiple errors and suggestions")
struct MultipleErrorsTests {
    @Test func everyErrorInAFileIsReported() throws {
        let json = sceneJSON(root: #"""
            {"opacity": 2, "sublayers": [{"bogus": 1}, {"transform": [{"rotat": [1, 0, 0, 1]}]}, {"cornerRadius": -1}]}
            """#)
        let e = try #require(expectSceneError(json, path: "root.opacity", "outside 0...1"))
        #expect(e.additional.map(\.path) == ["root.sublayers[0].bogus", "root.sublayers[1].transform[0]", "root.sublayers[2].cornerRadius"])
        #expect(e.allDescriptions.count == 4)
        #expect(!e.truncated)
    }

    @Test func errorsStopAtTheLimit() throws {
        let subs = (0..<30).map { _ in #"{"opacity": 5}"# }.joined(separator: ", ")
        let e = try #require(expectSceneError(sceneJSON(root: #"{"sublayers": [\#(subs)]}"#), path: "root.sublayers[0].opacity", "outside"))
        #expect(e.additional.count == 19)
        #expect(e.truncated)
        #expect(e.allDescriptions.last?.contains("too many errors") == true)
    }

    @Test func swiftSpellingsSuggestTheSceneKey() {
        expectSceneError(sceneJSON(root: #"{"isDoubleSided": false}"#), path: "root.isDoubleSided",
                         #"unknown key "isDoubleSided""#, #"did you mean "doubleSided"?"#)
        expectSceneError(sceneJSON(root: #"{"isHidden": true}"#), path: "root.isHidden", #"did you mean "hidden"?"#)
    }

    @Test func misspeltKeysSuggestTheNearest() {
        expectSceneError(sceneJSON(root: #"{"backgroundColour": "red"}"#), path: "root.backgroundColour", #"did you mean "backgroundColor"?"#)
        expectSceneError(sceneJSON(root: #"{"zposition": 3}"#), path: "root.zposition", #"did you mean "zPosition"?"#)
        expectSceneError(sceneJSON(root: #"{"transform": [{"rotat": [1, 0, 0, 1]}]}"#), path: "root.transform[0]", #"did you mean "rotate"?"#)
        expectSceneError(sceneJSON(root: #"{"type": "transformlayer"}"#), path: "root.type", #"did you mean "transformLayer"?"#)
        expectSceneError(sceneJSON(canvas: #"{"width": 10, "height": 10, "scal": 2}"#), path: "canvas.scal", #"did you mean "scale"?"#)
    }

    @Test func farOffKeysGetNoSuggestion() throws {
        let e = try #require(expectSceneError(sceneJSON(root: #"{"wobble": 1}"#), path: "root.wobble", #"unknown key "wobble""#))
        #expect(!e.message.contains("did you mean"))
    }

    @Test func aValidFileHasNoErrors() throws {
        let s = try parseScene(sceneJSON(root: #"{"opacity": 0.5, "sublayers": [{"doubleSided": false}]}"#))
        #expect(s.root.opacity == 0.5)
        #expect(s.root.sublayers?.first?.isDoubleSided == false)
    }
}
