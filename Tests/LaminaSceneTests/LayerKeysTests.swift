// Layer keys: defaults, frame semantics, and every key landing on its CALayer property.
import Foundation
import Testing
import LaminaScene
import QuartzCore

@Suite("Layer keys")
struct LayerKeysTests {
    @Test func defaultsAreCoreAnimations() throws {
        let l = try parseLayer("{}")
        #expect(type(of: l) == CALayer.self)
        #expect(l.name == nil)
        #expect(l.bounds == .zero && l.position == .zero)
        #expect(l.anchorPoint == CGPoint(x: 0.5, y: 0.5) && l.anchorPointZ == 0 && l.zPosition == 0)
        #expect(l.transform == CATransform3DIdentity && l.sublayerTransform == CATransform3DIdentity)
        #expect(l.opacity == 1 && !l.isHidden && l.isDoubleSided && !l.masksToBounds && !l.isGeometryFlipped)
        #expect(l.allowsEdgeAntialiasing)
        #expect(l.backgroundColor == nil && l.borderColor == CGColor.black)
        #expect(l.cornerRadius == 0 && l.borderWidth == 0)
        #expect(l.contents == nil && l.contentsGravity == .resize && l.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(l.light == nil && l.sublayers == nil)
    }

    @Test func frameSetsPositionAndBounds() throws {
        let l = try parseLayer(#"{"frame": [40, 60, 120, 80]}"#)
        #expect(l.position == CGPoint(x: 100, y: 100))
        #expect(l.bounds == CGRect(x: 0, y: 0, width: 120, height: 80))
        #expect(l.frame == CGRect(x: 40, y: 60, width: 120, height: 80))
    }

    @Test func frameUsesTheFinalAnchorWhateverTheKeyOrder() throws {
        for json in [#"{"frame": [40, 60, 120, 80], "anchorPoint": [0, 1]}"#,
                     #"{"anchorPoint": [0, 1], "frame": [40, 60, 120, 80]}"#] {
            let l = try parseLayer(json)
            #expect(l.anchorPoint == CGPoint(x: 0, y: 1))
            #expect(l.position == CGPoint(x: 40, y: 140), "\(json)")
            #expect(l.bounds == CGRect(x: 0, y: 0, width: 120, height: 80))
        }
    }

    @Test func boundsAndPositionWinOverFrame() throws {
        let a = try parseLayer(#"{"position": [5, 6], "frame": [40, 60, 120, 80], "bounds": [1, 2, 30, 40]}"#)
        #expect(a.position == CGPoint(x: 5, y: 6))
        #expect(a.bounds == CGRect(x: 1, y: 2, width: 30, height: 40))
        let b = try parseLayer(#"{"frame": [40, 60, 120, 80], "position": [5, 6]}"#)
        #expect(b.position == CGPoint(x: 5, y: 6))
        #expect(b.bounds == CGRect(x: 0, y: 0, width: 120, height: 80))
        let c = try parseLayer(#"{"bounds": [1, 2, 30, 40], "frame": [40, 60, 120, 80]}"#)
        #expect(c.position == CGPoint(x: 100, y: 100))
        #expect(c.bounds == CGRect(x: 1, y: 2, width: 30, height: 40))
    }

    @Test func affineTransformSetsTheTransform() throws {
        let l = try parseLayer(#"{"affineTransform": [1, 2, 3, 4, 5, 6]}"#)
        #expect(l.transform.fields == CATransform3DMakeAffineTransform(CGAffineTransform(1, 2, 3, 4, 5, 6)).fields)
        #expect(l.affineTransform() == CGAffineTransform(1, 2, 3, 4, 5, 6))
    }

    @Test func everyLayerKeyLands() throws {
        let l = try parseLayer("""
            {"type": "layer", "name": "n", "bounds": [1, 2, 30, 40], "position": [7, 8], "anchorPoint": [0.25, 0.75],
             "anchorPointZ": 3, "zPosition": -4, "transform": [{"translate": [1, 2, 3]}],
             "sublayerTransform": [{"m34": -0.01}], "backgroundColor": "red", "opacity": 0.5, "hidden": true,
             "doubleSided": false, "masksToBounds": true, "cornerRadius": 6, "borderWidth": 2, "borderColor": "blue",
             "contentsGravity": "topLeft", "contentsRect": [0.1, 0.2, 0.3, 0.4], "geometryFlipped": true,
             "allowsEdgeAntialiasing": false, "light": {"direction": [1, 0, 0], "ambient": 0.25},
             "sublayers": [{"type": "transformLayer"}, {"type": "textLayer"}]}
            """)
        #expect(l.name == "n")
        #expect(l.bounds == CGRect(x: 1, y: 2, width: 30, height: 40) && l.position == CGPoint(x: 7, y: 8))
        #expect(l.anchorPoint == CGPoint(x: 0.25, y: 0.75) && l.anchorPointZ == 3 && l.zPosition == -4)
        #expect(l.transform == CATransform3DMakeTranslation(1, 2, 3))
        var st = CATransform3DIdentity
        st.m34 = -0.01
        #expect(l.sublayerTransform == st)
        #expect(l.backgroundColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(l.opacity == 0.5 && l.isHidden && !l.isDoubleSided && l.masksToBounds && l.isGeometryFlipped)
        #expect(l.cornerRadius == 6 && l.borderWidth == 2 && l.borderColor == CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        #expect(l.contentsGravity == .topLeft && l.contentsRect == CGRect(x: 0.1, y: 0.2, width: 0.3, height: 0.4))
        #expect(!l.allowsEdgeAntialiasing)
        #expect(l.light == LaminaLight(direction: (1, 0, 0), ambient: 0.25))
        #expect(l.sublayers?.count == 2)
        #expect(l.sublayers?[0] is CATransformLayer)
        #expect(l.sublayers?[1] is CATextLayer)
        #expect(l.sublayers?[0].superlayer === l)
    }

    @Test func lightDefaults() throws {
        #expect(try parseLayer(#"{"light": {}}"#).light == LaminaLight(direction: (0, 0, -1), ambient: 0))
    }

    @Test func textLayerKeys() throws {
        let t = try #require(try parseLayer(##"{"type": "textLayer", "string": "Hello \"world\"\n\u00e9", "fontSize": 18, "foregroundColor": "#102030", "alignmentMode": "center"}"##) as? CATextLayer)
        #expect(t.string as? String == "Hello \"world\"\n\u{e9}")
        #expect(t.fontSize == 18)
        #expect(t.foregroundColor == CGColor(red: 0x10 / 255.0, green: 0x20 / 255.0, blue: 0x30 / 255.0, alpha: 1))
        #expect(t.alignmentMode == .center)
        let d = try #require(try parseLayer(#"{"type": "textLayer"}"#) as? CATextLayer)
        #expect(d.fontSize == 36 && d.foregroundColor == CGColor.white && d.alignmentMode == .natural)
        // Core Animation accepts a zero font size (nothing is drawn); so does the oracle.
        #expect(try (parseLayer(#"{"type": "textLayer", "fontSize": 0}"#) as? CATextLayer)?.fontSize == 0)
    }

    @Test(arguments: ["resize", "resizeAspect", "resizeAspectFill", "center", "top", "bottom", "left", "right",
                      "topLeft", "topRight", "bottomLeft", "bottomRight"])
    func everyGravity(_ g: String) throws {
        #expect(try parseLayer(#"{"contentsGravity": "\#(g)"}"#).contentsGravity.rawValue == g)
    }

    @Test func canvasAndDescription() throws {
        let s = try parseScene(sceneJSON(canvas: #"{"width": 640.5, "height": 480, "scale": 2, "background": [0, 0.5, 1, 0.25]}"#))
        #expect(s.canvas.width == 640.5 && s.canvas.height == 480 && s.canvas.scale == 2)
        #expect(s.canvas.pixelSize == (1281, 960))
        #expect(s.canvas.background == CGColor(red: 0, green: 0.5, blue: 1, alpha: 0.25))
        #expect(s.description == nil)
        #expect(try parseScene(sceneJSON()).canvas.scale == 1)
        #expect(try parseScene(sceneJSON()).canvas.background == nil)
        let d = try parseScene(#"{"description": "free text", "format": 1.0, "canvas": {"width": 1, "height": 1}, "root": {}}"#)
        #expect(d.description == "free text")
        // The oracle's limit: 16384 pixels a side, reached exactly.
        #expect(try parseScene(sceneJSON(canvas: #"{"width": 8192, "height": 1, "scale": 2}"#)).canvas.pixelSize.width == 16384)
    }

    @Test func deepTreesParse() throws {
        // 200 nested layers: well inside the reader's nesting limit, and no stack trouble.
        var json = "{}"
        for _ in 0..<200 { json = #"{"sublayers": [\#(json)]}"# }
        let s = try parseScene(sceneJSON(root: json))
        #expect(s.allLayers.count == 201)
    }
}
