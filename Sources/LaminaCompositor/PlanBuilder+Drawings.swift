// Gradient and shape layers' quads: their drawings rasterized (or taken from the cache) at
// the layer's on-screen scale, drawn as images.
import CoreGraphics
import QuartzCore

extension PlanBuilder {
    /// The largest stretch of `box` into the target being built, over its part in front of the eye (nil: none is).
    private func stretch(of box: Box, planeToTarget: Mat4) -> Double? {
        let visible = clip(box.corners, planeToTarget.inFrontOfEye)
        guard !visible.isEmpty else { return nil }
        return visible.map { planeToTarget.stretch($0).max }.max() ?? 1
    }

    /// A gradient layer's gradient over its rounded bounds (the template from LayerParts),
    /// its image covering the unit square of the bounds at the on-screen scale.
    func gradientQuad(_ layer: CAGradientLayer, template: DrawQuad, planeToTarget: Mat4) -> DrawQuad? {
        let bounds = template.rect
        guard let gradient = GradientDrawing(layer), let stretch = stretch(of: bounds, planeToTarget: planeToTarget),
              let scale = drawingScale(stretch: stretch, width: bounds.width, height: bounds.height, maxSide: options.maxTargetSize)
        else { return nil }
        let most = max(1, options.maxTargetSize)
        let w = (bounds.width * scale).clampedToInt(in: 1...most, rounding: .up)
        let h = (bounds.height * scale).clampedToInt(in: 1...most, rounding: .up)
        let key = GradientKey(gradient: gradient, width: w, height: h)
        guard let image = DrawingCache.shared.image(key, make: { gradient.image(width: w, height: h) }) else { return nil }
        var q = template
        let full = Box(minX: 0, minY: 0, maxX: 1, maxY: 1)
        q.fill = .image(index: index(of: image), uv: full)
        q.sampleClamp = full
        return q
    }

    /// A shape layer's drawing as a quad over its box (not clipped to the bounds unless the layer masks to them).
    func shapeQuad(_ layer: CAShapeLayer, box: Box, planeToTarget: Mat4) -> DrawQuad? {
        guard let shape = ShapeDrawing(layer), let stretch = stretch(of: box, planeToTarget: planeToTarget),
              let scale = drawingScale(stretch: stretch, width: box.width, height: box.height, maxSide: options.maxTargetSize)
        else { return nil }
        // The image's texel grid starts on a multiple of 1/scale, so at scale 1 under a
        // whole-pixel placement its texels sit on pixels exactly.
        var r = box
        r.minX = (box.minX * scale).rounded(.down) / scale
        r.minY = (box.minY * scale).rounded(.down) / scale
        let most = max(1, options.maxTargetSize)
        let w = ((box.maxX - r.minX) * scale).clampedToInt(in: 1...most, rounding: .up)
        let h = ((box.maxY - r.minY) * scale).clampedToInt(in: 1...most, rounding: .up)
        r.maxX = r.minX + Double(w) / scale
        r.maxY = r.minY + Double(h) / scale
        let key = ShapeKey(shape: shape, originX: r.minX, originY: r.minY, scale: scale, width: w, height: h)
        guard let image = DrawingCache.shared.image(key, make: { shape.image(box: r, scale: scale, width: w, height: h) }) else { return nil }
        let full = Box(minX: 0, minY: 0, maxX: 1, maxY: 1)
        // The image's transparent margin carries the anti-aliased edges: the quad's own edges stay hard.
        var q = DrawQuad(layerName: layer.name ?? "(unnamed)", role: "shape", matrix: .identity, rect: r, cornerRadius: 0,
                         antialiasedEdges: [], fill: .image(index: index(of: image), uv: full), borderWidth: 0, borderColor: .zero,
                         mask: layer.masksToBounds ? RoundedBox(box: Box(layer.bounds), radius: LayerParts.clampedRadius(layer)) : nil,
                         opacity: 1, lighting: [], clips: [], cover: [], isSplit: false)
        q.sampleClamp = full
        return q
    }
}

/// A gradient image's cache key.
struct GradientKey: Hashable {
    var gradient: GradientDrawing
    var width: Int, height: Int
}

/// A shape image's cache key.
struct ShapeKey: Hashable {
    var shape: ShapeDrawing
    var originX: Double, originY: Double, scale: Double
    var width: Int, height: Int
}
