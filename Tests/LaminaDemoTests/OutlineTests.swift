// Clicking a layer outlines it: `click X Y` in scripts, the outline's border put back when it
// moves, and under Xvfb the layer outlined is the one `Compositor.pick` finds at the point.
import Foundation
import LaminaCompositor
import LaminaDemoKit
import LaminaScene
import LaminaTestSupport
import QuartzCore
import Testing

@Suite(.serialized) struct OutlineTests {
    @Test func clickTakesNothingOrAPoint() throws {
        #expect(try DemoScript.parse("click\nclick 10 20.5") == [.click, .clickAt(x: 10, y: 20.5)])
        #expect(throws: ScriptError.self) { try DemoScript.parse("click 10") }
        #expect(throws: ScriptError.self) { try DemoScript.parse("click 10 nan") }
    }

    @Test func theOutlineMovesAndGivesBordersBack() {
        let a = CALayer(), b = CALayer()
        b.borderWidth = 1
        b.borderColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let aColor = a.borderColor
        let outline = LayerOutline()
        outline.outline(a)
        #expect(a.borderWidth == LayerOutline.width && outline.layer === a)
        outline.outline(b)
        #expect(a.borderWidth == 0 && a.borderColor == aColor)
        #expect(b.borderWidth == LayerOutline.width)
        outline.outline(nil)
        #expect(b.borderWidth == 1 && b.borderColor == CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        #expect(outline.layer == nil)
    }

    @Test(.enabled(if: glAvailable, "the window draws with OpenGL, and no context can be made here"))
    func aClickOutlinesTheLayerDrawnThere() throws {
        let out = try tempDir("outline")
        defer { try? FileManager.default.removeItem(at: out) }
        let script = """
            size 500 400
            scene 1
            click 250 200
            screenshot picked
            click 3 3
            screenshot none
            """
        let r = try playUnderXvfb(script, in: out)
        #expect(r.status == 0, "lamina-demo failed: \(r.stderr)")
        func outlined(_ s: Scene) -> [CALayer] { s.allLayers.filter { $0.borderWidth == LayerOutline.width && $0.borderColor == LayerOutline.color } }
        let picked = try Scene.read(contentsOf: out.appendingPathComponent("picked.json").path)
        let marked = outlined(picked)
        #expect(marked.count == 1)
        // The outlined layer is the one drawn at the point (the outline is on its edges only).
        let hit = try Compositor().pick(root: picked.root, at: CGPoint(x: 250, y: 200), width: 500, height: 400)
        #expect(hit != nil && hit?.layer === marked.first, "outlined \(marked.map(\.name)), picked \(String(describing: hit?.layer.name))")
        let none = try Scene.read(contentsOf: out.appendingPathComponent("none.json").path)
        #expect(outlined(none).isEmpty)
    }
}
