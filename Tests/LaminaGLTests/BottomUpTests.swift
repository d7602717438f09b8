// The output drawn top-down into a bottom-up framebuffer (a window's, the demo's path: the
// shaders' FLIP_Y variants) holds the offscreen image with its rows reversed, byte for byte.
import Foundation
@preconcurrency import CEpoxy
import LaminaCompositor
@testable import LaminaGL
import LaminaWorkloads
import QuartzCore
import Testing

@Suite(.enabled(if: GL.available, GL.reason)) struct BottomUpTests {
    @Test(arguments: ["cards-300", "chain-6"])
    func bottomUpIsTheImageFlipped(_ name: String) throws {
        let w = try #require(Workload(name: name))
        let p = plan(w.scene(seed: 4))
        let out = p.targets[p.outputIndex]
        let expected = try GLRenderer().render(p).premultipliedRGBA
        let row = out.width * 4
        let flipped = (0..<out.height).reversed().flatMap { expected[$0 * row ..< ($0 + 1) * row] }
        let r = try GLRenderer()
        let pixels = try withOwnFramebuffer(r, width: out.width, height: out.height) { fbo, readBack in
            try r.drawToFramebuffer(p, framebuffer: fbo, bottomUp: true)
            return readBack()
        }
        #expect(expected.contains { $0 != 0 }, "something drawn")
        let same = pixels == flipped   // (not inside #expect: a failure would print both images)
        #expect(same, "\(name)")
    }
}
