import ArgumentParser
import Foundation
import LaminaCompositor
import LaminaKit
import LaminaScene

/// `lamina pick SCENE X Y`: the layer whose drawn pixel is at a canvas point.
struct Pick: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the layer drawn at a point of a scene's canvas, and the point in its coordinates.",
        discussion: """
            Picks by pixels, from the plan the renderers draw (depth order, splits, culled back faces, \
            masks, clipping, flattening), unlike CALayer.hitTest. Prints "layer NAME", "path \
            root/sublayers[i]/..." and "point X Y" (in the layer's own bounds space), or "nothing" \
            when only the canvas background is there (exit status 0 either way).
            """)

    @Argument(help: "The scene file.") var scene: String
    @Argument(help: "The point's x on the canvas, in points.") var x: Double
    @Argument(help: "The point's y on the canvas, in points (y down).") var y: Double

    @Option(help: "Pixels per point (default: the scene's canvas scale).")
    var scale: Double?

    @Option(parsing: .unconditional, help: "Pick in the scene at this time in seconds, its animations applied.")
    var time: Double?

    func validate() throws {
        try validateTime(time)
        try validateScale(scale)
        guard x.isFinite, y.isFinite else { throw ValidationError("X and Y must be finite numbers") }
    }

    func run() throws {
        let s = try loadScene(scene)
        try applyScale(scale, to: s)
        if time != nil { s.attachAnimations() }
        let root = time.map { s.root.presentationTree(at: $0) } ?? s.root
        let compositor = Compositor(options: compositorOptions(forceTargets: false))
        let hit: LayerHit?
        do {
            let plan = try compositor.compileChecked(root: root, width: s.canvas.width, height: s.canvas.height,
                                                     scale: s.canvas.scale, background: s.canvas.background)
            hit = try Compositor.pick(plan, root: root, at: CGPoint(x: x, y: y), scale: s.canvas.scale)
        } catch let e as CompositorError {
            throw CLIError("\(e)")
        }
        guard let hit else { print("nothing"); return }
        // A presentation copy's place names the model layer it was copied from.
        let model = LayerPaths.layer(at: hit.path, under: s.root) ?? hit.layer
        print("layer \(model.name ?? "(unnamed)")")
        print("path \(hit.pathDescription)")
        print(String(format: "point %.6g %.6g", Double(hit.point.x), Double(hit.point.y)))
    }
}
