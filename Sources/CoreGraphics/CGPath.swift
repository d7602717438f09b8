/// The kind of one path element, as Core Graphics names them.
public enum CGPathElementType: Int32, Sendable {
    /// Starts a new subpath at `points[0]`.
    case moveToPoint = 0
    /// A straight line to `points[0]`.
    case addLineToPoint = 1
    /// A quadratic Bézier curve: control point `points[0]`, end point `points[1]`.
    case addQuadCurveToPoint = 2
    /// A cubic Bézier curve: control points `points[0]`, `points[1]`, end point `points[2]`.
    case addCurveToPoint = 3
    /// Closes the current subpath (a line back to its start); no points.
    case closeSubpath = 4
}

/// One element of a path as `applyWithBlock` hands it out: a type and its points (0 to 3,
/// control points first, end point last), valid only during the call.
public struct CGPathElement {
    /// The element's kind.
    public var type: CGPathElementType
    /// The element's points (see `CGPathElementType` for how many).
    public var points: UnsafeMutablePointer<CGPoint>

    /// An element from its kind and points.
    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// The rule that decides which points are inside a path.
public enum CGPathFillRule: Int, Sendable {
    /// Non-zero winding number: inside when the path winds around the point at all.
    case winding = 0
    /// Even-odd: inside when a ray from the point crosses the path an odd number of times.
    case evenOdd = 1
}

/// An immutable graphics path: subpaths of lines and quadratic and cubic Bézier curves.
///
/// As in Core Graphics, arcs, ellipses and rounded rectangles are stored as cubic curves, and
/// `CGMutablePath` is the subclass that builds paths. Two paths are equal when they hold the
/// same elements with the same points.
///
/// Sendable as Apple's immutable paths are shared between threads; a `CGMutablePath` being
/// mutated must not be shared, as on Apple platforms (hence `@unchecked`).
public class CGPath: Equatable, Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The elements, in path order (appended to only through `append(_:)`).
    private(set) var storage: [Element]
    /// The cursor after the last element (kept up to date so appending stays O(1)).
    private(set) var endCursor: PathCursor

    init(storage: [Element]) {
        self.storage = storage
        endCursor = PathCursor(storage)
    }

    /// Appends one element, keeping `endCursor` current.
    func append(_ element: Element) {
        storage.append(element)
        endCursor.advance(element)
    }

    /// One path element with its points, for Swift code that enumerates a path.
    public enum Element: Equatable, Hashable, Sendable {
        /// Starts a new subpath at the point.
        case moveToPoint(CGPoint)
        /// A straight line to the point.
        case addLineToPoint(CGPoint)
        /// A quadratic Bézier curve to `to` through the control point.
        case addQuadCurveToPoint(to: CGPoint, control: CGPoint)
        /// A cubic Bézier curve to `to` with two control points.
        case addCurveToPoint(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// Closes the current subpath.
        case closeSubpath

        /// The element's kind.
        public var type: CGPathElementType {
            switch self {
            case .moveToPoint: .moveToPoint
            case .addLineToPoint: .addLineToPoint
            case .addQuadCurveToPoint: .addQuadCurveToPoint
            case .addCurveToPoint: .addCurveToPoint
            case .closeSubpath: .closeSubpath
            }
        }

        /// The points in Core Graphics' order: control points first, the end point last.
        public var points: [CGPoint] {
            switch self {
            case .moveToPoint(let p), .addLineToPoint(let p): [p]
            case .addQuadCurveToPoint(let p, let c): [c, p]
            case .addCurveToPoint(let p, let c1, let c2): [c1, c2, p]
            case .closeSubpath: []
            }
        }

        /// The element with every point mapped by `t`.
        public func applying(_ t: CGAffineTransform) -> Element {
            switch self {
            case .moveToPoint(let p): .moveToPoint(p.applying(t))
            case .addLineToPoint(let p): .addLineToPoint(p.applying(t))
            case .addQuadCurveToPoint(let p, let c): .addQuadCurveToPoint(to: p.applying(t), control: c.applying(t))
            case .addCurveToPoint(let p, let c1, let c2):
                .addCurveToPoint(to: p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
            case .closeSubpath: .closeSubpath
            }
        }
    }

    /// The path's elements, in order (a Swift-friendly alternative to `applyWithBlock`).
    public var elements: [Element] { storage }

    /// Whether the path has no elements.
    public var isEmpty: Bool { storage.isEmpty }

    /// The point where the next element would start: the last element's end point, or the
    /// start of the subpath just closed; `.zero` for an empty path (as Core Graphics).
    public var currentPoint: CGPoint { endCursor.current ?? .zero }

    /// Calls `block` with each element in order; the element's points are valid only during the call.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        let buffer = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        defer { buffer.deallocate() }
        for element in storage {
            let points = element.points
            for (i, p) in points.enumerated() { buffer[i] = p }
            var e = CGPathElement(type: element.type, points: buffer)
            withUnsafePointer(to: &e) { block($0) }
        }
    }

    /// An immutable copy of the path.
    public func copy() -> CGPath? { CGPath(storage: storage) }

    /// An immutable copy with every point mapped by `transform` (nil: unchanged).
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let t = transform?.pointee else { return copy() }
        return CGPath(storage: storage.map { $0.applying(t) })
    }

    /// A mutable copy of the path.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(storage: storage) }

    /// A mutable copy with every point mapped by `transform` (nil: unchanged).
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        guard let t = transform?.pointee else { return mutableCopy() }
        return CGMutablePath(storage: storage.map { $0.applying(t) })
    }

    /// A rectangle as one closed subpath, mapped by `transform` when given.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let p = CGMutablePath()
        p.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(storage: p.storage)
    }

    /// An ellipse inscribed in `rect` as one closed subpath of four cubic curves, mapped by `transform` when given.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let p = CGMutablePath()
        p.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(storage: p.storage)
    }

    /// A rounded rectangle as one closed subpath, mapped by `transform` when given.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        let p = CGMutablePath()
        p.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                         transform: transform?.pointee ?? .identity)
        self.init(storage: p.storage)
    }

    /// Whether two paths hold the same elements with the same points.
    public static func == (a: CGPath, b: CGPath) -> Bool { a === b || a.storage == b.storage }

    /// Hashes the elements.
    public func hash(into h: inout Hasher) { h.combine(storage) }

    /// The path as SVG path data.
    public var description: String { "CGPath(\(svgPathData))" }
}

/// A path being built: the `CGPath` subclass with the `add…` methods.
///
/// Every method takes an optional `transform` applied to its points before they are stored.
/// Elements that need a current point (lines, curves) are ignored when the path has none, as
/// Core Graphics does.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// An empty path.
    public init() { super.init(storage: []) }

    override init(storage: [Element]) { super.init(storage: storage) }
}

/// Walks a path's elements, tracking the current point and the start of the current subpath.
struct PathCursor {
    /// The current point (nil before the first move).
    var current: CGPoint?
    /// The start of the current subpath.
    var subpathStart: CGPoint?

    init() {}

    /// The cursor after every element of `elements`.
    init(_ elements: [CGPath.Element]) {
        for e in elements { advance(e) }
    }

    /// Moves past one element.
    mutating func advance(_ e: CGPath.Element) {
        switch e {
        case .moveToPoint(let p): current = p; subpathStart = p
        case .addLineToPoint(let p), .addQuadCurveToPoint(let p, _), .addCurveToPoint(let p, _, _):
            if subpathStart == nil { subpathStart = current }
            current = p
        case .closeSubpath: current = subpathStart
        }
    }
}
