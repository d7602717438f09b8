// The random scenes behind the README's figures: LaminaWorkloads' random-0...random-23 (seed 1:
// nested transform layers, perspective, cubes, splits, borders, corner radii, masks, opacity),
// each against the headless-Chromium oracle's image of it (Tests/Fixtures/random-oracle, made
// with the oracle's render.py from the scenes `lamina bench --write-scenes DIR random` writes).
// Each scene must meet its own marks (Thresholds). These scenes are small and edge-heavy, so
// their misses, all on anti-aliased edges and borders, weigh more than the seed scenes'.
import Foundation
import LaminaImage
import LaminaScene
import LaminaWorkloads
import Testing

@Suite struct RandomOracleTests {
    static let folder = Paths.fixtures.appendingPathComponent("random-oracle")
    static let names = Workload.randomSeries().map(\.name)

    @Test func theSeriesIsTheOneTheImagesShow() throws {
        #expect(Self.names.count == 24)
        let images = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".png") }
        #expect(Set(images) == Set(Self.names.map { $0 + ".png" }))
    }

    @Test(arguments: RandomOracleTests.names)
    func matchesOracle(_ name: String) throws {
        let workload = try #require(Workload(name: name))
        let scene = workload.scene(seed: 1)
        let image = renderCPU(scene)
        let expected = try PNG.read(Self.folder.appendingPathComponent(name + ".png").path)
        let d = try ImageDiff(image, expected, over: backgroundRGB(scene))
        let marks = try #require(Thresholds.of(name), "\(name) has no marks in Thresholds.swift")
        #expect(d.close >= marks.cpuClose, "\(name): \(d.summary)")
        #expect(d.mean <= marks.cpuMean, "\(name): \(d.summary)")
        #expect(marks.cpuClose >= 0.97 && marks.cpuMean <= 0.004, "\(name)'s marks are looser than the bar for random scenes")
    }
}
