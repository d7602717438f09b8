// The `lamina` command-line tool: validate, render, plan, diff scene files.
import ArgumentParser

@main
struct Lamina: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lamina",
        abstract: "Core Animation layer trees on Linux: validate, plan and render scene files.",
        subcommands: [Validate.self, Render.self, Plan.self, Diff.self, Bench.self])
}

/// A failure while running a command (bad scene, unreadable image, unwritable output):
/// printed as "Error: <message>", exit status 1, no usage text.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
