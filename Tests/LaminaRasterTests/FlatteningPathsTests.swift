// Direct composition and render targets are two ways to draw a flattened plane; they must
// agree within the GPU-vs-CPU parity tolerance: every pixel that is an edge pixel of
// neither plan within 2/255, and at least 99% of all pixels within 2/255 (resampling a
// target moves anti-aliased edges by a fraction of a pixel, so edges differ more than
// between two renderers of one plan).
import Foundation
import LaminaCompositor
import LaminaImage
import LaminaRaster
import LaminaScene
import QuartzCore
import Testing

@Suite struct FlatteningPathsTests {
    @Test(arguments: Paths.sceneNames)
    func directAndTargetsAgree(_ name: String) throws {
        let scene = try loadScene(name)
        func plan(_ force: Bool) -> RenderPlan {
            Compositor(options: CompositorOptions(forceTargets: force))
                .compile(root: scene.root, width: scene.canvas.width, height: scene.canvas.height, scale: scene.canvas.scale, background: scene.canvas.background)
        }
        let direct = plan(false), targets = plan(true)
        let edges = zip(EdgePixels.mask(for: direct), EdgePixels.mask(for: targets)).map { $0 || $1 }
        let p = Parity(CPURenderer().render(direct), CPURenderer().render(targets), edges: edges)
        #expect(p.nonEdgeMisses == 0, "\(name): \(p)")
        #expect(p.exactShare >= 0.99, "\(name): \(p)")
    }
}
