// Bitmap CGContext drawing, checked pixel by pixel at exact places.
import Testing
import Foundation
import CoreGraphics

/// A premultipliedLast RGBA context with helpers to read `data` (rows top first).
final class Bitmap {
    let context: CGContext
    let width: Int, height: Int

    init(_ width: Int, _ height: Int, info: UInt32 = CGImageAlphaInfo.premultipliedLast.rawValue, bytesPerRow: Int = 0) {
        self.width = width
        self.height = height
        context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: bytesPerRow,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info)!
    }

    /// The bytes of the pixel in column x of memory row `row` (0 = top), in memory order.
    func memory(_ x: Int, row: Int) -> [UInt8] {
        let p = (context.data! + row * context.bytesPerRow + x * 4).assumingMemoryBound(to: UInt8.self)
        return [p[0], p[1], p[2], p[3]]
    }

    /// The RGBA pixel at (x, y) in the context's y-up pixel space.
    func at(_ x: Int, _ y: Int) -> [UInt8] { memory(x, row: height - 1 - y) }
}

let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255], clear: [UInt8] = [0, 0, 0, 0]

/// Whether two pixels differ by at most `tolerance` per channel.
func near(_ a: [UInt8], _ b: [UInt8], _ tolerance: Int = 1) -> Bool {
    zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
}

@Suite("CGContext")
struct CGContextTests {
    @Test func filledRectCoversExactlyItsPixelsWithTheOriginAtTheBottomLeft() {
        let b = Bitmap(8, 6)
        b.context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        b.context.fill(CGRect(x: 2, y: 1, width: 3, height: 2))
        for y in 0..<6 { for x in 0..<8 {
            let inside = (2..<5).contains(x) && (1..<3).contains(y)
            #expect(b.at(x, y) == (inside ? red : clear), "pixel \(x), \(y)")
        } }
        b.context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(b.memory(0, row: 5) == red)   // y = 0 is the last row of memory
        #expect(b.memory(0, row: 0) == clear)
    }

    @Test func ctmOrder() {
        let b = Bitmap(40, 20)
        b.context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        b.context.translateBy(x: 10, y: 0)
        b.context.scaleBy(x: 2, y: 2)   // scale acts first: the unit square lands at (10, 0) as 2 x 2
        b.context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(b.context.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 0))
        #expect(b.at(10, 0) == red && b.at(11, 1) == red && b.at(12, 0) == clear && b.at(9, 0) == clear)

        let c = Bitmap(40, 20)
        c.context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.context.scaleBy(x: 2, y: 2)
        c.context.translateBy(x: 10, y: 0)   // translation in scaled units: (20, 0)
        c.context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(c.at(20, 0) == blue && c.at(21, 1) == blue && c.at(19, 0) == clear && c.at(10, 0) == clear)

        let d = Bitmap(10, 10)
        d.context.translateBy(x: 5, y: 5)
        d.context.rotate(by: .pi / 2)   // counterclockwise in y-up: x axis -> y axis
        d.context.fill(CGRect(x: 0, y: 0, width: 3, height: 1))
        for y in 0..<10 { for x in 0..<10 {
            let inside = x == 4 && (5..<8).contains(y)
            #expect(d.at(x, y) == (inside ? [0, 0, 0, 255] : clear), "pixel \(x), \(y)")
        } }
    }

    @Test func clippingAndSaveRestore() {
        let b = Bitmap(10, 10)
        b.context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        b.context.saveGState()
        b.context.clip(to: CGRect(x: 0, y: 0, width: 5, height: 5))
        b.context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        b.context.translateBy(x: 1, y: 0)
        b.context.fill(CGRect(x: -1, y: 0, width: 10, height: 10))
        #expect(b.context.boundingBoxOfClipPath == CGRect(x: -1, y: 0, width: 5, height: 5))
        b.context.restoreGState()
        #expect(b.at(4, 4) == blue && b.at(5, 4) == clear && b.at(4, 5) == clear)
        // Restored: the whole clip, red, no translation.
        b.context.fill(CGRect(x: 6, y: 6, width: 1, height: 1))
        #expect(b.at(6, 6) == red && b.at(7, 6) == clear)
        #expect(b.context.ctm.isIdentity)

        let e = Bitmap(10, 10)   // a path clip with the even-odd rule
        e.context.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        e.context.addRect(CGRect(x: 2, y: 2, width: 6, height: 6))
        e.context.clip(using: .evenOdd)
        #expect(e.context.isPathEmpty)
        e.context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(e.at(1, 1) == [0, 0, 0, 255] && e.at(5, 5) == clear)
    }

    @Test func strokedLineWidthCapsAndDashes() {
        let b = Bitmap(20, 12)
        b.context.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
        b.context.setLineWidth(2)
        b.context.move(to: CGPoint(x: 2, y: 5))
        b.context.addLine(to: CGPoint(x: 12, y: 5))
        b.context.strokePath()
        #expect(b.context.isPathEmpty)
        for y in 0..<12 { for x in 0..<20 {
            let inside = (2..<12).contains(x) && (4..<6).contains(y)
            #expect(b.at(x, y) == (inside ? red : clear), "pixel \(x), \(y)")
        } }

        let s = Bitmap(20, 12)
        s.context.setLineWidth(2)
        s.context.setLineCap(.square)
        s.context.strokeLineSegments(between: [CGPoint(x: 2, y: 5), CGPoint(x: 12, y: 5)])
        #expect(s.at(1, 5) == [0, 0, 0, 255] && s.at(12, 4) == [0, 0, 0, 255] && s.at(13, 5) == clear && s.at(0, 5) == clear)

        let d = Bitmap(20, 12)
        d.context.setLineWidth(2)
        d.context.setLineDash(phase: 0, lengths: [2, 2])
        d.context.strokeLineSegments(between: [CGPoint(x: 0, y: 5), CGPoint(x: 10, y: 5)])
        let painted = (0..<10).map { d.at($0, 5)[3] == 255 }
        #expect(painted == [true, true, false, false, true, true, false, false, true, true])
    }

    @Test func pathsWithFillRulesAndDrawingModes() {
        let b = Bitmap(10, 10)
        b.context.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        b.context.addRect(CGRect(x: 2, y: 2, width: 6, height: 6))
        b.context.drawPath(using: .eoFill)
        #expect(b.at(1, 1) == [0, 0, 0, 255] && b.at(5, 5) == clear)
        b.context.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        b.context.addRect(CGRect(x: 2, y: 2, width: 6, height: 6))
        b.context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        b.context.fillPath()
        #expect(b.at(5, 5) == red)

        let c = Bitmap(20, 20)   // a quarter circle made by an arc, filled: y-up, counterclockwise
        c.context.move(to: CGPoint(x: 0, y: 0))
        c.context.addArc(center: .zero, radius: 15, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        c.context.closePath()
        #expect(c.context.pathContains(CGPoint(x: 5, y: 5), mode: .fill))
        #expect(c.context.boundingBoxOfPath.width > 14.99 && c.context.boundingBoxOfPath.height > 14.99)
        c.context.fillPath()
        #expect(c.at(5, 5) == [0, 0, 0, 255] && c.at(14, 14) == clear && c.at(18, 1) == clear)
    }

    @Test func alphaClearAndWritesIntoDataBetweenCalls() {
        let b = Bitmap(4, 4)
        b.context.setFillColor(gray: 1, alpha: 1)
        b.context.setAlpha(0.5)
        b.context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(near(b.at(0, 0), [128, 128, 128, 128]))
        b.context.clear(CGRect(x: 1, y: 1, width: 1, height: 1))
        #expect(b.at(1, 1) == clear && near(b.at(2, 1), [128, 128, 128, 128]))
        // A pixel written straight into data is what the next drawing composites over.
        let p = b.context.data!.assumingMemoryBound(to: UInt8.self)
        p[0] = 0; p[1] = 0; p[2] = 255; p[3] = 255   // top left = (0, 3) in y-up
        b.context.setAlpha(1)
        b.context.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        b.context.fill(CGRect(x: 0, y: 3, width: 1, height: 1))
        #expect(near(b.at(0, 3), [128, 0, 127, 255]))
        #expect(b.context.makeImage()!.premultipliedRGBA[0..<4] == ArraySlice(b.at(0, 3)))
    }

    @Test func gradientEndColors() {
        let colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        let g = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors as CFArray, locations: [0, 1])!
        let b = Bitmap(100, 2)
        b.context.drawLinearGradient(g, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 80, y: 0), options: [])
        #expect(b.at(10, 0) == clear && b.at(90, 0) == clear)
        #expect(near(b.at(20, 0), red, 3) && near(b.at(79, 0), blue, 3))
        #expect(near(b.at(50, 1), [125, 0, 130, 255], 3))   // t = 30.5 / 60

        let e = Bitmap(100, 2)
        e.context.drawLinearGradient(g, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 80, y: 0),
                                     options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        #expect(e.at(0, 0) == red && e.at(10, 1) == red && e.at(90, 0) == blue && e.at(99, 1) == blue)

        let after = Bitmap(100, 2)
        after.context.drawLinearGradient(g, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 80, y: 0), options: .drawsAfterEndLocation)
        #expect(after.at(10, 0) == clear && after.at(90, 0) == blue)

        let components: [CGFloat] = [1, 0, 0, 1, 0, 0, 1, 1]
        let g2 = CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: components, locations: nil, count: 2)!
        let r = Bitmap(100, 100)
        r.context.drawRadialGradient(g2, startCenter: CGPoint(x: 50, y: 50), startRadius: 0,
                                     endCenter: CGPoint(x: 50, y: 50), endRadius: 20, options: [])
        #expect(near(r.at(50, 50), red, 10) && r.at(80, 50) == clear && r.at(50, 75) == clear)
        #expect(near(r.at(69, 50), blue, 10))
        r.context.drawRadialGradient(g2, startCenter: CGPoint(x: 50, y: 50), startRadius: 0,
                                     endCenter: CGPoint(x: 50, y: 50), endRadius: 20, options: .drawsAfterEndLocation)
        #expect(r.at(80, 50) == blue && r.at(0, 0) == blue)
    }

    @Test func drawImageUprightInYUpSpace() {
        // A 2 x 2 image: top row red, blue; bottom row green, white.
        let image = CGImage(width: 2, height: 2, premultipliedRGBA: [255, 0, 0, 255, 0, 0, 255, 255,
                                                                     0, 255, 0, 255, 255, 255, 255, 255])
        let b = Bitmap(4, 4)
        b.context.draw(image, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(b.at(0, 1) == red && b.at(1, 1) == blue && b.at(0, 0) == [0, 255, 0, 255] && b.at(1, 0) == [255, 255, 255, 255])
        #expect(b.at(2, 0) == clear && b.at(0, 2) == clear)
        // Under a flipped CTM the image appears upside down, as on Apple platforms.
        let f = Bitmap(2, 2)
        f.context.translateBy(x: 0, y: 2)
        f.context.scaleBy(x: 1, y: -1)
        f.context.draw(image, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(f.at(0, 0) == red && f.at(0, 1) == [0, 255, 0, 255])
        // Scaled up with nearest-neighbor sampling.
        let s = Bitmap(4, 4)
        s.context.interpolationQuality = .none
        s.context.draw(image, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(s.at(0, 3) == red && s.at(1, 2) == red && s.at(3, 3) == blue && s.at(3, 0) == [255, 255, 255, 255])
        #expect(s.context.makeImage()!.premultipliedRGBA == (0..<4).flatMap { row in (0..<4).flatMap { s.memory($0, row: row) } })
    }

    @Test func pixelLayoutsAndMakeImage() {
        let bgra = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        for (info, order) in [(CGImageAlphaInfo.premultipliedLast.rawValue, [0, 1, 2, 3]),
                              (CGImageAlphaInfo.premultipliedFirst.rawValue, [1, 2, 3, 0]),
                              (bgra, [2, 1, 0, 3])] {
            let b = Bitmap(5, 3, info: info, bytesPerRow: 5 * 4 + 12)
            #expect(b.context.bytesPerRow == 32)
            b.context.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1)
            b.context.fill(CGRect(x: 1, y: 0, width: 2, height: 1))
            let m = b.memory(1, row: 2)
            #expect([m[order[0]], m[order[1]], m[order[2]], m[order[3]]] == [255, 128, 0, 255], "info \(info)")
            #expect(b.memory(1, row: 1) == [0, 0, 0, 0])
            let image = b.context.makeImage()!
            #expect(image.width == 5 && image.height == 3)
            #expect(Array(image.premultipliedRGBA[(2 * 5 + 1) * 4..<(2 * 5 + 2) * 4]) == [255, 128, 0, 255])
        }
        let rgbx = Bitmap(2, 2, info: CGImageAlphaInfo.noneSkipLast.rawValue)
        rgbx.context.setFillColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        rgbx.context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(near(rgbx.at(0, 0), [0, 0, 128, 255]))   // over opaque black
        #expect(rgbx.context.makeImage()!.premultipliedRGBA[3] == 255)
    }

    @Test func contextsItCannotDrawIntoAreNil() {
        let rgb = CGColorSpaceCreateDeviceRGB()
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                          bitmapInfo: CGImageAlphaInfo.last.rawValue) == nil)
        #expect(CGContext(data: nil, width: 0, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 8, space: rgb,
                          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 16, bytesPerRow: 0, space: rgb,
                          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceGray(),
                          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
        #expect(CGColorSpace(name: CGColorSpace.sRGB) != nil)
    }

    @Test func callerMemory() {
        var pixels = [UInt8](repeating: 7, count: 3 * 2 * 4)
        pixels.withUnsafeMutableBytes { raw in
            let c = CGContext(data: raw.baseAddress, width: 3, height: 2, bitsPerComponent: 8, bytesPerRow: 12,
                              space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            c.setFillColor(CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1))
            c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        }
        #expect(Array(pixels[12..<16]) == [0, 255, 0, 255])   // bottom-left pixel: the second row
        #expect(Array(pixels[0..<4]) == [7, 7, 7, 7] && Array(pixels[16..<20]) == [7, 7, 7, 7])   // untouched
    }
}

@Suite("CGContext state")
struct CGContextStateTests {
    @Test func antialiasingOffGivesWholePixels() {
        let b = Bitmap(10, 10)
        b.context.setShouldAntialias(false)
        b.context.fill(CGRect(x: 1.3, y: 1.3, width: 4.4, height: 4.4))
        let alphas = Set((0..<10).flatMap { y in (0..<10).map { b.at($0, y)[3] } })
        #expect(alphas == [0, 255])
        let a = Bitmap(10, 10)
        a.context.fill(CGRect(x: 1.5, y: 1.5, width: 4, height: 4))
        #expect(near(a.at(1, 3), [0, 0, 0, 128]) && a.at(3, 3) == [0, 0, 0, 255])
    }

    @Test func lineJoins() {
        func corner(_ join: CGLineJoin) -> [UInt8] {
            let b = Bitmap(20, 20)
            b.context.setLineWidth(6)
            b.context.setLineJoin(join)
            b.context.addLines(between: [CGPoint(x: 2, y: 10), CGPoint(x: 10, y: 10), CGPoint(x: 10, y: 2)])
            b.context.strokePath()
            return b.at(12, 12)   // the outer corner of the turn
        }
        #expect(corner(.miter) == [0, 0, 0, 255])
        #expect(corner(.bevel) == clear)
        #expect(corner(.round)[3] < 255)
    }

    @Test func flippedContextAsALayerDrawsIt() {
        // The CTM a layer's backing store gets: origin top left, y down.
        let b = Bitmap(10, 10)
        b.context.translateBy(x: 0, y: 10)
        b.context.scaleBy(x: 1, y: -1)
        b.context.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        #expect(b.memory(0, row: 0) == [0, 0, 0, 255] && b.memory(1, row: 0) == [0, 0, 0, 255])
        #expect(b.memory(0, row: 1) == clear && b.memory(0, row: 9) == clear)
        #expect(b.context.ctm == CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 10))
    }

    @Test func theStateIsSavedButThePathIsNot() {
        let b = Bitmap(20, 20)
        b.context.move(to: CGPoint(x: 0, y: 10.5))
        b.context.saveGState()
        b.context.setLineWidth(8)
        b.context.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
        b.context.addLine(to: CGPoint(x: 20, y: 10.5))
        b.context.restoreGState()
        #expect(!b.context.isPathEmpty && b.context.currentPointOfPath == CGPoint(x: 20, y: 10.5))
        b.context.strokePath()   // width 1, black: the restored state
        #expect(b.at(5, 10) == [0, 0, 0, 255] && b.at(5, 9) == clear && b.at(5, 11) == clear)
        b.context.restoreGState()   // unbalanced: ignored
        b.context.stroke(CGRect(x: 2.5, y: 2.5, width: 4, height: 4), width: 1)
        #expect(b.at(2, 2) == [0, 0, 0, 255] && b.at(4, 4) == clear)
    }

    @Test func pathInUserSpace() {
        let b = Bitmap(20, 20)
        b.context.translateBy(x: 5, y: 5)
        b.context.addRect(CGRect(x: 0, y: 0, width: 2, height: 3))
        #expect(b.context.path == CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 3), transform: nil))
        #expect(b.context.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 2, height: 3))
        #expect(b.context.pathContains(CGPoint(x: 1, y: 1), mode: .fill))
        #expect(!b.context.pathContains(CGPoint(x: 1, y: 1), mode: .stroke))
        #expect(b.context.pathContains(CGPoint(x: 0, y: 1), mode: .stroke))
        b.context.beginPath()
        #expect(b.context.path == nil && b.context.isPathEmpty)
    }
}

@Suite("CGImage")
struct CGImageTests {
    @Test func croppingInTopLeftPixelSpace() {
        let pixels: [UInt8] = (0..<12).flatMap { i -> [UInt8] in [UInt8(i), 0, 0, 255] }   // 4 x 3, red = index
        let image = CGImage(width: 4, height: 3, premultipliedRGBA: pixels)
        let crop = image.cropping(to: CGRect(x: 1.5, y: 1, width: 2, height: 5))!
        #expect(crop.width == 3 && crop.height == 2)   // grown to x 1..<4, cut to y 1..<3
        #expect(stride(from: 0, to: crop.premultipliedRGBA.count, by: 4).map { crop.premultipliedRGBA[$0] } == [5, 6, 7, 9, 10, 11])
        #expect(image.cropping(to: CGRect(x: 10, y: 0, width: 2, height: 2)) == nil)
        #expect(image.cropping(to: .null) == nil)
        #expect(image.alphaInfo == .premultipliedLast && image.colorSpace != nil)
    }
}

@Suite("Bad input")
struct BadInputTests {
    @Test func contextKeepsDrawingAfterBadInput() {
        let b = Bitmap(10, 10)
        let colors = [CGColor.white, CGColor.black]
        let g = CGGradient(colorsSpace: nil, colors: colors as CFArray, locations: nil)!
        let image = CGImage(width: 1, height: 1, premultipliedRGBA: [255, 0, 0, 255])
        b.context.saveGState()
        b.context.scaleBy(x: 0, y: 0)   // singular: nothing can be drawn
        b.context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        b.context.stroke(CGRect(x: 0, y: 0, width: 10, height: 10))
        b.context.draw(image, in: CGRect(x: 0, y: 0, width: 10, height: 10))
        b.context.drawLinearGradient(g, start: .zero, end: CGPoint(x: 10, y: 0), options: [])
        b.context.restoreGState()
        b.context.fill(CGRect(x: CGFloat.nan, y: 0, width: 5, height: 5))
        b.context.fill(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 5))
        b.context.fill(CGRect(x: -1e30, y: -1e30, width: 1e30, height: 1e30))
        b.context.setLineWidth(.nan)
        b.context.setLineDash(phase: 0, lengths: [0, 0])
        b.context.setLineDash(phase: .nan, lengths: [-1, 2])
        b.context.addArc(center: .zero, radius: 3, startAngle: 0, endAngle: 1e300, clockwise: false)
        b.context.strokePath()
        b.context.drawRadialGradient(g, startCenter: .zero, startRadius: -1, endCenter: .zero, endRadius: 5, options: [])
        // Still drawing normally.
        b.context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        b.context.fill(CGRect(x: 7, y: 7, width: 2, height: 2))
        #expect(b.at(7, 7) == red && b.at(8, 8) == red)
    }

    @Test func pathsWithExtremeValuesDoNotTrap() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addCurve(to: CGPoint(x: 1e300, y: 0), control1: CGPoint(x: -1e300, y: 1e300), control2: CGPoint(x: 1e300, y: -1e300))
        p.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: 1e300)
        _ = p.contains(CGPoint(x: 1, y: 1))
        _ = p.boundingBoxOfPath
        _ = p.trimmed(from: 0.2, to: 0.4)
        #expect(!p.isEmpty)
        #expect(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: Int.max / 2,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
    }
}

@Suite("Blend modes")
struct BlendModeTests {
    @Test func multiplyAndCopy() {
        let b = Bitmap(4, 4)
        b.context.setFillColor(red: 1, green: 1, blue: 0, alpha: 1)
        b.context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        b.context.setBlendMode(.multiply)
        b.context.setFillColor(gray: 0.5, alpha: 1)
        b.context.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
        #expect(near(b.at(0, 0), [128, 128, 0, 255]) && b.at(2, 0) == [255, 255, 0, 255])
        b.context.setBlendMode(.copy)
        b.context.setFillColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        b.context.fill(CGRect(x: 3, y: 3, width: 1, height: 1))
        #expect(near(b.at(3, 3), [0, 0, 128, 128]) && b.at(3, 2) == [255, 255, 0, 255])
    }
}
