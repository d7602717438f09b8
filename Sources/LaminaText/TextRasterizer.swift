// Text for CATextLayer, through FreeType: layout as the scene oracle's CSS draws a text layer
// (Liberation Sans, the metrics of Helvetica and Arial; line height 1.2 x fontSize with the
// extra space split above and below; wrapping at spaces, long words broken; left, right,
// centre or justified), rasterized as 8-bit coverage and tinted by foregroundColor.
import CFreeType
import Foundation
import QuartzCore

/// Why text cannot be drawn.
public struct TextError: Error, CustomStringConvertible {
    public let description: String
}

/// Lays out and rasterizes text layers. One font face, shared under a lock.
public final class TextRasterizer: @unchecked Sendable {
    private var library: FT_Library?
    private var face: FT_Face?
    private let lock = NSLock()
    /// The font file in use.
    public let fontPath: String
    /// Recent images by what determines them, so a text unchanged from frame to frame is one
    /// image (and one GL texture) rather than a new one each frame.
    private var cache: [String: CGImage] = [:]
    private var cacheOrder: [String] = []
    private let cacheLimit = 64

    private static let creation: Result<TextRasterizer, TextError> = {
        do { return .success(try TextRasterizer()) } catch let e as TextError { return .failure(e) } catch { return .failure(TextError(description: "\(error)")) }
    }()

    /// The shared rasterizer, created on first use.
    public static func shared() throws -> TextRasterizer { try creation.get() }

    /// Fonts tried in order: $LAMINA_FONT, Liberation Sans, DejaVu Sans.
    static var candidates: [String] {
        var c: [String] = []
        if let env = ProcessInfo.processInfo.environment["LAMINA_FONT"], !env.isEmpty { c.append(env) }
        c += ["/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
              "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf",
              "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]
        return c
    }

    private init() throws {
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { throw TextError(description: "FreeType did not start") }
        library = lib
        for path in Self.candidates where FileManager.default.fileExists(atPath: path) {
            var f: FT_Face?
            if FT_New_Face(lib, path, 0, &f) == 0, let f {
                face = f
                fontPath = path
                return
            }
        }
        FT_Done_FreeType(lib)
        throw TextError(description: "no font found (install fonts-liberation, or set LAMINA_FONT to a .ttf); looked for " + Self.candidates.joined(separator: ", "))
    }

    deinit {
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// The largest side of a text image, in pixels.
    public static let maxImageSide = 16384
    /// The most pixels a text image may have.
    public static let maxImagePixels = 64_000_000

    /// The scale `image(for:scale:)` draws a `width` x `height` point layer at: `scale`, or
    /// when that image would exceed `maxImageSide` or `maxImagePixels`, the largest scale
    /// that fits (the text is drawn softer, never dropped).
    public static func fittingScale(width: Double, height: Double, scale: Double) -> Double {
        let w = (width * scale).rounded(.up), h = (height * scale).rounded(.up)
        let side = Double(maxImageSide), pixels = Double(maxImagePixels)
        guard w > side || h > side || w * h > pixels else { return scale }
        // Shrunk a little more than exactly, so the rounded-up sides fit too.
        let k = min(side / w, side / h, (pixels / (w * h)).squareRoot()) * 0.999
        return scale * k
    }

    struct Glyph { let index: FT_UInt; let advance: Double; let scalar: Unicode.Scalar }
    struct Line { var glyphs: [Glyph]; var width: Double; var spaces: Int; var endsParagraph: Bool }

    /// The text layer's text as a bounds-sized image at `scale` pixels per point: premultiplied
    /// foregroundColor times glyph coverage. Nil when there is nothing to draw.
    public func image(for layer: CATextLayer, scale: Double) -> CGImage? {
        let text: String
        switch layer.string {
        case let s as String: text = s
        case let s as NSString: text = s as String
        case let a as NSAttributedString: text = a.string
        default: return nil
        }
        let b = layer.bounds
        guard !text.isEmpty, layer.fontSize > 0, layer.fontSize.isFinite, scale > 0, scale.isFinite,
              b.width > 0, b.height > 0, b.width.isFinite, b.height.isFinite else { return nil }
        let s = Self.fittingScale(width: b.width, height: b.height, scale: scale)
        // Checked before any conversion to Int: fittingScale keeps both sides within the limits.
        let w = Int((b.width * s).rounded(.up)), h = Int((b.height * s).rounded(.up))
        guard w > 0, h > 0 else { return nil }
        let scale = s
        let color = layer.foregroundColor ?? .white
        lock.lock()
        defer { lock.unlock() }
        let key = "\(text)\u{1}\(layer.fontSize)\u{1}\(color.rgba)\u{1}\(layer.alignmentMode.rawValue)\u{1}\(layer.isWrapped)\u{1}\(w)x\(h)\u{1}\(scale)"
        if let hit = cache[key] {
            cacheOrder.removeAll { $0 == key }
            cacheOrder.append(key)
            return hit
        }
        guard let image = draw(text, layer: layer, color: color, width: w, height: h, scale: scale) else { return nil }
        cache[key] = image
        cacheOrder.append(key)
        if cacheOrder.count > cacheLimit { cache[cacheOrder.removeFirst()] = nil }
        return image
    }

    /// Lays out and rasterizes (the lock held).
    private func draw(_ text: String, layer: CATextLayer, color: CGColor, width w: Int, height h: Int, scale: Double) -> CGImage? {
        guard let face else { return nil }
        let px = Double(layer.fontSize) * scale
        // FreeType takes at most 65535 pixels per em; a larger glyph's visible part starts
        // below any text image (whose sides are at most maxImageSide), so nothing is lost.
        guard px > 0, px <= 65535 else { return nil }
        guard FT_Set_Char_Size(face, 0, FT_F26Dot6((px * 64).rounded()), 72, 72) == 0 else { return nil }
        // Font-wide vertical metrics (in pixels), as browsers take them from the font.
        let units = Double(face.pointee.units_per_EM)
        let ascent = Double(face.pointee.ascender) / units * px
        let descent = -Double(face.pointee.descender) / units * px
        let lineHeight = 1.2 * px
        let halfLeading = (lineHeight - (ascent + descent)) / 2
        let lines = layout(text, maxWidth: Double(w), wraps: layer.isWrapped, face: face)
        var coverage = [UInt8](repeating: 0, count: w * h)
        for (i, line) in lines.enumerated() {
            // The baseline on the pixel grid (floored, as the reference's line boxes place it).
            let baseline = (Double(i) * lineHeight + halfLeading + ascent).rounded(.down)
            var x: Double
            var extraPerSpace = 0.0
            switch layer.alignmentMode {
            case .right: x = Double(w) - line.width
            case .center: x = (Double(w) - line.width) / 2
            case .justified:
                x = 0
                if !line.endsParagraph && line.spaces > 0 { extraPerSpace = max(0, Double(w) - line.width) / Double(line.spaces) }
            default: x = 0
            }
            for g in line.glyphs {
                // Light hinting (vertical only), 8-bit anti-aliased coverage.
                // Glyphs sit at fractional x (quarter pixels, as Skia positions them): the
                // outline is shifted by the fraction before rasterizing, light hinting (vertical only).
                let fraction = ((x - x.rounded(.down)) * 4).rounded() / 4
                var delta = FT_Vector(x: FT_Pos((fraction * 64).rounded()), y: 0)
                FT_Set_Transform(face, nil, &delta)
                if FT_Load_Glyph(face, g.index, Int32(1 << 2) | Int32(1 << 16)) == 0, let slot = face.pointee.glyph {
                    let bm = slot.pointee.bitmap
                    let left = x.clampedToInt(in: -(1 << 40)...(1 << 40), rounding: .down) + Int(slot.pointee.bitmap_left)
                    let top = baseline.clampedToInt(in: -(1 << 40)...(1 << 40)) - Int(slot.pointee.bitmap_top)
                    if let buffer = bm.buffer {
                        for r in 0..<Int(bm.rows) {
                            let y = top + r
                            guard y >= 0 && y < h else { continue }
                            for c in 0..<Int(bm.width) {
                                let xx = left + c
                                guard xx >= 0 && xx < w else { continue }
                                let v = buffer[r * Int(bm.pitch) + c]
                                let k = y * w + xx
                                coverage[k] = UInt8(min(255, Int(coverage[k]) + Int(v)))
                            }
                        }
                    }
                }
                x += g.advance + (g.scalar == " " ? extraPerSpace : 0)
            }
        }
        FT_Set_Transform(face, nil, nil)
        // Components clamped to 0...1 (a color made through the API may hold anything).
        func unit(_ v: Double) -> Double { v > 0 ? min(v, 1) : 0 }
        let a = unit(Double(color.rgba.alpha))
        let rgb = [color.rgba.red, color.rgba.green, color.rgba.blue].map { unit(Double($0)) * a }
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        var any = false
        for k in 0..<(w * h) where coverage[k] > 0 {
            any = true
            let c = Double(coverage[k]) / 255
            pixels[4 * k] = UInt8((rgb[0] * c * 255).rounded())
            pixels[4 * k + 1] = UInt8((rgb[1] * c * 255).rounded())
            pixels[4 * k + 2] = UInt8((rgb[2] * c * 255).rounded())
            pixels[4 * k + 3] = UInt8((a * c * 255).rounded())
        }
        return any ? CGImage(width: w, height: h, premultipliedRGBA: pixels) : nil
    }

    /// Lines of glyphs: paragraphs at newlines, wrapped at spaces when `wraps` (a word longer
    /// than the line breaks between characters), with kerning.
    func layout(_ text: String, maxWidth: Double, wraps: Bool, face: FT_Face) -> [Line] {
        var lines: [Line] = []
        let hasKerning = (face.pointee.face_flags & FT_Long(1 << 6)) != 0
        func glyphs(_ s: Substring) -> [Glyph] {
            var out: [Glyph] = []
            var previous: FT_UInt = 0
            for u in s.unicodeScalars {
                let idx = FT_Get_Char_Index(face, FT_ULong(u.value))
                var adv = 0.0
                // Unhinted advances (fractional pixels), as browsers lay text out.
                if FT_Load_Glyph(face, idx, Int32(1 << 1)) == 0, let slot = face.pointee.glyph {
                    adv = Double(slot.pointee.linearHoriAdvance) / 65536
                }
                if hasKerning && previous != 0 && idx != 0 {
                    var k = FT_Vector()
                    // Unfitted kerning: fractional, like the advances.
                    if FT_Get_Kerning(face, previous, idx, 1, &k) == 0, !out.isEmpty {
                        let last = out.removeLast()
                        out.append(Glyph(index: last.index, advance: last.advance + Double(k.x) / 64, scalar: last.scalar))
                    }
                }
                out.append(Glyph(index: idx, advance: adv, scalar: u))
                previous = idx
            }
            return out
        }
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let all = glyphs(paragraph)
            guard wraps else {
                lines.append(Line(glyphs: all, width: all.reduce(0) { $0 + $1.advance }, spaces: 0, endsParagraph: true))
                continue
            }
            var current: [Glyph] = [], width = 0.0
            var i = 0
            while i < all.count {
                // The next word (with its trailing spaces).
                var j = i
                while j < all.count && all[j].scalar != " " { j += 1 }
                var k = j
                while k < all.count && all[k].scalar == " " { k += 1 }
                let word = Array(all[i..<j]), spaces = Array(all[j..<k])
                let wordWidth = word.reduce(0) { $0 + $1.advance }
                if width + wordWidth > maxWidth && !current.isEmpty {
                    lines.append(Self.line(current, endsParagraph: false))
                    current = []; width = 0
                }
                if wordWidth > maxWidth {
                    // Break the word between characters.
                    for g in word {
                        if width + g.advance > maxWidth && !current.isEmpty {
                            lines.append(Self.line(current, endsParagraph: false))
                            current = []; width = 0
                        }
                        current.append(g); width += g.advance
                    }
                } else {
                    current += word; width += wordWidth
                }
                current += spaces; width += spaces.reduce(0) { $0 + $1.advance }
                i = k
            }
            lines.append(Self.line(current, endsParagraph: true))
        }
        return lines
    }

    /// A line whose width leaves out trailing spaces (they hang, as in CSS).
    static func line(_ g: [Glyph], endsParagraph: Bool) -> Line {
        var end = g.count
        while end > 0 && g[end - 1].scalar == " " { end -= 1 }
        let visible = g[..<end]
        return Line(glyphs: Array(g), width: visible.reduce(0) { $0 + $1.advance },
                    spaces: visible.filter { $0.scalar == " " }.count, endsParagraph: endsParagraph)
    }
}
