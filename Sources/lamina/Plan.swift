import ArgumentParser
import Foundation
import LaminaCompositor
import LaminaScene

/// `lamina plan SCENE`.
struct Plan: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print a scene's render plan: targets, quads and splits.")

    @Argument(help: "The scene file.") var scene: String

    @Option(help: "Pixels per point (default: the scene's canvas scale).")
    var scale: Double?

    @Option(parsing: .unconditional, help: "Plan the scene at this time in seconds, its animations applied.")
    var time: Double?

    @Flag(help: "Draw every plane with sublayers through its own render target.")
    var forceTargets = false

    func validate() throws {
        try validateTime(time)
        try validateScale(scale)
    }

    func run() throws {
        let s = try loadScene(scene)
        try applyScale(scale, to: s)
        if time != nil { s.attachAnimations() }
        let root = time.map { s.root.presentationTree(at: $0) } ?? s.root
        var options = compositorOptions(forceTargets: forceTargets)
        options.summarizesTree = true
        let plan = Compositor(options: options)
            .compile(root: root, width: s.canvas.width, height: s.canvas.height, scale: s.canvas.scale, background: s.canvas.background)
        print(plan.listing)
    }
}
