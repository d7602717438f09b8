// A layer's own drawing: background, contents and border, as quads in its local space.
import Foundation
import QuartzCore

/// Which of a layer's own quads a part is.
enum PartKind: UInt8 {
    case background, gradient, contents, border
}

struct LayerParts {
    /// The layer's own parts in the order they are drawn (background, gradient, contents,
    /// border; each at most once), as kinds: each quad is made from the fields below only
    /// where the layer is drawn (a DrawQuad is large, with arrays and strings to count; the
    /// parts are kept small, as a layer's are read once per compile and copied).
    private var kinds: (PartKind, PartKind, PartKind, PartKind) = (.background, .background, .background, .background)
    /// How many parts there are.
    private var partCount: UInt8 = 0
    /// Where each part is in the drawing order (-1: none).
    private(set) var backgroundIndex = -1, gradientIndex = -1, contentsIndex = -1, borderIndex = -1
    /// The layer's anti-aliased edges, shared by its quads. (Its name is not kept: with no
    /// reference-counted field the parts are copied bit for bit, with no retain or release;
    /// the quads take it from the layer.)
    private(set) var edges: EdgeMask = []
    /// The bounds and the clamped corner radius (background, gradient, border, contents mask).
    private var bounds = Box(minX: 0, minY: 0, maxX: 0, maxY: 0), radius = 0.0
    /// The background's color (nil: a border-only quad) and whether it carries the border.
    private var backgroundColor: PremultipliedColor?
    private var backgroundHasBorder = false
    /// The border's width and color (on the background quad or the border quad).
    private var borderWidth = 0.0, borderColor = PremultipliedColor.zero
    /// The contents quad's rectangle, its texture rect (contentsRect) and whether it is
    /// masked to the rounded bounds.
    private(set) var contentsRect: Box?
    private(set) var contentsUV = Box(minX: 0, minY: 0, maxX: 1, maxY: 1)
    private var contentsMasked = false
    /// Whether the layer is a text layer with text to draw (between contents and sublayers).
    var hasText = false
    /// A shape layer's drawing box in its own space (the path's bounds grown by the stroke):
    /// its image is rasterized per compile (between contents and sublayers, not clipped to the bounds).
    private(set) var shapeBox: Box?

    /// Part `index` as a quad in the layer's space, named `name` (the layer's: `layerName`).
    /// (Inlined: a call made a copy of the parts.)
    @inline(__always) func quad(_ index: Int, name: String) -> DrawQuad {
        let kind: PartKind = index == 0 ? kinds.0 : index == 1 ? kinds.1 : index == 2 ? kinds.2 : kinds.3
        var role = "border", rect = bounds, r = radius, fill = Fill.none, bw = 0.0, bc = PremultipliedColor.zero, mask: RoundedBox?
        switch kind {
        case .background:
            if let c = backgroundColor { role = backgroundHasBorder ? "background+border" : "background"; fill = .color(c) }
            if backgroundHasBorder { bw = borderWidth; bc = borderColor }
        case .gradient:
            // The image index and uv are set when the image is made (PlanBuilder.gradientQuad).
            role = "gradient"
            fill = .image(index: -1, uv: Box(minX: 0, minY: 0, maxX: 1, maxY: 1))
        case .contents:
            // The image index is set per compile.
            role = "contents"
            rect = contentsRect ?? bounds
            r = 0
            fill = .image(index: -1, uv: contentsUV)
            if contentsMasked { mask = RoundedBox(box: bounds, radius: radius) }
        case .border:
            bw = borderWidth; bc = borderColor
        }
        return DrawQuad(layerName: name, role: role, matrix: .identity, rect: rect, cornerRadius: r, antialiasedEdges: edges,
                        fill: fill, borderWidth: bw, borderColor: bc, mask: mask, opacity: 1, lighting: [], clips: [],
                        cover: [], isSplit: false)
    }

    /// Part `index` as an item of the layer `owner` named `name` (made in place: a quad is large to copy).
    @inline(__always) func item(_ index: Int, name: String, owner: ObjectIdentifier) -> DrawQuad {
        var q = quad(index, name: name)
        q.layer = owner
        return q
    }

    /// Records the next part.
    private mutating func add(_ kind: PartKind) -> Int {
        let i = Int(partCount)
        switch i {
        case 0: kinds.0 = kind
        case 1: kinds.1 = kind
        case 2: kinds.2 = kind
        default: kinds.3 = kind
        }
        partCount += 1
        return i
    }

    /// A gradient layer's gradient (named `name`): the quad over its (rounded) bounds, its
    /// image filled in per compile at the on-screen scale (between background and contents).
    func gradient(name: String) -> DrawQuad? { gradientIndex < 0 ? nil : quad(gradientIndex, name: name) }

    /// How many quads the layer draws itself (its text not included).
    var count: Int { Int(partCount) + (shapeBox != nil ? 1 : 0) }

    /// cornerRadius clamped to half the smaller side of the bounds.
    static func clampedRadius(_ layer: CALayer, bounds: CGRect? = nil) -> Double {
        let b = bounds ?? layer.bounds
        return max(0, min(Double(layer.cornerRadius), Double(min(b.width, b.height)) / 2))
    }

    /// The parts of `layer`; `hasSublayers` decides whether the border can share the
    /// background's quad (it must come after the sublayers otherwise). `layerBounds`: the
    /// layer's bounds when already read (nil: read here).
    init(_ layer: CALayer, hasSublayers: Bool, layerBounds: CGRect? = nil) {
        // A transform layer, or a replicator passing its instances on, draws nothing itself.
        let plain = isPlainLayer(layer)
        guard plain || !passesDepth(layer) else { return }
        if !plain, let t = layer as? CATextLayer {
            switch t.string {
            case let s as String: hasText = !s.isEmpty
            case let s as NSAttributedString: hasText = s.length > 0
            default: hasText = false
            }
        }
        let rect = layerBounds ?? layer.bounds
        let bounds = Box(rect)
        let radius = Self.clampedRadius(layer, bounds: rect)
        shapeBox = plain ? nil : (layer as? CAShapeLayer).flatMap(ShapeDrawing.box)
        let hasGradient = !plain && !bounds.isEmpty && (layer as? CAGradientLayer).map { !$0.cgColors.isEmpty } == true
        // Whatever draws between the background and the sublayers keeps the border out of the background's quad.
        let between = hasText || hasGradient || shapeBox != nil
        edges = layer.allowsEdgeAntialiasing ? .all : []
        let bg = premultiplied(layer.backgroundColor).flatMap { $0.w > 0 ? $0 : nil }
        let bw = Double(layer.borderWidth)
        // (The color read only under a border: most layers have none, and a black color.)
        let bc = bw > 0 ? premultiplied(layer.borderColor).flatMap { $0.w > 0 ? $0 : nil } : nil
        // (A plain layer's contents copied out only when there are some: most have none.)
        let image = plain && layer.contentsIsNil ? nil : layer.contents as? CGImage
        let hasImage = image.map { $0.width > 0 && $0.height > 0 } ?? false
        guard !bounds.isEmpty || hasImage || shapeBox != nil else { return }
        self.bounds = bounds
        self.radius = radius
        if let bc { borderWidth = bw; borderColor = bc }
        if !bounds.isEmpty, bg != nil || (bc != nil && !hasImage && !hasSublayers && !between) {
            backgroundColor = bg
            backgroundHasBorder = bc != nil && !hasImage && !hasSublayers && !between
            backgroundIndex = add(.background)
        }
        if hasGradient { gradientIndex = add(.gradient) }
        // A degenerate contents rect (no area, or not finite) or a gravity rect with no area
        // draws nothing: there is no image to stretch (and texture coordinates would divide by 0).
        // (contentsRect read only where there is an image.)
        if let image, hasImage, case let cr = layer.contentsRect,
           cr.width > 0 && cr.height > 0 && cr.width.isFinite && cr.height.isFinite && cr.minX.isFinite && cr.minY.isFinite, case let rect = Self.gravityRect(layer, image: image),
           !rect.isEmpty, rect.width.isFinite, rect.height.isFinite {
            contentsRect = rect
            contentsUV = Box(minX: cr.minX, minY: cr.minY, maxX: cr.maxX, maxY: cr.maxY)
            contentsMasked = layer.masksToBounds
            contentsIndex = add(.contents)
        }
        if bc != nil, !bounds.isEmpty, hasImage || hasSublayers || between { borderIndex = add(.border) }
    }

    /// Where contentsGravity puts the contents image in the bounds (names are visual: top is up on screen).
    /// The image's natural size in points is its pixel size / contentsScale (SCENE_FORMAT.md 9.4).
    static func gravityRect(_ layer: CALayer, image: CGImage) -> Box {
        let b = layer.bounds
        // A scale that is not finite and positive counts as 1 (as the backing store's size does).
        let scale = layer.contentsScale.isFinite && layer.contentsScale > 0 ? Double(layer.contentsScale) : 1
        let iw = Double(image.width) / scale * Double(layer.contentsRect.width)
        let ih = Double(image.height) / scale * Double(layer.contentsRect.height)
        var w = iw, h = ih
        switch layer.contentsGravity {
        case .resize: return Box(b)
        case .resizeAspect, .resizeAspectFill:
            guard iw > 0, ih > 0 else { return Box(b) }
            let sx = b.width / iw, sy = b.height / ih
            let s = layer.contentsGravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            w = iw * s; h = ih * s
        default: break
        }
        let g = layer.contentsGravity.rawValue
        var x = b.midX - w / 2, y = b.midY - h / 2
        if g.hasPrefix("top") { y = b.minY } else if g.hasPrefix("bottom") { y = b.maxY - h }
        if g == "left" || g.hasSuffix("Left") { x = b.minX } else if g == "right" || g.hasSuffix("Right") { x = b.maxX - w }
        return Box(minX: x, minY: y, maxX: x + w, maxY: y + h)
    }
}
