// Frames of one layer tree: the plan of the last frame is handed out again, untouched, while
// nothing in the tree or the canvas changed (CALayer.subtreeRevision says so in one read), so
// an unchanged frame costs almost nothing and renderers can keep its image (same RenderPlan.id).
import QuartzCore

/// Compiles successive frames of a layer tree, reusing the last plan when nothing changed.
public final class FrameCompositor: @unchecked Sendable {
    /// How trees are compiled.
    public let compositor: Compositor

    private struct Key: Equatable {
        let root: ObjectIdentifier
        let revision: UInt64
        let width: Double, height: Double, scale: Double
        let background: CGColor?
    }
    private var lastKey: Key?
    private var lastRoot: CALayer?
    private var lastPlan: RenderPlan?

    /// The depth orders of the last compiled frame: a changed frame reorders only what changed.
    private let orders = RetainedOrders()

    /// Whether the last `compile` handed out the previous plan again.
    public private(set) var reusedLastPlan = false

    /// A frame compositor compiling with `compositor`.
    public init(compositor: Compositor = Compositor()) { self.compositor = compositor }

    /// The plan of the tree under `root` (as `Compositor.compileChecked`): the previous one,
    /// the very same value, when `root` is the same layer, no layer of its tree changed since,
    /// and the canvas is the same.
    public func compile(root: CALayer, width: Double, height: Double, scale: Double = 1, background: CGColor? = nil) throws -> RenderPlan {
        let key = Key(root: ObjectIdentifier(root), revision: root.subtreeRevision, width: width, height: height, scale: scale, background: background)
        if let lastPlan, lastKey == key, lastRoot === root {
            reusedLastPlan = true
            return lastPlan
        }
        reusedLastPlan = false
        let plan = try compositor.compileChecked(root: root, width: width, height: height, scale: scale, background: background, retained: orders)
        lastKey = key
        lastRoot = root
        let old = lastPlan
        lastPlan = plan
        Disposal.release(consume old)
        return plan
    }

    /// Forgets the last frame (the next compile starts from scratch).
    public func reset() { lastKey = nil; lastRoot = nil; lastPlan = nil; orders.reset() }

    /// Of the polygons depth-ordered in the last compile, how many were related to the others
    /// afresh (the rest reused the frame before's work) and how many there were.
    public var lastReorder: (related: Int, ordered: Int) { (orders.relatedPolygons, orders.orderedPolygons) }

    /// How many steps of ordering tangled groups (footprints, pair orders, splits, cycle
    /// orders) the last compile looked up from earlier frames instead of computing.
    public var lastReusedTangleSteps: Int { orders.reusedTangleSteps }

    /// How many splits of interpenetrating pairs the last compile kept from the frame before
    /// instead of making them again (TangleReuse.swift: those of tangle units it left unchanged).
    public var lastKeptTangleSplits: Int { orders.keptTangleSplits }

    /// How many layers the last compile did not read again (their subtree unchanged since
    /// the frame before, RetainedLayerInfo.swift).
    public var lastReusedLayers: Int { orders.infos.reused }

    /// How many members of depth-sorted contexts the last compile drew as the frame before
    /// did (their layer's subtree and inputs unchanged, RetainedMembers.swift).
    public var lastReusedMembers: Int { orders.members.reused }

    /// How many of those the last compile also placed into their context as the frame before
    /// did (drawn whole, lit the same).
    public var lastReusedPlacements: Int { orders.members.reusedPlacements }

    /// How many fragments of split members the last compile placed as the frame before did
    /// (the same fragment of a member drawn the same, lit the same).
    public var lastReusedFragments: Int { orders.members.reusedFragments }

    /// How many output quads the last compile placed and finished as the frame before did
    /// (their items unchanged, RetainedQuads.swift).
    public var lastReusedQuads: Int { orders.quads.reused }

    /// How many output quads the last compile gave the edges the seam pass left them in the
    /// frame before (nothing near them changed, RetainedSeams.swift).
    public var lastReusedSeams: Int { orders.quads.reusedSeams }
}
