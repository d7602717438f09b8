// Contents images: relative paths, rewriting on save, images made in code, and errors.
import Foundation
import Testing
import LaminaImage
import LaminaScene
import QuartzCore

@Suite("Contents")
struct ContentsTests {
    /// A 2x3 premultiplied image with opaque, clear and half-transparent pixels.
    static let image = CGImage(width: 2, height: 3, premultipliedRGBA: [
        255, 0, 0, 255, 0, 255, 0, 255,
        0, 0, 0, 0, 64, 32, 16, 128,
        10, 20, 30, 255, 1, 2, 3, 4,
    ])

    /// tmp/images/dot.png and tmp/scenes/a/scene.json referring to it as ../../images/dot.png.
    func makeFiles(_ dir: URL) throws -> (png: URL, scene: URL) {
        let images = dir.appendingPathComponent("images"), scenes = dir.appendingPathComponent("scenes/a")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        let png = images.appendingPathComponent("dot.png")
        try PNG.write(Self.image, to: png.path)
        let scene = scenes.appendingPathComponent("scene.json")
        let json = sceneJSON(root: #"""
            {"name": "root", "bounds": [0, 0, 40, 60], "contents": "../../images/dot.png", "contentsGravity": "center",
             "sublayers": [{"name": "again", "contents": "../../images/dot.png"}]}
            """#)
        try Data(json.utf8).write(to: scene)
        return (png, scene)
    }

    @Test func relativeContentsResolveAgainstTheSceneFolder() throws {
        let dir = try makeTempDir("contents")
        defer { remove(dir) }
        let (png, sceneURL) = try makeFiles(dir)
        let scene = try Scene.read(contentsOf: sceneURL.path)
        let image = try #require(scene.root.contents as? CGImage)
        #expect(image.width == 2 && image.height == 3)
        #expect(image.premultipliedRGBA == Self.image.premultipliedRGBA)
        #expect(image.sourceURL?.standardizedFileURL.path == png.standardizedFileURL.path)
        #expect(scene.root.contentsGravity == .center)
        // An absolute path works too.
        let abs = try parseScene(sceneJSON(root: #"{"contents": "\#(png.path)"}"#), base: Paths.packageRoot)
        #expect((abs.root.contents as? CGImage)?.premultipliedRGBA == Self.image.premultipliedRGBA)
    }

    @Test func writingElsewhereRewritesTheContentsPath() throws {
        let dir = try makeTempDir("contents-rt")
        defer { remove(dir) }
        let (_, sceneURL) = try makeFiles(dir)
        let scene = try Scene.read(contentsOf: sceneURL.path)
        let outDir = dir.appendingPathComponent("out/deeper")
        try FileManager.default.createDirectory(at: outDir, withIntermediateDirectories: true)
        let again = try expectRoundTrip(scene, in: outDir, name: "moved.json")
        let text = try String(contentsOf: outDir.appendingPathComponent("moved.json"), encoding: .utf8)
        #expect(text.contains(#""contents": "../../images/dot.png""#), "\(text)")
        #expect((again.root.contents as? CGImage)?.premultipliedRGBA == Self.image.premultipliedRGBA)
        // Beside the image: a plain file name.
        let beside = dir.appendingPathComponent("images/beside.json")
        try scene.write(to: beside.path)
        #expect(try String(contentsOf: beside, encoding: .utf8).contains(#""contents": "dot.png""#))
        #expect(try Scene.read(contentsOf: beside.path).root.contents as? CGImage == Self.image)
        // Above the image's folder: down into it.
        let sib = dir.appendingPathComponent("sib.json")
        try scene.write(to: sib.path)
        #expect(try String(contentsOf: sib, encoding: .utf8).contains(#""contents": "images/dot.png""#))
        #expect(sceneDifferences(scene, try Scene.read(contentsOf: sib.path)).isEmpty)
    }

    @Test func imagesMadeInCodeAreWrittenBesideTheScene() throws {
        let dir = try makeTempDir("contents-code")
        defer { remove(dir) }
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 2, height: 3)
        root.contents = Self.image
        let child = CALayer()
        child.contents = Self.image
        root.addSublayer(child)
        let scene = Scene(canvas: Canvas(width: 4, height: 4), root: root)
        let path = dir.appendingPathComponent("made.json")
        try scene.write(to: path.path)
        let text = try String(contentsOf: path, encoding: .utf8)
        #expect(text.contains(#""contents": "made-contents-1.png""#))
        #expect(text.contains(#""contents": "made-contents-2.png""#))
        let again = try Scene.read(contentsOf: path.path)
        #expect(sceneDifferences(scene, again).isEmpty)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("made-contents-1.png").path))
    }

    @Test func missingContentsFile() throws {
        let dir = try makeTempDir("contents-missing")
        defer { remove(dir) }
        let e = expectSceneError(sceneJSON(root: #"{"sublayers": [{"contents": "art/missing.png"}]}"#),
                                 path: "root.sublayers[0].contents", "missing.png", "no such file", base: dir)
        #expect(e?.message.contains(dir.appendingPathComponent("art/missing.png").path) == true, "\(String(describing: e))")
    }

    @Test func contentsThatIsNotAPNG() throws {
        let dir = try makeTempDir("contents-notpng")
        defer { remove(dir) }
        try Data("hello, not a png".utf8).write(to: dir.appendingPathComponent("fake.png"))
        expectSceneError(sceneJSON(root: #"{"contents": "fake.png"}"#), path: "root.contents", "fake.png", "not a readable PNG", base: dir)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("folder.png"), withIntermediateDirectories: true)
        expectSceneError(sceneJSON(root: #"{"contents": "folder.png"}"#), path: "root.contents", "folder.png", base: dir)
        expectSceneError(sceneJSON(root: #"{"contents": ""}"#), path: "root.contents", "contents image", base: dir)
        expectSceneError(sceneJSON(root: #"{"contents": 5}"#), path: "root.contents", "expected a string", base: dir)
    }
}
