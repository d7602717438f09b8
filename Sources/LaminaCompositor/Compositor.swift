// The compositor: a layer tree -> a RenderPlan.
//
// Every ordinary layer P is a plane: its background and contents, then its 3D rendering
// context (the members, depth-sorted and split), then its border, all flattened into P's
// plane. A member is drawn either directly (its items composed into P's plane with exact
// matrices) or, when that cannot be exact, through a render target of its own:
//   - group opacity below 1 over more than one item,
//   - masksToBounds over sublayers (a rounded, anti-aliased clip in the member's plane),
//   - a subtree that is not flat under a placement that is not a 2D affine map (the
//     flattened image is then resampled, as Core Animation and Chromium do),
//   - or always, with `CompositorOptions.forceTargets` (to check that both ways agree).
// Items carry their map into the plane they are drawn in ("prefix") and hard clip
// half-planes in their own local coordinates; they become DrawQuads at their target.
import QuartzCore

/// Options for compiling a layer tree.
public struct CompositorOptions: Sendable {
    /// Render every plane with sublayers through its own target, even when direct
    /// composition is exact (for testing that the two ways agree).
    public var forceTargets = false
    /// The largest render target side, in pixels.
    public var maxTargetSize = 4096
    /// Texels of transparent padding around a target's content.
    public var targetPadding = 2
    /// Texels per output pixel of stretch in a render target (at least 1: one texel covers at
    /// most one output pixel). A plane placed by a translation alone is rendered at 1 texel
    /// per pixel on the pixel grid instead, which resamples exactly.
    public var targetOversampling = 2.0
    /// The widest shadow blur (sigma, in texels) run on a shadow's own texel grid: wider ones
    /// run on a grid halved along that axis (as often as needed), where they cost an eighth as
    /// much, and are stretched back when drawn (PlanBuilder+ShadowBlur.swift). Infinity: never.
    public var largestBlurSigma = 10.0

    /// Draw subtrees that need no depth sort, target, mask, shadow or lighting (an ordinary
    /// 2D UI) by a lean path: the same plan, made faster. Off: every layer takes the general
    /// path (for testing that the two agree).
    public var usesFlatPath = true

    /// Whether `compile` also fills `RenderPlan.summary` (the shadows, masks, shape layers and
    /// replicators of the visible tree, listed by `lamina plan`). Off by default: it is one more
    /// walk of the whole tree, wanted for a listing, not for drawing a frame.
    public var summarizesTree = false

    /// Draws a text layer's text as a bounds-sized image at a scale (pixels per point); nil
    /// leaves text undrawn. LaminaText's `TextRasterizer` provides one.
    public var textImage: (@Sendable (CATextLayer, Double) -> CGImage?)?

    /// Options with the given settings; padding and oversampling keep their defaults.
    public init(forceTargets: Bool = false, maxTargetSize: Int = 4096, textImage: (@Sendable (CATextLayer, Double) -> CGImage?)? = nil) {
        self.forceTargets = forceTargets
        self.maxTargetSize = maxTargetSize
        self.textImage = textImage
    }
}

/// Why a layer tree cannot be compiled for a canvas.
public struct CompositorError: Error, CustomStringConvertible, Equatable {
    /// What is wrong.
    public let description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}

/// Turns layer trees into render plans.
public struct Compositor: Sendable {
    /// The largest output image side, in pixels, that `compile` makes.
    public static let maxOutputSide = 16384

    /// How trees are compiled.
    public var options: CompositorOptions

    /// A compositor with `options`.
    public init(options: CompositorOptions = CompositorOptions()) { self.options = options }

    /// Compiles the tree under `root` for a canvas of `width` x `height` points at `scale`
    /// pixels per point over `background` (nil: clear). A canvas `compileChecked` refuses
    /// (sizes or scale not finite and positive, or an image side over `maxOutputSide`) gives
    /// a plan of one empty 1 x 1 target instead: nothing drawn, nothing allocated, no trap.
    public func compile(root: CALayer, width: Double, height: Double, scale: Double = 1, background: CGColor? = nil) -> RenderPlan {
        do {
            return try compileChecked(root: root, width: width, height: height, scale: scale, background: background)
        } catch {
            return RenderPlan(targets: [RenderTarget(label: "output", width: 1, height: 1, clearColor: .zero, quads: [])], images: [])
        }
    }

    /// Compiles like `compile`, but throws a `CompositorError` for a canvas that cannot be
    /// drawn: a width, height or scale that is not a finite positive number, or an output
    /// image (each side `size * scale`, rounded, at least 1) over `maxOutputSide` pixels a side.
    public func compileChecked(root: CALayer, width: Double, height: Double, scale: Double = 1, background: CGColor? = nil) throws -> RenderPlan {
        try compileChecked(root: root, width: width, height: height, scale: scale, background: background, retained: nil)
    }

    /// compileChecked, reusing the depth orders of `retained`'s last frame where their inputs
    /// are unchanged (the same plan as from scratch, see RetainedOrder.swift).
    func compileChecked(root: CALayer, width: Double, height: Double, scale: Double, background: CGColor?, retained: RetainedOrders?) throws -> RenderPlan {
        // The walk over the tree is skipped once the note has been printed (it prints once),
        // and while no layer of the process has ever been given an animation.
        if CompositorNotes.wouldNote(CompositorNotes.animatedModelTree), CALayer.animationsWereAdded, root.hasRunningAnimations(at: CACurrentMediaTime()) {
            CompositorNotes.once(CompositorNotes.animatedModelTree, "compiling a model tree whose animations are running draws the model values; compile root.presentationTree(at: time) to draw them as they move (LayerRenderer does)")
        }
        for (name, v) in [("width", width), ("height", height), ("scale", scale)] where !(v > 0 && v.isFinite) {
            throw CompositorError("the canvas \(name) must be a finite positive number, not \(v)")
        }
        let side = Self.maxOutputSide
        guard width * scale < Double(side) + 0.5, height * scale < Double(side) + 0.5 else {
            throw CompositorError(String(format: "a %.6g x %.6g pixel image is too large (at most %d pixels a side)", width * scale, height * scale, side))
        }
        let builder = PlanBuilder(options: options)
        retained?.beginFrame()
        builder.retainedOrders = retained
        builder.retainedInfos = retained?.infos
        builder.retainedQuads = retained?.quads
        builder.retainedMembers = retained?.members
        let pw = (width * scale).clampedToInt(in: 1...side, rounding: .toNearestOrAwayFromZero)
        let ph = (height * scale).clampedToInt(in: 1...side, rounding: .toNearestOrAwayFromZero)
        let canvas = Plane.canvas(root: root, width: width, height: height)
        let toPixels = Mat4.scale(scale, scale)
        let items = builder.content(of: canvas, planeToTarget: toPixels, viewport: Box(minX: 0, minY: 0, maxX: Double(pw), maxY: Double(ph)))
        let clear = premultiplied(background) ?? PremultipliedColor(0, 0, 0, 0)
        builder.addTarget(label: "output", width: pw, height: ph, clear: clear, items: items, planeToTarget: toPixels)
        return RenderPlan(targets: builder.targets, images: builder.images, summary: options.summarizesTree ? builder.summary(root: root) : PlanSummary(),
                          unflattened: builder.unflattened)
    }
}

/// A plane's own description: a layer, or the canvas (a layer of the canvas's size with no content).
struct Plane {
    let layer: CALayer?
    /// The canvas's one sublayer (the root); a layer's sublayers are read from the layer.
    private let canvasRoot: CALayer?

    /// The layer's name, read only for a target's label (a plane is made for every member).
    var name: String { layer.map { $0.name ?? "(unnamed)" } ?? "canvas" }

    init(layer: CALayer) {
        self.layer = layer
        canvasRoot = nil
    }

    private init(canvasRoot: CALayer, width: Double, height: Double) {
        layer = nil
        self.canvasRoot = canvasRoot
    }

    static func canvas(root: CALayer, width: Double, height: Double) -> Plane {
        Plane(canvasRoot: root, width: width, height: height)
    }

    var members: [ContextMember] {
        if let layer { return contextMembers(of: layer, rootSpace: layer.sublayerSpaceTransform) }
        return contextMembers(sublayers: canvasRoot.map { [$0] } ?? [], rootSpace: CATransform3DIdentity)
    }
}
