// The `lamina` command-line tool: validate, render, plan, diff scene files.
import ArgumentParser
import CMalloc
import Foundation

@main
struct Lamina: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lamina",
        abstract: "Core Animation layer trees on Linux: validate, plan and render scene files.",
        subcommands: [Validate.self, Render.self, Plan.self, Diff.self, Bench.self,
                      Pick.self, ExportSwift.self])

    /// Runs the command; every message is "error: ..." on stderr (usage text only for a bad
    /// command line, the subcommand's own), exit 1 for a failure, 64 for bad usage.
    static func main() {
        tuneMalloc()
        var command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            fail(error)
        }
        do {
            try command.run()
        } catch {
            fail(error, command: type(of: command))
        }
    }

    /// A short-lived process that builds and drops large arrays (plans, canvases, PNG bands):
    /// glibc would map each block over 128 KB afresh and give freed memory back, so every
    /// regrowth faults in zeroed pages again. Larger blocks stay in the heap here and the heap
    /// grows and shrinks in 16 MB steps (whole `lamina render` processes of 1,000 cards: 8-9% less CPU time above an empty scene's).
    private static func tuneMalloc() {
        _ = mallopt(M_MMAP_THRESHOLD, 64 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 128 << 20)
        _ = mallopt(M_TOP_PAD, 16 << 20)
    }

    private static func fail(_ error: Error, command: ParsableCommand.Type? = nil) -> Never {
        let code = exitCode(for: error)
        if let e = error as? CLIError {
            FileHandle.standardError.write(Data("error: \(e)\n".utf8))
            Foundation.exit(1)
        }
        var text = fullMessage(for: error)
        if error is ValidationError, let command {
            // A bad option found while running: the subcommand's usage, not the top level's.
            text = "Error: \(error)\n" + command.helpMessage(columns: nil).split(separator: "\n", omittingEmptySubsequences: false)
                .drop { !$0.hasPrefix("USAGE") }.prefix { !$0.isEmpty }.joined(separator: "\n")
        }
        if text.hasPrefix("Error: ") { text = "error: " + text.dropFirst(7) }
        if !text.isEmpty {
            let stream = code == .success ? FileHandle.standardOutput : FileHandle.standardError
            stream.write(Data((text + "\n").utf8))
        }
        Foundation.exit(code.rawValue)
    }
}

/// A failure while running a command (bad scene, unreadable image, unwritable output):
/// printed as "error: <message>", exit status 1, no usage text.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
