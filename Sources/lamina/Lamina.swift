// The `lamina` command-line tool: validate, render, plan, diff scene files.
import ArgumentParser
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
