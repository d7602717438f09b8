// The `animations` section of a scene file, validated into plain values.
import QuartzCore

/// A value an animation interpolates.
public enum AnimationValue: Equatable, Sendable {
    /// A scalar (opacity, zPosition, rotation angles, transform.scale, ...).
    case number(Double)
    /// Two or four numbers (points, translation, bounds).
    case vector([Double])
    /// A color.
    case color(CGColor)
    /// A whole transform.
    case transform(CATransform3D)
    /// A list of colors (a gradient's `colors`).
    case colors([CGColor])
    /// A path (`path`, `shadowPath`).
    case path(CGPath)
}

/// A timing function: a named Core Animation function or cubic Bezier control points.
public struct TimingFunctionSpec: Equatable, Sendable {
    /// The first control point.
    public var c1: (x: Double, y: Double)
    /// The second control point.
    public var c2: (x: Double, y: Double)
    /// The name, when one of Core Animation's was used.
    public var name: String?

    /// A function from its control points (and its name, when it is one of Core Animation's).
    public init(c1: (x: Double, y: Double), c2: (x: Double, y: Double), name: String? = nil) {
        self.c1 = c1; self.c2 = c2; self.name = name
    }

    /// Core Animation's named functions and their control points.
    public static let named: [String: TimingFunctionSpec] = [
        "linear": .init(c1: (0, 0), c2: (1, 1), name: "linear"),
        "easeIn": .init(c1: (0.42, 0), c2: (1, 1), name: "easeIn"),
        "easeOut": .init(c1: (0, 0), c2: (0.58, 1), name: "easeOut"),
        "easeInEaseOut": .init(c1: (0.42, 0), c2: (0.58, 1), name: "easeInEaseOut"),
        "default": .init(c1: (0.25, 0.1), c2: (0.25, 1), name: "default"),
    ]

    public static func == (a: Self, b: Self) -> Bool { a.c1 == b.c1 && a.c2 == b.c2 && a.name == b.name }
}

/// One entry of the `animations` section.
public struct SceneAnimation: Equatable {
    /// The animated layer's name.
    public var layer: String
    /// The key path, as Core Animation names it.
    public var keyPath: String
    /// The start value (nil: the model value).
    public var from: AnimationValue?
    /// The end value.
    public var to: AnimationValue
    /// Seconds from time 0.
    public var beginTime: Double = 0
    /// Seconds per repetition (0 in a file means Core Animation's 0.25).
    public var duration: Double = 0.25
    /// The pacing.
    public var timingFunction = TimingFunctionSpec.named["linear"]!
    /// Repetitions (0 in a file means once).
    public var repeatCount: Double = 1
    /// Whether each repetition plays forward then backward.
    public var autoreverses = false
    /// removed, forwards, backwards or both.
    public var fillMode = "removed"

    /// An entry animating `keyPath` of the layer named `layer`, with the default timing (0.25 s, linear, once).
    public init(layer: String, keyPath: String, from: AnimationValue?, to: AnimationValue) {
        self.layer = layer; self.keyPath = keyPath; self.from = from; self.to = to
    }

    /// Every key path the contract lets a scene animate (besides the transforms and their
    /// sub-paths), with the kind of its value: number, vector (count numbers), color, count (a
    /// whole number >= 0), colors, numbers (any count), path or transform.
    public static let scalarPaths: [String: (kind: String, count: Int)] = [
        "position": ("vector", 2), "bounds": ("vector", 4), "anchorPoint": ("vector", 2),
        "anchorPointZ": ("number", 1), "zPosition": ("number", 1), "opacity": ("number", 1),
        "backgroundColor": ("color", 4), "borderColor": ("color", 4), "borderWidth": ("number", 1),
        "cornerRadius": ("number", 1),
        // Revision 2.
        "shadowOpacity": ("number", 1), "shadowRadius": ("number", 1), "shadowOffset": ("vector", 2),
        "shadowColor": ("color", 4), "shadowPath": ("path", 1),
        "colors": ("colors", 0), "locations": ("numbers", 0), "startPoint": ("vector", 2), "endPoint": ("vector", 2),
        "path": ("path", 1), "fillColor": ("color", 4), "strokeColor": ("color", 4), "lineWidth": ("number", 1),
        "miterLimit": ("number", 1), "strokeStart": ("number", 1), "strokeEnd": ("number", 1), "lineDashPhase": ("number", 1),
        "instanceCount": ("count", 1), "instanceTransform": ("transform", 16), "instanceColor": ("color", 4),
        "instanceRedOffset": ("number", 1), "instanceGreenOffset": ("number", 1), "instanceBlueOffset": ("number", 1),
        "instanceAlphaOffset": ("number", 1),
    ]
    /// The layer type a type-specific key path needs (revision 2's gradient, shape and replicator keys).
    public static let pathLayerTypes: [String: String] = [
        "colors": "gradientLayer", "locations": "gradientLayer", "startPoint": "gradientLayer", "endPoint": "gradientLayer",
        "path": "shapeLayer", "fillColor": "shapeLayer", "strokeColor": "shapeLayer", "lineWidth": "shapeLayer",
        "miterLimit": "shapeLayer", "strokeStart": "shapeLayer", "strokeEnd": "shapeLayer", "lineDashPhase": "shapeLayer",
        "instanceCount": "replicatorLayer", "instanceTransform": "replicatorLayer", "instanceColor": "replicatorLayer",
        "instanceRedOffset": "replicatorLayer", "instanceGreenOffset": "replicatorLayer", "instanceBlueOffset": "replicatorLayer",
        "instanceAlphaOffset": "replicatorLayer",
    ]
    /// The transform sub-paths (after "transform." or "sublayerTransform.").
    public static let subPaths: Set<String> = ["rotation.x", "rotation.y", "rotation.z", "rotation", "scale.x", "scale.y",
                                               "scale.z", "scale", "translation.x", "translation.y", "translation.z", "translation"]
    /// Fill modes.
    public static let fillModes: Set<String> = ["removed", "forwards", "backwards", "both"]
}
