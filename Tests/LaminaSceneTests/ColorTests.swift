// Colors: #RRGGBB, #RRGGBBAA, [r, g, b, a] and every UIColor name with UIColor's values.
import Foundation
import Testing
import LaminaScene
import QuartzCore

@Suite("Colors")
struct ColorTests {
    func color(_ json: String) throws -> CGColor? {
        try parseLayer(#"{"backgroundColor": \#(json)}"#).backgroundColor
    }

    func rgba(_ c: CGColor?) -> [CGFloat]? { c?.components }

    /// A JSON string literal.
    func str(_ s: String) -> String { "\"" + s + "\"" }

    @Test func hexRGB() throws {
        #expect(rgba(try color(str("#3B7DD8"))) == [0x3B / 255.0, 0x7D / 255.0, 0xD8 / 255.0, 1])
        #expect(rgba(try color(str("#3b7dd8"))) == rgba(try color(str("#3B7DD8"))))
        #expect(rgba(try color(str("#000000"))) == [0, 0, 0, 1])
        #expect(rgba(try color(str("#FFFFFF"))) == [1, 1, 1, 1])
    }

    @Test func hexRGBA() throws {
        #expect(rgba(try color(str("#FF800040"))) == [1, 0x80 / 255.0, 0, 0x40 / 255.0])
        #expect(rgba(try color(str("#00000000"))) == [0, 0, 0, 0])
    }

    @Test func componentArray() throws {
        #expect(rgba(try color("[0.1, 0.2, 0.3, 0.4]")) == [0.1, 0.2, 0.3, 0.4])
        #expect(rgba(try color("[0, 1, 0, 1]")) == [0, 1, 0, 1])
    }

    static let uiColors: [(String, [CGFloat])] = [
        ("black", [0, 0, 0, 1]), ("darkGray", [1.0 / 3, 1.0 / 3, 1.0 / 3, 1]), ("lightGray", [2.0 / 3, 2.0 / 3, 2.0 / 3, 1]),
        ("white", [1, 1, 1, 1]), ("gray", [0.5, 0.5, 0.5, 1]), ("red", [1, 0, 0, 1]), ("green", [0, 1, 0, 1]),
        ("blue", [0, 0, 1, 1]), ("cyan", [0, 1, 1, 1]), ("yellow", [1, 1, 0, 1]), ("magenta", [1, 0, 1, 1]),
        ("orange", [1, 0.5, 0, 1]), ("purple", [0.5, 0, 0.5, 1]), ("brown", [0.6, 0.4, 0.2, 1]), ("clear", [0, 0, 0, 0]),
    ]

    @Test(arguments: uiColors.map(\.0))
    func uiColorName(_ name: String) throws {
        let want = try #require(Self.uiColors.first { $0.0 == name }?.1)
        #expect(rgba(try color("\"\(name)\"")) == want)
    }

    @Test func everyColorKeyTakesColors() throws {
        let l = try parseLayer(##"{"type": "textLayer", "backgroundColor": "red", "borderColor": "#00FF00", "foregroundColor": [0, 0, 1, 0.5]}"##)
        #expect(rgba(l.backgroundColor) == [1, 0, 0, 1])
        #expect(rgba(l.borderColor) == [0, 1, 0, 1])
        #expect(rgba((l as? CATextLayer)?.foregroundColor) == [0, 0, 1, 0.5])
        let s = try parseScene(sceneJSON(canvas: #"{"width": 1, "height": 1, "background": "orange"}"#))
        #expect(rgba(s.canvas.background) == [1, 0.5, 0, 1])
    }

    @Test(arguments: ["Red", "#12345", "#1234567", "#GGGGGG", "123456", "#+f+f+f", "#-0-0-0", "# 1 2 3", "#１２３４５６", "",
                      "transparent", "#ff00ff\u{301}"])
    func badColorStrings(_ text: String) {
        expectSceneError(path: "root.sublayers[0].backgroundColor", ["bad color"]) { try color(str(text)) as Any }
    }

    @Test func componentsOutsideTheUnitRange() {
        expectSceneError(path: "root.sublayers[0].backgroundColor[3]", ["color component", "outside 0...1"]) { try color("[0, 0, 0, 1.5]") as Any }
        expectSceneError(path: "root.sublayers[0].backgroundColor[0]", ["outside 0...1"]) { try color("[-0.1, 0, 0, 1]") as Any }
        expectSceneError(path: "root.sublayers[0].backgroundColor", ["expected 4 numbers"]) { try color("[1, 0, 0]") as Any }
        expectSceneError(path: "root.sublayers[0].backgroundColor[1]", ["expected a number", "\"x\""]) { try color(#"[1, "x", 0, 1]"#) as Any }
    }
}
