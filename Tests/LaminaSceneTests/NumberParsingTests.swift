// The JSON reader turns short decimals into doubles without going through text (an exact
// fast path); every number must still come out bit for bit as Double(String) reads it.
import Foundation
import Testing
import LaminaScene

@Suite("JSON numbers")
struct NumberParsingTests {
    /// Reads `texts` as one JSON array and compares every value's bits with Double(text).
    private func mismatches(_ texts: [String]) throws -> [String] {
        let json = "[" + texts.joined(separator: ",") + "]"
        guard case .array(let items) = try JSONValue.parse(Data(json.utf8)) else { return ["not an array"] }
        return zip(texts, items).compactMap { t, v in
            guard case .number(let d) = v, let ref = Double(t) else { return "\(t): not a number" }
            return d.bitPattern == ref.bitPattern ? nil : "\(t): \(d) != \(ref)"
        }
    }

    @Test func edgesOfTheExactPath() throws {
        // 15 and 16 digits, 10^22 and 10^23, signed zeros, tiny and huge, trailing zeros.
        let texts = ["0", "-0", "0.0", "-0.0", "0e5", "-0e-5", "1e22", "1e23", "-1e-22", "1e-23", "123456789012345",
                     "1234567890123456", "999999999999999e22", "0.1", "0.30000000000000004", "9007199254740993",
                     "4.9e-324", "1.7976931348623157e308", "0.000000000000000000000001", "100000000000000000000000",
                     "450.5", "437.75", "-0.001", "1.500", "0.5e0", "2.5E+3", "7E-0"]
        #expect(try mismatches(texts) == [])
    }

    @Test func randomDecimals() throws {
        // A fixed linear congruential sequence: the same texts on every run.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: UInt64) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % n)
        }
        var texts: [String] = []
        for _ in 0..<20_000 {
            var t = next(2) == 0 ? "-" : ""
            let intDigits = next(13)
            t += intDigits == 0 ? "0" : String(1 + next(9)) + (1..<max(intDigits, 1)).map { _ in String(next(10)) }.joined()
            if next(2) == 0 { t += "." + (0...next(12)).map { _ in String(next(10)) }.joined() }
            if next(4) == 0 { t += ["e", "E"][next(2)] + ["", "+", "-"][next(3)] + String(next(31)) }
            texts.append(t)
        }
        #expect(try mismatches(texts) == [])
    }

    @Test func fullLengthDoubles() throws {
        // 16 to 19 significant digits (how a double is written in full) take the Float80 path:
        // random doubles as Swift prints them, random 16-19 digit decimals with exponents, and
        // integers exactly halfway between two doubles (where a second rounding would differ).
        var state: UInt64 = 0x0123_4567_89AB_CDEF
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state
        }
        var texts: [String] = []
        for _ in 0..<20_000 {
            let d = Double(bitPattern: next() >> 2 | 0x3000_0000_0000_0000) * (next() & 1 == 0 ? 1 : -1e-3)
            texts.append("\(d)")
            let digits = 16 + Int(next() % 4)
            var t = String(1 + next() % 9) + (1..<digits).map { _ in String(next() % 10) }.joined()
            let point = Int(next() % UInt64(digits - 1))
            t.insert(".", at: t.index(t.startIndex, offsetBy: point + 1))
            texts.append(t + "e" + String(Int(next() % 61) - 30))
        }
        for shift in 53..<64 {
            let ulp = UInt64(1) << (shift - 52)
            for k in [UInt64(1), 3, 12345, 98765] {
                let base = (UInt64(1) << shift) + k * ulp
                texts += [String(base + ulp / 2), String(base + ulp / 2 - 1), String(base + ulp / 2 + 1)]
            }
        }
        #expect(try mismatches(texts) == [])
    }
}
