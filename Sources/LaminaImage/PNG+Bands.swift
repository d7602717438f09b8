// The fast levels (0...3) of PNG writing: the image deflated in bands of rows on all cores,
// joined into one zlib stream, and handed to libpng as the IDAT data (libpng writes every
// other chunk). Each band is its own raw deflate stream ended by a sync flush (the last by
// the final block), so the concatenation is a valid stream; its Adler-32 is combined from the
// bands'. Bands have a fixed height, so the file's bytes do not depend on the core count.
import CPNG
import Dispatch
import Foundation
import QuartzCore

extension PNG {
    /// Rows per band: big enough that the sync flushes and the fresh dictionaries cost little.
    static let bandRows = 64

    /// The zlib stream of a premultiplied image's PNG scanlines (straight alpha, one filter
    /// byte per row) at a fast level, or nil if zlib fails (out of memory).
    static func deflatedScanlines(_ image: CGImage, level: Int) -> [UInt8]? {
        let w = image.width, h = image.height, stride = 1 + w * 4
        let bands = (h + bandRows - 1) / bandRows
        let parts = Parts(count: bands)
        image.premultipliedRGBA.withUnsafeBufferPointer { src in
            nonisolated(unsafe) let base = src.baseAddress!
            DispatchQueue.concurrentPerform(iterations: bands) { b in
                let y0 = b * bandRows, y1 = min(h, y0 + bandRows)
                // Each row: filter type 0 (none; on renders, flat colors and sharp edges, it
                // deflates faster than the others at these levels), then its straight-alpha bytes.
                let raw = [UInt8](unsafeUninitializedCapacity: (y1 - y0) * stride) { r, count in
                    for y in y0..<y1 {
                        let row = r.baseAddress! + (y - y0) * stride
                        row[0] = 0
                        unpremultiplyRow(base + y * w * 4, into: row + 1, count: w)
                    }
                    count = (y1 - y0) * stride
                }
                parts.set(b, deflateBand(raw, level: level, last: b == bands - 1))
            }
        }
        var out: [UInt8] = [0x78, 0x01]  // zlib header: deflate, 32 KB window, no dictionary
        var adler: UInt = 0
        for b in 0..<bands {
            guard let (data, a, n) = parts.get(b) else { return nil }
            out += data
            adler = b == 0 ? a : adler32_combine(adler, a, n)
        }
        let a = UInt32(truncatingIfNeeded: adler)
        out += [UInt8(a >> 24), UInt8(a >> 16 & 0xFF), UInt8(a >> 8 & 0xFF), UInt8(a & 0xFF)]
        return out
    }

    /// One band as raw deflate data, with its Adler-32 and length; nil if zlib fails.
    private static func deflateBand(_ raw: [UInt8], level: Int, last: Bool) -> ([UInt8], UInt, Int)? {
        var zs = z_stream()
        guard deflateInit2_(&zs, Int32(level), Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return nil
        }
        defer { deflateEnd(&zs) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&zs, UInt(raw.count))) + 64)
        var ok = false, produced = 0
        raw.withUnsafeBufferPointer { r in
            out.withUnsafeMutableBufferPointer { o in
                zs.next_in = UnsafeMutablePointer(mutating: r.baseAddress!)
                zs.avail_in = UInt32(r.count)
                zs.next_out = o.baseAddress!
                zs.avail_out = UInt32(o.count)
                let status = deflate(&zs, last ? Z_FINISH : Z_SYNC_FLUSH)
                ok = last ? status == Z_STREAM_END : status == Z_OK && zs.avail_in == 0
                produced = o.count - Int(zs.avail_out)
            }
        }
        guard ok else { return nil }
        out.removeSubrange(produced...)
        let adler = raw.withUnsafeBufferPointer { adler32_z(1, $0.baseAddress, $0.count) }
        return (out, adler, raw.count)
    }

    /// The bands' results, filled from several threads.
    private final class Parts: @unchecked Sendable {
        private var items: [([UInt8], UInt, Int)?]
        private let lock = NSLock()
        init(count: Int) { items = Array(repeating: nil, count: count) }
        func set(_ i: Int, _ v: ([UInt8], UInt, Int)?) { lock.lock(); items[i] = v; lock.unlock() }
        func get(_ i: Int) -> ([UInt8], UInt, Int)? { lock.lock(); defer { lock.unlock() }; return items[i] }
    }
}
