// What the faster reader restructured: JSON paths spelled out from key offsets only for an
// error, objects as member arrays (with a set from the 16th key), eight digits read at a
// time, and layer keys applied in a fixed order whatever the file's order.
import Foundation
import Testing
@testable import LaminaScene
import QuartzCore

@Suite("Reader structure")
struct ReaderStructureTests {
    private func parseError(_ json: String) -> JSONParseError? {
        do { _ = try JSONValue.parse(Data(json.utf8)); return nil } catch { return error as? JSONParseError }
    }

    @Test func errorPathsNameEscapedKeysAndIndices() {
        // The path is rebuilt from where each key stands in the text: escapes are decoded.
        let e = parseError(#"{"a\u0062": [1, {"c": [0, NaN]}]}"#)
        #expect(e?.path == "ab[1].c[1]")
        #expect(e?.message.contains("NaN") == true)
        let text = #"{"x": {"k\"q": 1, "y": 2, "k\"q": 3}}"#
        let dup = parseError(text)
        #expect(dup?.path == "x.k\"q")
        // Reported where the repeated key stands.
        let at = text.utf8.count - #""k\"q": 3}}"#.utf8.count
        #expect(dup?.line == 1 && dup?.column == at + 1)
        #expect(parseError(#"[[1, 2], [3, -Infinity]]"#)?.path == "[1][1]")
        #expect(parseError(#"{"a": 1e400}"#)?.path == "a")
    }

    @Test func largeObjectsFindRepeatedKeys() throws {
        // Up to 15 keys are compared in turn; from the 16th a set takes over.
        for n in [15, 16, 17, 40] {
            let keys = (0..<n).map { "\"k\($0)\": \($0)" }
            for repeated in [0, n / 2, n - 1] {
                let json = "{" + (keys + ["\"k\(repeated)\": 0"]).joined(separator: ", ") + "}"
                #expect(parseError(json)?.path == "k\(repeated)", "n \(n), key \(repeated)")
            }
            guard case .object(let members) = try JSONValue.parse(Data(("{" + keys.joined(separator: ", ") + "}").utf8)) else {
                Issue.record("not an object"); continue
            }
            #expect(members.keys == (0..<n).map { "k\($0)" })
            #expect(members[key: "k\(n - 1)"] == .number(Double(n - 1)))
        }
    }

    @Test func nestedContainersKeepTheirItems() throws {
        // Members and items of nested objects and arrays share the parser's stacks.
        let v = try JSONValue.parse(Data(#"{"a": [1, [2, 3], {"b": [4], "c": {}}, []], "d": {"e": [[5]]}}"#.utf8))
        let expected = JSONValue.object([
            JSONMember(key: "a", value: .array([.number(1), .array([.number(2), .number(3)]),
                                                .object([JSONMember(key: "b", value: .array([.number(4)])),
                                                         JSONMember(key: "c", value: .object([]))]),
                                                .array([])])),
            JSONMember(key: "d", value: .object([JSONMember(key: "e", value: .array([.array([.number(5)])]))])),
        ])
        #expect(v == expected)
    }

    @Test func digitRunsAroundEightAtATime() throws {
        // Runs of digits shorter, equal and longer than eight, zeros inside and in front, and
        // numbers that end the text (the eight-byte read must not pass its end).
        var texts: [String] = []
        for digits in 1...22 {
            let run = (0..<digits).map { String(($0 * 7 + 3) % 10) }.joined()
            texts += [run.first == "0" ? "1" + run : run, "0." + run, "0.000" + run, "-12." + run, "3" + run + "e-5",
                      "1000000" + run, "0.10000000" + run]
        }
        for t in texts {
            let v = try JSONValue.parse(Data(t.utf8))
            #expect(v == .number(Double(t)!), "\(t)")
            let inArray = try JSONValue.parse(Data("[\(t),\(t)]".utf8))
            #expect(inArray == .array([.number(Double(t)!), .number(Double(t)!)]), "\(t)")
        }
    }

    @Test func layerKeyTableMatchesTheKeySets() {
        #expect(LayerKey.allCases.count <= 64)
        #expect(Set(LayerKey.names) == SceneReader.allLayerKeys)
        #expect(LayerKey.names == LayerKey.allCases.map { String(describing: $0) })
        for k in LayerKey.allCases { #expect(LayerKey.named(k.name) == k) }
        for s in ["", "x", "Name", "names", "boundss", "sublayer", "instanceColors", "type "] { #expect(LayerKey.named(s) == nil) }
        let text = LayerKey.typeSets.first { $0.type == "textLayer" }!.keys
        #expect(LayerKey.allCases.filter { $0.bit & text != 0 }.map(\.name).sorted() == SceneReader.textKeys.sorted())
    }

    @Test func keysApplyInAFixedOrder() throws {
        // frame is applied before bounds and position whatever the file's order, so they win.
        let a = try parseLayer(#"{"position": [5, 6], "bounds": [0, 0, 10, 20], "frame": [100, 100, 50, 50], "anchorPoint": [0, 0]}"#)
        let b = try parseLayer(#"{"anchorPoint": [0, 0], "frame": [100, 100, 50, 50], "bounds": [0, 0, 10, 20], "position": [5, 6]}"#)
        for l in [a, b] {
            #expect(l.position == CGPoint(x: 5, y: 6))
            #expect(l.bounds == CGRect(x: 0, y: 0, width: 10, height: 20))
        }
    }

    @Test func errorsComeInKeyOrderWhateverTheFileOrder() {
        // Unknown keys first (file order), then the other type's keys, then each key in LayerKey order.
        let e = expectSceneError(sceneJSON(root: #"{"sublayers": [{"opacity": 2, "bogus": 1, "fontSize": 3, "transform": [1], "affineTransform": [1], "name": 4, "zz": 0}]}"#),
                                 path: "root.sublayers[0].bogus", "unknown key")
        let paths = e.map { [$0.path] + $0.additional.map(\.path) } ?? []
        #expect(paths == ["root.sublayers[0].bogus", "root.sublayers[0].zz", "root.sublayers[0].fontSize",
                          "root.sublayers[0].name", "root.sublayers[0].affineTransform", "root.sublayers[0].transform",
                          "root.sublayers[0].affineTransform", "root.sublayers[0].opacity"])
    }
}
