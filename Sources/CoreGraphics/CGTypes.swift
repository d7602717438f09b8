/// How the ends of stroked open subpaths are drawn.
public enum CGLineCap: Int32, Sendable {
    /// Squared off at the end point.
    case butt = 0
    /// A half circle beyond the end point.
    case round = 1
    /// Squared off half a line width beyond the end point.
    case square = 2
}

/// How the corners of stroked paths are drawn.
public enum CGLineJoin: Int32, Sendable {
    /// A sharp corner (beveled past the miter limit).
    case miter = 0
    /// A rounded corner.
    case round = 1
    /// A cut-off corner.
    case bevel = 2
}

/// What `drawPath(using:)` paints.
public enum CGPathDrawingMode: Int32, Sendable {
    /// Fill with the non-zero winding rule.
    case fill = 0
    /// Fill with the even-odd rule.
    case eoFill = 1
    /// Stroke.
    case stroke = 2
    /// Fill (non-zero), then stroke.
    case fillStroke = 3
    /// Fill (even-odd), then stroke.
    case eoFillStroke = 4
}

/// How drawing combines with what is already in the context (Porter-Duff and separable /
/// non-separable blend modes, as Core Graphics names them). `plusDarker` is not offered: Cairo
/// has no such operator. As in Cairo, sourceIn, sourceOut, destinationIn and destinationAtop
/// also change the destination outside the drawn shape (within the clip).
public enum CGBlendMode: Int32, Sendable {
    /// Source over destination.
    case normal = 0
    /// Source times destination.
    case multiply = 1
    /// Inverse of multiplying the inverses.
    case screen = 2
    /// Multiply or screen by the destination.
    case overlay = 3
    /// The darker of source and destination.
    case darken = 4
    /// The lighter of source and destination.
    case lighten = 5
    /// Brightens the destination by the source.
    case colorDodge = 6
    /// Darkens the destination by the source.
    case colorBurn = 7
    /// Darkens or lightens, softly, by the source.
    case softLight = 8
    /// Multiply or screen by the source.
    case hardLight = 9
    /// The absolute difference.
    case difference = 10
    /// Like difference, with lower contrast.
    case exclusion = 11
    /// The source's hue with the destination's saturation and luminosity.
    case hue = 12
    /// The source's saturation with the destination's hue and luminosity.
    case saturation = 13
    /// The source's hue and saturation with the destination's luminosity.
    case color = 14
    /// The source's luminosity with the destination's hue and saturation.
    case luminosity = 15
    /// Clears (R = 0).
    case clear = 16
    /// Replaces (R = S).
    case copy = 17
    /// R = S * Da.
    case sourceIn = 18
    /// R = S * (1 - Da).
    case sourceOut = 19
    /// R = S * Da + D * (1 - Sa).
    case sourceAtop = 20
    /// R = S * (1 - Da) + D.
    case destinationOver = 21
    /// R = D * Sa.
    case destinationIn = 22
    /// R = D * (1 - Sa).
    case destinationOut = 23
    /// R = S * (1 - Da) + D * Sa.
    case destinationAtop = 24
    /// R = S * (1 - Da) + D * (1 - Sa).
    case xor = 25
    /// R = min(1, S + D).
    case plusLighter = 27
}

/// The quality of image resampling in `draw(_:in:)`.
public enum CGInterpolationQuality: Int32, Sendable {
    /// The context's default (bilinear-class filtering).
    case `default` = 0
    /// Nearest neighbor.
    case none = 1
    /// Fast filtering.
    case low = 2
    /// The best filtering.
    case high = 3
    /// Good filtering.
    case medium = 4
}

/// Whether a gradient's end colors extend beyond its start and end.
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    /// Creates options from their raw value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Fill before the start point (linear) or inside the start circle (radial) with the first color.
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    /// Fill beyond the end point (linear) or outside the end circle (radial) with the last color.
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}

/// Where a bitmap's alpha is and whether its color is premultiplied by it.
public enum CGImageAlphaInfo: UInt32, Sendable {
    /// No alpha.
    case none = 0
    /// Premultiplied alpha in the last byte (RGBA).
    case premultipliedLast = 1
    /// Premultiplied alpha in the first byte (ARGB).
    case premultipliedFirst = 2
    /// Straight alpha last.
    case last = 3
    /// Straight alpha first.
    case first = 4
    /// No alpha; the last byte is ignored (RGBX).
    case noneSkipLast = 5
    /// No alpha; the first byte is ignored (XRGB).
    case noneSkipFirst = 6
    /// Alpha only.
    case alphaOnly = 7
}

/// A bitmap's layout: its alpha info (low 5 bits), float flag and byte order.
public struct CGBitmapInfo: OptionSet, Sendable {
    public let rawValue: UInt32
    /// Creates bitmap info from its raw value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The alpha info part.
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// Floating-point components.
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    /// The byte-order part.
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    /// The default byte order (big endian for 8-bit components).
    public static let byteOrderDefault = CGBitmapInfo([])
    /// 16-bit little-endian pixels.
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
    /// 32-bit little-endian pixels (premultipliedFirst: B, G, R, A in memory).
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    /// 16-bit big-endian pixels.
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
    /// 32-bit big-endian pixels.
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)

    /// Info with the given alpha info and no other flags.
    public init(alphaInfo: CGImageAlphaInfo) { self.init(rawValue: alphaInfo.rawValue) }
}
