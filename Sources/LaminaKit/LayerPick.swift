// Picking by pixels on a layer tree, as `LayerRenderer` would draw it.
import Foundation
import LaminaCompositor
import QuartzCore

extension CALayer {
    /// The layer whose drawn pixel is at `point` (canvas points, y down) when this layer is
    /// drawn as `LayerRenderer` draws it on a `size`-point canvas at `scale` at media time
    /// `time` (nil: now), and the point in that layer's own coordinates; nil when nothing is
    /// drawn there. Unlike `hitTest(_:)` (Core Animation's: sublayers in array order, bounds
    /// only), it answers from the render plan: depth order, split pieces, culled back faces
    /// (a point there picks what is behind), masks, masksToBounds and flattened subtrees (a
    /// point on a flattened plane picks the sublayer drawn there). The layer returned is the
    /// model layer, even when animations make the presentation differ. Throws a
    /// `LayerRendererError` for a canvas that cannot be drawn or a point that is not finite.
    public func pick(_ point: CGPoint, size: CGSize, scale: Double = 1, at time: CFTimeInterval? = nil) throws -> (layer: CALayer, point: CGPoint)? {
        let w = Double(size.width), h = Double(size.height)
        let drawn = LayerRenderer.presentedTree(self, at: time)
        var options = CompositorOptions()
        options.textImage = LayerRenderer.textSource
        do {
            guard let hit = try Compositor(options: options).pick(root: drawn, at: point, width: w, height: h, scale: scale) else { return nil }
            // The presentation copy's place in its tree names the model layer.
            let model = drawn === self ? hit.layer : (LayerPaths.layer(at: hit.path, under: self) ?? hit.layer)
            return (model, hit.point)
        } catch let e as CompositorError {
            throw LayerRendererError("\(e)")
        }
    }
}
