// Not a check: with LAMINA_MEASURE=1 it measures what Thresholds.swift pins (oracle and parity
// figures of every seed and extra scene, on both renderers) and prints the table's new body.
// Run: LAMINA_MEASURE=1 swift test --filter ThresholdReport 2>&1 | grep '^    "'
import Foundation
import LaminaCompositor
import LaminaGL
import LaminaImage
import LaminaRaster
import LaminaScene
import LaminaWorkloads
import QuartzCore
import Testing

@Suite struct ThresholdReport {
    static let enabled = ProcessInfo.processInfo.environment["LAMINA_MEASURE"] == "1"

    @Test(.enabled(if: ThresholdReport.enabled, "measures thresholds only with LAMINA_MEASURE=1"))
    func measure() throws {
        let extra = Paths.fixtures.appendingPathComponent("extra-scenes"), extraOracle = Paths.fixtures.appendingPathComponent("extra-oracle")
        var scenes: [(String, Scene, URL?)] = try Paths.sceneNames.map { n in
            (n, try loadScene(n), Paths.oracle.appendingPathComponent(n + ".png"))
        }
        for f in ((try? FileManager.default.contentsOfDirectory(atPath: extra.path)) ?? []).filter({ $0.hasSuffix(".json") }).sorted() {
            let n = String(f.dropLast(5))
            scenes.append((n, try Scene.read(contentsOf: extra.appendingPathComponent(f).path), extraOracle.appendingPathComponent(n + ".png")))
        }
        // The revision-2 scenes whose layer types are drawn so far.
        for n in ["r2-gradient-cards", "r2-shape-badges", "r2-replicator-row", "r2-mask-and-shadow", "r2-shadow-path", "r2-contents-scale"] {
            scenes.append((n, try Scene.read(contentsOf: Paths.fixtures.appendingPathComponent("scenes-r2/\(n).json").path),
                           Paths.fixtures.appendingPathComponent("oracle-r2/\(n).png")))
        }
        let randomOracle = Paths.fixtures.appendingPathComponent("random-oracle")
        for w in Workload.randomSeries() {
            scenes.append((w.name, w.scene(seed: 1), randomOracle.appendingPathComponent(w.name + ".png")))
        }
        for (name, scene, oracleURL) in scenes {
            var fields: [String] = []
            if let oracleURL, FileManager.default.fileExists(atPath: oracleURL.path) {
                let oracle = try PNG.read(oracleURL.path)
                let p = plan(scene)
                for image in [CPURenderer().render(p), try GLRenderer().render(p)] {
                    let d = try ImageDiff(image, oracle, over: backgroundRGB(scene))
                    fields.append(Thresholds.minShare(d.close, pixels: d.width * d.height))
                    fields.append(Thresholds.maxMean(d.mean))
                }
            } else {
                fields += ["0", "1", "0", "1"]
            }
            for force in [false, true] {
                let p = plan(scene, forceTargets: force)
                let out = p.targets[p.outputIndex]
                let parity = Parity(try GLRenderer().render(p), CPURenderer().render(p), edges: EdgePixels.mask(for: p))
                fields.append(Thresholds.minShare(parity.exactShare, pixels: out.width * out.height))
            }
            print("    \"\(name)\": Thresholds.Scene(\(fields.joined(separator: ", "))),")
        }
    }
}
