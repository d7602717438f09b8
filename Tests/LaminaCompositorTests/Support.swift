// Helpers for the failure-mode tests: layer trees built in code with the QuartzCore API,
// compiled by the Compositor, and read back as plans (quad order by layer name, split
// pieces, targets, pixel areas of what each quad can cover).
@_exported import LaminaTestSupport
import LaminaCompositor
import QuartzCore
import Testing

func compile(_ root: CALayer, _ w: Double = 400, _ h: Double = 400, scale: Double = 1, background: CGColor? = nil,
             forceTargets: Bool = false) -> RenderPlan {
    Compositor(options: CompositorOptions(forceTargets: forceTargets)).compile(root: root, width: w, height: h, scale: scale, background: background)
}

/// Compiles `root` through `frames` (which reuses what it kept from the frame before) and
/// expects the very plan a compile from scratch makes; `label` names the frame on failure.
@discardableResult
func compileMatchingScratch(_ frames: FrameCompositor, _ root: CALayer, width: Double, height: Double,
                            background: CGColor? = nil, _ label: String,
                            sourceLocation: SourceLocation = #_sourceLocation) throws -> RenderPlan {
    let plan = try frames.compile(root: root, width: width, height: height, background: background)
    let scratch = Compositor().compile(root: root, width: width, height: height, background: background)
    // Compared first: a failing #expect on the comparison itself would print both plans whole.
    let same = plan.targets == scratch.targets
    #expect(same, "\(label): the plan differs from a compile from scratch", sourceLocation: sourceLocation)
    return plan
}

extension RenderPlan {
    /// The output target.
    var output: RenderTarget { targets[outputIndex] }
    /// The output's quads' layer names, in drawing order.
    var drawOrder: [String] { output.quads.map(\.layerName) }
    /// Every quad of every target.
    var allQuads: [DrawQuad] { targets.flatMap(\.quads) }
}

/// Runs of equal neighbours merged: ["A", "A", "B"] -> ["A", "B"].
func collapsed(_ names: [String]) -> [String] {
    names.reduce(into: []) { out, n in if out.last != n { out.append(n) } }
}

/// The part of a quad's rectangle its hard clips keep, projected to target pixels.
func visiblePixels(_ q: DrawQuad) -> [SIMD2<Double>] {
    clip(q.rect.corners, q.clips).map { q.matrix.project($0) }
}

/// The area of a polygon (shoelace, absolute).
func area(_ p: [SIMD2<Double>]) -> Double {
    guard p.count >= 3 else { return 0 }
    var s = 0.0
    for i in p.indices { let a = p[i], b = p[(i + 1) % p.count]; s += a.x * b.y - b.x * a.y }
    return abs(s) / 2
}

func centroid(_ p: [SIMD2<Double>]) -> SIMD2<Double> {
    p.reduce(SIMD2<Double>(0, 0), +) / Double(max(p.count, 1))
}

/// The product of a layer's M matrices up to (not including) `root`'s own: its matrix into
/// the 3D rendering context `root` roots, root's sublayerTransform included.
func matrix(of layer: CALayer, into root: CALayer) -> CATransform3D {
    var m = CATransform3DIdentity
    var l = layer
    while l !== root, let p = l.superlayer {
        m = m.concatenating(l.transformToSuperlayer)
        l = p
    }
    return m
}
