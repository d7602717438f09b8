// A systematic sweep: every number in every seed scene replaced, one at a time, by extreme
// values. Each variant parses or throws a SceneError (never traps), and what parses holds only
// finite geometry and survives a write -> read round trip.
import Foundation
import Testing
import LaminaScene
import QuartzCore

/// Every path (indices into arrays / objects) to a number in `v`.
func numberPaths(_ v: JSONValue, _ at: [Int] = []) -> [[Int]] {
    switch v {
    case .number: return [at]
    case .array(let a): return a.enumerated().flatMap { numberPaths($0.element, at + [$0.offset]) }
    case .object(let m): return m.enumerated().flatMap { numberPaths($0.element.value, at + [$0.offset]) }
    default: return []
    }
}

/// `v` with the value at `path` replaced.
func replacing(_ v: JSONValue, at path: ArraySlice<Int>, with x: JSONValue) -> JSONValue {
    guard let i = path.first else { return x }
    switch v {
    case .array(var a): a[i] = replacing(a[i], at: path.dropFirst(), with: x); return .array(a)
    case .object(var m): m[i].value = replacing(m[i].value, at: path.dropFirst(), with: x); return .object(m)
    default: return v
    }
}

/// Whether every number the scene's layers hold is finite.
func allFinite(_ s: Scene) -> Bool {
    s.allLayers.allSatisfy { l in
        ([l.bounds.minX, l.bounds.minY, l.bounds.width, l.bounds.height, l.position.x, l.position.y, l.zPosition,
          l.anchorPoint.x, l.anchorPoint.y, l.anchorPointZ, l.cornerRadius, l.borderWidth, CGFloat(l.opacity)]
            + l.transform.fields + l.sublayerTransform.fields).allSatisfy(\.isFinite)
    }
}

@Suite("Extreme values")
struct ExtremeValueTests {
    static let extremes: [Double] = [.greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, 0, -1, 16385]

    @Test(arguments: Paths.sharedSceneFiles.map(\.lastPathComponent))
    func everyNumberReplacedByExtremes(_ name: String) throws {
        let tree = try JSONValue.parse(Data(contentsOf: Paths.sharedScenes.appendingPathComponent(name)))
        let paths = numberPaths(tree)
        #expect(paths.count > 10)
        var parsed = 0
        for p in paths {
            for x in Self.extremes {
                let text = jsonText(replacing(tree, at: p[...], with: .number(x)))
                let scene: Scene
                do {
                    scene = try Scene.parse(Data(text.utf8), baseDirectory: Paths.sharedScenes)
                } catch is SceneError {
                    continue
                } catch {
                    Issue.record("\(name) \(p) = \(x): \(type(of: error)) \(error)")
                    continue
                }
                parsed += 1
                #expect(allFinite(scene), "\(name) \(p) = \(x): a non-finite value got into the tree")
                do {
                    let written = try scene.jsonText(savingImagesIn: FileManager.default.temporaryDirectory, stem: "x")
                    let again = try Scene.parse(Data(written.utf8), baseDirectory: Paths.sharedScenes)
                    let diffs = sceneDifferences(scene, again)
                    #expect(diffs.isEmpty, "\(name) \(p) = \(x): \(diffs.prefix(3))")
                } catch {
                    Issue.record("\(name) \(p) = \(x): writing and reading back failed: \(error)")
                }
            }
        }
        #expect(parsed > 0)
    }
}
