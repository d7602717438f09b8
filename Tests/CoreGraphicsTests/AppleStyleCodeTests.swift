// Code written as for Apple platforms (the way apps draw a progress ring or a badge),
// compiled unchanged, with its pixels checked.
import Testing
import CoreGraphics

@Suite("Apple-style drawing code")
struct AppleStyleCodeTests {
    /// A progress ring: a track, then three quarters of an arc from 12 o'clock, as an app
    /// would draw it into a bitmap (y up: 12 o'clock is π/2; increasing angles run counterclockwise).
    func drawRing(size: Int) -> CGImage? {
        let colorSpace = CGColorSpaceCreateDeviceRGB()
        let bitmapInfo = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        guard let ctx = CGContext(data: nil, width: size, height: size, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: colorSpace, bitmapInfo: bitmapInfo) else { return nil }
        let center = CGPoint(x: CGFloat(size) / 2, y: CGFloat(size) / 2)
        let radius = CGFloat(size) / 2 - 6
        ctx.setLineWidth(8)
        ctx.setLineCap(.round)
        ctx.setStrokeColor(CGColor(gray: 0.8, alpha: 1))
        ctx.addEllipse(in: CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
        ctx.strokePath()

        let progress = CGMutablePath()
        progress.addArc(center: center, radius: radius, startAngle: .pi / 2, endAngle: .pi / 2 - 1.5 * .pi, clockwise: true)
        ctx.addPath(progress)
        ctx.setStrokeColor(CGColor(red: 0, green: 0.5, blue: 1, alpha: 1))
        ctx.strokePath()

        var transform = CGAffineTransform(translationX: center.x, y: center.y).scaledBy(x: 0.25, y: 0.25)
        let dot = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: &transform)
        ctx.addPath(dot)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fillPath()
        return ctx.makeImage()
    }

    @Test func progressRing() throws {
        let image = try #require(drawRing(size: 100))
        func pixel(_ x: Int, _ yFromTop: Int) -> [UInt8] {
            let i = (yFromTop * image.width + x) * 4
            return Array(image.premultipliedRGBA[i..<i + 4])
        }
        let ringBlue: [UInt8] = [0, 128, 255, 255], track: [UInt8] = [204, 204, 204, 255]
        // Radius 44: 12 o'clock is the top row band; clockwise (decreasing angles) from there
        // covers 3, 6 and 9 o'clock... three quarters, stopping at 3 o'clock's opposite: 9 o'clock.
        #expect(near(pixel(50, 6), ringBlue))      // 12 o'clock (top of the image)
        #expect(near(pixel(94, 50), ringBlue))     // 3 o'clock
        #expect(near(pixel(50, 94), ringBlue))     // 6 o'clock
        #expect(near(pixel(20, 19), track))        // between 9 and 12 o'clock: only the track
        #expect(near(pixel(50, 50), red))          // the dot in the middle
        #expect(pixel(50, 40) == [0, 0, 0, 0])     // inside the ring, outside the dot
    }

    @Test func gradientBadgeClippedToARoundedRect() throws {
        let ctx = try #require(CGContext(data: nil, width: 40, height: 20, bitsPerComponent: 8, bytesPerRow: 0,
                                         space: CGColorSpace(name: CGColorSpace.sRGB)!,
                                         bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        let colors = [CGColor(red: 1, green: 1, blue: 1, alpha: 1), CGColor(red: 0, green: 0, blue: 0, alpha: 1)]
        let gradient = try #require(CGGradient(colorsSpace: nil, colors: colors as CFArray, locations: nil))
        ctx.saveGState()
        ctx.addPath(CGPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 10, cornerHeight: 10, transform: nil))
        ctx.clip()
        ctx.drawLinearGradient(gradient, start: CGPoint(x: 0, y: 20), end: CGPoint(x: 0, y: 0), options: [])
        ctx.restoreGState()
        let image = try #require(ctx.makeImage())
        func pixel(_ x: Int, _ yFromTop: Int) -> [UInt8] {
            let i = (yFromTop * image.width + x) * 4
            return Array(image.premultipliedRGBA[i..<i + 4])
        }
        #expect(pixel(0, 0) == [0, 0, 0, 0])                 // cut by the corner
        #expect(near(pixel(20, 0), [249, 249, 249, 255], 3))  // white at the top (y = 20 in y-up)
        #expect(near(pixel(20, 19), [6, 6, 6, 255], 3))       // black at the bottom
    }
}
