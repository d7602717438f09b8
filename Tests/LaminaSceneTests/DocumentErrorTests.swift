// Errors at the document level: JSON syntax, top-level keys, format, canvas.
import Foundation
import Testing
import LaminaScene
import QuartzCore

@Suite("Document errors")
struct DocumentErrorTests {
    @Test func unknownTopLevelKey() {
        expectSceneError(#"{"format": 1, "canvas": {"width": 1, "height": 1}, "root": {}, "bogus": 1}"#,
                         path: "bogus", #"unknown key "bogus""#)
    }

    @Test func formatTwo() {
        expectSceneError(#"{"format": 2, "canvas": {"width": 1, "height": 1}, "root": {}}"#, path: "format", "unsupported format 2", "expected 1")
    }

    @Test func formatMissing() {
        expectSceneError(#"{"canvas": {"width": 1, "height": 1}, "root": {}}"#, path: "format", "missing", "expected 1")
    }

    @Test func formatNotANumber() {
        expectSceneError(#"{"format": "1", "canvas": {"width": 1, "height": 1}, "root": {}}"#, path: "format", "expected a number")
        // Python's 1 == True would let the oracle take true; a format is a number.
        expectSceneError(#"{"format": true, "canvas": {"width": 1, "height": 1}, "root": {}}"#, path: "format", "expected a number", "true")
    }

    @Test func canvasMissing() {
        expectSceneError(#"{"format": 1, "root": {}}"#, path: "canvas", "missing")
    }

    @Test func rootMissing() {
        expectSceneError(#"{"format": 1, "canvas": {"width": 1, "height": 1}}"#, path: "root", "missing")
    }

    @Test func canvasWidthMissing() {
        expectSceneError(sceneJSON(canvas: #"{"height": 1}"#), path: "canvas.width", "missing")
    }

    @Test func unknownCanvasKey() {
        expectSceneError(sceneJSON(canvas: #"{"width": 1, "height": 1, "dpi": 2}"#), path: "canvas.dpi", #"unknown key "dpi""#)
    }

    @Test(arguments: [("width", "0"), ("width", "-10"), ("height", "0"), ("height", "-0.5"), ("scale", "0"), ("scale", "-2")])
    func canvasSizeNotPositive(_ key: String, _ value: String) {
        var c = ["width": "100", "height": "100", "scale": "1"]
        c[key] = value
        let canvas = "{" + c.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
        expectSceneError(sceneJSON(canvas: canvas), path: "canvas.\(key)", "must be positive")
    }

    @Test func canvasTooLarge() {
        expectSceneError(sceneJSON(canvas: #"{"width": 20000, "height": 10}"#), path: "canvas", "16384")
        expectSceneError(sceneJSON(canvas: #"{"width": 10000, "height": 10, "scale": 2}"#), path: "canvas", "20000x20", "16384")
        // Sizes too large for an Int: an error, not a trap.
        expectSceneError(sceneJSON(canvas: #"{"width": 1e300, "height": 10}"#), path: "canvas", "1e+300x10 pixels")
        expectSceneError(sceneJSON(canvas: #"{"width": 10, "height": 1e200, "scale": 1e200}"#), path: "canvas", "16384")
        // Less than half a pixel rounds to an empty image.
        expectSceneError(sceneJSON(canvas: #"{"width": 0.4, "height": 10}"#), path: "canvas", "0x10 pixels")
        // The oracle's test is on width * scale, before rounding.
        expectSceneError(sceneJSON(canvas: #"{"width": 16384.3, "height": 10}"#), path: "canvas", "16384")
    }

    @Test func canvasBackgroundBad() {
        expectSceneError(sceneJSON(canvas: #"{"width": 1, "height": 1, "background": "mauve"}"#), path: "canvas.background", #"bad color "mauve""#)
    }

    @Test func descriptionNotAString() {
        expectSceneError(#"{"format": 1, "description": 5, "canvas": {"width": 1, "height": 1}, "root": {}}"#, path: "description", "expected a string")
    }

    @Test func topLevelNotAnObject() {
        expectSceneError("[1, 2]", path: "", "expected an object")
        expectSceneError(#"{"format": 1, "canvas": [1, 1], "root": {}}"#, path: "canvas", "expected an object")
        expectSceneError(#"{"format": 1, "canvas": {"width": 1, "height": 1}, "root": []}"#, path: "root", "expected an object")
    }

    @Test func animationsNotAList() {
        expectSceneError(sceneJSON(animations: "{}"), path: "animations", "expected a list")
    }

    // MARK: JSON syntax

    @Test func truncatedText() {
        let text = sceneJSON()
        let e = expectSceneError(String(text.dropLast(3)), path: "", "not valid JSON", "line 1, column")
        #expect(e?.message.contains("end of the text") == true, "\(String(describing: e))")
    }

    @Test func syntaxErrorNamesLineAndColumn() {
        expectSceneError("{\n  \"format\": 1,\n  \"canvas\" {}\n}", path: "", "not valid JSON", "line 3, column 12", "expected ':'")
        expectSceneError("{\"format\": 1, 2}", path: "", "not valid JSON", "expected a key")
        expectSceneError("{\"format\": 01}", path: "", "not valid JSON")
        // Foundation's JSONSerialization takes trailing commas; JSON (and the oracle) does not.
        expectSceneError("{\"format\": [1, 2,]}", path: "", "not valid JSON", "trailing comma")
        expectSceneError("{\"format\": 1, \"root\": {},}", path: "", "not valid JSON", "trailing comma")
        expectSceneError("{\"format\": 1} x", path: "", "not valid JSON", "after the JSON value")
        expectSceneError("", path: "", "not valid JSON", "expected a value")
        expectSceneError("{\"a\": 'x'}", path: "", "not valid JSON", "expected a value")
        expectSceneError("{\"a\": \"tab\tinside\"}", path: "", "not valid JSON", "control character")
    }

    @Test func nanIsNamed() {
        expectSceneError(sceneJSON(root: #"{"transform": [{"m34": NaN}]}"#), path: "root.transform[0].m34",
                         "not valid JSON", "NaN is not a number in JSON")
    }

    @Test func infinityInAMatrixIsNamed() {
        expectSceneError(sceneJSON(root: #"{"transform": [1, 0, 0, Infinity, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]}"#),
                         path: "root.transform[3]", "Infinity is not a number in JSON")
        expectSceneError(sceneJSON(root: #"{"zPosition": -Infinity}"#), path: "root.zPosition", "-Infinity is not a number in JSON")
    }

    @Test func hugeNumbersAreNamed() throws {
        expectSceneError(sceneJSON(root: #"{"transform": [1, 0, 0, 0, 0, 1e999, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]}"#),
                         path: "root.transform[5]", "1e999", "not a finite")
        expectSceneError(sceneJSON(root: #"{"opacity": -1E+400}"#), path: "root.opacity", "-1E+400", "not a finite")
        let digits = "1" + String(repeating: "0", count: 400)
        expectSceneError(sceneJSON(root: #"{"zPosition": \#(digits)}"#), path: "root.zPosition", "not a finite")
        // Tiny numbers underflow to zero, as every JSON reader does.
        #expect(try parseRoot(#"{"zPosition": 1e-999}"#).zPosition == 0)
    }

    @Test func finiteNumbersOverflowingATransformAreRefused() {
        expectSceneError(sceneJSON(root: #"{"transform": [{"scale": [1e200, 1, 1]}, {"scale": [1e200, 1, 1]}]}"#),
                         path: "root.transform", "non-finite")
    }

    @Test func duplicateKeysAreRefused() {
        // JSONDecoder keeps the first, Python's json (the oracle) the last: ambiguous, so an error.
        expectSceneError(sceneJSON(root: #"{"opacity": 0.2, "sublayers": [{"name": "a", "name": "b"}]}"#),
                         path: "root.sublayers[0].name", #"duplicate key "name""#)
        expectSceneError(#"{"format": 1, "format": 1, "canvas": {"width": 1, "height": 1}, "root": {}}"#, path: "format", "duplicate key")
    }

    @Test func byteOrderMarkAndBadUTF8() {
        var bom = Data([0xEF, 0xBB, 0xBF])
        bom.append(Data(sceneJSON().utf8))
        expectSceneError(path: "", ["not valid JSON", "byte order mark"]) { try Scene.parse(bom, baseDirectory: Paths.packageRoot) }
        var bad = Data(#"{"format": 1, "description": ""#.utf8)
        bad.append(contentsOf: [0xFF, 0xFE])
        bad.append(Data(#"", "canvas": {"width": 1, "height": 1}, "root": {}}"#.utf8))
        expectSceneError(path: "", ["not valid JSON", "UTF-8"]) { try Scene.parse(bad, baseDirectory: Paths.packageRoot) }
    }

    @Test func excessiveNestingIsRefused() {
        let deep = String(repeating: "[", count: 100_000)
        expectSceneError(sceneJSON(root: #"{"name": \#(deep)}"#), path: "", "not valid JSON", "nested more than")
    }

    @Test func escapesAndKeyOrder() throws {
        // Escapes decode; a surrogate pair becomes one scalar; unknown keys report in file order.
        let l = try parseRoot(#"{"name": "a\/b\\c\"\u00e9\ud83d\ude00\t"}"#)
        #expect(l.name == "a/b\\c\"\u{e9}\u{1F600}\t")
        expectSceneError(sceneJSON(root: #"{"zeta": 1, "alpha": 2}"#), path: "root.zeta", #"unknown key "zeta""#)
        // A key with a control character is quoted in the message, so the message stays on one line.
        expectSceneError(sceneJSON(root: #"{"back\nground": 1}"#), path: "root.back\nground", #"unknown key "back\nground""#)
    }

    @Test func readNamesTheFile() throws {
        let dir = try makeTempDir("read")
        defer { remove(dir) }
        let path = dir.appendingPathComponent("broken.json").path
        try Data(sceneJSON(root: #"{"opacity": "x"}"#).utf8).write(to: URL(fileURLWithPath: path))
        let e = expectSceneError(path: "root.opacity", ["expected a number"]) { try Scene.read(contentsOf: path) }
        #expect(e?.file == path)
        #expect(e?.description == "\(path): root.opacity: expected a number, got \"x\"")
        let missing = expectSceneError(path: "", ["no such file"]) { try Scene.read(contentsOf: dir.appendingPathComponent("nope.json").path) }
        #expect(missing?.file?.hasSuffix("nope.json") == true)
        expectSceneError(path: "", ["cannot read"]) { try Scene.read(contentsOf: dir.path) }
    }
}
