// The malformed scenes in Tests/Fixtures/scenes-bad: each fails with its JSON path.
import Foundation
import Testing
import LaminaScene

/// Every bad fixture: its file name, the JSON path of its error and a message fragment.
let badFixtures: [(file: String, path: String, fragment: String)] = [
    ("animation-subpath-on-transformed.json", "animations[0].keyPath", "to be the identity"),
    ("animation-unknown-layer.json", "animations[1].layer", "no layer is named \"lip\""),
    ("bounds-three-numbers.json", "root.bounds", "expected 4 numbers, got 3"),
    ("canvas-too-large.json", "canvas", "16384"),
    ("contents-not-png.json", "root.contents", "not a readable PNG"),
    ("duplicate-key.json", "root.opacity", "duplicate key \"opacity\""),
    ("format-2.json", "format", "unsupported format 2"),
    ("hidden-as-one.json", "root.sublayers[0].hidden", "expected true or false, got 1"),
    ("huge-number.json", "root.zPosition", "1e999"),
    ("light-zero-direction.json", "root.light.direction", "zero vector"),
    ("missing-contents.json", "root.contents", "no-such-image.png"),
    ("missing-root.json", "root", "missing"),
    ("nan-in-matrix.json", "root.transform[5]", "NaN is not a number in JSON"),
    ("perspective-zero.json", "root.sublayerTransform[0].perspective", "must not be 0"),
    ("text-key-on-plain-layer.json", "root.sublayers[0].string", "only a textLayer"),
    ("truncated.json", "", "not valid JSON"),
    ("unknown-gravity.json", "root.contentsGravity", "unknown gravity \"middle\""),
    ("unknown-layer-key.json", "root.sublayers[1].bogus", "unknown key \"bogus\""),
    ("unknown-transform-step.json", "root.sublayers[2].transform[1]", "unknown step \"rotat\""),
]

@Suite("Bad fixtures")
struct BadFixturesTests {
    @Test func everyFixtureHasAnExpectation() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Paths.badScenes.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files == badFixtures.map(\.file).sorted())
    }

    @Test(arguments: badFixtures.map(\.file))
    func fixtureIsRejected(_ file: String) throws {
        let want = try #require(badFixtures.first { $0.file == file })
        let path = Paths.badScenes.appendingPathComponent(file).path
        let e = expectSceneError(path: want.path, [want.fragment]) { try Scene.read(contentsOf: path) }
        #expect(e?.file == path)
    }
}
