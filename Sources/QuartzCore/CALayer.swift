/// How a layer's contents image is placed in its bounds (Core Animation's names).
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    /// The gravity's Core Animation name.
    public let rawValue: String
    /// A gravity from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Unscaled, centred in the bounds.
    public static let center = Self(rawValue: "center")
    /// Unscaled, centred horizontally against the top edge (top on screen).
    public static let top = Self(rawValue: "top")
    /// Unscaled, centred horizontally against the bottom edge.
    public static let bottom = Self(rawValue: "bottom")
    /// Unscaled, centred vertically against the left edge.
    public static let left = Self(rawValue: "left")
    /// Unscaled, centred vertically against the right edge.
    public static let right = Self(rawValue: "right")
    /// Unscaled, in the top-left corner.
    public static let topLeft = Self(rawValue: "topLeft")
    /// Unscaled, in the top-right corner.
    public static let topRight = Self(rawValue: "topRight")
    /// Unscaled, in the bottom-left corner.
    public static let bottomLeft = Self(rawValue: "bottomLeft")
    /// Unscaled, in the bottom-right corner.
    public static let bottomRight = Self(rawValue: "bottomRight")
    /// Stretched to fill the bounds (the default).
    public static let resize = Self(rawValue: "resize")
    /// Scaled to fit inside the bounds, aspect ratio kept, centred.
    public static let resizeAspect = Self(rawValue: "resizeAspect")
    /// Scaled to cover the bounds, aspect ratio kept, centred (the overflow shows unless masksToBounds).
    public static let resizeAspectFill = Self(rawValue: "resizeAspectFill")
    /// Every gravity Core Animation defines.
    public static let all: [Self] = [.center, .top, .bottom, .left, .right, .topLeft, .topRight,
                                     .bottomLeft, .bottomRight, .resize, .resizeAspect, .resizeAspectFill]
}

/// A Core Animation layer: a rectangle in a tree of layers, placed in its superlayer by
/// position, anchorPoint, zPosition and transform, drawing a background, contents, its
/// sublayers and a border.
///
/// Defaults are Core Animation's: zero bounds and position, anchorPoint (0.5, 0.5),
/// identity transforms, opacity 1, doubleSided true, an opaque black border color. One
/// exception is Lamina's: `allowsEdgeAntialiasing` is true by default.
open class CALayer: CAMediaTiming, CustomStringConvertible {
    // The stored properties skip Swift's dynamic exclusivity checks (as Core Animation's
    // Objective-C properties have none): the compositor reads them hundreds of thousands
    // of times a frame, and the checks were 12% of compiling a flat tree of 10,000 layers.
    /// A name, to find the layer by (scene files, animations, debugging).
    @exclusivity(unchecked) open var name: String? { didSet { markChanged() } }
    /// The layer's own coordinate space: origin and size.
    @exclusivity(unchecked) open var bounds: CGRect = .zero {
        didSet {
            propertyChanged("bounds", old: oldValue, new: bounds)
            if !suppressesActions && oldValue.size != bounds.size { setNeedsLayout() }
            if needsDisplayOnBoundsChange && !suppressesActions && oldValue != bounds { setNeedsDisplay() }
        }
    }
    /// Where the anchor point sits in the superlayer's coordinate space.
    @exclusivity(unchecked) open var position: CGPoint = .zero { didSet { propertyChanged("position", old: oldValue, new: position) } }
    /// The layer's position on the z axis (toward the viewer), added to the position.
    @exclusivity(unchecked) open var zPosition: CGFloat = 0 { didSet { propertyChanged("zPosition", old: oldValue, new: zPosition) } }
    /// The point of the bounds, in unit coordinates, that sits at `position` and about
    /// which the transform applies.
    @exclusivity(unchecked) open var anchorPoint = CGPoint(x: 0.5, y: 0.5) { didSet { propertyChanged("anchorPoint", old: oldValue, new: anchorPoint) } }
    /// The anchor's z component: the layer lies in the plane z = -anchorPointZ of its
    /// position (unlike CSS's transform-origin z, this does not cancel).
    @exclusivity(unchecked) open var anchorPointZ: CGFloat = 0 { didSet { propertyChanged("anchorPointZ", old: oldValue, new: anchorPointZ) } }
    /// The layer's transform, applied about its anchor point.
    @exclusivity(unchecked) open var transform: CATransform3D = CATransform3DIdentity { didSet { propertyChanged("transform", old: oldValue, new: transform) } }
    /// The transform applied to the sublayers, about this layer's anchor point.
    @exclusivity(unchecked) open var sublayerTransform: CATransform3D = CATransform3DIdentity { didSet { propertyChanged("sublayerTransform", old: oldValue, new: sublayerTransform) } }
    /// Whether the layer (and its subtree) is hidden.
    @exclusivity(unchecked) open var isHidden = false { didSet { propertyChanged("hidden", old: oldValue, new: isHidden) } }
    /// Whether the back face is drawn; a single-sided layer turned away is culled.
    @exclusivity(unchecked) open var isDoubleSided = true { didSet { propertyChanged("doubleSided", old: oldValue, new: isDoubleSided) } }
    /// Whether the sublayers' geometry is flipped vertically about the middle of the bounds.
    @exclusivity(unchecked) open var isGeometryFlipped = false { didSet { markChanged() } }
    /// Whether contents and sublayers are clipped to the (rounded) bounds.
    @exclusivity(unchecked) open var masksToBounds = false { didSet { propertyChanged("masksToBounds", old: oldValue, new: masksToBounds) } }
    /// Opacity, 0...1, applied to the layer and its subtree as a group.
    @exclusivity(unchecked) open var opacity: Float = 1 { didSet { propertyChanged("opacity", old: oldValue, new: opacity) } }
    /// The background color, drawn behind contents and sublayers.
    @exclusivity(unchecked) open var backgroundColor: CGColor? { didSet { propertyChanged("backgroundColor", old: oldValue, new: backgroundColor) } }
    /// The radius rounding the background and border (and masks, with masksToBounds).
    @exclusivity(unchecked) open var cornerRadius: CGFloat = 0 { didSet { propertyChanged("cornerRadius", old: oldValue, new: cornerRadius) } }
    /// The width of the border, drawn inside the bounds above contents and sublayers.
    @exclusivity(unchecked) open var borderWidth: CGFloat = 0 { didSet { propertyChanged("borderWidth", old: oldValue, new: borderWidth) } }
    /// The border's color.
    @exclusivity(unchecked) open var borderColor: CGColor? = CGColor.black { didSet { propertyChanged("borderColor", old: oldValue, new: borderColor) } }
    /// The contents: a `CGImage`, or nil.
    @exclusivity(unchecked) open var contents: Any? { didSet { storedContentsIsNil = contents == nil; markChanged() } }
    /// Whether this class's `contents` is nil (kept as it is set): a renderer reads it for a
    /// plain CALayer instead of copying the value out (a subclass may override `contents`).
    public final var contentsIsNil: Bool { storedContentsIsNil }
    // (Read through the getter: another module reading a final stored property checks its
    // exclusivity at run time.)
    @exclusivity(unchecked) private var storedContentsIsNil = true
    /// How the contents image is fitted into the bounds.
    @exclusivity(unchecked) open var contentsGravity: CALayerContentsGravity = .resize { didSet { markChanged() } }
    /// The part of the contents image used, in unit coordinates (top-left origin).
    @exclusivity(unchecked) open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1) { didSet { propertyChanged("contentsRect", old: oldValue, new: contentsRect) } }
    /// Whether the layer's edges are anti-aliased (Lamina defaults this to true).
    @exclusivity(unchecked) open var allowsEdgeAntialiasing = true { didSet { markChanged() } }
    /// Lamina's light for the 3D rendering context this layer roots (an extension).
    @exclusivity(unchecked) open var light: LaminaLight? { didSet { markChanged() } }

    /// The shadow's color (nil: no shadow). Default opaque black.
    @exclusivity(unchecked) open var shadowColor: CGColor? = CGColor.black { didSet { propertyChanged("shadowColor", old: oldValue, new: shadowColor) } }
    /// The shadow's opacity, 0...1 (default 0: no shadow).
    @exclusivity(unchecked) open var shadowOpacity: Float = 0 { didSet { propertyChanged("shadowOpacity", old: oldValue, new: shadowOpacity) } }
    /// The shadow's offset in the layer's own space (default (0, -3), as Core Animation's).
    @exclusivity(unchecked) open var shadowOffset = CGSize(width: 0, height: -3) { didSet { propertyChanged("shadowOffset", old: oldValue, new: shadowOffset) } }
    /// The shadow's blur: the standard deviation of its Gaussian, in points (default 3).
    @exclusivity(unchecked) open var shadowRadius: CGFloat = 3 { didSet { propertyChanged("shadowRadius", old: oldValue, new: shadowRadius) } }
    /// The shadow's shape, in the layer's own space (nil: the alpha of what the layer draws).
    /// A mutable path is copied, so later changes to it do not reach the layer unseen. It
    /// animates only explicitly, as on Core Animation.
    @exclusivity(unchecked) open var shadowPath: CGPath? {
        didSet {
            if let p = shadowPath as? CGMutablePath { shadowPath = p.copy() }
            propertyChanged("shadowPath", old: oldValue, new: shadowPath)
        }
    }
    /// A layer whose alpha masks this layer, in this layer's own space (it has no superlayer).
    ///
    /// Lamina links the mask back to its host (privately), so a change to the mask counts as a
    /// change to the host (`subtreeRevision`) and the mask's animations run on the host's time.
    /// A layer cannot mask itself or one of its ancestors (that traps, as inserting a layer
    /// into its own subtree does).
    @exclusivity(unchecked) open var mask: CALayer? {
        didSet {
            guard oldValue !== mask else { return }
            if !suppressesActions {
                if let m = mask {
                    precondition(!isMaskedBy(m), "CALayer: a layer cannot mask itself or one of its ancestors")
                    m.maskHost = self
                }
                if let old = oldValue, old.maskHost === self { old.maskHost = nil }
            }
            markChanged()
        }
    }
    /// Image pixels per point of `contents`, and the resolution of the layer's own drawing
    /// (`display()` draws into a bitmap of bounds.size x contentsScale pixels). Default 1.
    @exclusivity(unchecked) open var contentsScale: CGFloat = 1 { didSet { markChanged() } }
    /// Whether a change of bounds marks the layer as needing display (default false).
    @exclusivity(unchecked) open var needsDisplayOnBoundsChange = false { didSet { markChanged() } }

    /// The layer's delegate: asked first for the action of a property change.
    open weak var delegate: CALayerDelegate?
    /// Actions by event key (a property name); NSNull disables an implicit animation.
    @exclusivity(unchecked) open var actions: [String: CAAction]?
    /// When the layer's time begins, in its superlayer's time (CAMediaTiming): layer time =
    /// (superlayer time - beginTime) * speed + timeOffset, which every animation in the subtree runs on.
    @exclusivity(unchecked) open var beginTime: CFTimeInterval = 0 { didSet { markChanged() } }
    /// Kept and copied for CAMediaTiming, but unused: a layer's time neither repeats nor ends.
    @exclusivity(unchecked) open var duration: CFTimeInterval = 0
    /// How fast the layer's time runs against its superlayer's (0 freezes the subtree's animations).
    @exclusivity(unchecked) open var speed: Float = 1 { didSet { markChanged() } }
    /// Added to the layer's time (moves every animation in the subtree along its timeline).
    @exclusivity(unchecked) open var timeOffset: CFTimeInterval = 0 { didSet { markChanged() } }
    /// Kept and copied, but unused (see `duration`).
    @exclusivity(unchecked) open var repeatCount: Float = 0
    /// Kept and copied, but unused (see `duration`).
    @exclusivity(unchecked) open var repeatDuration: CFTimeInterval = 0
    /// Kept and copied, but unused (see `duration`).
    @exclusivity(unchecked) open var autoreverses = false
    /// Kept and copied, but unused (see `duration`).
    @exclusivity(unchecked) open var fillMode: CAMediaTimingFillMode = .removed

    /// Attached animations, in the order added.
    var attachedAnimations: [AttachedAnimation] = [] { didSet { markChanged() } }
    /// The transaction generation the layer was created in (it animates implicitly only after it).
    let createdGeneration = CATransaction.generation
    /// Set on presentation copies and while copying: no actions run.
    var suppressesActions = false
    /// For a presentation layer taken from inside a tree: the presentation tree's root, kept
    /// alive here because superlayer links are weak.
    var presentationTreeRoot: CALayer?

    /// For a mask: the layer it masks (weak, like `superlayer`).
    weak var maskHost: CALayer?
    /// Whether `display()` is due (CALayer+Display.swift).
    var needsDisplayFlag = false
    /// Whether `layoutSublayers()` is due (CALayer+Layout.swift).
    var needsLayoutFlag = false

    /// Change tracking (CALayer+Revisions.swift): this layer's last change, and its subtree's.
    var ownRevision: UInt64 = 0
    var treeRevision: UInt64 = 0

    /// The layer's superlayer (a change of superlayer marks both the old and the new one).
    public internal(set) weak var superlayer: CALayer? { didSet { markChanged() } }
    // (Unchecked as the properties above: a check was most of the sublayers getter's cost.)
    @exclusivity(unchecked) private var storedSublayers: [CALayer] = [] { didSet { markChanged() } }

    /// A new layer with Core Animation's defaults.
    public required init() {}

    /// A copy of `layer`'s properties (not its sublayers), as Core Animation makes
    /// presentation layers.
    public required init(layer: Any) {
        suppressesActions = true
        if let other = layer as? CALayer { copyProperties(from: other) }
        suppressesActions = false
    }

    /// Copies every model property from `other` (not the tree links).
    open func copyProperties(from other: CALayer) {
        name = other.name; bounds = other.bounds; position = other.position; zPosition = other.zPosition
        anchorPoint = other.anchorPoint; anchorPointZ = other.anchorPointZ; transform = other.transform
        sublayerTransform = other.sublayerTransform; isHidden = other.isHidden; isDoubleSided = other.isDoubleSided
        isGeometryFlipped = other.isGeometryFlipped; masksToBounds = other.masksToBounds; opacity = other.opacity
        backgroundColor = other.backgroundColor; cornerRadius = other.cornerRadius; borderWidth = other.borderWidth
        borderColor = other.borderColor; contents = other.contents; contentsGravity = other.contentsGravity
        contentsRect = other.contentsRect; allowsEdgeAntialiasing = other.allowsEdgeAntialiasing; light = other.light
        shadowColor = other.shadowColor; shadowOpacity = other.shadowOpacity; shadowOffset = other.shadowOffset
        shadowRadius = other.shadowRadius; shadowPath = other.shadowPath; mask = other.mask
        contentsScale = other.contentsScale; needsDisplayOnBoundsChange = other.needsDisplayOnBoundsChange
        beginTime = other.beginTime; duration = other.duration; speed = other.speed; timeOffset = other.timeOffset
        repeatCount = other.repeatCount; repeatDuration = other.repeatDuration; autoreverses = other.autoreverses; fillMode = other.fillMode
    }

    // MARK: Sublayers

    /// The sublayers, back to front (nil when there are none, as in Core Animation).
    open var sublayers: [CALayer]? {
        get { storedSublayers.isEmpty ? nil : storedSublayers }
        set {
            for s in storedSublayers { s.superlayer = nil }
            storedSublayers = []
            setNeedsLayout()
            for s in newValue ?? [] { addSublayer(s) }
        }
    }

    /// Appends `layer` to the sublayers, removing it from its previous superlayer first.
    open func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(storedSublayers.count))
    }

    /// Inserts `layer` at `index` in the sublayers (clamped to the end).
    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        precondition(layer !== self && !isDescendant(of: layer), "CALayer: inserting a layer into its own subtree")
        layer.removeFromSuperlayer()
        let i = min(Int(index), storedSublayers.count)
        storedSublayers.insert(layer, at: i)
        layer.superlayer = self
        setNeedsLayout()
    }

    /// Inserts `layer` just below `sibling` (at the front of the list when sibling is nil or not a sublayer).
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let i = sibling.flatMap { s in storedSublayers.firstIndex { $0 === s } } ?? 0
        insertSublayerAdjusting(layer, at: i)
    }

    /// Inserts `layer` just above `sibling` (at the end of the list when sibling is nil or not a sublayer).
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        let i = sibling.flatMap { s in storedSublayers.firstIndex { $0 === s }.map { $0 + 1 } } ?? storedSublayers.count
        insertSublayerAdjusting(layer, at: i)
    }

    private func insertSublayerAdjusting(_ layer: CALayer, at index: Int) {
        var i = index
        // Removing the layer from this same list first shifts the target index.
        if layer.superlayer === self, let old = storedSublayers.firstIndex(where: { $0 === layer }), old < i { i -= 1 }
        layer.removeFromSuperlayer()
        insertSublayer(layer, at: UInt32(max(0, i)))
    }

    /// Detaches the layer from its superlayer.
    open func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.storedSublayers.removeAll { $0 === self }
        superlayer = nil
        parent.setNeedsLayout()
    }

    /// Replaces the sublayer `oldLayer` with `newLayer` at the same index.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard oldLayer !== newLayer, storedSublayers.contains(where: { $0 === oldLayer }) else { return }
        // Detach newLayer first (it may be a sibling), then find oldLayer's slot: taking the
        // index before removing a sibling that sits in front of oldLayer would shift the
        // replacement one place too far.
        newLayer.removeFromSuperlayer()
        guard let i = storedSublayers.firstIndex(where: { $0 === oldLayer }) else { return }
        storedSublayers[i] = newLayer
        oldLayer.superlayer = nil
        newLayer.superlayer = self
        setNeedsLayout()
    }

    /// The sublayers, for building copies.
    var storedSublayersForCopy: [CALayer] { storedSublayers }

    /// Appends a sublayer to a copy being built (no checks, no actions).
    func appendSublayerForCopy(_ layer: CALayer) {
        storedSublayers.append(layer)
        layer.superlayer = self
    }

    /// Whether `m` is this layer or above it (through superlayers and mask hosts): then it
    /// cannot be this layer's mask.
    private func isMaskedBy(_ m: CALayer) -> Bool {
        var l: CALayer? = self
        while let c = l { if c === m { return true }; l = c.superlayer ?? c.maskHost }
        return false
    }

    /// Whether `ancestor` is this layer or one of its superlayers.
    public func isDescendant(of ancestor: CALayer) -> Bool {
        var l: CALayer? = self
        while let c = l { if c === ancestor { return true }; l = c.superlayer }
        return false
    }

    /// The action for `event`: the delegate's, else `actions[event]`, else the class's
    /// default action, else (for animatable properties) an implicit animation. NSNull at any
    /// step means no action.
    open func action(forKey event: String) -> CAAction? {
        if let d = delegate, let a = d.action(for: self, forKey: event) { return a is NSNull ? nil : a }
        if let a = actions?[event] { return a is NSNull ? nil : a }
        if let a = type(of: self).defaultAction(forKey: event) { return a is NSNull ? nil : a }
        return nil
    }

    /// A class's default action for an event (nil: the implicit animation).
    open class func defaultAction(forKey event: String) -> CAAction? { nil }

    // MARK: Key-value coding of subclass keys (CALayer+KeyPaths.swift)

    /// A subclass's own key: its value (`.some(nil)` for a nil value), or nil when the class
    /// has no such key.
    func subclassValue(forKey key: String) -> Any?? { nil }

    /// Sets a subclass's own key; false when the class has no such key.
    func setSubclassValue(_ value: KeyValue) throws -> Bool { false }

    // MARK: Drawing (CALayer+Display.swift)

    /// Sets the layer's contents: the delegate's `display(_:)` when it implements it; else a
    /// bitmap of bounds x contentsScale pixels, y down from the top left, drawn by
    /// `draw(in:)`, becomes `contents`. Called by `displayIfNeeded()`; rarely called directly.
    open func display() {
        needsDisplayFlag = false
        if let d = delegate { d.display(self) } else { drawBackingStore() }
    }

    /// Draws the layer's contents into `ctx` (user space: the layer's bounds, y down). The
    /// default calls the delegate's `draw(_:in:)`; subclasses override it to draw.
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }

    // MARK: Layout (CALayer+Layout.swift)

    /// Lays out the sublayers; called by `layoutIfNeeded()` when the layer needs layout.
    /// Subclasses override it to set their sublayers' frames; the default asks the delegate's
    /// `layoutSublayers(of:)`.
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }

    /// The layer's preferred size in its superlayer's space: by default the size of its frame
    /// (the bounds mapped by the transform), as Core Animation without a layout manager.
    open func preferredFrameSize() -> CGSize { frame.size }

    // MARK: Rendering into a context (CALayer+Render.swift)

    /// Draws the layer and its sublayers into `ctx`, in the layer's own coordinates and the
    /// context's current user space (y down needs a flipped context, as on Apple platforms).
    /// As Core Animation's: backgrounds, corner radii, contents, `draw(in:)` drawing, borders,
    /// masksToBounds clips, opacity, shadows (without shadowPath) and sublayers under 2D
    /// transforms; layers with a 3D transform, masks, shadowPath shadows, conic gradients and
    /// text are not drawn.
    open func render(in ctx: CGContext) { renderTree(in: ctx) }

    // MARK: Affine convenience

    /// The transform as an affine transform (its affine part).
    open func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }
    /// Sets the transform from an affine transform.
    open func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    open var description: String {
        let kind = String(describing: type(of: self))
        return "<\(kind)\(name.map { " \"\($0)\"" } ?? "") bounds=\(bounds) position=\(position)>"
    }
}

/// A layer that does not flatten: its sublayers join the 3D rendering context of its
/// superlayer. It draws no content of its own (background, contents, border and
/// masksToBounds are ignored) and applies its opacity to each sublayer separately.
open class CATransformLayer: CALayer {}

/// How a text layer aligns its text.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    /// The mode's Core Animation name.
    public let rawValue: String
    /// A mode from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The script's natural alignment: left, for the left-to-right text Lamina draws (the default).
    public static let natural = Self(rawValue: "natural")
    /// Flush left.
    public static let left = Self(rawValue: "left")
    /// Flush right.
    public static let right = Self(rawValue: "right")
    /// Centred.
    public static let center = Self(rawValue: "center")
    /// Lines stretched to the full width at their spaces (a paragraph's last line flush left).
    public static let justified = Self(rawValue: "justified")
    /// Every mode Core Animation defines.
    public static let all: [Self] = [.natural, .left, .right, .center, .justified]
}

/// A layer that draws a string (its properties; text rendering comes with FreeType).
open class CATextLayer: CALayer {
    /// The text: a String (or nil).
    open var string: Any? { didSet { markChanged() } }
    /// The font size in points (Core Animation's default is 36).
    open var fontSize: CGFloat = 36 { didSet { markChanged() } }
    /// The text color (default opaque white).
    open var foregroundColor: CGColor? = CGColor.white { didSet { markChanged() } }
    /// The alignment within the bounds.
    open var alignmentMode: CATextLayerAlignmentMode = .natural { didSet { markChanged() } }
    /// Whether the text wraps to the bounds.
    open var isWrapped = false { didSet { markChanged() } }

    open override func copyProperties(from other: CALayer) {
        super.copyProperties(from: other)
        if let t = other as? CATextLayer {
            string = t.string; fontSize = t.fontSize; foregroundColor = t.foregroundColor
            alignmentMode = t.alignmentMode; isWrapped = t.isWrapped
        }
    }
}
