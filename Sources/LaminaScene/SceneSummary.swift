// A short printable summary of a scene's layer tree (`lamina validate`).
import QuartzCore

extension Scene {
    /// One line for the scene, then one indented line per layer.
    public var summary: String {
        let layers = allLayers
        let transformLayers = layers.filter { $0 is CATransformLayer }.count
        let px = canvas.pixelSize
        var lines = ["canvas \(fmt(canvas.width))x\(fmt(canvas.height)) @\(fmt(canvas.scale))x (\(px.width)x\(px.height) px), "
            + "\(layers.count) layer\(layers.count == 1 ? "" : "s") (\(transformLayers) transformLayer\(transformLayers == 1 ? "" : "s")), "
            + "\(animations.count) animation\(animations.count == 1 ? "" : "s")"]
        func walk(_ l: CALayer, _ depth: Int) {
            let kind = SceneReader.sceneType(of: l)
            var notes: [String] = []
            if l.transform != CATransform3DIdentity {
                notes.append(CATransform3DIsAffine(l.transform) ? "affine transform" : "3D transform")
            }
            if l.sublayerTransform != CATransform3DIdentity { notes.append(l.sublayerTransform.m34 != 0 ? "perspective sublayerTransform" : "sublayerTransform") }
            if l.zPosition != 0 { notes.append("z \(fmt(l.zPosition))") }
            if l.opacity != 1 { notes.append("opacity \(fmt(Double(l.opacity)))") }
            if l.isHidden { notes.append("hidden") }
            if !l.isDoubleSided { notes.append("single-sided") }
            if l.masksToBounds { notes.append("masks") }
            if l.contents != nil { notes.append("contents") }
            if l.light != nil { notes.append("light") }
            if l.shadowOpacity > 0 && l.shadowColor != nil { notes.append("shadow") }
            if let m = l.mask { notes.append("mask [\(SceneReader.sceneType(of: m))]") }
            if let r = l as? CAReplicatorLayer { notes.append("\(r.instanceCount) instance\(r.instanceCount == 1 ? "" : "s")") }
            let size = "\(fmt(l.bounds.width))x\(fmt(l.bounds.height)) at (\(fmt(l.position.x)), \(fmt(l.position.y)))"
            lines.append(String(repeating: "  ", count: depth + 1) + "\(l.name ?? "(unnamed)") [\(kind)] \(size)"
                + (notes.isEmpty ? "" : ", " + notes.joined(separator: ", ")))
            for s in l.sublayers ?? [] { walk(s, depth + 1) }
        }
        walk(root, 0)
        return lines.joined(separator: "\n")
    }

    private func fmt(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e9 ? String(Int(d)) : String(format: "%.4g", d)
    }
}
