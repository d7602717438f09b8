import LaminaDemoKit
import Testing

@Suite struct ScriptTests {
    @Test func parsesEveryCommand() throws {
        let steps = try DemoScript.parse("""
            # the fold
            size 500 400
            scene 2
            key space   # fold
            drag 120 -30 4
            drag 1 2
            click
            scroll -1.5
            wait 1.2
            screenshot closed
            key 3
            key e
            """)
        #expect(steps == [.size(500, 400), .scene(2), .key(.space), .drag(dx: 120, dy: -30, steps: 4), .drag(dx: 1, dy: 2, steps: 10),
                          .click, .scroll(-1.5), .wait(1.2), .screenshot("closed"), .key(.digit(3)),
                          .key(.explode)])
    }

    @Test(arguments: [
        ("jump 3", 1, "unknown command \"jump\""),
        ("scene 2\nkey f", 2, "unknown key \"f\""),
        ("drag 1", 1, "drag takes DX DY"),
        ("wait -1", 1, "wait: seconds"),
        ("scene 1\nsize 10 10", 2, "size"),
        ("screenshot ../x", 1, "without folders"),
        ("drag a 2", 1, "argument 1 must be a number"),
        ("scroll", 1, "takes 1 argument"),
    ])
    func reportsTheLineAndTheProblem(_ text: String, _ line: Int, _ fragment: String) {
        #expect(throws: ScriptError.self) { try DemoScript.parse(text) }
        do {
            _ = try DemoScript.parse(text)
        } catch let e as ScriptError {
            #expect(e.line == line)
            #expect(e.message.contains(fragment), "\(e)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
