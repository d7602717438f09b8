// `lamina pick SCENE X Y [--time T]`: the layer drawn at a point (name, path, point in its own
// coordinates), "nothing" on the bare canvas, clear errors for bad input.
import Foundation
import Testing

@Suite("lamina pick", .serialized)
struct PickCLITests {
    /// A 200 x 100 canvas: a gray floor over its left half, a red card (its back turned: culled)
    /// on the floor and a blue card sliding from x 150 to 50 over the first second.
    static let json = #"""
    {"format": 1, "canvas": {"width": 200, "height": 100},
     "root": {"name": "stage", "bounds": [0, 0, 200, 100], "position": [100, 50],
       "sublayers": [
         {"name": "floor", "bounds": [0, 0, 100, 100], "position": [50, 50], "backgroundColor": [0.5, 0.5, 0.5, 1]},
         {"name": "turned", "bounds": [0, 0, 40, 40], "position": [50, 50], "backgroundColor": [1, 0, 0, 1],
          "transform": [-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1], "doubleSided": false},
         {"name": "slider", "bounds": [0, 0, 20, 20], "position": [150, 50], "backgroundColor": [0, 0, 1, 1]}
       ]},
     "animations": [{"layer": "slider", "keyPath": "position", "from": [150, 50], "to": [50, 50], "duration": 1, "fillMode": "forwards"}]}
    """#

    func withScene(_ body: (String) throws -> Void) throws {
        let dir = try makeTempDir("pick")
        defer { remove(dir) }
        let path = dir.appendingPathComponent("pick.json").path
        try Data(Self.json.utf8).write(to: URL(fileURLWithPath: path))
        try body(path)
    }

    @Test func picksByPixelsAndSaysWhere() throws {
        try withScene { path in
            // On the culled card: the floor behind it, in the floor's coordinates.
            var r = try runLamina(["pick", path, "52", "45"])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout == "layer floor\npath root/sublayers[0]\npoint 52 45\n")
            // The slider at rest (the model) and at t = 1 s (moved onto the floor).
            r = try runLamina(["pick", path, "155", "45"])
            #expect(r.stdout == "layer slider\npath root/sublayers[2]\npoint 15 5\n")
            r = try runLamina(["pick", path, "55", "45", "--time", "1"])
            #expect(r.stdout == "layer slider\npath root/sublayers[2]\npoint 15 5\n", "\(r.stderr)")
            r = try runLamina(["pick", path, "155", "45", "--time", "1"])
            #expect(r.status == 0)
            #expect(r.stdout == "nothing\n")
        }
    }

    @Test func badInputIsAClearError() throws {
        try withScene { path in
            var r = try runLamina(["pick", path, "abc", "1"])
            #expect(r.status == 64)
            #expect(r.stderr.hasPrefix("error: "), "\(r.stderr)")
            r = try runLamina(["pick", path, "1", "1", "--time", "nan"])
            #expect(r.status == 64)
            #expect(r.stderr.contains("--time"))
            r = try runLamina(["pick", path + ".missing", "1", "1"])
            #expect(r.status == 1)
            #expect(r.stderr.hasPrefix("error: "))
            #expect(r.stdout.isEmpty)
        }
    }
}
