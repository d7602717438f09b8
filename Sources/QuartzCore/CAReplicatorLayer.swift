// CAReplicatorLayer: its sublayers drawn instanceCount times, each instance a step further.

/// A layer that draws its sublayers `instanceCount` times: instance k is placed by
/// `instanceTransform` applied k times (about the middle of the bounds) and its colors are
/// multiplied by `instanceColor` plus k times the color offsets.
///
/// Defaults are Core Animation's: one instance, identity step, opaque white instance color,
/// zero offsets and delay, preservesDepth false.
open class CAReplicatorLayer: CALayer {
    /// How many times the sublayers are drawn (default 1). Animations change it discretely.
    open var instanceCount: Int = 1 { didSet { propertyChanged("instanceCount", old: oldValue, new: instanceCount) } }
    /// The step from one instance to the next, about the middle of the bounds.
    open var instanceTransform: CATransform3D = CATransform3DIdentity {
        didSet { propertyChanged("instanceTransform", old: oldValue, new: instanceTransform) }
    }
    /// The color multiplier of instance 0 (default opaque white).
    open var instanceColor: CGColor? = CGColor.white { didSet { propertyChanged("instanceColor", old: oldValue, new: instanceColor) } }
    /// Added to the red multiplier per instance.
    open var instanceRedOffset: Float = 0 { didSet { propertyChanged("instanceRedOffset", old: oldValue, new: instanceRedOffset) } }
    /// Added to the green multiplier per instance.
    open var instanceGreenOffset: Float = 0 { didSet { propertyChanged("instanceGreenOffset", old: oldValue, new: instanceGreenOffset) } }
    /// Added to the blue multiplier per instance.
    open var instanceBlueOffset: Float = 0 { didSet { propertyChanged("instanceBlueOffset", old: oldValue, new: instanceBlueOffset) } }
    /// Added to the alpha multiplier per instance.
    open var instanceAlphaOffset: Float = 0 { didSet { propertyChanged("instanceAlphaOffset", old: oldValue, new: instanceAlphaOffset) } }
    /// Seconds by which each instance's animations lag the previous instance's (a
    /// presentation-time shift the compositor applies; stored here).
    open var instanceDelay: CFTimeInterval = 0 { didSet { markChanged() } }
    /// Whether the instances join the enclosing 3D context (like a transform layer's
    /// sublayers) instead of being flattened into this layer's plane (default false).
    open var preservesDepth = false { didSet { markChanged() } }

    /// In a presentation copy whose instanceDelay moves animations: the sublayers of instances
    /// 1, 2, ... (entry k - 1 for instance k), each evaluated k x instanceDelay earlier; instance
    /// 0 draws `sublayers`. Nil on model layers and when every instance looks the same. These
    /// copies have no superlayer: only their own geometry counts.
    public internal(set) var delayedInstanceSublayers: [[CALayer]]?

    /// A new replicator layer with Core Animation's defaults.
    public required init() { super.init() }

    /// A copy of `layer`'s properties (see CALayer's).
    public required init(layer: Any) { super.init(layer: layer) }

    open override func copyProperties(from other: CALayer) {
        super.copyProperties(from: other)
        if let r = other as? CAReplicatorLayer {
            instanceCount = r.instanceCount; instanceTransform = r.instanceTransform; instanceColor = r.instanceColor
            instanceRedOffset = r.instanceRedOffset; instanceGreenOffset = r.instanceGreenOffset
            instanceBlueOffset = r.instanceBlueOffset; instanceAlphaOffset = r.instanceAlphaOffset
            instanceDelay = r.instanceDelay; preservesDepth = r.preservesDepth
        }
    }

    override func subclassValue(forKey key: String) -> Any?? {
        switch key {
        case "instanceCount": .some(instanceCount)
        case "instanceTransform": .some(instanceTransform)
        case "instanceColor": .some(instanceColor)
        case "instanceRedOffset": .some(instanceRedOffset)
        case "instanceGreenOffset": .some(instanceGreenOffset)
        case "instanceBlueOffset": .some(instanceBlueOffset)
        case "instanceAlphaOffset": .some(instanceAlphaOffset)
        case "instanceDelay": .some(instanceDelay)
        case "preservesDepth": .some(preservesDepth)
        default: nil
        }
    }

    override func setSubclassValue(_ v: KeyValue) throws -> Bool {
        switch v.keyPath {
        case "instanceCount":
            // Discrete: an interpolated count takes the whole number at or below it (the
            // tolerance keeps 4.999999999 from an eased curve at 5).
            let n = Double(try v.number())
            guard !n.isNaN else { throw v.bad("expected a number") }
            instanceCount = (n + 1e-9).clampedToInt(in: Int.min...Int.max, rounding: .down)
        case "instanceTransform": instanceTransform = try v.matrix()
        case "instanceColor": instanceColor = try v.color()
        case "instanceRedOffset": instanceRedOffset = try v.float()
        case "instanceGreenOffset": instanceGreenOffset = try v.float()
        case "instanceBlueOffset": instanceBlueOffset = try v.float()
        case "instanceAlphaOffset": instanceAlphaOffset = try v.float()
        case "instanceDelay": instanceDelay = Double(try v.number())
        case "preservesDepth": preservesDepth = try v.flag()
        default: return false
        }
        return true
    }
}
