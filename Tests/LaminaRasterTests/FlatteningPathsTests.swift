// Direct composition and render targets are two ways to draw a flattened plane; they agree
// within the parity tolerance, widened by what resampling a texture does: every pixel that
// is not within one pixel of an edge of either plan agrees within 2/255 (bilinear
// resampling of a target spreads an anti-aliased edge by up to one texel), and at least
// 99% of all pixels do.
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
        let out = direct.targets[direct.outputIndex]
        let edges = EdgePixels.dilate(zip(EdgePixels.mask(for: direct), EdgePixels.mask(for: targets)).map { $0 || $1 },
                                      width: out.width, height: out.height, radius: 1)
        let p = Parity(CPURenderer().render(direct), CPURenderer().render(targets), edges: edges)
        #expect(p.nonEdgeMisses == 0, "\(name): \(p)")
        #expect(p.exactShare >= 0.99, "\(name): \(p)")
    }
}
