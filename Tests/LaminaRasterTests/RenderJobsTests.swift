// `lamina render --frames N --jobs J`: frames made in parallel are the very frames made one by one.
import Foundation
import Testing
import LaminaTestSupport

/// Runs the built `lamina` with `args`; its exit status.
func runLaminaQuietly(_ args: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Int32 {
    try runProgram(requireBuiltExecutable("lamina", sourceLocation: sourceLocation), args).status
}

@Suite(.serialized) struct RenderJobsTests {
    func run(_ args: [String]) throws -> Int32 { try runLaminaQuietly(args) }

    @Test func parallelFramesEqualSerialOnes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-jobs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = Paths.packageRoot.appendingPathComponent("Assets/scenes/cube25d-folding.json").path
        let one = dir.appendingPathComponent("one").path, three = dir.appendingPathComponent("three").path
        #expect(try run(["render", scene, "--frames", "7", "--fps", "6", "--jobs", "1", "--backend", "cpu", "-o", one]) == 0)
        #expect(try run(["render", scene, "--frames", "7", "--fps", "6", "--jobs", "3", "--backend", "cpu", "-o", three]) == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: one).sorted()
        #expect(names == (0..<7).map { String(format: "frame-%04d.png", $0) })
        for n in names {
            let a = try Data(contentsOf: URL(fileURLWithPath: one).appendingPathComponent(n))
            let b = try Data(contentsOf: URL(fileURLWithPath: three).appendingPathComponent(n))
            #expect(a == b, "\(n) differs")
        }
        #expect(try run(["render", scene, "--jobs", "2", "-o", dir.appendingPathComponent("x.png").path]) == 64, "--jobs without --frames")
    }
}
