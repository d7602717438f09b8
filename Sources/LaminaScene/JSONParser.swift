// A strict RFC 8259 JSON reader for scene files. Unlike JSONDecoder it keeps the file's key
// order, rejects duplicate keys (which JSONDecoder resolves silently, and differently from
// other readers), names NaN / Infinity / out-of-range numbers with their JSON path, and
// reports syntax errors by line and column.
import Foundation

/// JSON text that does not parse: where and why.
public struct JSONParseError: Error, CustomStringConvertible, Equatable {
    /// The JSON path of the offending value when the problem is a value (a non-finite
    /// number, NaN, a duplicate key), "" for plain syntax errors.
    public var path: String
    /// 1-based line of the problem.
    public var line: Int
    /// 1-based column (in bytes) of the problem.
    public var column: Int
    /// What is wrong.
    public var message: String

    public var description: String { "line \(line), column \(column): \(message)" }
}

struct JSONParser {
    /// Nesting deeper than this is refused rather than risking the stack.
    static let maxDepth = 512

    /// The text: a copy the parser owns until `free()` (unchecked access in release builds;
    /// every read is guarded by `i < b.count` as it was for an array).
    private let b: UnsafeBufferPointer<UInt8>
    private var i = 0
    private var depth = 0
    /// Where the value being read sits: its keys and indices from the root, one step per open
    /// object or array, updated in place per member. A key is held as its offset in the text
    /// (no string kept per value); the JSON path is spelled out from it only for an error.
    private var route: [Step] = []
    private enum Step { case key(at: Int), index(Int) }
    /// The members and items of the objects and arrays being read, so each becomes one array
    /// of its final size (no regrowth while it is read).
    private var memberStack = MoveStack<JSONMember>()
    private var itemStack = MoveStack<JSONValue>()

    /// The JSON path of the value being read: "a.b[2].c" ("" at the root).
    private var path: String {
        var s = ""
        for step in route {
            switch step {
            case .key(let at):
                var reader = self
                reader.i = at
                let k = (try? reader.string()) ?? ""
                s = s.isEmpty ? k : "\(s).\(k)"
            case .index(let n): s = "\(s)[\(n)]"
            }
        }
        return s
    }

    init(_ data: Data) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: data.count)
        _ = copy.initialize(from: data)
        b = UnsafeBufferPointer(copy)
    }

    /// Frees the copy of the text (the parser must not be used after).
    func free() {
        b.deallocate()
        memberStack.free()
        itemStack.free()
    }

    /// Parses one JSON value that fills the whole text (surrounding whitespace allowed).
    mutating func document() throws -> JSONValue {
        if b.starts(with: [0xEF, 0xBB, 0xBF]) { throw error("the text starts with a UTF-8 byte order mark; save it without one") }
        if String(validating: b, as: UTF8.self) == nil { throw error("the text is not valid UTF-8") }
        skipSpace()
        let v = try value()
        skipSpace()
        guard i == b.count else { throw error("unexpected text after the JSON value") }
        return v
    }

    // MARK: Values

    private mutating func value() throws -> JSONValue {
        guard i < b.count else { throw error("unexpected end of the text; expected a value") }
        switch b[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default:
            for word in ["NaN", "Infinity"] where rest(startsWith: word) {
                throw error("\(word) is not a number in JSON (JSON has no NaN or infinities)", path: path)
            }
            throw error("expected a value, found \(found)")
        }
    }

    private mutating func object() throws -> JSONValue {
        try enter()
        i += 1
        skipSpace()
        if peek(UInt8(ascii: "}")) { i += 1; depth -= 1; return .object([]) }
        let base = memberStack.count
        var seen: Set<String>?
        route.append(.key(at: i))
        while true {
            skipSpace()
            if peek(UInt8(ascii: "}")), memberStack.count > base { throw error("a trailing comma before '}' is not allowed in JSON") }
            guard peek(UInt8(ascii: "\"")) else { throw error("expected a key in double quotes, found \(found)") }
            let keyStart = i
            let key = try string()
            route[route.count - 1] = .key(at: keyStart)
            // A repeated key, reported where it stands before its value is read.
            if isRepeated(key, since: base, &seen) {
                i = keyStart
                throw error("duplicate key \"\(key)\" (a JSON object must not repeat a key)", path: path)
            }
            skipSpace()
            guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after the key \"\(key)\", found \(found)") }
            i += 1
            skipSpace()
            let v = try value()
            memberStack.push(JSONMember(key: key, value: v))
            skipSpace()
            if peek(UInt8(ascii: ",")) { i += 1; continue }
            if peek(UInt8(ascii: "}")) {
                i += 1
                depth -= 1
                route.removeLast()
                return .object(memberStack.pop(from: base))
            }
            throw error("expected ',' or '}' in an object, found \(found)")
        }
    }

    /// Whether `key` is among the members read so far of the object whose members start at
    /// `base`. Scene objects have a few keys: comparing with those costs less than hashing;
    /// a set takes over from the 16th key.
    private func isRepeated(_ key: String, since base: Int, _ seen: inout Set<String>?) -> Bool {
        if memberStack.count - base < 16 {
            for j in base..<memberStack.count where memberStack[j].key == key { return true }
            return false
        }
        if seen == nil { seen = Set((base..<memberStack.count).map { memberStack[$0].key }) }
        return !seen!.insert(key).inserted
    }

    private mutating func array() throws -> JSONValue {
        try enter()
        i += 1
        skipSpace()
        if peek(UInt8(ascii: "]")) { i += 1; depth -= 1; return .array([]) }
        let base = itemStack.count
        route.append(.index(0))
        while true {
            skipSpace()
            if peek(UInt8(ascii: "]")), itemStack.count > base { throw error("a trailing comma before ']' is not allowed in JSON") }
            route[route.count - 1] = .index(itemStack.count - base)
            let v = try value()
            itemStack.push(v)
            skipSpace()
            if peek(UInt8(ascii: ",")) { i += 1; continue }
            if peek(UInt8(ascii: "]")) {
                i += 1
                depth -= 1
                route.removeLast()
                return .array(itemStack.pop(from: base))
            }
            throw error("expected ',' or ']' in an array, found \(found)")
        }
    }

    private mutating func enter() throws {
        depth += 1
        guard depth <= Self.maxDepth else { throw error("nested more than \(Self.maxDepth) levels deep") }
    }

    /// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
    /// The digits are gathered as the text is checked (one pass); `fastValue` turns them into
    /// the double when that is exact, strtod otherwise.
    private mutating func number() throws -> Double {
        let start = i
        var negative = false
        if peek(UInt8(ascii: "-")) {
            negative = true
            i += 1
            if peek(UInt8(ascii: "I")), rest(startsWith: "Infinity") {
                i = start
                throw error("-Infinity is not a number in JSON (JSON has no NaN or infinities)", path: path)
            }
        }
        // The significant digits (up to 19) as an integer, times 10^scale.
        var mantissa: UInt64 = 0, significant = 0, scale = 0, fits = true
        func digit(_ c: UInt8, fraction: Bool) {
            if mantissa != 0 || c != UInt8(ascii: "0") {
                significant += 1
                if significant <= 19 { mantissa = mantissa &* 10 &+ UInt64(c &- UInt8(ascii: "0")) } else { fits = false }
            }
            if fraction { scale -= 1 }
        }
        // Eight significant digits at once when they stand in a row (a full double has 17).
        func eight(fraction: Bool) {
            while mantissa != 0, significant <= 11, let x = eightDigits(at: i) {
                mantissa = mantissa &* 100_000_000 &+ x
                significant += 8
                if fraction { scale -= 8 }
                i += 8
            }
        }
        guard i < b.count, isDigit(b[i]) else { throw error("expected a digit in a number, found \(found)") }
        if b[i] == UInt8(ascii: "0") {
            i += 1
        } else {
            while i < b.count, isDigit(b[i]) { digit(b[i], fraction: false); i += 1; eight(fraction: false) }
        }
        if peek(UInt8(ascii: ".")) {
            i += 1
            let first = i
            while i < b.count, isDigit(b[i]) { digit(b[i], fraction: true); i += 1; eight(fraction: true) }
            guard i > first else { throw error("expected a digit after the decimal point, found \(found)") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            i += 1
            var sign = 1
            if peek(UInt8(ascii: "+")) { i += 1 } else if peek(UInt8(ascii: "-")) { sign = -1; i += 1 }
            let first = i
            var e = 0
            while i < b.count, isDigit(b[i]) {
                if e < 10_000 { e = e * 10 + Int(b[i] - UInt8(ascii: "0")) }
                i += 1
            }
            guard i > first else { throw error("expected a digit in the exponent, found \(found)") }
            if e >= 10_000 { fits = false }
            scale += sign * e
        }
        if fits, let d = Self.fastValue(mantissa, significant: significant, scale: scale) { return negative ? -d : d }
        guard let d = Self.correctlyRounded(b[start..<i]), d.isFinite else {
            let text = String(decoding: b[start..<i], as: UTF8.self)
            i = start
            throw error("the number \(text) is out of range (not a finite double)", path: path)
        }
        return d
    }

    /// The value of the eight bytes at `k` when all are ASCII digits (the first the most
    /// significant), else nil: one 64-bit load instead of eight steps (SWAR).
    private func eightDigits(at k: Int) -> UInt64? {
        guard k + 8 <= b.count, let base = b.baseAddress else { return nil }
        // Little-endian: the first byte is the lowest.
        let v = UInt64(littleEndian: UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self))
        // Every byte 0x30...0x39: high nibble 3, and adding 6 does not carry out of the low nibble.
        guard v & 0xF0F0_F0F0_F0F0_F0F0 == 0x3030_3030_3030_3030,
              (v &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0 == 0x3030_3030_3030_3030 else { return nil }
        var x = v & 0x0F0F_0F0F_0F0F_0F0F
        x = (x &* 10 &+ (x >> 8)) & 0x00FF_00FF_00FF_00FF        // pairs: 10 * first + second
        x = (x &* 100 &+ (x >> 16)) & 0x0000_FFFF_0000_FFFF      // fours
        return (x &* 10_000 &+ (x >> 32)) & 0xFFFF_FFFF          // eight
    }

    /// A well-formed JSON number through strtod (correctly rounded), from a NUL-terminated copy
    /// on the stack: numbers with 16 and more digits (a matrix written in full) are common
    /// and a String per number cost more than the conversion. strtod reads the locale's
    /// decimal point: under a locale whose point is not '.', Swift's own conversion instead.
    private static func correctlyRounded(_ t: Slice<UnsafeBufferPointer<UInt8>>) -> Double? {
        guard t.count < 64, localeconv()?.pointee.decimal_point?.pointee == CChar(UInt8(ascii: ".")) else {
            return Double(String(decoding: t, as: UTF8.self))
        }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: t.count + 1) { buf in
            var k = 0
            for c in t { buf[k] = CChar(bitPattern: c); k += 1 }
            buf[k] = 0
            return strtod(buf.baseAddress!, nil)
        }
    }

    /// Exact powers of ten (every one up to 1e22 is a double).
    private static let powersOfTen: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { acc, _ in acc * 10 } }

    /// mantissa * 10^scale without going through text, when that is exact (Clinger's fast
    /// path): at most 15 significant digits (an exact double) scaled by at most 10^22 (exact
    /// too), one correctly rounded multiply or divide, as strtod rounds it. Up to 19 digits (a
    /// double written in full has 17) through `nearestDouble` on x86. nil otherwise (a larger
    /// exponent, a case too close to call).
    private static func fastValue(_ mantissa: UInt64, significant: Int, scale: Int) -> Double? {
        let d = Double(mantissa)
        if mantissa == 0 { return d }
        if significant <= 15 && abs(scale) <= 22 {
            return scale >= 0 ? d * powersOfTen[scale] : d / powersOfTen[-scale]
        }
        return nearestDouble(mantissa, scale)
    }

    #if arch(x86_64) || arch(i386)
    /// Exact powers of ten in Float80 (5^27 < 2^64: every one up to 1e27 is exact).
    private static let powersOfTen80: [Float80] = (0...27).map { k in (0..<k).reduce(Float80(1)) { acc, _ in acc * 10 } }

    /// mantissa * 10^scale rounded to the nearest double, for mantissa < 2^64 and |scale| <= 27,
    /// or nil. Both operands are exact in Float80 (64-bit significand), so one multiply or
    /// divide gives the value within half a Float80 ulp; rounding that to a double is then
    /// correct unless it lies within one Float80 ulp of a midpoint between two doubles (its 11
    /// low bits 0x3FF...0x401), where the double rounding could differ: nil there (strtod decides).
    private static func nearestDouble(_ mantissa: UInt64, _ scale: Int) -> Double? {
        guard abs(scale) <= 27 else { return nil }
        let m = Float80(mantissa)
        let y = scale >= 0 ? m * powersOfTen80[scale] : m / powersOfTen80[-scale]
        let low = y.significandBitPattern & 0x7FF
        guard low < 0x3FF || low > 0x401 else { return nil }
        return Double(y)
    }
    #else
    private static func nearestDouble(_ mantissa: UInt64, _ scale: Int) -> Double? { nil }
    #endif

    private mutating func string() throws -> String {
        let open = i
        i += 1
        // Most strings hold no escape: taken as they are, without a copy byte by byte.
        var end = i
        while end < b.count, b[end] != UInt8(ascii: "\""), b[end] != UInt8(ascii: "\\"), b[end] >= 0x20 { end += 1 }
        if end < b.count, b[end] == UInt8(ascii: "\"") {
            defer { i = end + 1 }
            return String(decoding: b[i..<end], as: UTF8.self)
        }
        var out: [UInt8] = Array(b[i..<end])
        i = end
        while true {
            guard i < b.count else { i = open; throw error("unterminated string") }
            let c = b[i]
            if c == UInt8(ascii: "\"") { i += 1; return String(decoding: out, as: UTF8.self) }
            if c < 0x20 { throw error("a control character (0x\(String(c, radix: 16))) inside a string must be escaped") }
            if c != UInt8(ascii: "\\") { out.append(c); i += 1; continue }
            i += 1
            guard i < b.count else { i = open; throw error("unterminated string") }
            let e = b[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var u = try hex4()
                if (0xD800..<0xDC00).contains(u), rest(startsWith: "\\u") {
                    let save = i
                    i += 2
                    let low = try hex4()
                    if (0xDC00..<0xE000).contains(low) {
                        u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        i = save
                    }
                }
                // A lone surrogate cannot be held by a Swift string: it reads as U+FFFD.
                out.append(contentsOf: Array(String(Character(Unicode.Scalar(u) ?? "\u{FFFD}")).utf8))
            default:
                i -= 2
                throw error("unknown escape \\\(String(decoding: [e], as: UTF8.self)) in a string")
            }
        }
    }

    private mutating func hex4() throws -> UInt32 {
        guard i + 4 <= b.count else { throw error("expected 4 hex digits after \\u") }
        var u: UInt32 = 0
        for k in 0..<4 {
            let c = b[i + k]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: i += k; throw error("expected 4 hex digits after \\u")
            }
            u = u << 4 | d
        }
        i += 4
        return u
    }

    private mutating func literal(_ word: String) throws {
        guard rest(startsWith: word) else { throw error("expected a value, found \(found)") }
        i += word.utf8.count
    }

    // MARK: Helpers

    private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
    private func peek(_ c: UInt8) -> Bool { i < b.count && b[i] == c }
    private func rest(startsWith word: String) -> Bool { b[i...].starts(with: word.utf8) }
    private mutating func skipSpace() {
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    }

    /// What stands at the current position, for messages.
    private var found: String {
        guard i < b.count else { return "the end of the text" }
        let c = b[i]
        if c >= 0x21 && c < 0x7F { return "'\(String(decoding: [c], as: UTF8.self))'" }
        return c < 0x80 ? "byte 0x\(String(c, radix: 16))" : "a non-ASCII character"
    }

    private func error(_ message: String, path: String = "") -> JSONParseError {
        let upto = b[..<min(i, b.count)]
        let line = upto.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        let lineStart = upto.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        return JSONParseError(path: path, line: line, column: min(i, b.count) - lineStart + 1, message: message)
    }
}
