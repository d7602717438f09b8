// Scenes beyond the seeds' (contents with every gravity and contentsRect, rounded masks over
// 3D children, opacity groups and transform-layer opacity, intersecting planes, geometry
// flipping and anchorPointZ, a layer crossing the eye plane, text layers), each against the oracle's
// image of it (Tests/Fixtures/extra-oracle, rendered by ../shared/oracle/render.py).
import Foundation
import LaminaImage
import LaminaScene
import QuartzCore
import Testing

@Suite struct ExtraOracleTests {
    static let folder = Paths.packageRoot.appendingPathComponent("Tests/Fixtures/extra-scenes")
    static let oracle = Paths.packageRoot.appendingPathComponent("Tests/Fixtures/extra-oracle")
    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    @Test func thereAreExtraScenes() { #expect(Self.names.count >= 7) }

    @Test(arguments: ExtraOracleTests.names)
    func matchesOracle(_ name: String) throws {
        let scene = try Scene.read(contentsOf: Self.folder.appendingPathComponent(name + ".json").path)
        let image = renderCPU(scene)
        let expected = try PNG.read(Self.oracle.appendingPathComponent(name + ".png").path)
        let d = try ImageDiff(image, expected, over: backgroundRGB(scene))
        // Each scene's own marks (Thresholds). Text is approximate on both sides (the oracle
        // lays it out with a browser font): its scenes may have a looser mean.
        let marks = try #require(Thresholds.of(name), "\(name) has no marks in Thresholds.swift")
        #expect(d.close >= marks.cpuClose, "\(name): \(d.summary)")
        #expect(d.mean <= marks.cpuMean, "\(name): \(d.summary)")
        #expect(marks.cpuClose >= 0.98 && marks.cpuMean <= (name.hasPrefix("text-") ? 0.006 : 0.004), "\(name)'s marks are looser than the bar")
    }
}
