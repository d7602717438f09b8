// `lamina plan` lists what a scene uses of revision 2 above its targets: shadows (radius, and
// whether a shadowPath shapes them), masks, shape layers and replicator instances.
import Foundation
import Testing

@Suite("lamina plan", .serialized)
struct PlanCLITests {
    private func plan(_ stem: String) throws -> [String] {
        let path = Paths.r2Scenes.appendingPathComponent("\(stem).json").path
        let r = try runLamina(["plan", path])
        #expect(r.status == 0, "exit \(r.status)\nstderr: \(r.stderr)")
        return r.stdout.components(separatedBy: "\n")
    }

    @Test func listsShadowsWithTheirRadiusAndPath() throws {
        let lines = try plan("r2-shadow-path")
        #expect(lines.first?.hasPrefix("plan: ") == true)
        #expect(lines.contains("shadows: 4 (card radius 6 with shadowPath, circle radius 4 with shadowPath, "
            + "turned radius 3 with shadowPath, with-sublayer radius 5 with shadowPath)"), "\(lines.prefix(4))")
        #expect(!lines.contains { $0.hasPrefix("masks:") || $0.hasPrefix("replicators:") || $0.hasPrefix("shape layers:") })
        // The summary comes before the targets.
        let summary = try #require(lines.firstIndex { $0.hasPrefix("shadows:") })
        let target = try #require(lines.firstIndex { $0.hasPrefix("target #") })
        #expect(summary < target)
        #expect(lines.contains { $0.contains("(shadow path)") }, "the shadow path targets are listed")
    }

    @Test func listsMasksShapesAndReplicatorInstances() throws {
        let masked = try plan("r2-mask-and-shadow")
        #expect(masked.contains("shadows: 2 ((unnamed) radius 6, (unnamed) radius 4)"), "\(masked.prefix(4))")
        #expect(masked.contains("masks: 2 ((unnamed) masked by (unnamed), (unnamed) masked by (unnamed))"), "\(masked.prefix(4))")
        let shapes = try plan("r2-shape-badges")
        #expect(shapes.contains("shape layers: 4 ((unnamed), (unnamed), (unnamed), (unnamed))"), "\(shapes.prefix(4))")
        let replicators = try plan("r2-replicator-row")
        #expect(replicators.contains("replicators: 2 ((unnamed) 8 instances, (unnamed) 2 instances)"), "\(replicators.prefix(4))")
    }

    @Test func aSceneWithoutThemListsNone() throws {
        let path = Paths.sharedScenes.appendingPathComponent("cube25d-flat.json").path
        let r = try runLamina(["plan", path])
        #expect(r.status == 0)
        #expect(!r.stdout.contains("shadows:") && !r.stdout.contains("masks:") && !r.stdout.contains("replicators:"))
    }
}
