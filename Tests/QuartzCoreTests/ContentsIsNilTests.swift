// CALayer.contentsIsNil: kept as contents is set, cleared, copied (init(layer:)), set by key
// and by display; a renderer reads it for plain layers instead of copying contents out.
import Testing
@testable import QuartzCore

@Suite struct ContentsIsNilTests {
    @Test func followsContents() {
        let layer = CALayer()
        #expect(layer.contentsIsNil)
        let image = CGImage(width: 2, height: 2, premultipliedRGBA: [UInt8](repeating: 255, count: 16))
        layer.contents = image
        #expect(!layer.contentsIsNil)
        // A copy (a presentation or model copy) carries it.
        #expect(!CALayer(layer: layer).contentsIsNil)
        layer.contents = nil
        #expect(layer.contentsIsNil)
        #expect(CALayer(layer: layer).contentsIsNil)
        // Any value, not only an image, counts as contents.
        layer.setValue("not an image", forKey: "contents")
        #expect(!layer.contentsIsNil)
        layer.setValue(nil, forKey: "contents")
        #expect(layer.contentsIsNil)
    }

    @Test func followsDisplay() {
        let layer = RedSquareLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.display()
        #expect(layer.contents != nil && !layer.contentsIsNil)
    }
}
