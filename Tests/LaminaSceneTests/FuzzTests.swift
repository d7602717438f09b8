// Never crashes: hundreds of seeded random mutations of every seed scene either parse or
// throw a SceneError. Mutants that parse must also survive a write -> read round trip.
import Foundation
import Testing
import LaminaScene
import QuartzCore

/// JSON text for a value (compact; numbers in Swift's shortest round-trip form).
func jsonText(_ v: JSONValue) -> String {
    switch v {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .number(let d): return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"
    case .string(let s):
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    case .array(let a): return "[" + a.map(jsonText).joined(separator: ",") + "]"
    case .object(let m): return "{" + m.map { jsonText(.string($0.key)) + ":" + jsonText($0.value) }.joined(separator: ",") + "}"
    }
}

struct Mutator {
    var rng: SeededGenerator

    static let keys = ["format", "canvas", "root", "animations", "width", "height", "scale", "background", "type", "name",
                       "frame", "bounds", "position", "anchorPoint", "anchorPointZ", "zPosition", "transform", "sublayerTransform",
                       "affineTransform", "backgroundColor", "opacity", "hidden", "doubleSided", "masksToBounds", "cornerRadius",
                       "borderWidth", "borderColor", "contents", "contentsGravity", "contentsRect", "geometryFlipped",
                       "allowsEdgeAntialiasing", "light", "sublayers", "string", "fontSize", "foregroundColor", "alignmentMode",
                       "direction", "ambient", "layer", "keyPath", "from", "to", "beginTime", "duration", "timingFunction",
                       "repeatCount", "autoreverses", "fillMode", "translate", "rotate", "rotateDegrees", "scale", "m34",
                       "perspective", "matrix", "affine", "bogus"]
    static let strings = ["", "red", "#FF00FF", "#12345678", "textLayer", "transformLayer", "layer", "center", "easeIn",
                          "forwards", "opacity", "transform.rotation.y", "position", "face1", "side1", "container", "x.png",
                          "view", "root", "\u{e9}\u{1F600}", "\\", "\"", "1"]
    static let numbers: [Double] = [0, 1, -1, 0.5, 2, 3, 4, 16, 100, -100, 1e-9, 1e300, -1e300, 16385, 0.1, 1.5, 6]

    mutating func int(_ n: Int) -> Int { Int.random(in: 0..<max(n, 1), using: &rng) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }

    mutating func randomValue(depth: Int = 0) -> JSONValue {
        switch int(depth > 2 ? 5 : 8) {
        case 0: return .null
        case 1: return .bool(chance(0.5))
        case 2, 3: return .number(Self.numbers[int(Self.numbers.count)] * (chance(0.2) ? Double(int(1000)) / 7 : 1))
        case 4: return .string(Self.strings[int(Self.strings.count)])
        case 5: return .array((0..<[0, 1, 2, 3, 4, 6, 16][int(7)]).map { _ in .number(Self.numbers[int(Self.numbers.count)]) })
        case 6: return .array((0..<int(4)).map { _ in randomValue(depth: depth + 1) })
        default:
            let ks = Array(Set((0..<int(3)).map { _ in Self.keys[int(Self.keys.count)] }))
            return .object(ks.map { JSONMember(key: $0, value: randomValue(depth: depth + 1)) })
        }
    }

    /// Every container node's path (indices into arrays/objects), pre-order.
    func containers(_ v: JSONValue, _ at: [Int] = []) -> [[Int]] {
        switch v {
        case .array(let a): return [at] + a.enumerated().flatMap { containers($0.element, at + [$0.offset]) }
        case .object(let m): return [at] + m.enumerated().flatMap { containers($0.element.value, at + [$0.offset]) }
        default: return []
        }
    }

    /// Applies `change` to the container at `path`.
    func edit(_ v: JSONValue, _ path: ArraySlice<Int>, _ change: (JSONValue) -> JSONValue) -> JSONValue {
        guard let i = path.first else { return change(v) }
        switch v {
        case .array(var a): a[i] = edit(a[i], path.dropFirst(), change); return .array(a)
        case .object(var m): m[i].value = edit(m[i].value, path.dropFirst(), change); return .object(m)
        default: return v
        }
    }

    /// One structural mutation of a random container: delete, replace, add or duplicate a member.
    mutating func mutateTree(_ v: JSONValue) -> JSONValue {
        let all = containers(v)
        let target = all[int(all.count)]
        let op = int(4)
        var me = self
        let out = edit(v, target[...]) { node in
            switch node {
            case .array(var a):
                if a.isEmpty || op == 2 { a.insert(me.randomValue(), at: me.int(a.count + 1)); return .array(a) }
                let i = me.int(a.count)
                switch op {
                case 0: a.remove(at: i)
                case 1: a[i] = me.otherType(a[i])
                default: a.append(a[i])
                }
                return .array(a)
            case .object(var m):
                if m.isEmpty || op == 2 {
                    let k = Self.keys[me.int(Self.keys.count)]
                    let v = me.randomValue()
                    if let j = m.firstIndex(where: { $0.key == k }) { m[j].value = v } else { m.append(JSONMember(key: k, value: v)) }
                    return .object(m)
                }
                let j = me.int(m.count)
                switch op {
                case 0: m.remove(at: j)
                case 1: m[j].value = me.otherType(m[j].value)
                default: m.shuffle(using: &me.rng)
                }
                return .object(m)
            default: return node
            }
        }
        self = me
        return out
    }

    /// A random value of another JSON type than `v`.
    mutating func otherType(_ v: JSONValue) -> JSONValue {
        func kind(_ x: JSONValue) -> Int {
            switch x { case .null: 0; case .bool: 1; case .number: 2; case .string: 3; case .array: 4; case .object: 5 }
        }
        for _ in 0..<20 {
            let r = randomValue()
            if kind(r) != kind(v) { return r }
        }
        return .null
    }

    /// One textual mutation: truncate, insert garbage, flip a byte or delete a span.
    mutating func mutateText(_ bytes: [UInt8]) -> [UInt8] {
        var b = bytes
        let garbage: [[UInt8]] = [Array("{".utf8), Array("]".utf8), Array(",".utf8), Array("\"".utf8), Array("NaN".utf8),
                                  Array("1e999".utf8), Array("-".utf8), Array("\\u12".utf8), [0], [0xFF], [0xC3], Array("\u{1F600}".utf8),
                                  Array(":".utf8), Array("true".utf8), Array("[[[[[[[[".utf8), Array("\u{FEFF}".utf8)]
        switch int(4) {
        case 0: b = Array(b.prefix(int(b.count)))
        case 1: b.insert(contentsOf: garbage[int(garbage.count)], at: int(b.count + 1))
        case 2: if !b.isEmpty { b[int(b.count)] = UInt8(truncatingIfNeeded: int(256)) }
        default:
            if !b.isEmpty {
                let s = int(b.count), e = min(b.count, s + 1 + int(40))
                b.removeSubrange(s..<e)
            }
        }
        return b
    }
}

@Suite("Never crashes")
struct FuzzTests {
    /// Parses `data`: success or a SceneError, anything else is recorded.
    func survive(_ data: Data, _ what: String) -> Scene? {
        do {
            return try Scene.parse(data, baseDirectory: Paths.sharedScenes)
        } catch is SceneError {
            return nil
        } catch {
            Issue.record("\(what): threw \(type(of: error)) \(error), not a SceneError")
            return nil
        }
    }

    @Test(arguments: Paths.sharedSceneFiles.map(\.lastPathComponent))
    func mutantsParseOrThrowSceneErrors(_ name: String) throws {
        let data = try Data(contentsOf: Paths.sharedScenes.appendingPathComponent(name))
        let tree = try JSONValue.parse(data)
        var m = Mutator(rng: SeededGenerator(seed: UInt64(truncatingIfNeeded: name.utf8.reduce(5381) { $0 &* 33 &+ Int($1) })))
        var parsed = 0, rejected = 0
        for round in 0..<400 {
            let text: [UInt8]
            if round % 2 == 0 {
                var t = tree
                for _ in 0...m.int(3) { t = m.mutateTree(t) }
                text = Array(jsonText(t).utf8)
            } else {
                var b = [UInt8](data)
                for _ in 0...m.int(2) { b = m.mutateText(b) }
                text = b
            }
            let what = "\(name) mutant \(round)"
            guard let scene = survive(Data(text), what) else { rejected += 1; continue }
            parsed += 1
            // A mutant that parses is a valid scene: it must survive the writer too.
            let written = try scene.jsonText(savingImagesIn: FileManager.default.temporaryDirectory, stem: "fuzz")
            do {
                let again = try Scene.parse(Data(written.utf8), baseDirectory: Paths.sharedScenes)
                let diffs = sceneDifferences(scene, again)
                #expect(diffs.isEmpty, "\(what): round trip changed it: \(diffs.prefix(5))\n\(String(decoding: text, as: UTF8.self))")
            } catch {
                Issue.record("\(what): the written text does not read back: \(error)\n\(written)")
            }
        }
        // Both outcomes happen, so the mutations are neither all fatal nor all harmless.
        #expect(parsed > 5 && rejected > 5, "\(name): \(parsed) parsed, \(rejected) rejected")
    }

    @Test func strictParserAgreesWithJSONSerializationOnSyntax() throws {
        // The scene reader's own JSON parser: what it accepts, Foundation accepts too; what it
        // refuses as a syntax error, Foundation refuses (duplicates, NaN, 1e999, BOM, deep
        // nesting and trailing commas, which Foundation takes and Python's json does not, are
        // refused on purpose and left out).
        var m = Mutator(rng: SeededGenerator(seed: 42))
        for file in Paths.sharedSceneFiles.prefix(6) {
            let data = try [UInt8](Data(contentsOf: file))
            for round in 0..<150 {
                let b = m.mutateText(data)
                let ours: Result<JSONValue, Error> = Result { try JSONValue.parse(Data(b)) }
                let theirs = (try? JSONSerialization.jsonObject(with: Data(b), options: [.fragmentsAllowed])) != nil
                switch ours {
                case .success:
                    #expect(theirs, "\(file.lastPathComponent) #\(round): we accept what Foundation refuses:\n\(String(decoding: b, as: UTF8.self))")
                case .failure(let e as JSONParseError):
                    let deliberate = ["duplicate", "NaN", "Infinity", "finite", "byte order", "nested", "UTF-8", "trailing comma"].contains { e.message.contains($0) }
                    #expect(!theirs || deliberate, "\(file.lastPathComponent) #\(round): we refuse (\(e)) what Foundation accepts:\n\(String(decoding: b, as: UTF8.self))")
                case .failure(let e):
                    Issue.record("unexpected error type \(e)")
                }
            }
        }
    }
}
