// The RenderPlan: what the compositor hands to every renderer. Plain data: no GL, no
// layers. Renderers differ only in how they turn it into pixels.
import Foundation
import QuartzCore

/// A premultiplied RGBA color, components 0...1.
public typealias PremultipliedColor = SIMD4<Float>

/// A half-plane a*x + b*y + c >= 0 in some 2D coordinate system.
public struct HalfPlane: Equatable, Sendable {
    /// The coefficients of a*x + b*y + c.
    public var a: Double, b: Double, c: Double
    /// The half-plane a*x + b*y + c >= 0.
    public init(a: Double, b: Double, c: Double) { self.a = a; self.b = b; self.c = c }
    /// The signed value a*x + b*y + c (inside when >= 0).
    @inlinable public func value(_ p: SIMD2<Double>) -> Double { a * p.x + b * p.y + c }
}

/// An axis-aligned rectangle as (minX, minY, maxX, maxY).
public struct Box: Equatable, Sendable, CustomStringConvertible {
    /// The left, top, right and bottom edges (y down).
    public var minX: Double, minY: Double, maxX: Double, maxY: Double
    /// A box from its edges.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }
    /// The box a CGRect covers.
    public init(_ r: CGRect) { self.init(minX: r.minX, minY: r.minY, maxX: r.maxX, maxY: r.maxY) }
    /// The extent in x (maxX - minX).
    public var width: Double { maxX - minX }
    /// The extent in y (maxY - minY).
    public var height: Double { maxY - minY }
    /// Whether the box has no area (also when an edge is NaN).
    public var isEmpty: Bool { !(maxX > minX && maxY > minY) }
    /// Corners in order top-left, top-right, bottom-right, bottom-left (y down).
    public var corners: [SIMD2<Double>] {
        [SIMD2(minX, minY), SIMD2(maxX, minY), SIMD2(maxX, maxY), SIMD2(minX, maxY)]
    }
    /// The smallest box holding both.
    public func union(_ o: Box) -> Box {
        Box(minX: min(minX, o.minX), minY: min(minY, o.minY), maxX: max(maxX, o.maxX), maxY: max(maxY, o.maxY))
    }
    /// The box moved in by `d` on every side (out for negative `d`).
    public func insetBy(_ d: Double) -> Box { Box(minX: minX + d, minY: minY + d, maxX: maxX - d, maxY: maxY - d) }
    /// The box moved by `d`.
    public func offsetBy(_ d: SIMD2<Double>) -> Box { Box(minX: minX + d.x, minY: minY + d.y, maxX: maxX + d.x, maxY: maxY + d.y) }
    public var description: String { "[\(f(minX)), \(f(minY)) .. \(f(maxX)), \(f(maxY))]" }
    private func f(_ d: Double) -> String { String(format: "%.6g", d) }
}

/// Which of a quad's rectangle edges are anti-aliased.
public struct EdgeMask: OptionSet, Sendable, Hashable {
    /// The mask's bits: left 1, top 2, right 4, bottom 8.
    public let rawValue: UInt8
    /// A mask from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The rect's left edge (minX).
    public static let left = EdgeMask(rawValue: 1)
    /// The rect's top edge (minY).
    public static let top = EdgeMask(rawValue: 2)
    /// The rect's right edge (maxX).
    public static let right = EdgeMask(rawValue: 4)
    /// The rect's bottom edge (maxY).
    public static let bottom = EdgeMask(rawValue: 8)
    /// All four edges.
    public static let all: EdgeMask = [.left, .top, .right, .bottom]
}

/// What a quad is filled with.
public enum Fill: Equatable, Sendable {
    /// Nothing (a border-only quad).
    case none
    /// A solid premultiplied color.
    case color(PremultipliedColor)
    /// An image of the plan's `images`, its `uv` rect (normalized, top-left origin) stretched over the quad's rect.
    case image(index: Int, uv: Box)
    /// A render target of the plan, its `uv` rect stretched over the quad's rect.
    case target(index: Int, uv: Box)
}

/// One term of the lighting product: a member's normal and the light of its context root.
public struct LightTerm: Equatable, Sendable {
    /// The member's unit front-face normal in the context root's sublayer space.
    public var normal: SIMD3<Float>
    /// The light's direction (not normalized).
    public var direction: SIMD3<Float>
    /// The ambient share.
    public var ambient: Float

    /// A term from the member's normal and its context root's light.
    public init(normal: SIMD3<Float>, direction: SIMD3<Float>, ambient: Float) {
        self.normal = normal; self.direction = direction; self.ambient = ambient
    }

    /// k = ambient + (1 - ambient) * max(0, dot(n, -normalize(direction))), in Float as the shader computes it.
    @inlinable public var factor: Float {
        let len = (direction * direction).sum().squareRoot()
        // A light without a direction lights nothing differently (as LaminaLight.shade).
        if len == 0 { return 1 }
        let d = direction / len
        return ambient + (1 - ambient) * max(0, -(normal * d).sum())
    }
}

/// A rounded rectangle in a quad's local coordinates.
public struct RoundedBox: Equatable, Sendable {
    /// The rectangle.
    public var box: Box
    /// The corner radius (0: square corners).
    public var radius: Double
    /// A rounded rectangle from its box and corner radius.
    public init(box: Box, radius: Double) { self.box = box; self.radius = radius }
}

/// One draw: a rectangle in a layer's local coordinates, mapped by a 4x4 into target pixels.
public struct DrawQuad: Equatable, Sendable {
    /// The layer it comes from (for `lamina plan` and debugging).
    public var layerName: String
    /// What part of the layer: "background", "contents", "border", "surface".
    public var role: String
    /// Local (x, y, 0, 1) -> target pixel space (X, Y, Z, W), row vectors; pixel = (X/W, Y/W), y down.
    public var matrix: Mat4
    /// The rectangle in local coordinates (the shape's extent, before rounding).
    public var rect: Box
    /// The corner radius of `rect` (background, border, masked surfaces).
    public var cornerRadius: Double
    /// The rectangle edges that get anti-aliased coverage; the others are hard (pixel centres).
    public var antialiasedEdges: EdgeMask
    /// The fill.
    public var fill: Fill
    /// A border ring drawn over the fill: its width in local units.
    public var borderWidth: Double
    /// The border ring's premultiplied color.
    public var borderColor: PremultipliedColor
    /// An extra anti-aliased rounded-rect mask in local coordinates (contents under masksToBounds).
    public var mask: RoundedBox?
    /// Opacity multiplied into the result.
    public var opacity: Float
    /// The lighting product's terms (empty: unlit).
    public var lighting: [LightTerm]
    /// Hard clip half-planes in local coordinates (splits, behind-the-eye, viewport).
    public var clips: [HalfPlane]
    /// The polygon to rasterize, in local coordinates: `rect` grown by a pixel on its
    /// anti-aliased edges, then cut by `clips`. Pixels whose centres fall inside get shaded.
    public var cover: [SIMD2<Double>]
    /// Whether this quad is a piece of a layer split by the depth sort.
    public var isSplit: Bool
    /// For texture fills: sample only inside this normalized box (texel centres within it),
    /// so a surface's transparent padding never bleeds into its anti-aliased edges.
    public var sampleClamp: Box? = nil
    /// A box in local coordinates where every pixel centre is at least a pixel inside the
    /// shape, the border ring and the mask: coverage there is exactly 1, so renderers may
    /// skip computing it (the result is the same).
    public var interior: Box? = nil
    /// Multipliers of the shaded red, green and blue (premultiplied), after opacity and
    /// lighting: a replicator instance's color (SCENE_FORMAT.md 9.7); (1, 1, 1) otherwise.
    public var tint = SIMD3<Float>(repeating: 1)
    /// A layer mask (SCENE_FORMAT.md 9.3): a target of the plan sampled with the same mapping
    /// as a texture fill (its `uv` stretched over `rect`, within `sampleClamp`); its alpha
    /// multiplies the fill. Nil: no layer mask.
    public var maskTexture: MaskTexture? = nil
    /// The identity of the layer the quad draws (its own part, its flattened surface or its
    /// shadow), for picking (`RenderPlan.pick`); nil for quads not made by the compositor.
    public var layer: ObjectIdentifier? = nil
    /// For a quad re-expressed near pixel units (Recentering.swift), (o.x, o.y, k): its local
    /// point is (p - o) * k of the layer's own point p; nil for every other quad.
    public var reexpression: SIMD3<Double>? = nil
    /// For a quad that samples a target (a flattened plane): the index in
    /// `RenderPlan.unflattened` of its map before flattening; nil for every other quad.
    /// (An index, not the matrix: quads are copied often, and few carry one.)
    public var unflattenedIndex: Int? = nil
}

/// A render target whose alpha multiplies a quad's texture fill, texel for texel.
public struct MaskTexture: Equatable, Sendable {
    /// The target's index in the plan.
    public var index: Int
    /// Its normalized box stretched over the quad's rect (as a fill's uv).
    public var uv: Box
    /// A mask texture from its target and uv box.
    public init(index: Int, uv: Box) { self.index = index; self.uv = uv }
}

/// An offscreen (or the output) image the plan draws into.
public struct RenderTarget: Equatable, Sendable {
    /// What it holds (a layer's flattened subtree, or the output).
    public var label: String
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Cleared to this premultiplied color first.
    public var clearColor: PremultipliedColor
    /// Draws, in order.
    public var quads: [DrawQuad]
    /// When set, the target holds this blur of an earlier target (of the same size) instead
    /// of drawing quads (it has none): a layer shadow's shape.
    public var blur: TargetBlur? = nil
    /// The topmost of the opaque quads covering the whole target that became `clearColor`
    /// (a root layer's background): not drawn, kept so a pick there names its layer.
    public var clearSource: DrawQuad? = nil
    /// What the target is for: the output, a layer's flattened plane (and why it needed
    /// one), or a mask, shadow or composite beside such a plane.
    public var kind: TargetKind = .output
}

/// Why a layer's subtree was drawn into a render target of its own (a flattened plane).
public struct FlattenReasons: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The reasons' bits.
    public let rawValue: UInt8
    /// Reasons from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// 3D sublayers of an ordinary layer (not a transform layer), flattened into its plane
    /// because the plane itself is not placed by a 2D affine map.
    public static let sublayers = FlattenReasons(rawValue: 1)
    /// Group opacity: opacity below 1 over more than one drawing.
    public static let groupOpacity = FlattenReasons(rawValue: 2)
    /// masksToBounds over sublayers.
    public static let masksToBounds = FlattenReasons(rawValue: 4)
    /// A layer mask.
    public static let mask = FlattenReasons(rawValue: 8)
    /// A shadow (the blur of the flattened plane).
    public static let shadow = FlattenReasons(rawValue: 16)
    /// CompositorOptions.forceTargets and nothing else.
    public static let forced = FlattenReasons(rawValue: 32)

    /// The reasons in words, comma-separated ("group opacity, masksToBounds").
    public var description: String {
        let names: [(FlattenReasons, String)] = [(.sublayers, "sublayers of an ordinary layer"), (.groupOpacity, "group opacity"),
                                                 (.masksToBounds, "masksToBounds"), (.mask, "mask"), (.shadow, "shadow"), (.forced, "forced")]
        let words = names.filter { contains($0.0) }.map(\.1)
        return words.isEmpty ? "none" : words.joined(separator: ", ")
    }
}

/// What a render target holds.
public enum TargetKind: Equatable, Sendable {
    /// The plan's output image.
    case output
    /// A layer's flattened plane, and why it was flattened.
    case plane(layer: String, reasons: FlattenReasons)
    /// A layer's mask, drawn on the texel grid of the layer's plane.
    case mask(layer: String)
    /// The blur of a layer's plane: its shadow's shape.
    case shadow(layer: String)
    /// A layer's plane drawn over its shadow (before its mask applies to both).
    case withShadow(layer: String)

    /// A short caption: "output", "name: group opacity", "name: mask image"...
    public var caption: String {
        switch self {
        case .output: return "output"
        case .plane(let l, let r): return "\(l): \(r)"
        case .mask(let l): return "\(l): its mask"
        case .shadow(let l): return "\(l): its shadow (blur)"
        case .withShadow(let l): return "\(l): over its shadow"
        }
    }
}

/// A separable Gaussian blur of a target's alpha (SCENE_FORMAT.md 9.2): horizontally, then
/// vertically, each pass stored in 8 bits, texels outside the source counting as transparent.
/// Every channel of the result holds the blurred alpha: sampled, it is an opaque white of that
/// coverage (premultiplied), which a quad's opacity and tint turn into the shadow's color.
public struct TargetBlur: Equatable, Sendable {
    /// The blurred target's index in the plan (earlier, the same size).
    public var source: Int
    /// The kernel along x (texels).
    public var horizontal: GaussianKernel
    /// The kernel along y (texels).
    public var vertical: GaussianKernel
    /// A blur of `source` by the two kernels.
    public init(source: Int, horizontal: GaussianKernel, vertical: GaussianKernel) {
        self.source = source; self.horizontal = horizontal; self.vertical = vertical
    }
}

/// A compiled layer tree: render targets in dependency order (each drawn before any target
/// that samples it); the last one is the output image.
public struct RenderPlan: Sendable {
    /// A number no other plan made in this process has: a plan handed out again unchanged
    /// (FrameCompositor, for a tree with no change) keeps it, so a renderer may keep its image.
    public let id: UInt64 = PlanIDs.next()
    /// The targets; `targets.last` is the output.
    public var targets: [RenderTarget]
    /// Contents images referenced by `Fill.image`.
    public var images: [CGImage]
    /// What the layer tree uses of revision 2 (shadows, masks, shapes, replicators), for listings;
    /// empty unless `CompositorOptions.summarizesTree` was set.
    public var summary = PlanSummary()
    /// The maps of quads that sample targets, as the compositor placed them before flattening
    /// (`DrawQuad.unflattenedIndex`): local (x, y, 0, 1) -> the target's pixel space with Z
    /// kept (the sampled plane's turn in its context's 3D space, z in pixels), in the layer's
    /// own local space (before any re-expression). For the exploded view (Explode+Placement.swift).
    public var unflattened: [Mat4] = []
    /// The output's index.
    public var outputIndex: Int { targets.count - 1 }
    /// How many quads are pieces of split layers.
    public var splitCount: Int { targets.reduce(0) { $0 + $1.quads.filter(\.isSplit).count } }
}

/// The process-wide counter behind `RenderPlan.id`.
enum PlanIDs {
    nonisolated(unsafe) private static var last: UInt64 = 0
    private static let lock = NSLock()
    static func next() -> UInt64 {
        lock.lock(); defer { lock.unlock() }
        last += 1
        return last
    }
}
