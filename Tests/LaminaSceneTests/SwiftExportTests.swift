// `Scene.swiftSource`: reviewed output for a few scenes (Tests/Fixtures/swift-export), numbers
// that read back to the same bits, readable transforms that are the very matrix, names, errors
// and the CLI. Compiling and rendering every scene's export is tools/check-export.sh's job.
import Foundation
import Testing
@testable import LaminaScene
import QuartzCore

@Suite("Swift export")
struct SwiftExportTests {
    static let expectedFolder = Paths.packageRoot.appendingPathComponent("Tests/Fixtures/swift-export")
    /// Scene (relative to Tests/Fixtures) -> reviewed Swift (in swift-export): perspective and two
    /// turns, a light, a contents image, revision 2 (mask, shadow), every kind of animation.
    static let reviewed = [
        "scenes/transforms-5.21-cube-corner-on.json", "scenes/transforms-5.22-cube-lit.json",
        "extra-scenes/contents-gravity.json", "scenes-r2/r2-mask-and-shadow.json", "export-scenes/animated-cards.json",
    ]

    @Test(arguments: reviewed)
    func sourceMatchesTheReviewedText(_ scene: String) throws {
        let file = Paths.packageRoot.appendingPathComponent("Tests/Fixtures").appendingPathComponent(scene)
        let s = try Scene.read(contentsOf: file.path)
        let text = try s.swiftSource(options: SwiftExportOptions(sourceFolder: Self.expectedFolder, sceneName: file.lastPathComponent))
        let expected = Self.expectedFolder.appendingPathComponent(file.deletingPathExtension().lastPathComponent + ".swift")
        // LAMINA_UPDATE_EXPORTS=1 rewrites the expected files (then review the diff).
        if ProcessInfo.processInfo.environment["LAMINA_UPDATE_EXPORTS"] == "1" {
            try text.write(to: expected, atomically: true, encoding: .utf8)
        }
        let want = try String(contentsOf: expected, encoding: .utf8)
        #expect(text == want, "regenerate with LAMINA_UPDATE_EXPORTS=1 and review the diff")
    }

    @Test func everyFixtureSceneExportsWithEveryNamedLayerAsAVariable() throws {
        let root = Paths.packageRoot.appendingPathComponent("Tests/Fixtures")
        var count = 0
        for folder in try FileManager.default.contentsOfDirectory(atPath: root.path) where folder != "scenes-bad" {
            let dir = root.appendingPathComponent(folder)
            for f in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [] where f.hasSuffix(".json") {
                let s = try Scene.read(contentsOf: dir.appendingPathComponent(f).path)
                let text = try s.swiftSource()
                for l in s.allLayers {
                    guard let n = l.name else { continue }
                    #expect(text.contains("let \(SwiftNames.identifier(n))"), "\(f): no variable for \(n)")
                    #expect(text.contains(".name = \(SwiftLiterals.string(n))"), "\(f): \(n) is not named")
                }
                // Every layer antialiases its edges as scenes do (Core Animation's default is off).
                #expect(text.components(separatedBy: ".allowsEdgeAntialiasing = true").count - 1
                        == (s.allLayers + s.allLayers.compactMap(\.mask)).count, "\(f)")
                #expect(text.contains("func addAnimations(to root: CALayer") == !s.animations.isEmpty, "\(f)")
                count += 1
            }
        }
        #expect(count >= 30)
    }

    // MARK: Numbers

    @Test func numbersReadBackToTheSameBits() {
        var rng = SystemRandomNumberGenerator()
        var values: [Double] = [0, 1, -1, 0.1, 1.0 / 3, 1e-300, .leastNonzeroMagnitude, 1e300, -123456.789, 1e15, 1e15 + 1, 0.5, 2.5e-7]
        for _ in 0..<2000 {
            let d = Double(bitPattern: rng.next())
            if d.isFinite { values.append(d) }
        }
        for x in values {
            let text = SwiftLiterals.number(x)
            #expect(Double(text)?.bitPattern == x.bitPattern, "\(x) written as \(text)")
            let any = SwiftLiterals.double(x)
            #expect(Double(any)?.bitPattern == x.bitPattern && !any.allSatisfy { $0.isNumber || $0 == "-" }, "\(x) as \(any)")
            let f = Float(x)
            if f.isFinite { #expect(Float(SwiftLiterals.float(f))?.bitPattern == f.bitPattern, "\(f)") }
        }
        #expect(SwiftLiterals.number(100) == "100")
        #expect(SwiftLiterals.double(1) == "1.0")
        #expect(SwiftLiterals.number(-0.0) == "-0.0")
    }

    @Test func colorComponentsAreBytesOver255WhenExact() {
        for n in 0...255 {
            let x = Double(n) / 255
            let text = SwiftLiterals.component(x)
            if n == 0 || n == 255 { #expect(text == (n == 0 ? "0" : "1")) } else { #expect(text == "\(n) / 255") }
        }
        #expect(SwiftLiterals.component(0.3) == "0.3")
        #expect(SwiftLiterals.color(CGColor(red: 1, green: 149.0 / 255, blue: 0, alpha: 0.5))
                == "CGColor(red: 1, green: 149 / 255, blue: 0, alpha: 0.5)")
    }

    @Test func stringsAreEscaped() {
        #expect(SwiftLiterals.string("a \"b\" \\ c\nd\te\u{1}é😀") == #""a \"b\" \\ c\nd\te\u{1}é😀""#)
    }

    // MARK: Transforms

    /// The text for `t` and, for the step forms, that it is what the steps give (checked in
    /// `source` too; here against the expected text).
    func text(_ t: CATransform3D) -> String {
        let s = SwiftTransforms.source(t, helper: "t")
        return (s.prelude + [s.expression]).joined(separator: "\n")
    }

    @Test func transformsReadAsCoreAnimationCalls() {
        let turn = CATransform3DMakeRotation(30 * .pi / 180, 0, 1, 0)
        #expect(text(turn) == "CATransform3DMakeRotation(30 * .pi / 180, 0, 1, 0)")
        #expect(text(CATransform3DMakeRotation(.pi / 2, 0, 0, 1)) == "CATransform3DMakeRotation(90 * .pi / 180, 0, 0, 1)")
        #expect(text(CATransform3DRotate(CATransform3DMakeTranslation(100, 0, 0), .pi / 2, 0, 1, 0))
                == "CATransform3DRotate(CATransform3DMakeTranslation(100, 0, 0), 90 * .pi / 180, 0, 1, 0)")
        #expect(text(CATransform3DMakeTranslation(1, 2.5, -3)) == "CATransform3DMakeTranslation(1, 2.5, -3)")
        #expect(text(CATransform3DMakeScale(2, 2, 1)) == "CATransform3DMakeScale(2, 2, 1)")
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        #expect(text(p) == "var t = CATransform3DIdentity\nt.m34 = -1.0 / 500\nt")
        let camera = CATransform3DRotate(CATransform3DRotate(p, -45 * .pi / 180, 1, 0, 0), -45 * .pi / 180, 0, 1, 0)
        #expect(text(camera) == """
            var t = CATransform3DIdentity
            t.m34 = -1.0 / 500
            t = CATransform3DRotate(t, -45 * .pi / 180, 1, 0, 0)
            t = CATransform3DRotate(t, -45 * .pi / 180, 0, 1, 0)
            t
            """)
        // The conundrum's box turned about its center, and the 2.5D cube's scaled camera.
        let pivot = CATransform3DTranslate(CATransform3DRotate(CATransform3DRotate(CATransform3DTranslate(p, 0, 0, 50), 0.6, 1, 0, 0),
                                                               0.5, 0, 1, 0), 0, 0, -50)
        #expect(text(pivot) == """
            var t = CATransform3DIdentity
            t.m34 = -1.0 / 500
            t = CATransform3DTranslate(t, 0, 0, 50)
            t = CATransform3DRotate(t, 0.6, 1, 0, 0)
            t = CATransform3DRotate(t, 0.5, 0, 1, 0)
            t = CATransform3DTranslate(t, 0, 0, -50)
            t
            """)
        let scaled = CATransform3DScale(CATransform3DRotate(CATransform3DRotate(p, .pi / 8, 1, 0, 0), .pi / 8, 0, 1, 0), 0.7, 0.7, 0.7)
        #expect(text(scaled).hasSuffix("t = CATransform3DScale(t, 0.7, 0.7, 0.7)\nt"), "\(text(scaled))")
        #expect(text(scaled).contains("t = CATransform3DRotate(t, 22.5 * .pi / 180, 1, 0, 0)"), "\(text(scaled))")
        // A corner-on turn about (1, 1, 0): the axis snapped to whole numbers.
        #expect(text(CATransform3DMakeRotation(.pi / 3, 1, 1, 0)) == "CATransform3DMakeRotation(60 * .pi / 180, 1, 1, 0)")
        let shear = CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: 0.3, c: -0.4, d: 1, tx: 10, ty: 0))
        #expect(text(shear) == "CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: 0.3, c: -0.4, d: 1, tx: 10, ty: 0))")
    }

    @Test func anyOtherMatrixIsWrittenFieldByField() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let t = CATransform3D(fields: (0..<16).map { _ in CGFloat(Double.random(in: -2...2, using: &rng)) })
            let s = text(t)
            #expect(s.hasPrefix("CATransform3D(m11: "))
            // The 16 numbers after "mRC: ", in order, are the fields' very bits.
            let numbers = s.components(separatedBy: ": ").dropFirst().map { $0.prefix { $0 != "," && $0 != ")" } }
            #expect(numbers.compactMap { Double($0) }.map(\.bitPattern) == t.fields.map { Double($0).bitPattern })
        }
    }

    // MARK: Names and errors

    @Test func layerNamesBecomeUniqueIdentifiers() {
        #expect(SwiftNames.identifier("front face") == "frontFace")
        #expect(SwiftNames.identifier("5.8 plane") == "layer58Plane")
        #expect(SwiftNames.identifier("default") == "defaultLayer")
        #expect(SwiftNames.identifier("été") == "t")
        #expect(SwiftNames.identifier("---") == "layer")
        #expect(SwiftNames.identifier("URLBar") == "urlBar")
        #expect(SwiftNames.identifier("Card back") == "cardBack")
        #expect(SwiftNames.identifier("ABC") == "abc")
        #expect(SwiftNames.identifier("x") == "x")
        var names = SwiftNames()
        #expect(["face", "face", "Face", "makeLayerTree"].map { names.unique($0) } == ["face", "face2", "face3", "makeLayerTree2"])
    }

    @Test func contentsFromNoFileIsAClearError() throws {
        let s = try parseScene(sceneJSON())
        s.root.contents = CGImage(width: 1, height: 1, premultipliedRGBA: [0, 0, 0, 255])
        let e = #expect(throws: SceneError.self) { try s.swiftSource() }
        #expect(e?.message.contains("not read from a PNG file") == true)
    }

    @Test func cliWritesTheFileAndRefusesBadOptions() throws {
        let dir = try makeTempDir("export")
        defer { remove(dir) }
        let scene = Paths.sharedScenes.appendingPathComponent("transforms-5.1-affine-rotation.json").path
        let out = dir.appendingPathComponent("Scene.swift")
        let r = try runLamina(["export-swift", scene, "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOf: out, encoding: .utf8) == Scene.read(contentsOf: scene).swiftSource(
            options: SwiftExportOptions(sourceFolder: dir, sceneName: "transforms-5.1-affine-rotation.json")))
        let both = try runLamina(["export-swift", scene, "-o", out.path, "--package", dir.path])
        #expect(both.status == 64 && both.stderr.contains("-o and --package do not go together"), "\(both.stderr)")
        let missing = try runLamina(["export-swift", dir.appendingPathComponent("none.json").path])
        #expect(missing.status == 1 && missing.stderr.contains("no such file"), "\(missing.stderr)")
    }

    @Test func cliWritesAPackage() throws {
        let dir = try makeTempDir("export-package")
        defer { remove(dir) }
        let scene = Paths.packageRoot.appendingPathComponent("Tests/Fixtures/extra-scenes/contents-gravity.json").path
        let r = try runLamina(["export-swift", scene, "--package", dir.path])
        #expect(r.status == 0, "\(r.stderr)")
        let manifest = try String(contentsOf: dir.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(".package(name: \"Lamina\", path: \"\(Paths.packageRoot.standardizedFileURL.path)\")"), "\(manifest)")
        let source = try String(contentsOf: dir.appendingPathComponent("Sources/ContentsGravity/Scene.swift"), encoding: .utf8)
        #expect(source.contains("loadImage(\"../../Images/picture.png\")"))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("Images/picture.png").path))
        let main = try String(contentsOf: dir.appendingPathComponent("Sources/ContentsGravity/main.swift"), encoding: .utf8)
        #expect(main.contains("renderer.png(of: root, size: canvasSize, scale: canvasScale, background: canvasBackground"))
    }
}
