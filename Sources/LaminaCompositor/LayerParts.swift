// A layer's own drawing: background, contents and border, as quads in its local space.
import Foundation
import QuartzCore

/// One of a layer's own quads, as much of it as differs between parts: a DrawQuad is made from
/// it only where the layer is drawn (a DrawQuad is large, with arrays and strings to count).
struct PartSpec {
    var role: String
    var rect: Box
    var radius: Double
    var fill: Fill
    var borderWidth = 0.0
    var borderColor = PremultipliedColor.zero
    var mask: RoundedBox? = nil
}

/// A layer's part specs, at most four (background, gradient, contents, border), stored in
/// place: no array allocated (and freed) for every layer of a compile.
struct PartSpecs {
    private var s0: PartSpec?, s1: PartSpec?, s2: PartSpec?, s3: PartSpec?
    /// How many are stored.
    private(set) var count = 0

    /// Spec `i` (0 ..< count).
    subscript(i: Int) -> PartSpec {
        switch i {
        case 0: return s0 ?? PartSpecs.none
        case 1: return s1 ?? PartSpecs.none
        case 2: return s2 ?? PartSpecs.none
        default: return s3 ?? PartSpecs.none
        }
    }

    /// Stores `p` after the others (a fifth is never made: LayerParts makes each part once).
    mutating func append(_ p: PartSpec) {
        switch count {
        case 0: s0 = p
        case 1: s1 = p
        case 2: s2 = p
        default: s3 = p
        }
        count += 1
    }

    /// An empty spec, read only for an index that holds none.
    private static let none = PartSpec(role: "", rect: Box(minX: 0, minY: 0, maxX: 0, maxY: 0), radius: 0, fill: .none)
}

struct LayerParts {
    /// The layer's own parts in the order they were made (background, gradient, contents,
    /// border; each at most once).
    private(set) var specs = PartSpecs()
    /// Where each part is in `specs` (-1: none).
    private(set) var backgroundIndex = -1, gradientIndex = -1, contentsIndex = -1, borderIndex = -1
    /// The layer's name and anti-aliased edges, shared by its quads.
    private(set) var name = ""
    private(set) var edges: EdgeMask = []
    /// The contents quad's rectangle.
    var contentsRect: Box? { contentsIndex < 0 ? nil : specs[contentsIndex].rect }
    /// Whether the layer is a text layer with text to draw (between contents and sublayers).
    var hasText = false
    /// A shape layer's drawing box in its own space (the path's bounds grown by the stroke):
    /// its image is rasterized per compile (between contents and sublayers, not clipped to the bounds).
    private(set) var shapeBox: Box?

    /// Part `index` of `specs` as a quad in the layer's space.
    func quad(_ index: Int) -> DrawQuad {
        let p = specs[index]
        return DrawQuad(layerName: name, role: p.role, matrix: .identity, rect: p.rect, cornerRadius: p.radius, antialiasedEdges: edges,
                        fill: p.fill, borderWidth: p.borderWidth, borderColor: p.borderColor, mask: p.mask, opacity: 1, lighting: [], clips: [],
                        cover: [], isSplit: false)
    }

    /// Part `index` as an item of the layer `owner` (made in place: a quad is large to copy).
    func item(_ index: Int, owner: ObjectIdentifier) -> DrawQuad {
        var q = quad(index)
        q.layer = owner
        return q
    }

    /// The background quad (with the border when it can share it).
    var background: DrawQuad? { backgroundIndex < 0 ? nil : quad(backgroundIndex) }
    /// A gradient layer's gradient: the quad over its (rounded) bounds, its image filled in
    /// per compile at the on-screen scale (between background and contents).
    var gradient: DrawQuad? { gradientIndex < 0 ? nil : quad(gradientIndex) }
    /// The contents image's quad (its image index is set per compile).
    var contents: DrawQuad? { contentsIndex < 0 ? nil : quad(contentsIndex) }
    /// The border quad drawn after the sublayers.
    var border: DrawQuad? { borderIndex < 0 ? nil : quad(borderIndex) }

    /// How many quads the layer draws itself (its text not included).
    var count: Int { specs.count + (shapeBox != nil ? 1 : 0) }

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
        guard !passesDepth(layer) else { return }
        if let t = layer as? CATextLayer {
            switch t.string {
            case let s as String: hasText = !s.isEmpty
            case let s as NSAttributedString: hasText = s.length > 0
            default: hasText = false
            }
        }
        let rect = layerBounds ?? layer.bounds
        let bounds = Box(rect)
        let radius = Self.clampedRadius(layer, bounds: rect)
        shapeBox = (layer as? CAShapeLayer).flatMap(ShapeDrawing.box)
        let hasGradient = !bounds.isEmpty && (layer as? CAGradientLayer).map { !$0.cgColors.isEmpty } == true
        // Whatever draws between the background and the sublayers keeps the border out of the background's quad.
        let between = hasText || hasGradient || shapeBox != nil
        edges = layer.allowsEdgeAntialiasing ? .all : []
        name = layer.name ?? "(unnamed)"
        func quad(_ role: String, rect: Box, radius: Double, fill: Fill) -> PartSpec {
            PartSpec(role: role, rect: rect, radius: radius, fill: fill)
        }
        let bg = premultiplied(layer.backgroundColor).flatMap { $0.w > 0 ? $0 : nil }
        let bw = Double(layer.borderWidth)
        let bc = premultiplied(layer.borderColor).flatMap { $0.w > 0 && bw > 0 ? $0 : nil }
        let image = layer.contents as? CGImage
        let hasImage = image.map { $0.width > 0 && $0.height > 0 } ?? false
        guard !bounds.isEmpty || hasImage || shapeBox != nil else { return }
        if !bounds.isEmpty, bg != nil || (bc != nil && !hasImage && !hasSublayers && !between) {
            var q = quad(bg != nil ? "background" : "border", rect: bounds, radius: radius, fill: bg.map { .color($0) } ?? .none)
            if let bc, !hasImage && !hasSublayers && !between {
                q.borderWidth = bw; q.borderColor = bc
                if bg != nil { q.role = "background+border" }
            }
            backgroundIndex = specs.count
            specs.append(q)
        }
        if hasGradient {
            // The image index and uv are set when the image is made (PlanBuilder.gradientQuad).
            gradientIndex = specs.count
            specs.append(quad("gradient", rect: bounds, radius: radius, fill: .image(index: -1, uv: Box(minX: 0, minY: 0, maxX: 1, maxY: 1))))
        }
        // A degenerate contents rect (no area, or not finite) or a gravity rect with no area
        // draws nothing: there is no image to stretch (and texture coordinates would divide by 0).
        let cr = layer.contentsRect
        let crUsable = cr.width > 0 && cr.height > 0 && cr.width.isFinite && cr.height.isFinite && cr.minX.isFinite && cr.minY.isFinite
        if let image, hasImage, crUsable, case let rect = Self.gravityRect(layer, image: image),
           !rect.isEmpty, rect.width.isFinite, rect.height.isFinite {
            var q = quad("contents", rect: rect, radius: 0,
                         fill: .image(index: -1, uv: Box(minX: cr.minX, minY: cr.minY, maxX: cr.maxX, maxY: cr.maxY)))
            if layer.masksToBounds { q.mask = RoundedBox(box: bounds, radius: radius) }
            contentsIndex = specs.count
            specs.append(q)
        }
        if let bc, !bounds.isEmpty, hasImage || hasSublayers || between {
            var q = quad("border", rect: bounds, radius: radius, fill: .none)
            q.borderWidth = bw; q.borderColor = bc
            borderIndex = specs.count
            specs.append(q)
        }
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
