/// A color gradient: colors at locations in 0...1, drawn by `CGContext.drawLinearGradient`
/// and `drawRadialGradient`. Colors between locations interpolate component by component
/// (straight alpha); before the first location and after the last the end colors hold.
public final class CGGradient: Sendable {
    /// The stops in location order: location, then red, green, blue, alpha (straight).
    let stops: [(location: CGFloat, rgba: (CGFloat, CGFloat, CGFloat, CGFloat))]

    init?(stops: [(location: CGFloat, rgba: (CGFloat, CGFloat, CGFloat, CGFloat))]) {
        guard !stops.isEmpty, stops.allSatisfy({ $0.location.isFinite }) else { return nil }
        // A stable sort keeps equal locations in the given order (a hard transition).
        self.stops = stops.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map { (min(max($0.element.location, 0), 1), $0.element.rgba) }
    }

    /// A gradient from an array of `CGColor` (`[c1, c2] as CFArray`) and optional locations
    /// (one per color; nil spreads them evenly from 0 to 1). Nil when the array is empty or
    /// holds something other than colors.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        let list = colors.compactMap { $0 as? CGColor }
        guard !list.isEmpty, list.count == colors.count else { return nil }
        self.init(stops: list.enumerated().map { i, c in
            (locations?[i] ?? (list.count == 1 ? 0 : CGFloat(i) / CGFloat(list.count - 1)), c.rgba)
        })
    }

    /// A gradient from `count` colors given as components in `space` (4 per color for RGB, 2
    /// for gray, alpha last) and optional locations (nil: evenly spread).
    public convenience init?(colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
                             locations: UnsafePointer<CGFloat>?, count: Int) {
        guard count > 0 else { return nil }
        let n = space.numberOfComponents + 1
        self.init(stops: (0..<count).map { i in
            let c = CGColor(colorSpace: space, components: components + i * n)!
            return (locations?[i] ?? (count == 1 ? 0 : CGFloat(i) / CGFloat(count - 1)), c.rgba)
        })
    }
}
