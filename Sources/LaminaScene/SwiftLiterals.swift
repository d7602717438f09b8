// Swift source text for values (numbers, colors, geometry, strings) that reads back to the
// same bits: every number is written in its shortest round-trip form, or as a short
// expression (52 / 255, 30 * .pi / 180) only after checking it evaluates to the same value.
import QuartzCore

/// Literal text for the Swift writer.
enum SwiftLiterals {
    /// A CGFloat/Double in a typed context: whole numbers without a fraction ("100"), others
    /// in Swift's shortest representation that parses back to the same Double ("0.1").
    static func number(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15, !(x == 0 && x.sign == .minus) { return String(Int(x)) }
        return "\(x)"
    }

    /// A Double where the type is not known from context (an `Any`): always with a fraction
    /// or exponent, so Swift makes it a Double and never an Int.
    static func double(_ x: Double) -> String {
        let s = "\(x)"
        return s.contains(where: { $0 == "." || $0 == "e" || $0 == "n" || $0 == "i" }) ? s : s + ".0"
    }

    /// A Float (opacity, the color offsets) in its own shortest form.
    static func float(_ x: Float) -> String {
        if x == x.rounded(), abs(x) < 1e7, !(x == 0 && x.sign == .minus) { return String(Int(x)) }
        return "\(x)"
    }

    /// A color component: "n / 255" when it is exactly byte n over 255 (as #RRGGBB colors
    /// are read), else the number.
    static func component(_ x: Double) -> String {
        let n = (x * 255).rounded()
        if n > 0, n < 255, Double(n) / 255 == x { return "\(Int(n)) / 255" }
        return number(x)
    }

    /// `CGColor(red:green:blue:alpha:)` with the color's components.
    static func color(_ c: CGColor) -> String {
        let k = c.rgba
        return "CGColor(red: \(component(k.red)), green: \(component(k.green)), blue: \(component(k.blue)), alpha: \(component(k.alpha)))"
    }

    /// An optional color: the color, or `nil`.
    static func optionalColor(_ c: CGColor?) -> String { c.map(color) ?? "nil" }

    static func point(_ p: CGPoint) -> String { "CGPoint(x: \(number(p.x)), y: \(number(p.y)))" }
    static func size(_ s: CGSize) -> String { "CGSize(width: \(number(s.width)), height: \(number(s.height)))" }
    static func rect(_ r: CGRect) -> String {
        "CGRect(x: \(number(r.origin.x)), y: \(number(r.origin.y)), width: \(number(r.size.width)), height: \(number(r.size.height)))"
    }

    /// A string literal (quotes, backslashes and control characters escaped).
    static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 || u.value == 0x7f || (0x80...0x9f).contains(u.value) || u.properties.generalCategory == .format {
                    out += "\\u{\(String(u.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    /// Numbers as an array literal of NSNumbers (`[0, 0.5, 1]`: NSNumber takes float literals).
    static func numberArray(_ xs: [Double]) -> String { "[" + xs.map(number).joined(separator: ", ") + "]" }
}
