// Text layers: drawn where their bounds are, in their color, aligned and wrapped; the same
// text gives the same image object (cached), so GL uploads it once.
import Foundation
import LaminaCompositor
import LaminaRaster
import LaminaText
import QuartzCore
import Testing

@Suite struct TextTests {
    func label(_ s: String, _ mode: CATextLayerAlignmentMode = .natural, wraps: Bool = false) -> CATextLayer {
        let t = CATextLayer()
        t.string = s
        t.fontSize = 20
        t.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        t.alignmentMode = mode
        t.isWrapped = wraps
        t.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        return t
    }

    /// Columns that hold ink (alpha > 0) in an image.
    func inkColumns(_ img: CGImage) -> ClosedRange<Int>? {
        var lo = Int.max, hi = Int.min
        for y in 0..<img.height { for x in 0..<img.width where img.premultipliedRGBA[(y * img.width + x) * 4 + 3] > 0 { lo = min(lo, x); hi = max(hi, x) } }
        return lo <= hi ? lo...hi : nil
    }

    @Test func alignmentMovesTheInk() throws {
        let r = try TextRasterizer.shared()
        let left = try #require(r.image(for: label("Lamina", .left), scale: 1))
        let right = try #require(r.image(for: label("Lamina", .right), scale: 1))
        let centre = try #require(r.image(for: label("Lamina", .center), scale: 1))
        let l = try #require(inkColumns(left)), rr = try #require(inkColumns(right)), c = try #require(inkColumns(centre))
        #expect(l.lowerBound <= 3)
        #expect(rr.upperBound >= 195)
        #expect(abs((c.lowerBound + c.upperBound) / 2 - 100) <= 3)
        // The ink is the foreground color, premultiplied.
        let i = left.premultipliedRGBA.indices.first { $0 % 4 == 3 && left.premultipliedRGBA[$0] == 255 }!
        #expect(Array(left.premultipliedRGBA[(i - 3)...i]) == [255, 0, 0, 255])
    }

    @Test func wrappingMakesMoreLines() throws {
        let r = try TextRasterizer.shared()
        let text = "one two three four five six seven eight nine ten"
        func rows(_ img: CGImage) -> Int {
            (0..<img.height).filter { y in (0..<img.width).contains { img.premultipliedRGBA[(y * img.width + $0) * 4 + 3] > 0 } }.count
        }
        let single = try #require(r.image(for: label(text), scale: 1))
        let wrapped = try #require(r.image(for: label(text, wraps: true), scale: 1))
        #expect(rows(wrapped) > rows(single) * 2)
    }

    @Test func sameTextIsTheSameImage() throws {
        let r = try TextRasterizer.shared()
        let a = r.image(for: label("cached"), scale: 2), b = r.image(for: label("cached"), scale: 2)
        #expect(a != nil && a === b)
        #expect(r.image(for: label(""), scale: 1) == nil)
    }

    @Test func textIsDrawnInThePlan() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        root.backgroundColor = .white
        root.addSublayer(label("Hello"))
        root.sublayers![0].position = CGPoint(x: 100, y: 50)
        let raster = try TextRasterizer.shared()
        var o = CompositorOptions()
        o.textImage = { l, s in raster.image(for: l, scale: s) }
        let plan = Compositor(options: o).compile(root: root, width: 200, height: 100)
        #expect(plan.targets.last!.quads.contains { $0.role == "text" })
        let img = CPURenderer().render(plan)
        // Some pixels are red-ish (the text over white).
        let reds = stride(from: 0, to: img.premultipliedRGBA.count, by: 4).filter {
            img.premultipliedRGBA[$0] > 200 && img.premultipliedRGBA[$0 + 1] < 100
        }
        #expect(reds.count > 20)
    }
}
