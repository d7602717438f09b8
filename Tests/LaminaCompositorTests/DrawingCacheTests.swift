// The process-wide cache of rasterized drawings (LayerDrawings.swift): bounded, and safe with
// keys that are not equal to themselves (a NaN in a hostile gradient or path).
@testable import LaminaCompositor
import QuartzCore
import Testing

@Suite struct DrawingCacheTests {
    static func image(_ v: UInt8) -> CGImage { CGImage(width: 1, height: 1, premultipliedRGBA: [v, v, v, 255]) }

    /// A NaN key is drawn every time and never kept; the cache stays within its capacity and
    /// evicts the least recently used (once, with such keys among the entries, it spun forever).
    @Test func nanKeysAreNotKeptAndEvictionEnds() {
        let cache = DrawingCache()
        var made = 0
        for k in 0..<3 {
            _ = cache.image(AnyHashable(Double.nan)) { made += 1; return Self.image(UInt8(k)) }
        }
        #expect(made == 3 && cache.count == 0)
        for k in 0..<300 { _ = cache.image(AnyHashable(k)) { Self.image(UInt8(k % 256)) } }
        #expect(cache.count == cache.capacity)
        // The most recent stay; the first were evicted.
        var remade = false
        _ = cache.image(AnyHashable(299)) { remade = true; return nil }
        #expect(!remade)
        _ = cache.image(AnyHashable(0)) { remade = true; return nil }
        #expect(remade)
    }
}
