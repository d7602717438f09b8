// An item cut to the view in stack buffers (PlanBuilder.cutToView) keeps the points and gets
// the clips that cutting one array per clip gives it (cutToViewByArrays), whatever the quad.
import Foundation
@testable import LaminaCompositor
import LaminaTestSupport
import Testing

@Suite struct CutToViewTests {
    /// CoverCutsTests' quads (perspective or not, clips that cut, miss or leave nothing),
    /// each also moved about the view: inside it, across its edges, wholly outside.
    @Test func buffersCutAsArraysDo() {
        let view = Box(minX: -1, minY: -1, maxX: 801, maxY: 601)
        let viewClips = [HalfPlane(a: 1, b: 0, c: -view.minX), HalfPlane(a: -1, b: 0, c: view.maxX),
                         HalfPlane(a: 0, b: 1, c: -view.minY), HalfPlane(a: 0, b: -1, c: view.maxY)]
        var kept = 0, cutByView = 0, untouched = 0, empty = 0
        for (k, (quad, _)) in CoverCutsTests.quads().enumerated() {
            for shift in [SIMD2<Double>(0, 0), SIMD2(-300, -200), SIMD2(-1000, 0)] {
                var a = quad
                a.matrix.r3.x += shift.x
                a.matrix.r3.y += shift.y
                // Some quads come with no clips and a plain 2D map (the fast return).
                if k % 4 == 1 { a.clips = [] }
                var b = a
                let buffers = PlanBuilder.cutToView(&a, view: view, viewClips: viewClips)
                let arrays = PlanBuilder.cutToViewByArrays(&b, view: view, viewClips: viewClips)
                #expect(buffers == arrays)
                #expect(a.clips == b.clips)
                if buffers.isEmpty { empty += 1 } else { kept += 1 }
                if a.clips.count == quad.clips.count || (k % 4 == 1 && a.clips.isEmpty) { untouched += 1 }
                if !buffers.isEmpty && buffers.count != 4 { cutByView += 1 }
            }
        }
        #expect(kept > 300 && empty > 100, "many quads keep something, many nothing: \(kept) kept, \(empty) empty")
        #expect(untouched > 50, "some quads need no view clips: \(untouched)")
        #expect(cutByView > 100, "many are cut: \(cutByView)")
    }
}
