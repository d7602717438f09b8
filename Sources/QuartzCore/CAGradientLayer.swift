// CAGradientLayer: a gradient over the layer's bounds, defined in the bounds' unit square.

/// The shape of a gradient layer's gradient (Core Animation's names).
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    /// The type's Core Animation name.
    public let rawValue: String
    /// A type from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Along the line from startPoint to endPoint (the default).
    public static let axial = Self(rawValue: "axial")
    /// Elliptical, centred at startPoint, reaching the last location at endPoint.
    public static let radial = Self(rawValue: "radial")
    /// Around startPoint, the angle measured from the direction of endPoint.
    public static let conic = Self(rawValue: "conic")
}

/// A layer that draws a color gradient over its bounds (rounded like its background), above
/// the background color and below the contents.
///
/// Defaults are Core Animation's: no colors (nothing drawn), locations evenly spaced,
/// startPoint (0.5, 0) and endPoint (0.5, 1) (top to bottom), type axial.
open class CAGradientLayer: CALayer {
    /// The stop colors (`CGColor`s), or nil.
    open var colors: [Any]? {
        didSet {
            guard !Self.sameColors(oldValue, colors) else { return }
            valueChanged("colors", old: oldValue as Any, new: colors as Any)
        }
    }
    /// One stop position (0...1) per color, or nil for evenly spaced stops.
    open var locations: [NSNumber]? { didSet { propertyChanged("locations", old: oldValue, new: locations) } }
    /// Where the gradient starts, in the unit square of the bounds.
    open var startPoint = CGPoint(x: 0.5, y: 0) { didSet { propertyChanged("startPoint", old: oldValue, new: startPoint) } }
    /// Where the gradient ends, in the unit square of the bounds.
    open var endPoint = CGPoint(x: 0.5, y: 1) { didSet { propertyChanged("endPoint", old: oldValue, new: endPoint) } }
    /// The gradient's shape (default axial).
    open var type: CAGradientLayerType = .axial { didSet { markChanged() } }

    /// A new gradient layer with Core Animation's defaults.
    public required init() { super.init() }

    /// A copy of `layer`'s properties (see CALayer's).
    public required init(layer: Any) { super.init(layer: layer) }

    /// The colors as CGColors (entries of other types are left out, as Core Animation ignores them).
    public var cgColors: [CGColor] { (colors ?? []).compactMap { $0 as? CGColor } }

    open override func copyProperties(from other: CALayer) {
        super.copyProperties(from: other)
        if let g = other as? CAGradientLayer {
            colors = g.colors; locations = g.locations; startPoint = g.startPoint; endPoint = g.endPoint; type = g.type
        }
    }

    /// Whether two color lists hold the same colors (nil and nil are the same).
    static func sameColors(_ a: [Any]?, _ b: [Any]?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (x?, y?):
            return x.count == y.count && zip(x, y).allSatisfy { p, q in
                if let c = p as? CGColor, let d = q as? CGColor { return c == d }
                return false
            }
        default: return false
        }
    }

    override func subclassValue(forKey key: String) -> Any?? {
        switch key {
        case "colors": .some(colors)
        case "locations": .some(locations)
        case "startPoint": .some(startPoint)
        case "endPoint": .some(endPoint)
        case "type": .some(type.rawValue)
        default: nil
        }
    }

    override func setSubclassValue(_ v: KeyValue) throws -> Bool {
        switch v.keyPath {
        case "colors":
            guard v.value == nil || v.value is [Any] else { throw v.bad("expected an array of CGColors") }
            colors = v.value as? [Any]
        case "locations": locations = try v.numbers()
        case "startPoint": startPoint = try v.point()
        case "endPoint": endPoint = try v.point()
        case "type": type = try v.name(CAGradientLayerType.self, "a gradient type")
        default: return false
        }
        return true
    }
}
