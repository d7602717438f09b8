// `lamina export-swift`: a scene as Swift source (Core Animation's API only), alone or in a
// runnable SwiftPM package that renders it to a PNG as `lamina render` does.
import ArgumentParser
import Foundation
import LaminaImage
import LaminaScene
import QuartzCore

/// `lamina export-swift SCENE [-o FILE] [--package DIR [--lamina-path P]]`.
struct ExportSwift: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-swift",
        abstract: "Write a scene as Swift code that builds its layer tree (makeLayerTree(), addAnimations(to:)).")

    @Argument(help: "The scene file.")
    var scene: String

    @Option(name: .shortAndLong, help: "The Swift file to write (default: standard output).")
    var output: String?

    @Option(help: "Write a SwiftPM package into this folder whose executable renders the tree to the PNG named as its argument.")
    var package: String?

    @Option(help: "With --package: the Lamina checkout the package depends on (default: the one this tool was built from).")
    var laminaPath: String?

    @Flag(name: .customLong("public"), help: "Declare the top-level functions and values public (to use them from another module).")
    var isPublic = false

    func validate() throws {
        if package != nil && output != nil { throw ValidationError("-o and --package do not go together (the package holds the source)") }
        if laminaPath != nil && package == nil { throw ValidationError("--lamina-path goes with --package") }
        if let output, (output as NSString).pathExtension != "swift" {
            throw ValidationError("the output \"\(output)\" must end in .swift")
        }
    }

    func run() throws {
        let s = try loadScene(scene)
        let stem = URL(fileURLWithPath: scene).deletingPathExtension().lastPathComponent
        if let package {
            try writePackage(s, stem: stem, to: URL(fileURLWithPath: package))
            return
        }
        var options = SwiftExportOptions(access: isPublic ? "public" : "", sceneName: (scene as NSString).lastPathComponent)
        options.sourceFolder = output.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
        let text = try source(s, options)
        guard let output else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        try write(text, to: URL(fileURLWithPath: output))
    }

    private func source(_ s: Scene, _ options: SwiftExportOptions) throws -> String {
        do { return try s.swiftSource(options: options) } catch let e as SceneError {
            throw CLIError("cannot export \(scene): \(e)")
        }
    }

    private func write(_ text: String, to url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw CLIError("cannot write \(url.path): \(error.localizedDescription)")
        }
    }

    /// The Lamina checkout: --lamina-path, or the package root this tool's source is in.
    private func laminaRoot() throws -> URL {
        let root = laminaPath.map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) else {
            throw CLIError("no Lamina package at \(root.path) (give its folder with --lamina-path)")
        }
        return root.standardizedFileURL
    }

    /// DIR/Package.swift, DIR/Sources/NAME/{Scene,main}.swift and the contents images in DIR/Images.
    private func writePackage(_ s: Scene, stem: String, to dir: URL) throws {
        let lamina = try laminaRoot()
        let name = Self.packageName(stem)
        let sources = dir.appendingPathComponent("Sources").appendingPathComponent(name)
        // Contents images are copied next to the package, so it stands on its own.
        let images = dir.appendingPathComponent("Images")
        for l in s.allLayers + s.allLayers.compactMap(\.mask) {
            guard let image = l.contents as? CGImage, let src = image.sourceURL else { continue }
            let copy = images.appendingPathComponent(src.lastPathComponent)
            do {
                try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
                if FileManager.default.fileExists(atPath: copy.path) { try FileManager.default.removeItem(at: copy) }
                try FileManager.default.copyItem(at: src, to: copy)
            } catch {
                throw CLIError("cannot copy \(src.path) to \(copy.path): \(error.localizedDescription)")
            }
            // Read back from the copy, so the source refers to the package's own file.
            do { l.contents = try PNG.read(copy.path) } catch { throw CLIError("cannot read \(copy.path): \(error)") }
        }
        let options = SwiftExportOptions(sourceFolder: sources, sceneName: (scene as NSString).lastPathComponent)
        try write(try source(s, options), to: sources.appendingPathComponent("Scene.swift"))
        try write(Self.mainSource(name, hasAnimations: !s.animations.isEmpty), to: sources.appendingPathComponent("main.swift"))
        try write(Self.manifest(name, lamina: lamina.path, scene: (scene as NSString).lastPathComponent), to: dir.appendingPathComponent("Package.swift"))
    }

    /// The scene file's name as a Swift module name in upper camel case (`Transforms51AffineRotation`).
    static func packageName(_ stem: String) -> String {
        let words = stem.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let s = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return s.isEmpty || s.first!.isNumber ? "Scene" + s : s
    }

    static func manifest(_ name: String, lamina: String, scene: String) -> String {
        """
        // swift-tools-version: 6.0
        // \(name): the scene \(scene) as Swift (Sources/\(name)/Scene.swift, Core Animation's API only) and an
        // executable that renders it to a PNG with Lamina: `swift run \(name) out.png`.
        import PackageDescription

        let package = Package(
            name: "\(name)",
            dependencies: [
                .package(name: "Lamina", path: \(quoted(lamina))),
            ],
            targets: [
                .executableTarget(name: "\(name)", dependencies: [
                    .product(name: "QuartzCore", package: "Lamina"),
                    .product(name: "LaminaImage", package: "Lamina"),
                    .product(name: "LaminaKit", package: "Lamina"),
                ]),
            ],
            swiftLanguageModes: [.v6]
        )

        """
    }

    /// A Swift string literal of a path.
    static func quoted(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func mainSource(_ name: String, hasAnimations: Bool) -> String {
        let usage = hasAnimations ? "OUTPUT.png [--time SECONDS]" : "OUTPUT.png"
        let timed = hasAnimations ? """

            // With --time T: the animations added with the scene's time 0 at the smallest positive
            // media time (0 would mean "now" to add(_:forKey:)), the tree drawn at T.
            var time: CFTimeInterval?
            if let i = arguments.firstIndex(of: "--time"), i + 1 < arguments.endIndex, let t = Double(arguments[i + 1]), t.isFinite {
                time = t
                addAnimations(to: root, at: .leastNormalMagnitude)
            }
        """ : "\n    let time: CFTimeInterval? = nil"
        return """
        // Renders the tree Scene.swift builds to the PNG named as the first argument, on the scene's
        // canvas (size, scale, background), as `lamina render` draws the scene file.
        import Foundation
        import LaminaKit
        import QuartzCore

        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let output = arguments.first, output.hasSuffix(".png") else {
            FileHandle.standardError.write(Data("usage: \(name) \(usage)\\n".utf8))
            exit(64)
        }
        do {
            let root = makeLayerTree()\(timed)
            let renderer = try LayerRenderer()
            // The model values unless a time was given (presentedTree then applies the animations).
            try renderer.png(of: root, size: canvasSize, scale: canvasScale, background: canvasBackground, at: time, to: output)
        } catch {
            FileHandle.standardError.write(Data("error: \\(error)\\n".utf8))
            exit(1)
        }

        """
    }
}
