// CAShapeLayer: a path, filled then stroked, drawn above the contents.

/// How a shape layer decides what is inside its path (Core Animation's names).
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    /// The rule's Core Animation name.
    public let rawValue: String
    /// A rule from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Inside where the winding number is not zero (the default).
    public static let nonZero = Self(rawValue: "non-zero")
    /// Inside where the winding number is odd.
    public static let evenOdd = Self(rawValue: "even-odd")
}

/// The shape of a stroke's open ends (Core Animation's names).
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    /// The cap's Core Animation name.
    public let rawValue: String
    /// A cap from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Square, ending at the end point (the default).
    public static let butt = Self(rawValue: "butt")
    /// A half disc beyond the end point.
    public static let round = Self(rawValue: "round")
    /// Square, half the line width beyond the end point.
    public static let square = Self(rawValue: "square")
}

/// The shape of a stroke's corners (Core Animation's names).
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    /// The join's Core Animation name.
    public let rawValue: String
    /// A join from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Sharp, beveled beyond the miter limit (the default).
    public static let miter = Self(rawValue: "miter")
    /// Rounded.
    public static let round = Self(rawValue: "round")
    /// Cut off.
    public static let bevel = Self(rawValue: "bevel")
}

/// A layer that draws a path: the fill, then the stroke centred on the path, above the
/// contents and below the sublayers, not clipped to the bounds.
///
/// Defaults are Core Animation's: no path, an opaque black fill by the non-zero rule, no
/// stroke, line width 1, butt caps, miter joins, miter limit 10, no dashes, strokeStart 0
/// and strokeEnd 1.
open class CAShapeLayer: CALayer {
    /// The shape, in the layer's own space. A mutable path is copied (see `shadowPath`); it
    /// animates only explicitly, as on Core Animation.
    open var path: CGPath? {
        didSet {
            if let p = path as? CGMutablePath { path = p.copy() }
            propertyChanged("path", old: oldValue, new: path)
        }
    }
    /// The fill color (nil: no fill). Default opaque black.
    open var fillColor: CGColor? = CGColor.black { didSet { propertyChanged("fillColor", old: oldValue, new: fillColor) } }
    /// The rule deciding what the fill covers.
    open var fillRule: CAShapeLayerFillRule = .nonZero { didSet { markChanged() } }
    /// The stroke color (nil, the default: no stroke).
    open var strokeColor: CGColor? { didSet { propertyChanged("strokeColor", old: oldValue, new: strokeColor) } }
    /// The stroke's width in points (default 1).
    open var lineWidth: CGFloat = 1 { didSet { propertyChanged("lineWidth", old: oldValue, new: lineWidth) } }
    /// The ends of open subpaths.
    open var lineCap: CAShapeLayerLineCap = .butt { didSet { markChanged() } }
    /// The corners.
    open var lineJoin: CAShapeLayerLineJoin = .miter { didSet { markChanged() } }
    /// A miter longer than miterLimit x lineWidth is beveled (default 10).
    open var miterLimit: CGFloat = 10 { didSet { propertyChanged("miterLimit", old: oldValue, new: miterLimit) } }
    /// Dash lengths, alternately drawn and skipped (nil: a solid stroke).
    open var lineDashPattern: [NSNumber]? { didSet { markChanged() } }
    /// How far into the dash pattern the stroke starts (default 0).
    open var lineDashPhase: CGFloat = 0 { didSet { propertyChanged("lineDashPhase", old: oldValue, new: lineDashPhase) } }
    /// Where the stroked part starts, as a fraction of the path's length (default 0).
    open var strokeStart: CGFloat = 0 { didSet { propertyChanged("strokeStart", old: oldValue, new: strokeStart) } }
    /// Where the stroked part ends, as a fraction of the path's length (default 1).
    open var strokeEnd: CGFloat = 1 { didSet { propertyChanged("strokeEnd", old: oldValue, new: strokeEnd) } }

    /// A new shape layer with Core Animation's defaults.
    public required init() { super.init() }

    /// A copy of `layer`'s properties (see CALayer's).
    public required init(layer: Any) { super.init(layer: layer) }

    open override func copyProperties(from other: CALayer) {
        super.copyProperties(from: other)
        if let s = other as? CAShapeLayer {
            path = s.path; fillColor = s.fillColor; fillRule = s.fillRule; strokeColor = s.strokeColor
            lineWidth = s.lineWidth; lineCap = s.lineCap; lineJoin = s.lineJoin; miterLimit = s.miterLimit
            lineDashPattern = s.lineDashPattern; lineDashPhase = s.lineDashPhase
            strokeStart = s.strokeStart; strokeEnd = s.strokeEnd
        }
    }

    override func subclassValue(forKey key: String) -> Any?? {
        switch key {
        case "path": .some(path)
        case "fillColor": .some(fillColor)
        case "fillRule": .some(fillRule.rawValue)
        case "strokeColor": .some(strokeColor)
        case "lineWidth": .some(lineWidth)
        case "lineCap": .some(lineCap.rawValue)
        case "lineJoin": .some(lineJoin.rawValue)
        case "miterLimit": .some(miterLimit)
        case "lineDashPattern": .some(lineDashPattern)
        case "lineDashPhase": .some(lineDashPhase)
        case "strokeStart": .some(strokeStart)
        case "strokeEnd": .some(strokeEnd)
        default: nil
        }
    }

    override func setSubclassValue(_ v: KeyValue) throws -> Bool {
        switch v.keyPath {
        case "path": path = try v.path()
        case "fillColor": fillColor = try v.color()
        case "fillRule": fillRule = try v.name(CAShapeLayerFillRule.self, "a fill rule")
        case "strokeColor": strokeColor = try v.color()
        case "lineWidth": lineWidth = try v.number()
        case "lineCap": lineCap = try v.name(CAShapeLayerLineCap.self, "a line cap")
        case "lineJoin": lineJoin = try v.name(CAShapeLayerLineJoin.self, "a line join")
        case "miterLimit": miterLimit = try v.number()
        case "lineDashPattern": lineDashPattern = try v.numbers()
        case "lineDashPhase": lineDashPhase = try v.number()
        case "strokeStart": strokeStart = try v.number()
        case "strokeEnd": strokeEnd = try v.number()
        default: return false
        }
        return true
    }
}
