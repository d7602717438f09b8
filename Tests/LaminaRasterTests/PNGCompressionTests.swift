// PNG output at every zlib level: the same pixels back, written atomically, bad levels and
// empty images refused with an error.
import Foundation
import LaminaImage
import QuartzCore
import Testing

@Suite struct PNGCompressionTests {
    private func tempDir() throws -> URL {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        return d
    }

    /// An opaque image with flat areas and a gradient, so filters and levels matter.
    private func opaqueImage(_ w: Int, _ h: Int) -> CGImage {
        var px = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w where x > w / 3 {
                let i = (y * w + x) * 4
                px[i] = UInt8(x * 255 / w); px[i + 1] = UInt8(y * 255 / h); px[i + 2] = UInt8((x ^ y) & 255)
            }
        }
        return CGImage(width: w, height: h, premultipliedRGBA: px)
    }

    @Test func everyLevelReadsBackTheSamePixels() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = opaqueImage(97, 61)
        var sizes: [Int: Int] = [:]
        for level in 0...9 {
            let path = dir.appendingPathComponent("l\(level).png").path
            try PNG.write(image, to: path, compression: level)
            #expect(try PNG.read(path).premultipliedRGBA == image.premultipliedRGBA, "level \(level)")
            sizes[level] = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        }
        #expect(sizes[9]! < sizes[0]!)
        // Nothing but the written files: no temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == (0...9).map { "l\($0).png" }.sorted())
        // The default level writes the same pixels.
        let d = dir.appendingPathComponent("default.png").path
        try PNG.write(image, to: d)
        #expect(try PNG.read(d).premultipliedRGBA == image.premultipliedRGBA)
    }

    @Test func bandedLevelsReadBackTheSamePixels() throws {
        // Levels 0...3 deflate bands of 64 rows on several threads into one stream: images of
        // one band, several, and a last band of one row; translucent pixels in every band.
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (w, h) in [(1, 1), (300, 64), (257, 129), (64, 200)] {
            var px = opaqueImage(w, h).premultipliedRGBA
            for i in Swift.stride(from: 0, to: px.count, by: 4) where (i / 4) % 7 == 3 {
                let a = UInt8((i / 4) % 256)
                for c in 0..<3 { px[i + c] = min(px[i + c], a) }
                px[i + 3] = a
            }
            let image = CGImage(width: w, height: h, premultipliedRGBA: px)
            var straight = px
            PNG.unpremultiply(&straight)
            PNG.premultiply(&straight)
            for level in 0...3 {
                let path = dir.appendingPathComponent("b\(w)x\(h)-\(level).png").path
                try PNG.write(image, to: path, compression: level)
                #expect(try PNG.read(path).premultipliedRGBA == straight, "\(w)x\(h) level \(level)")
                // The same bytes every time, whatever the threads did first.
                #expect(try PNG.encode(image, compression: level) == PNG.encode(image, compression: level))
            }
        }
    }

    @Test func translucentPixelsSurviveAsWithStraightAlpha() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        var px: [UInt8] = []
        for a in 0..<256 { px += [UInt8(a / 3), UInt8(a / 2), UInt8(a), UInt8(a)] }
        let image = CGImage(width: 16, height: 16, premultipliedRGBA: px)
        var straight = px
        PNG.unpremultiply(&straight)
        PNG.premultiply(&straight)
        for level in [0, 1, 6] {
            let path = dir.appendingPathComponent("t\(level).png").path
            try PNG.write(image, to: path, compression: level)
            #expect(try PNG.read(path).premultipliedRGBA == straight)
        }
    }

    @Test func badRequestsAreErrors() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = opaqueImage(4, 4)
        #expect(throws: PNGError.self) { try PNG.write(image, to: dir.appendingPathComponent("a.png").path, compression: 10) }
        #expect(throws: PNGError.self) { try PNG.write(image, to: dir.appendingPathComponent("a.png").path, compression: -1) }
        #expect(throws: PNGError.self) { try PNG.write(CGImage(width: 0, height: 3, premultipliedRGBA: []), to: dir.appendingPathComponent("b.png").path) }
        #expect(throws: PNGError.self) { try PNG.write(image, to: dir.appendingPathComponent("missing/c.png").path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
