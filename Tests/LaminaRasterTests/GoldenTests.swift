// Every seed scene against its reviewed golden image (Tests/Golden/cpu). The CPU renderer
// is deterministic, so the tolerance is tight: at most 0.05% of pixels may differ by more
// than 2/255 (floating-point rounding on another machine), none by more than 32/255.
import Foundation
import LaminaImage
import QuartzCore
import Testing

@Suite struct GoldenTests {
    @Test(arguments: Paths.sceneNames)
    func matchesGolden(_ name: String) throws {
        let scene = try loadScene(name)
        let image = renderCPU(scene)
        let goldenPath = Paths.golden.appendingPathComponent(name + ".png").path
        let golden = try PNG.read(goldenPath)
        let d = try ImageDiff(image, golden)
        #expect(d.exact >= 0.9995, "\(name): \(d.summary)")
        #expect(d.max <= 32, "\(name): \(d.summary)")
    }
}
