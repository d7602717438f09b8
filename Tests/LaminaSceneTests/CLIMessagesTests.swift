// The CLI's messages: one style ("error: ..."), every error in a file, the subcommand's usage
// for a bad option, negative --time accepted, PNG-only output named as such.
import Foundation
import Testing
import LaminaScene
import LaminaImage

@Suite("lamina messages", .serialized)
struct CLIMessagesTests {
    var scene: String { Paths.sharedScenes.appendingPathComponent("cube25d-closed.json").path }

    func tempFile(_ name: String) throws -> (URL, URL) {
        let dir = try makeTempDir("cli-msg")
        return (dir, dir.appendingPathComponent(name))
    }

    @Test func everyErrorOfAFileIsPrinted() throws {
        let (dir, file) = try tempFile("two.json")
        defer { remove(dir) }
        try sceneJSON(root: #"{"isDoubleSided": false, "sublayers": [{"opacity": 3}]}"#).write(to: file, atomically: true, encoding: .utf8)
        for command in [["validate", file.path], ["render", file.path, "-o", dir.appendingPathComponent("o.png").path, "--backend", "cpu"]] {
            let r = try runLamina(command)
            #expect(r.status == 1, "\(command[0]): exit \(r.status)")
            #expect(r.stderr.contains("\(file.path): root.isDoubleSided: unknown key \"isDoubleSided\" (did you mean \"doubleSided\"?)"), "\(r.stderr)")
            #expect(r.stderr.contains("\(file.path): root.sublayers[0].opacity: opacity 3 outside 0...1"), "\(r.stderr)")
            #expect(!r.stderr.contains("Error:"), "mixed message styles: \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("o.png").path))
    }

    @Test func negativeTimeIsAccepted() throws {
        let (dir, out) = try tempFile("t.png")
        defer { remove(dir) }
        let r = try runLamina(["render", scene, "-o", out.path, "--time", "-1", "--backend", "cpu"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.path))
        let p = try runLamina(["plan", scene, "--time", "-0.5"])
        #expect(p.status == 0, "\(p.stderr)")
    }

    @Test func onlyPNGIsWritten() throws {
        let (dir, out) = try tempFile("out.jpg")
        defer { remove(dir) }
        let r = try runLamina(["render", scene, "-o", out.path, "--backend", "cpu"])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("error: the output \"\(out.path)\" must end in .png"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func badOptionsShowTheSubcommandsUsage() throws {
        for args in [["render", scene, "-o", "/tmp/never.png", "--scale", "0"], ["render", scene, "-o", "/tmp/never.png", "--bogus"],
                     ["plan", scene, "--scale", "-2"]] {
            let r = try runLamina(args)
            #expect(r.status == 64, "\(args): exit \(r.status)")
            #expect(r.stderr.hasPrefix("error: "), "\(r.stderr)")
            #expect(r.stderr.contains("Usage: lamina \(args[0]) "), "not the subcommand's usage: \(r.stderr)")
        }
    }

    @Test func compressionLevelsWriteTheSameImage() throws {
        let (dir, _) = try tempFile("c")
        defer { remove(dir) }
        var sizes: [Int] = []
        for level in [0, 1, 9] {
            let out = dir.appendingPathComponent("c\(level).png").path
            let r = try runLamina(["render", scene, "-o", out, "--backend", "cpu", "--compression", String(level)])
            #expect(r.status == 0, "\(r.stderr)")
            sizes.append(try Data(contentsOf: URL(fileURLWithPath: out)).count)
        }
        #expect(sizes[0] > sizes[1] && sizes[1] >= sizes[2], "sizes by level: \(sizes)")
        let a = try PNG.read(dir.appendingPathComponent("c0.png").path), b = try PNG.read(dir.appendingPathComponent("c9.png").path)
        #expect(a == b)
        let bad = try runLamina(["render", scene, "-o", dir.appendingPathComponent("x.png").path, "--compression", "10"])
        #expect(bad.status == 64 && bad.stderr.contains("--compression must be 0...9"), "\(bad.stderr)")
    }

    @Test func timingsListEveryStep() throws {
        let (dir, _) = try tempFile("t")
        defer { remove(dir) }
        let out = dir.appendingPathComponent("t.png").path
        let r = try runLamina(["render", scene, "-o", out, "--backend", "cpu", "--timings"])
        #expect(r.status == 0, "\(r.stderr)")
        let steps = r.stderr.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true) }
        #expect(steps.map { $0.count > 2 ? String($0[2]).trimmingCharacters(in: .whitespaces).components(separatedBy: " (")[0] : "" }
                == ["read the scene", "compile", "wait for the cpu renderer", "draw", "write the PNG", "total"], "\(r.stderr)")
        #expect(steps.allSatisfy { $0.count > 1 && Double($0[0]) != nil && $0[1] == "ms" }, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: out))
        let quiet = try runLamina(["render", scene, "-o", out, "--backend", "cpu"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    @Test func runtimeErrorsHaveNoUsage() throws {
        let r = try runLamina(["render", scene, "-o", "/tmp/never.png", "--scale", "1000"])
        #expect(r.status == 1)
        #expect(r.stderr == "error: --scale 1000.0 would make a 500000x500000 image (1...16384 pixels a side)\n", "\(r.stderr)")
    }
}
