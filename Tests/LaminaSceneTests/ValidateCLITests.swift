// `lamina validate` on the seed scenes (exit 0, summaries) and the bad fixtures (exit 1,
// the JSON path on stderr, no summary on stdout).
import Foundation
import Testing
import LaminaScene
import LaminaTestSupport

typealias RunResult = ProgramRun

/// Runs `lamina` with `arguments`, capturing both streams.
func runLamina(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> RunResult {
    try runProgram(requireBuiltExecutable("lamina", sourceLocation: sourceLocation), arguments)
}

@Suite("lamina validate", .serialized)
struct ValidateCLITests {
    @Test func validatesEverySharedScene() throws {
        let files = Paths.sharedSceneFiles
        try #require(!files.isEmpty)
        let r = try runLamina(["validate"] + files.map(\.path))
        #expect(r.status == 0, "exit \(r.status)\nstderr: \(r.stderr)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        for f in files {
            let scene = try Scene.read(contentsOf: f.path)
            #expect(r.stdout.contains("\(f.path): ok\n"), "no ok line for \(f.lastPathComponent)")
            // The summary printed is the scene's own.
            #expect(r.stdout.contains("\(f.path): ok\n\(scene.summary)\n"), "no summary for \(f.lastPathComponent)")
            let n = scene.allLayers.count
            #expect(scene.summary.contains("\(n) layer\(n == 1 ? "" : "s")"))
        }
    }

    @Test func quietPrintsNothingForGoodScenes() throws {
        let r = try runLamina(["validate", "--quiet"] + Paths.sharedSceneFiles.prefix(3).map(\.path))
        #expect(r.status == 0)
        #expect(r.stdout.isEmpty && r.stderr.isEmpty, "stdout: \(r.stdout)\nstderr: \(r.stderr)")
    }

    @Test(arguments: badFixtures.map(\.file))
    func rejectsABadFixture(_ file: String) throws {
        let want = try #require(badFixtures.first { $0.file == file })
        let path = Paths.badScenes.appendingPathComponent(file).path
        let r = try runLamina(["validate", path])
        #expect(r.status != 0, "exit 0 for \(file)")
        #expect(!r.stdout.contains("ok"), "summary printed for a bad file: \(r.stdout)")
        #expect(!r.stdout.contains("canvas"), "summary printed for a bad file: \(r.stdout)")
        let located = want.path.isEmpty ? "\(path): \(want.fragment)" : "\(path): \(want.path): "
        #expect(r.stderr.contains(located), "stderr lacks \"\(located)\": \(r.stderr)")
        #expect(r.stderr.contains(want.fragment), "stderr lacks \"\(want.fragment)\": \(r.stderr)")
        #expect(r.stderr.contains("1 of 1 scene invalid"), "\(r.stderr)")
    }

    @Test func mixedGoodAndBad() throws {
        let good = try #require(Paths.sharedSceneFiles.first).path
        let bad = Paths.badScenes.appendingPathComponent("unknown-layer-key.json").path
        let r = try runLamina(["validate", good, bad, good])
        #expect(r.status == 1)
        #expect(r.stdout.components(separatedBy: "\(good): ok\n").count == 3, "\(r.stdout)")
        #expect(!r.stdout.contains(bad), "\(r.stdout)")
        #expect(r.stderr.contains("\(bad): root.sublayers[1].bogus: unknown key \"bogus\""), "\(r.stderr)")
        #expect(r.stderr.contains("1 of 3 scenes invalid"), "\(r.stderr)")
    }

    @Test func missingFileIsAnError() throws {
        let r = try runLamina(["validate", "/nonexistent/scene.json"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("/nonexistent/scene.json: no such file"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }
}
