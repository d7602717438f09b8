import ArgumentParser
import Foundation
import LaminaScene

/// `lamina validate SCENE...`: checks scene files against the contract.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scene files against the contract; print a tree summary or the errors.")

    @Argument(help: "Scene files (JSON).")
    var scenes: [String]

    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    func run() throws {
        var failures = 0
        for path in scenes {
            do {
                let scene = try Scene.read(contentsOf: path)
                if !quiet { print("\(path): ok\n\(scene.summary)") }
            } catch let e as SceneError {
                failures += 1
                for line in e.allDescriptions { FileHandle.standardError.write(Data("error: \(line)\n".utf8)) }
            }
        }
        if failures > 0 {
            FileHandle.standardError.write(Data("\(failures) of \(scenes.count) scene\(scenes.count == 1 ? "" : "s") invalid\n".utf8))
            throw ExitCode(1)
        }
    }
}
