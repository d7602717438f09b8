// CGPath / CGMutablePath geometry against exact values.
import Testing
import Foundation
import CoreGraphics

/// Whether two points agree to within `tolerance`.
func close(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// The end point of element `i`.
func endPoint(_ path: CGPath, _ i: Int) -> CGPoint { path.elements[i].points.last! }

@Suite("CGPath")
struct CGPathTests {
    @Test func boundingBoxIncludesControlPointsButBoundingBoxOfPathIsTight() {
        let cubic = CGMutablePath()
        cubic.move(to: CGPoint(x: 0, y: 0))
        cubic.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 0, y: 10), control2: CGPoint(x: 10, y: 10))
        #expect(cubic.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(cubic.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 10, height: 7.5))   // B(1/2).y = 7.5

        let quad = CGMutablePath()
        quad.move(to: CGPoint(x: 0, y: 0))
        quad.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))
        #expect(quad.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(quad.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 10, height: 5))

        #expect(CGMutablePath().boundingBox.isNull)
        #expect(CGMutablePath().boundingBoxOfPath.isNull)
    }

    @Test func arcCounterclockwiseInYUpTurnsWithIncreasingAngles() {
        let p = CGMutablePath()
        p.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(p.elements.count == 2)   // move, one quarter curve
        #expect(p.elements[0] == .moveToPoint(CGPoint(x: 10, y: 0)))
        #expect(close(p.currentPoint, CGPoint(x: 0, y: 10)))
        guard case .addCurveToPoint(_, let c1, let c2) = p.elements[1] else { Issue.record("not a curve"); return }
        let k = 10 * 4.0 / 3.0 * tan(CGFloat.pi / 8)
        #expect(close(c1, CGPoint(x: 10, y: k)) && close(c2, CGPoint(x: k, y: 10)))
    }

    @Test func arcClockwiseInYUpTurnsWithDecreasingAngles() {
        let p = CGMutablePath()
        p.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(p.elements.count == 4)   // three quarters, the long way round
        #expect(close(endPoint(p, 1), CGPoint(x: 0, y: -10)))
        #expect(close(endPoint(p, 2), CGPoint(x: -10, y: 0)))
        #expect(close(endPoint(p, 3), CGPoint(x: 0, y: 10)))
        #expect(p.boundingBoxOfPath.minY < -9.99)
    }

    @Test func fullCircleOnlyInTheDirectionOfTheSweep() {
        let ccw = CGMutablePath()
        ccw.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        #expect(ccw.elements.count == 5)
        let cw = CGMutablePath()
        cw.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        #expect(cw.elements == [.moveToPoint(CGPoint(x: 1, y: 0))])
    }

    @Test func arcAfterAPointStartsWithALine() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: -5, y: 0))
        p.addArc(center: .zero, radius: 2, startAngle: .pi, endAngle: 0, clockwise: true)
        #expect(p.elements[1] == .addLineToPoint(CGPoint(x: -2, y: 2 * sin(CGFloat.pi))))
        // π to 0 clockwise (decreasing angles) passes over the top: y > 0.
        #expect(close(endPoint(p, 2), CGPoint(x: 0, y: 2)))
    }

    @Test func relativeArc() {
        let p = CGMutablePath()
        p.addRelativeArc(center: CGPoint(x: 1, y: 1), radius: 10, startAngle: 0, delta: -.pi / 2)
        #expect(p.elements.count == 2)
        #expect(close(p.currentPoint, CGPoint(x: 1, y: -9)))
    }

    @Test func tangentArc() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 5)
        #expect(p.elements.count == 3)
        #expect(close(endPoint(p, 1), CGPoint(x: 5, y: 0)))
        #expect(close(endPoint(p, 2), CGPoint(x: 10, y: 5)))
        let collinear = CGMutablePath()
        collinear.move(to: .zero)
        collinear.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 20, y: 0), radius: 5)
        #expect(collinear.elements == [.moveToPoint(.zero), .addLineToPoint(CGPoint(x: 10, y: 0))])
    }

    @Test func roundedRect() {
        let r = CGRect(x: 0, y: 0, width: 100, height: 50)
        let p = CGPath(roundedRect: r, cornerWidth: 10, cornerHeight: 5, transform: nil)
        #expect(p.elements.count == 10)   // move, 4 lines, 4 corners, close
        #expect(p.boundingBox == r)
        #expect(p.boundingBoxOfPath == r)
        #expect(p.contains(CGPoint(x: 50, y: 25)))
        #expect(p.contains(CGPoint(x: 99, y: 25)))
        #expect(!p.contains(CGPoint(x: 0.5, y: 0.5)))   // cut off by the corner
        #expect(p.contains(CGPoint(x: 9, y: 4)))
        // Corners larger than half a side are clamped, so the ends become half ellipses.
        let pill = CGPath(roundedRect: r, cornerWidth: 80, cornerHeight: 25, transform: nil)
        #expect(pill.boundingBoxOfPath == r)
        #expect(!pill.contains(CGPoint(x: 2, y: 5)))
        let square = CGPath(roundedRect: r, cornerWidth: 0, cornerHeight: 5, transform: nil)
        #expect(square.isRect(nil))
    }

    @Test func initializersTakeATransformPointer() {
        var t = CGAffineTransform(translationX: 10, y: 20)
        let r = CGRect(x: 1, y: 2, width: 3, height: 4)
        let rect = CGPath(rect: r, transform: &t)
        #expect(rect.boundingBox == r.offsetBy(dx: 10, dy: 20))
        var found = CGRect.zero
        #expect(rect.isRect(&found))
        #expect(found == r.offsetBy(dx: 10, dy: 20))
        let ellipse = CGPath(ellipseIn: r, transform: &t)
        #expect(ellipse.boundingBoxOfPath == r.offsetBy(dx: 10, dy: 20))
        #expect(!ellipse.isRect(nil))
        #expect(ellipse.elements.first == .moveToPoint(CGPoint(x: 14, y: 24)))   // (maxX, midY)
        // The ellipse turns counterclockwise in y-up: toward maxY first.
        #expect(close(endPoint(ellipse, 1), CGPoint(x: 12.5, y: 26)))
        #expect(CGPath(rect: r, transform: nil).boundingBox == r)
    }

    @Test func containsWithBothFillRules() {
        let sameDirection = CGMutablePath()
        sameDirection.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        sameDirection.addRect(CGRect(x: 25, y: 25, width: 50, height: 50))
        let center = CGPoint(x: 50, y: 50), ring = CGPoint(x: 10, y: 50), outside = CGPoint(x: 150, y: 50)
        #expect(sameDirection.contains(center, using: .winding))
        #expect(!sameDirection.contains(center, using: .evenOdd))
        #expect(sameDirection.contains(ring, using: .evenOdd) && sameDirection.contains(ring))
        #expect(!sameDirection.contains(outside) && !sameDirection.contains(outside, using: .evenOdd))

        let reversed = CGMutablePath()
        reversed.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        reversed.addLines(between: [CGPoint(x: 25, y: 25), CGPoint(x: 25, y: 75), CGPoint(x: 75, y: 75), CGPoint(x: 75, y: 25)])
        reversed.closeSubpath()
        #expect(!reversed.contains(center, using: .winding))
        #expect(!reversed.contains(center, using: .evenOdd))

        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let moved = CGAffineTransform(translationX: 100, y: 0)
        #expect(square.contains(CGPoint(x: 105, y: 5), transform: moved))
        #expect(!square.contains(CGPoint(x: 5, y: 5), transform: moved))
        let circle = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
        #expect(circle.contains(CGPoint(x: 9.9, y: 0)) && !circle.contains(CGPoint(x: 7.2, y: 7.2)))
    }

    @Test func currentPointIsEmptyAndIgnoredElements() {
        let p = CGMutablePath()
        #expect(p.isEmpty && p.currentPoint == .zero)
        p.addLine(to: CGPoint(x: 5, y: 5))   // no current point: ignored, as Core Graphics
        p.closeSubpath()
        #expect(p.isEmpty)
        p.move(to: CGPoint(x: 1, y: 2))
        p.addLine(to: CGPoint(x: 5, y: 5))
        #expect(p.currentPoint == CGPoint(x: 5, y: 5))
        p.closeSubpath()
        #expect(p.currentPoint == CGPoint(x: 1, y: 2))
        #expect(!p.isEmpty)
    }

    @Test func equalityCopiesAndAddPath() {
        func build() -> CGMutablePath {
            let p = CGMutablePath()
            p.addLines(between: [.zero, CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1)])
            p.addQuadCurve(to: CGPoint(x: 0, y: 2), control: CGPoint(x: 3, y: 3))
            p.closeSubpath()
            return p
        }
        let a = build(), b = build()
        #expect(a == b)
        #expect(a.copy() == a)
        let m = a.mutableCopy()!
        m.addLine(to: CGPoint(x: 9, y: 9))
        #expect(m != a && a == b)   // the copy is independent
        var t = CGAffineTransform(scaleX: 2, y: 3)
        let scaled = a.copy(using: &t)!
        #expect(scaled.boundingBox == CGRect(x: 0, y: 0, width: 6, height: 9))
        let combined = CGMutablePath()
        combined.addPath(a, transform: CGAffineTransform(scaleX: 2, y: 3))
        #expect(combined == scaled)
        combined.addRects([CGRect(x: 10, y: 10, width: 1, height: 1), CGRect(x: 20, y: 20, width: 1, height: 1)])
        #expect(combined.boundingBox == CGRect(x: 0, y: 0, width: 21, height: 21))
    }

    @Test func applyWithBlockHandsOutCoreGraphicsPointOrder() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addQuadCurve(to: CGPoint(x: 4, y: 0), control: CGPoint(x: 2, y: 2))
        p.addCurve(to: CGPoint(x: 9, y: 9), control1: CGPoint(x: 5, y: 5), control2: CGPoint(x: 6, y: 6))
        p.closeSubpath()
        var seen: [(CGPathElementType, [CGPoint])] = []
        p.applyWithBlock { e in
            let n = [CGPathElementType.moveToPoint: 1, .addLineToPoint: 1, .addQuadCurveToPoint: 2,
                     .addCurveToPoint: 3, .closeSubpath: 0][e.pointee.type]!
            seen.append((e.pointee.type, (0..<n).map { e.pointee.points[$0] }))
        }
        #expect(seen.map(\.0) == [.moveToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath])
        #expect(seen[1].1 == [CGPoint(x: 2, y: 2), CGPoint(x: 4, y: 0)])
        #expect(seen[2].1 == [CGPoint(x: 5, y: 5), CGPoint(x: 6, y: 6), CGPoint(x: 9, y: 9)])
    }
}
