import Foundation
import Testing
@testable import LaminaCompositor

/// A side's line value at a pixel centre, as the renderers evaluate it.
private func value(_ e: SIMD3<Float>, _ x: Double, _ y: Double) -> Double {
    Double(e.x) * x + Double(e.y) * y + Double(e.z)
}

@Suite struct EdgeLinesTests {
    /// An affine map (scale 2, then a move by (5, 7)): each side's value is the pixel's
    /// distance to it plus a half, exactly.
    @Test func affineSidesAreDistancesPlusAHalf() {
        let m = Mat4.scale(2, 2).concatenating(.translation(5, 7))
        let q = DrawQuad.seamTestQuad(Box(minX: 0, minY: 0, maxX: 10, maxY: 20), m)
        let s = q.outerLines
        // The rect covers pixels x 5...25, y 7...47.
        #expect(s.left == SIMD3(1, 0, -4.5))
        #expect(s.right == SIMD3(-1, 0, 25.5))
        #expect(s.top == SIMD3(0, 1, -6.5))
        #expect(s.bottom == SIMD3(0, -1, 47.5))
        #expect(value(s.left, 7.5, 10.5) == 3)     // 2.5 pixels inside the left side
        #expect(value(s.right, 25.5, 10.5) == 0)   // half a pixel outside the right side
    }

    /// Under perspective a side is still a straight line on screen: the images of points on a
    /// side have value one half (distance 0), the coefficients are a unit normal, and the
    /// inside is positive.
    @Test func perspectiveSidesAreTheProjectedLines() {
        var p = Mat4.identity
        p.r2.w = -1.0 / 300
        // Turned 0.7 radians about y, then 0.3 about x (row vectors: p' = p * M), in perspective.
        let (cy, sy, cx, sx) = (cos(0.7), sin(0.7), cos(0.3), sin(0.3))
        let turnY = Mat4(SIMD4(cy, 0, -sy, 0), SIMD4(0, 1, 0, 0), SIMD4(sy, 0, cy, 0), SIMD4(0, 0, 0, 1))
        let turnX = Mat4(SIMD4(1, 0, 0, 0), SIMD4(0, cx, sx, 0), SIMD4(0, -sx, cx, 0), SIMD4(0, 0, 0, 1))
        let m = turnY.concatenating(turnX).concatenating(p).concatenating(.translation(200, 150))
        let rect = Box(minX: -40, minY: -30, maxX: 40, maxY: 30)
        let s = DrawQuad.seamTestQuad(rect, m).outerLines
        for t in stride(from: 0.0, through: 1.0, by: 0.25) {
            let onLeft = m.project(SIMD2(rect.minX, rect.minY + t * rect.height))
            let onBottom = m.project(SIMD2(rect.minX + t * rect.width, rect.maxY))
            #expect(abs(value(s.left, onLeft.x, onLeft.y) - 0.5) < 1e-4)
            #expect(abs(value(s.bottom, onBottom.x, onBottom.y) - 0.5) < 1e-4)
        }
        for e in [s.left, s.top, s.right, s.bottom] {
            #expect(abs(Double(e.x * e.x + e.y * e.y) - 1) < 1e-6)
            let centre = m.project(SIMD2(0, 0))
            #expect(value(e, centre.x, centre.y) > 10)
        }
    }

    /// Sides that are not anti-aliased cover fully; so does every side of a singular map.
    @Test func hardSidesAndSingularMapsCoverFully() {
        var q = DrawQuad.seamTestQuad(Box(minX: 0, minY: 0, maxX: 10, maxY: 10), .identity)
        q.antialiasedEdges = [.left]
        let s = q.outerLines
        #expect(s.top == EdgeLines.inside && s.right == EdgeLines.inside && s.bottom == EdgeLines.inside)
        #expect(s.left == SIMD3(1, 0, 0.5))
        let flat = DrawQuad.seamTestQuad(Box(minX: 0, minY: 0, maxX: 10, maxY: 10), .scale(0, 1))
        #expect(flat.outerLines == EdgeLines(left: EdgeLines.inside, top: EdgeLines.inside, right: EdgeLines.inside, bottom: EdgeLines.inside))
    }

    /// A border's inner sides are the rect inset by the width; nothing is left inside a border
    /// wider than half the rect.
    @Test func borderAndMaskLines() {
        var q = DrawQuad.seamTestQuad(Box(minX: 0, minY: 0, maxX: 10, maxY: 10), .identity)
        #expect(q.innerLines == nil && q.maskLines == nil)
        q.borderWidth = 2
        #expect(q.innerLines?.left == SIMD3(1, 0, -1.5))
        #expect(q.innerLines?.bottom == SIMD3(0, -1, 8.5))
        q.borderWidth = 6
        #expect(q.innerLines == EdgeLines.none)
        q.mask = RoundedBox(box: Box(minX: 1, minY: 2, maxX: 3, maxY: 4), radius: 0)
        #expect(q.maskLines?.top == SIMD3(0, 1, -1.5))
    }
}
