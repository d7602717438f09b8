// The README's Swift code is ReadmeExamples.swift's, line for line, and it runs: each example
// is run in a fresh folder and its PNG checked.
import Foundation
import Testing
import LaminaKit
import LaminaRaster
import LaminaScene
import LaminaTestSupport

/// Runs `body` with the current directory set to a fresh folder holding a link to Assets/.
/// Serialized by the suite: the current directory is the process's.
func inScratchFolder(_ body: (URL) throws -> Void) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-readme-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("Assets"), withDestinationURL: Paths.packageRoot.appendingPathComponent("Assets"))
    let previous = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(dir.path)
    defer {
        _ = FileManager.default.changeCurrentDirectoryPath(previous)
        try? FileManager.default.removeItem(at: dir)
    }
    try body(dir)
}

/// The lines of each ```swift block of a Markdown text, trimmed, blank lines dropped.
func swiftBlocks(of markdown: String) -> [[String]] {
    var blocks: [[String]] = [], current: [String]?
    for line in markdown.components(separatedBy: "\n") {
        let t = line.trimmingCharacters(in: .whitespaces)
        if current == nil, t == "```swift" { current = []; continue }
        if current != nil, t == "```" { blocks.append(current!); current = nil; continue }
        if current != nil, !t.isEmpty { current!.append(t) }
    }
    return blocks
}

@Suite("README examples", .serialized)
struct ReadmeExamplesTests {
    @Test func everySwiftBlockOfTheReadmeIsInTheExamples() throws {
        let readme = try String(contentsOf: Paths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let examples = try String(contentsOf: Paths.packageRoot.appendingPathComponent("Tests/LaminaKitTests/ReadmeExamples.swift"), encoding: .utf8)
        let lines = examples.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let blocks = swiftBlocks(of: readme)
        #expect(blocks.count >= 3, "the README has \(blocks.count) swift blocks")
        for block in blocks {
            // The block's lines appear in order, consecutively, in the examples file.
            let found = lines.indices.contains { i in i + block.count <= lines.count && Array(lines[i..<(i + block.count)]) == block }
            #expect(found, "a README block is not in ReadmeExamples.swift:\n\(block.joined(separator: "\n"))")
        }
    }

    @Test func layerTreeExampleWritesTheTurningCardWithText() throws {
        try inScratchFolder { dir in
            try ReadmeExamples.layerTree()
            let image = try PNG.read(dir.appendingPathComponent("card.png").path)
            #expect(image.width == 800 && image.height == 600)
            // Along the middle row: the card, narrowed by a turn of pi/6 (unturned it is 400 px wide).
            let row = 300
            let blue = (0..<800).filter { x in
                let p = image.pixel(x, row)
                return p.b > 180 && p.r < 100
            }
            #expect(blue.count > 250 && blue.count < 390, "card width on the middle row: \(blue.count) px")
            // Text: near-white pixels inside the card's top band.
            let white = (0..<800).flatMap { x in (150...240).map { (x, $0) } }.filter { image.pixel($0.0, $0.1).r > 200 && image.pixel($0.0, $0.1).b > 200 && image.pixel($0.0, $0.1).g > 200 }
            #expect(white.count > 100, "text pixels: \(white.count)")
        }
    }

    @Test func sceneFileExampleWritesTheBoxHalfClosed() throws {
        try inScratchFolder { dir in
            try ReadmeExamples.sceneFile()
            let image = try PNG.read(dir.appendingPathComponent("box.png").path)
            let scene = try Scene.read(contentsOf: Paths.packageRoot.appendingPathComponent("Assets/scenes/conundrum-box-closing.json").path)
            #expect(image.width == scene.canvas.pixelSize.width && image.height == scene.canvas.pixelSize.height)
            // The same as the CPU renderer's frame at t = 0.5 (the example may have drawn on GL).
            scene.attachAnimations()
            let cpu = CPURenderer().render(plan(Scene(description: nil, canvas: scene.canvas, root: scene.root.presentationTree(at: 0.5), animations: [])))
            let d = try ImageDiff(image, cpu)
            #expect(d.close > 0.999, "\(d.summary)")
        }
    }

    @Test(.enabled(if: glAvailable, "needs an OpenGL context (headless EGL)"))
    func stagesExampleRuns() throws {
        try inScratchFolder { _ in try ReadmeExamples.stages() }
    }

    /// These tests move the process into folders they delete while other suites run programs:
    /// the shared runner starts programs in the package root, so a deleted current folder is harmless.
    @Test func programsStartInThePackageRootWhenTheCurrentFolderIsGone() throws {
        try inScratchFolder { dir in
            try FileManager.default.removeItem(at: dir)
            let r = try runProgram(URL(fileURLWithPath: "/bin/pwd"), [])
            #expect(r.status == 0 && r.stdout == Paths.packageRoot.path + "\n", "\(r)")
        }
    }
}
