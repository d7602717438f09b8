/// An sRGB color with straight (unpremultiplied) alpha, as CoreGraphics' CGColor in the
/// device RGB space. Components are clamped to 0...1.
public final class CGColor: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Red, green, blue, alpha, each 0...1, straight alpha.
    public let components: [CGFloat]?
    /// Red, green, blue, alpha as a non-optional tuple.
    public let rgba: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)

    /// A color from sRGB components.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        func c(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : min(max(v, 0), 1) }
        rgba = (c(red), c(green), c(blue), c(alpha))
        components = [rgba.red, rgba.green, rgba.blue, rgba.alpha]
    }

    /// A gray level.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(red: gray, green: gray, blue: gray, alpha: alpha)
    }

    /// The alpha component.
    public var alpha: CGFloat { rgba.alpha }
    /// The number of components (always 4: RGBA).
    public var numberOfComponents: Int { 4 }
    /// The same color with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? { CGColor(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: alpha) }

    /// Opaque black.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Fully transparent black.
    public static let clear = CGColor(gray: 0, alpha: 0)

    public static func == (a: CGColor, b: CGColor) -> Bool { a.rgba == b.rgba }
    public func hash(into h: inout Hasher) {
        h.combine(rgba.red); h.combine(rgba.green); h.combine(rgba.blue); h.combine(rgba.alpha)
    }
    public var description: String { "CGColor(r: \(rgba.red), g: \(rgba.green), b: \(rgba.blue), a: \(rgba.alpha))" }
}

/// `CGColor(red:green:blue:alpha:)`.
public func CGColorCreateSRGB(_ red: CGFloat, _ green: CGFloat, _ blue: CGFloat, _ alpha: CGFloat) -> CGColor {
    CGColor(red: red, green: green, blue: blue, alpha: alpha)
}
