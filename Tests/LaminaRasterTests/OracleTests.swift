// Every seed scene against the headless-Chromium oracle's image of it (CSS 3D has Core
// Animation's model), compared as seen over the canvas background, against each scene's own
// marks (Thresholds: just below what it measured when reviewed; all are at least 98% of pixels
// within 16/255 with a mean of at most 0.004). The misses are anti-aliased edges and cube
// seams, where Chromium differs slightly.
import Foundation
import LaminaImage
import LaminaRaster
import QuartzCore
import Testing

@Suite struct OracleTests {
    static var comparable: [String] {
        Paths.sceneNames.filter { FileManager.default.fileExists(atPath: Paths.oracle.appendingPathComponent($0 + ".png").path) }
    }

    @Test(arguments: OracleTests.comparable)
    func matchesOracle(_ name: String) throws {
        let scene = try loadScene(name)
        let image = renderCPU(scene)
        let oracle = try PNG.read(Paths.oracle.appendingPathComponent(name + ".png").path)
        let d = try ImageDiff(image, oracle, over: backgroundRGB(scene))
        let marks = try #require(Thresholds.of(name), "\(name) has no marks in Thresholds.swift")
        #expect(d.close >= marks.cpuClose, "\(name): \(d.summary)")
        #expect(d.mean <= marks.cpuMean, "\(name): \(d.summary)")
        #expect(marks.cpuClose >= 0.98 && marks.cpuMean <= 0.004, "\(name)'s marks are looser than the project's bar")
    }

    /// Only the lit cube has no oracle image (the oracle cannot light).
    @Test func everySceneButTheLitOneHasAnOracleImage() {
        #expect(Set(Paths.sceneNames).subtracting(OracleTests.comparable) == ["transforms-5.22-cube-lit"])
    }

    /// The lit cube: each face's color times the k its description gives, within 3/255 at the face's centre.
    @Test func litCubeFacesAreShadedByK() throws {
        let scene = try loadScene("transforms-5.22-cube-lit")
        let image = renderCPU(scene)
        let container = scene.root
        let expected: [(String, Double)] = [("face1", 0.306), ("face2", 0.509), ("face3", 0.844)]
        for (name, k) in expected {
            let face = try #require(container.sublayers?.first { $0.name == name })
            // The face's centre on screen: its bounds centre converted to the canvas.
            let c = face.convert(CGPoint(x: face.bounds.midX, y: face.bounds.midY), to: nil)
            let x = Int(c.x), y = Int(c.y)
            let i = (y * image.width + x) * 4
            let base = try #require(face.backgroundColor)
            let want = [base.rgba.red, base.rgba.green, base.rgba.blue].map { Double($0) * 255 * k }
            for ch in 0..<3 {
                let got = Double(image.premultipliedRGBA[i + ch])
                #expect(abs(got - want[ch]) <= 3, "\(name) channel \(ch) at (\(x), \(y)): \(got) vs \(want[ch])")
            }
        }
    }
}
