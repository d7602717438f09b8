/// A syntax error in SVG path data: what was expected and where.
public struct SVGPathDataError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, in words.
    public var message: String
    /// The offset (in characters) in the path data where it went wrong.
    public var offset: Int

    /// An error from its message and offset.
    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    public var description: String { "SVG path data, at character \(offset): \(message)" }
}

extension CGMutablePath {
    /// A path from SVG path data (commands M L H V C S Q T A Z, absolute and relative, with
    /// SVG's implicit repetition). Arcs become cubic curves, as CGPath holds them; H and V
    /// become lines, S and T curves with their control points made explicit.
    ///
    /// - Throws: `SVGPathDataError` naming the first offending character.
    public convenience init(svgPathData: String) throws {
        self.init()
        var parser = SVGPathParser(Array(svgPathData.unicodeScalars), into: self)
        try parser.parse()
    }
}

extension CGPath {
    /// The path as SVG path data (M, L, Q, C and Z with absolute coordinates, each number
    /// written in the shortest form that reads back to the same value), so that
    /// `CGMutablePath(svgPathData: p.svgPathData) == p`.
    public var svgPathData: String {
        func n(_ v: CGFloat) -> String {
            let s = "\(Double(v))"
            return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
        }
        func pt(_ p: CGPoint) -> String { "\(n(p.x)) \(n(p.y))" }
        return storage.map { e -> String in
            switch e {
            case .moveToPoint(let p): "M\(pt(p))"
            case .addLineToPoint(let p): "L\(pt(p))"
            case .addQuadCurveToPoint(let p, let c): "Q\(pt(c)) \(pt(p))"
            case .addCurveToPoint(let p, let c1, let c2): "C\(pt(c1)) \(pt(c2)) \(pt(p))"
            case .closeSubpath: "Z"
            }
        }.joined(separator: " ")
    }
}

/// A recursive-descent reader of SVG path data into a CGMutablePath.
private struct SVGPathParser {
    let text: [Unicode.Scalar]
    let path: CGMutablePath
    var index = 0
    /// The current point and the start of the current subpath.
    var current = CGPoint.zero, subpathStart = CGPoint.zero
    /// The last cubic's second control point and the last quadratic's control point, for S and T.
    var lastCubicControl: CGPoint?, lastQuadControl: CGPoint?

    init(_ text: [Unicode.Scalar], into path: CGMutablePath) {
        self.text = text
        self.path = path
    }

    mutating func parse() throws {
        skipSeparators()
        var first = true
        while index < text.count {
            let commandOffset = index
            let c = text[index]
            guard "MmLlHhVvCcSsQqTtAaZz".unicodeScalars.contains(c) else {
                throw SVGPathDataError(message: "expected a command letter, found '\(c)'", offset: index)
            }
            if first && c != "M" && c != "m" {
                throw SVGPathDataError(message: "path data must start with M or m", offset: index)
            }
            first = false
            index += 1
            try command(Character(c), at: commandOffset)
            skipSeparators()
        }
    }

    /// One command letter and all its (implicitly repeated) argument groups.
    mutating func command(_ c: Character, at offset: Int) throws {
        let relative = c.isLowercase
        let upper = Character(c.uppercased())
        if upper == "Z" {
            path.closeSubpath()
            current = subpathStart
            lastCubicControl = nil; lastQuadControl = nil
            return
        }
        var firstGroup = true
        repeat {
            let base = relative ? current : .zero
            func abs(_ p: CGPoint) -> CGPoint { CGPoint(x: p.x + base.x, y: p.y + base.y) }
            var cubic: CGPoint?, quad: CGPoint?
            switch upper {
            case "M":
                let p = abs(try point())
                if firstGroup {
                    path.move(to: p)
                    subpathStart = p
                } else {
                    path.addLine(to: p)   // extra pairs after a moveto are linetos
                }
                current = p
            case "L":
                let p = abs(try point())
                path.addLine(to: p); current = p
            case "H":
                let x = try number() + base.x
                current = CGPoint(x: x, y: current.y); path.addLine(to: current)
            case "V":
                let y = try number() + base.y
                current = CGPoint(x: current.x, y: y); path.addLine(to: current)
            case "C":
                let c1 = abs(try point()), c2 = abs(try point()), p = abs(try point())
                path.addCurve(to: p, control1: c1, control2: c2); current = p; cubic = c2
            case "S":
                let c1 = reflect(lastCubicControl)
                let c2 = abs(try point()), p = abs(try point())
                path.addCurve(to: p, control1: c1, control2: c2); current = p; cubic = c2
            case "Q":
                let ctl = abs(try point()), p = abs(try point())
                path.addQuadCurve(to: p, control: ctl); current = p; quad = ctl
            case "T":
                let ctl = reflect(lastQuadControl)
                let p = abs(try point())
                path.addQuadCurve(to: p, control: ctl); current = p; quad = ctl
            case "A":
                let rx = try number(), ry = try number(), rotation = try number()
                let large = try flag(), sweep = try flag()
                let p = abs(try point())
                addArc(to: p, rx: rx, ry: ry, degrees: rotation, largeArc: large, sweep: sweep)
                current = p
            default:
                throw SVGPathDataError(message: "unknown command '\(c)'", offset: offset)
            }
            lastCubicControl = cubic; lastQuadControl = quad
            firstGroup = false
            skipSeparators()
        } while index < text.count && startsNumber(text[index])
    }

    /// The reflection of `control` about the current point, or the current point without one.
    func reflect(_ control: CGPoint?) -> CGPoint {
        guard let c = control else { return current }
        return CGPoint(x: 2 * current.x - c.x, y: 2 * current.y - c.y)
    }

    /// An SVG elliptical arc from the current point to `end`, as cubic curves (SVG's
    /// endpoint-to-center conversion, radii scaled up when too small to reach).
    func addArc(to end: CGPoint, rx rx0: CGFloat, ry ry0: CGFloat, degrees: CGFloat, largeArc: Bool, sweep: Bool) {
        let start = current
        guard start != end else { return }
        var rx = Swift.abs(rx0), ry = Swift.abs(ry0)
        guard rx > 0, ry > 0 else { path.addLine(to: end); return }
        let phi = degrees * .pi / 180, cosPhi = cos(phi), sinPhi = sin(phi)
        let dx = (start.x - end.x) / 2, dy = (start.y - end.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy, y1 = -sinPhi * dx + cosPhi * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        let coef = (largeArc != sweep ? 1 : -1) * max(0, num / den).squareRoot()
        let cxp = coef * rx * y1 / ry, cyp = -coef * ry * x1 / rx
        let center = CGPoint(x: cosPhi * cxp - sinPhi * cyp + (start.x + end.x) / 2,
                             y: sinPhi * cxp + cosPhi * cyp + (start.y + end.y) / 2)
        let theta1 = atan2((y1 - cyp) / ry, (x1 - cxp) / rx)
        var delta = atan2((-y1 - cyp) / ry, (-x1 - cxp) / rx) - theta1
        if sweep && delta < 0 { delta += 2 * .pi } else if !sweep && delta > 0 { delta -= 2 * .pi }
        // The unit circle's arc, scaled to the radii, rotated by phi, moved to the center.
        let t = CGAffineTransform(scaleX: rx, y: ry)
            .concatenating(CGAffineTransform(rotationAngle: phi))
            .concatenating(CGAffineTransform(translationX: center.x, y: center.y))
        let curves = ArcApproximation.curves(center: .zero, radius: 1, startAngle: theta1, sweep: delta)
        for (i, curve) in curves.enumerated() {
            guard case .addCurveToPoint(let p, let c1, let c2) = curve.applying(t) else { continue }
            // The last end point is the given one exactly, so later relative commands do not drift.
            path.addCurve(to: i == curves.count - 1 ? end : p, control1: c1, control2: c2)
        }
    }

    // MARK: Lexing

    mutating func skipSeparators() {
        while index < text.count, text[index] == "," || text[index].properties.isWhitespace { index += 1 }
    }

    func startsNumber(_ c: Unicode.Scalar) -> Bool {
        c == "-" || c == "+" || c == "." || ("0"..."9").contains(c)
    }

    mutating func point() throws -> CGPoint {
        let x = try number()
        let y = try number()
        return CGPoint(x: x, y: y)
    }

    /// A number: optional sign, digits with an optional fraction, optional exponent.
    mutating func number() throws -> CGFloat {
        skipSeparators()
        let start = index
        func digits() -> Int {
            let s = index
            while index < text.count, ("0"..."9").contains(text[index]) { index += 1 }
            return index - s
        }
        if index < text.count, text[index] == "-" || text[index] == "+" { index += 1 }
        var count = digits()
        if index < text.count, text[index] == "." { index += 1; count += digits() }
        guard count > 0 else {
            let found = start < text.count ? "'\(text[start])'" : "the end"
            throw SVGPathDataError(message: "expected a number, found \(found)", offset: start)
        }
        if index < text.count, text[index] == "e" || text[index] == "E" {
            let save = index
            index += 1
            if index < text.count, text[index] == "-" || text[index] == "+" { index += 1 }
            if digits() == 0 { index = save }   // an "e" not followed by digits is not an exponent
        }
        let literal = String(String.UnicodeScalarView(text[start..<index]))
        guard let value = Double(literal), value.isFinite else {
            throw SVGPathDataError(message: "number '\(literal)' is out of range", offset: start)
        }
        return CGFloat(value)
    }

    /// An arc flag: a single 0 or 1 (SVG lets flags run into the next number).
    mutating func flag() throws -> Bool {
        skipSeparators()
        guard index < text.count, text[index] == "0" || text[index] == "1" else {
            throw SVGPathDataError(message: "expected an arc flag (0 or 1)", offset: index)
        }
        defer { index += 1 }
        return text[index] == "1"
    }
}
