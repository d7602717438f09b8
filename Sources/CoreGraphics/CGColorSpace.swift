/// Bridged Core Foundation array, so `[colors] as CFArray` compiles as on Apple platforms.
public typealias CFArray = NSArray

/// The kind of a color space.
public enum CGColorSpaceModel: Int32, Sendable {
    /// One gray component.
    case monochrome = 0
    /// Red, green and blue components.
    case rgb = 1
}

/// A color space. Lamina draws in sRGB: the device RGB space and `sRGB` are the same space,
/// and gray is sRGB gray (r = g = b).
public final class CGColorSpace: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The space's name (one of the `CGColorSpace` name constants), if it has one.
    public let name: String?
    /// The space's model.
    public let model: CGColorSpaceModel

    init(name: String?, model: CGColorSpaceModel) {
        self.name = name
        self.model = model
    }

    /// The named space, or nil for a space Lamina does not draw in (only sRGB and gray gamma 2.2).
    public convenience init?(name: String) {
        switch name {
        case CGColorSpace.sRGB: self.init(name: name, model: .rgb)
        case CGColorSpace.genericGrayGamma2_2: self.init(name: name, model: .monochrome)
        default: return nil
        }
    }

    /// The sRGB color space's name.
    public static let sRGB = "kCGColorSpaceSRGB"
    /// The gray space with a 2.2 gamma (sRGB gray here)'s name.
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"

    /// The number of color components, alpha excluded.
    public var numberOfComponents: Int { model == .rgb ? 3 : 1 }

    public static func == (a: CGColorSpace, b: CGColorSpace) -> Bool { a.model == b.model }
    public func hash(into h: inout Hasher) { h.combine(model) }
    public var description: String { "CGColorSpace(\(name ?? (model == .rgb ? "device RGB" : "device gray")))" }
}

/// The device RGB color space (sRGB here).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(name: nil, model: .rgb) }

/// The device gray color space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(name: nil, model: .monochrome) }

extension CGColor {
    /// A color from sRGB components (`CGColor(srgbRed:green:blue:alpha:)`).
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A color from components in `space`, alpha last: 4 for RGB, 2 for gray.
    public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        switch space.model {
        case .rgb: self.init(red: components[0], green: components[1], blue: components[2], alpha: components[3])
        case .monochrome: self.init(gray: components[0], alpha: components[1])
        }
    }

    /// The color's space (sRGB).
    public var colorSpace: CGColorSpace? { CGColorSpaceCreateDeviceRGB() }
}
