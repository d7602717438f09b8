// Script numbers far out of range parse without trapping (they were converted with Int()).
import LaminaDemoKit
import Testing

@Suite struct ScriptNoTrapTests {
    @Test func hugeSceneNumberIsClampedNotATrap() throws {
        let steps = try DemoScript.parse("scene 1e300\n")
        #expect(steps == [.scene(Int(Int32.max))])
    }
}
