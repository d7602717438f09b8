// The README's Swift examples, verbatim (ReadmeExamplesTests checks that every ```swift block of
// the README appears here, line for line): so the README's code compiles and runs.
import Foundation
import LaminaKit
import LaminaScene
import LaminaRaster
import LaminaGL

enum ReadmeExamples {
    /// "Render a layer tree": a card with text, turning in perspective, at half a second.
    static func layerTree() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        root.backgroundColor = CGColor(red: 0.96, green: 0.96, blue: 0.94, alpha: 1)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        root.sublayerTransform = perspective

        let card = CALayer()
        card.frame = CGRect(x: 100, y: 60, width: 200, height: 180)
        card.backgroundColor = CGColor(red: 0.23, green: 0.49, blue: 0.85, alpha: 1)
        card.cornerRadius = 12
        root.addSublayer(card)

        let label = CATextLayer()
        label.frame = CGRect(x: 16, y: 16, width: 168, height: 60)
        label.string = "Hello, layers"
        label.fontSize = 24
        label.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        label.isWrapped = true
        card.addSublayer(label)

        let start = CACurrentMediaTime()
        let turn = CABasicAnimation(keyPath: "transform.rotation.y")
        turn.fromValue = 0
        turn.toValue = Double.pi / 3
        turn.duration = 1
        card.add(turn, forKey: "turn")

        let renderer = try LayerRenderer(backend: .automatic)   // OpenGL when it can, else the CPU
        try renderer.png(of: root, size: CGSize(width: 400, height: 300), scale: 2, at: start + 0.5, to: "card.png")
    }

    /// "Render a scene file": the box closing, at 0.5 s on the scene's clock.
    static func sceneFile() throws {
        let scene = try Scene.read(contentsOf: "Assets/scenes/conundrum-box-closing.json")
        scene.attachAnimations()   // the file's animations section; its time 0 is media time 0
        let renderer = try LayerRenderer()
        let image = try renderer.image(of: scene.root, size: CGSize(width: scene.canvas.width, height: scene.canvas.height),
                                       scale: scene.canvas.scale, background: scene.canvas.background, at: 0.5)
        try PNG.write(image, to: "box.png")
    }

    /// "The stages": compile once, draw on the CPU and on GL, compare.
    static func stages() throws {
        let scene = try Scene.read(contentsOf: "Assets/scenes/cube-corner-on.json")
        let options = CompositorOptions(textImage: LayerRenderer.textSource)
        let plan = Compositor(options: options).compile(root: scene.root, width: scene.canvas.width, height: scene.canvas.height,
                                                        scale: scene.canvas.scale, background: scene.canvas.background)
        print(plan.listing)                       // targets, quads, splits: what `lamina plan` prints
        let cpu = CPURenderer().render(plan)      // premultiplied RGBA8, top row first
        let gl = try GLRenderer()                 // on the process's headless EGL context
        let gpu = try gl.render(plan)
        let parity = Parity(gpu, cpu, edges: EdgePixels.mask(for: plan))
        print(parity)                             // share of pixels within 2/255, misses off edges
    }
}
