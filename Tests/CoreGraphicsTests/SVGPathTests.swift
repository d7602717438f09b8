// SVG path data to and from CGPath.
import Testing
import Foundation
import CoreGraphics

@Suite("SVG path data")
struct SVGPathTests {
    func parse(_ s: String) throws -> CGMutablePath { try CGMutablePath(svgPathData: s) }
    func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }

    @Test func absoluteCommands() throws {
        let path = try parse("M10 10 L90 10 C90 50 50 90 10 90 Z")
        #expect(path.elements == [.moveToPoint(p(10, 10)), .addLineToPoint(p(90, 10)),
                                  .addCurveToPoint(to: p(10, 90), control1: p(90, 50), control2: p(50, 90)), .closeSubpath])
    }

    @Test func relativeCommandsAndImplicitRepeats() throws {
        let path = try parse("m10 10 l80 0 h-10 v20 z l5 5 M0 0 10 0 10 10")
        #expect(path.elements == [.moveToPoint(p(10, 10)), .addLineToPoint(p(90, 10)), .addLineToPoint(p(80, 10)),
                                  .addLineToPoint(p(80, 30)), .closeSubpath, .addLineToPoint(p(15, 15)),
                                  .moveToPoint(p(0, 0)), .addLineToPoint(p(10, 0)), .addLineToPoint(p(10, 10))])
        let compact = try parse("M.5.5L-1-1l1e1,0")
        #expect(compact.elements == [.moveToPoint(p(0.5, 0.5)), .addLineToPoint(p(-1, -1)), .addLineToPoint(p(9, -1))])
    }

    @Test func smoothCurvesReflectTheirControlPoints() throws {
        let s = try parse("M0 0 C0 10 10 10 10 0 s10 -10 10 0")
        #expect(s.elements[2] == .addCurveToPoint(to: p(20, 0), control1: p(10, -10), control2: p(20, -10)))
        let t = try parse("M0 0 Q5 10 10 0 T20 0")
        #expect(t.elements[2] == .addQuadCurveToPoint(to: p(20, 0), control: p(15, -10)))
        let noPrevious = try parse("M0 0 L5 5 S10 10 20 0")   // S after a line: first control is the current point
        #expect(noPrevious.elements[2] == .addCurveToPoint(to: p(20, 0), control1: p(5, 5), control2: p(10, 10)))
    }

    @Test func arcsBecomeCurves() throws {
        // From (0,0) to (20,0) with the positive-angle sweep: through (10, -10).
        let half = try parse("M0 0 A10 10 0 0 1 20 0")
        #expect(half.elements.count == 3)
        #expect(close(endPoint(half, 1), p(10, -10)))
        #expect(half.currentPoint == p(20, 0))   // exactly the given end point
        let other = try parse("M0 0 A10 10 0 0 0 20 0")
        #expect(close(endPoint(other, 1), p(10, 10)))
        // Radii too small to reach are scaled up; flags may run into the next number.
        let scaled = try parse("M0 0a1 1 0 0010 0")
        #expect(scaled.currentPoint == p(10, 0))
        #expect(close(scaled.boundingBoxOfPath.origin, p(0, 0), 1e-9) && abs(scaled.boundingBoxOfPath.height - 5) < 1e-9)
        let large = try parse("M0 0 A10 10 0 1 1 10 10")   // the large arc: three quarters
        #expect(large.elements.count == 4)
        let degenerate = try parse("M0 0 A0 5 0 0 1 5 5")
        #expect(degenerate.elements == [.moveToPoint(.zero), .addLineToPoint(p(5, 5))])
    }

    @Test func errorsNameTheOffset() {
        func error(_ s: String) -> SVGPathDataError? {
            do { _ = try parse(s); return nil } catch let e as SVGPathDataError { return e } catch { return nil }
        }
        #expect(error("L10 10")?.offset == 0)
        #expect(error("M10")?.offset == 3)
        #expect(error("M0 0 X")?.offset == 5)
        #expect(error("M0 0 A1 1 0 2 0 5 5")?.offset == 12)
        #expect(error("M1e400 0") != nil)
        #expect(error("M0 0 Z 3") != nil)
        #expect((try? parse(""))?.isEmpty == true)
    }

    @Test func roundTrips() throws {
        let paths: [CGPath] = [
            CGPath(ellipseIn: CGRect(x: 0.1, y: 0.2, width: 33.3, height: 7), transform: nil),
            CGPath(roundedRect: CGRect(x: -5, y: 3, width: 40, height: 20), cornerWidth: 3, cornerHeight: 4, transform: nil),
            try parse("M0 0 Q5 10 10 0 T20 0 A7 3 30 1 0 -4 1e-05 Z l1 1"),
            CGMutablePath(),
        ]
        for path in paths {
            let text = path.svgPathData
            #expect(try parse(text) == path, "\(text)")
        }
        #expect(try parse("M10 10 L90 10 C90 50 50 90 10 90 Z").svgPathData == "M10 10 L90 10 C90 50 50 90 10 90 Z")
    }
}
