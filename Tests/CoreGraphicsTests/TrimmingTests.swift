// Lamina's path trimming (CAShapeLayer's strokeStart / strokeEnd) and interpolation.
import Testing
import Foundation
import CoreGraphics

@Suite("CGPath trimming")
struct TrimmingTests {
    func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }

    @Test func openPolyline() throws {
        let path = try CGMutablePath(svgPathData: "M0 0 L10 0 L10 10")
        #expect(path.length == 20)
        #expect(path.trimmed(from: 0.25, to: 0.75).elements == [.moveToPoint(p(5, 0)), .addLineToPoint(p(10, 0)), .addLineToPoint(p(10, 5))])
        #expect(path.trimmed(from: 0, to: 1) == path)
        #expect(path.trimmed(from: 0.5, to: 0.5).isEmpty && path.trimmed(from: 0.8, to: 0.2).isEmpty)
    }

    @Test func closedSubpathCountsItsClosingSegment() throws {
        let square = try CGMutablePath(svgPathData: "M0 0 L10 0 L10 10 L0 10 Z")
        #expect(square.length == 40)
        #expect(square.trimmed(from: 0, to: 0.5).elements == [.moveToPoint(p(0, 0)), .addLineToPoint(p(10, 0)), .addLineToPoint(p(10, 10))])
        #expect(square.trimmed(from: 0.875, to: 1).elements == [.moveToPoint(p(0, 5)), .addLineToPoint(p(0, 0))])
        // Two subpaths of 40 each: the first kept whole keeps its close.
        let two = try CGMutablePath(svgPathData: "M0 0 L10 0 L10 10 L0 10 Z M20 0 h10")
        #expect(two.trimmed(from: 0, to: 0.9).elements == [.moveToPoint(p(0, 0)), .addLineToPoint(p(10, 0)), .addLineToPoint(p(10, 10)),
                                                          .addLineToPoint(p(0, 10)), .closeSubpath, .moveToPoint(p(20, 0)), .addLineToPoint(p(25, 0))])
    }

    @Test func curvesAreSplitWhereTheLengthFalls() {
        let circle = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
        #expect(abs(circle.length - 20 * .pi) < 0.02)
        let quarter = circle.trimmed(from: 0, to: 0.25)
        #expect(quarter.elements.count == 2)
        #expect(close(quarter.currentPoint, p(0, 10), 1e-9))
        let eighth = circle.trimmed(from: 0, to: 0.125)
        #expect(close(eighth.currentPoint, p(10 / 2.squareRoot(), 10 / 2.squareRoot()), 0.01))
        let middle = circle.trimmed(from: 0.25, to: 0.5)
        #expect(close(middle.elements.first!.points[0], p(0, 10), 1e-9) && close(middle.currentPoint, p(-10, 0), 1e-9))
        // The trimmed arc stays on the circle.
        for t in stride(from: 0.0, through: 1.0, by: 0.1) {
            guard case .addCurveToPoint(let end, let c1, let c2) = eighth.elements[1] else { Issue.record("not a curve"); return }
            let q = Bezier.cubicPoint(p(10, 0), c1, c2, end, t)
            #expect(abs(hypot(q.x, q.y) - 10) < 0.01)
        }
    }

    @Test func interpolation() throws {
        let a = try CGMutablePath(svgPathData: "M0 0 L10 0 Q10 10 0 10 Z")
        let b = try CGMutablePath(svgPathData: "M10 10 L20 10 Q30 30 10 30 Z")
        #expect(a.interpolated(to: b, fraction: 0.5) == (try CGMutablePath(svgPathData: "M5 5 L15 5 Q20 20 5 20 Z")))
        #expect(a.interpolated(to: b, fraction: 0) == a)
        #expect(a.interpolated(to: try CGMutablePath(svgPathData: "M0 0 L1 1 L2 2 Z"), fraction: 0.5) == nil)
    }
}

enum Bezier {
    static func cubicPoint(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        return CGPoint(x: u * u * u * p0.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p1.x,
                       y: u * u * u * p0.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p1.y)
    }
}
