// Picking in a layer tree: a plan's hit (a layer identity and a local point) resolved to the
// layer of the tree it was compiled from, with its place in the tree.
import QuartzCore

/// A layer picked at a point of a canvas.
public struct LayerHit {
    /// The layer whose drawing is at the point.
    public var layer: CALayer
    /// The point in that layer's own coordinates (its bounds space).
    public var point: CGPoint
    /// Its place in the tree: the index in each `sublayers` array from the root down (empty: the root).
    public var path: [Int]
    /// The hit in the plan (target, quad, role, whether the quad is a split piece).
    public var planHit: PlanHit

    /// The path written "root/sublayers[2]/sublayers[0]".
    public var pathDescription: String { LayerPaths.describe(path) }
}

/// Layers' places in a tree (the index in each `sublayers` array from the root down), which
/// carry a pick made in a presentation tree back to the model tree it was copied from.
public enum LayerPaths {
    /// Every layer reachable from `root` through `sublayers`, by identity, with its path.
    public static func index(_ root: CALayer) -> [ObjectIdentifier: (layer: CALayer, path: [Int])] {
        var out: [ObjectIdentifier: (layer: CALayer, path: [Int])] = [:]
        var stack: [(CALayer, [Int])] = [(root, [])]
        while let (layer, path) = stack.popLast() {
            // A layer reachable twice (not possible through the API) keeps its first path.
            if out[ObjectIdentifier(layer)] != nil { continue }
            out[ObjectIdentifier(layer)] = (layer, path)
            for (i, s) in (layer.sublayers ?? []).enumerated() { stack.append((s, path + [i])) }
        }
        return out
    }

    /// The layer at `path` under `root`, or nil when the tree has no such place.
    public static func layer(at path: [Int], under root: CALayer) -> CALayer? {
        var layer = root
        for i in path {
            guard let subs = layer.sublayers, subs.indices.contains(i) else { return nil }
            layer = subs[i]
        }
        return layer
    }

    /// A path written "root/sublayers[2]/sublayers[0]".
    public static func describe(_ path: [Int]) -> String {
        (["root"] + path.map { "sublayers[\($0)]" }).joined(separator: "/")
    }
}

extension Compositor {
    /// The topmost layer drawn at `point` (canvas points, y down) when the tree under `root`
    /// is compiled for a `width` x `height` canvas at `scale` (as `compile` places it), or nil
    /// when nothing is drawn there (the canvas background) or the point is off the canvas.
    /// Unlike `CALayer.hitTest` (sublayers in array order, bounds only) this follows the
    /// pixels (see `RenderPlan.pick(pixel:)`). Throws a `CompositorError` for a canvas
    /// `compileChecked` refuses or a point that is not finite.
    public func pick(root: CALayer, at point: CGPoint, width: Double, height: Double, scale: Double = 1) throws -> LayerHit? {
        let plan = try compileChecked(root: root, width: width, height: height, scale: scale)
        return try Self.pick(plan, root: root, at: point, scale: scale)
    }

    /// The topmost layer of `plan` (compiled from the tree under `root` at `scale`) at `point`
    /// (canvas points), resolved to `root`'s tree; nil when nothing is drawn there. A layer
    /// the plan names but the tree's `sublayers` do not reach (a presentation copy's delayed
    /// replicator instance) resolves to nothing.
    public static func pick(_ plan: RenderPlan, root: CALayer, at point: CGPoint, scale: Double) throws -> LayerHit? {
        let x = Double(point.x), y = Double(point.y)
        guard x.isFinite, y.isFinite else { throw CompositorError("the point (\(x), \(y)) must be finite") }
        guard let hit = plan.pick(pixel: SIMD2(x, y) * scale), let found = LayerPaths.index(root)[hit.layer] else { return nil }
        return LayerHit(layer: found.layer, point: CGPoint(x: hit.point.x, y: hit.point.y), path: found.path, planHit: hit)
    }
}
