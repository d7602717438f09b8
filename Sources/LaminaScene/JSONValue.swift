// A JSON document as plain values, keeping booleans apart from numbers (which
import Foundation
// JSONSerialization on Linux does not), so every scene error can name its JSON path.

/// A parsed JSON value.
public enum JSONValue: Equatable, Sendable, Decodable {
    /// null.
    case null
    /// true or false.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object: its members in the file's order (keys are unique).
    case object([JSONMember])

    /// Any JSON value from a Decoder (object keys sorted: a decoder keeps no key order).
    public init(from decoder: Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !array.isAtEnd { items.append(try array.decode(JSONValue.self)) }
            self = .array(items)
            return
        }
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            // Key order is not kept by the decoder; sort for stable messages.
            let keys = object.allKeys.sorted { $0.stringValue < $1.stringValue }
            self = .object(try keys.map { JSONMember(key: $0.stringValue, value: try object.decode(JSONValue.self, forKey: $0)) })
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { self = .null; return }
        if let b = try? single.decode(Bool.self) { self = .bool(b); return }
        if let d = try? single.decode(Double.self) { self = .number(d); return }
        self = .string(try single.decode(String.self))
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Parses JSON text strictly (RFC 8259): file key order kept, duplicate keys, NaN and
    /// out-of-range numbers refused. Throws `JSONParseError`.
    public static func parse(_ data: Data) throws -> JSONValue {
        var parser = JSONParser(data)
        defer { parser.free() }
        return try parser.document()
    }

    /// The value as it would be written, for messages.
    public var brief: String {
        switch self {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .number(let d): JSONWriter.number(d)
        case .string(let s): "\"\(s)\""
        case .array(let a): a.count <= 6 ? "[" + a.map(\.brief).joined(separator: ", ") + "]" : "an array of \(a.count)"
        case .object(let members): "an object with keys " + members.map(\.key).joined(separator: ", ")
        }
    }
}

/// One member of a JSON object. Objects keep their members in an array: scene objects hold a
/// few keys, and a scan of those costs less than building and hashing a dictionary per object.
public struct JSONMember: Equatable, Sendable {
    /// The key.
    public var key: String
    /// The value.
    public var value: JSONValue

    /// A member.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

extension Array where Element == JSONMember {
    /// The value of the member with this key, if any.
    public subscript(key key: String) -> JSONValue? {
        for m in self where m.key == key { return m.value }
        return nil
    }

    /// The keys in order.
    public var keys: [String] { map(\.key) }
}

/// Writes JSON text with a fixed layout: objects one key per line, short number arrays on one line.
enum JSONWriter {
    /// The shortest text that reads back as the same Double.
    static func number(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    static func write(_ v: JSONValue, indent: String = "") -> String {
        let inner = indent + "  "
        switch v {
        case .array(let items):
            if items.isEmpty { return "[]" }
            if items.allSatisfy({ if case .number = $0 { return true }; return false }) {
                return "[" + items.map { write($0) }.joined(separator: ", ") + "]"
            }
            return "[\n" + items.map { inner + write($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            return "{\n" + members.map { m in inner + quote(m.key) + ": " + write(m.value, indent: inner) }.joined(separator: ",\n")
                + "\n" + indent + "}"
        case .string(let s): return quote(s)
        default: return v.brief
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }
}
