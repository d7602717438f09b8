// More Apple drawing code compiled unchanged (only `import QuartzCore` / `import CoreGraphics`):
// context shadows and transparency layers, path walking with a C-style applier and dashed
// copies. Behaviour as Apple documents it (developer.apple.com, CGContext): setShadow's
// default color is black at 1/3 alpha and its offset is in base space (the CTM does not move
// it); a nil color turns shadows off; the shadow is graphics state; a transparency layer
// composites its drawing as one object with the alpha and shadow in force when it began, with
// alpha 1 and no shadow inside it.
import Testing
import QuartzCore
import CoreGraphics

@Suite("Apple source compatibility: shadows, transparency layers, path copies")
struct AppleSourceDrawingEffectsTests {
    @Test func defaultShadowIsOneThirdBlackOffsetInBaseSpace() {
        let ctx = appleBitmap(40, 40)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.setShadow(offset: CGSize(width: 5, height: -5), blur: 0)
        ctx.fill(CGRect(x: 10, y: 10, width: 10, height: 10))
        #expect(applePixel(ctx, 12, 12) == [255, 0, 0, 255])           // the shape, over its shadow
        #expect(applePixel(ctx, 22, 7) == [0, 0, 0, 85])                // shadow only: alpha 255 / 3
        #expect(applePixel(ctx, 12, 17)[3] == 255 && applePixel(ctx, 22, 17) == [0, 0, 0, 0])
        #expect(applePixel(ctx, 30, 30) == [0, 0, 0, 0])
    }

    @Test func shadowOffsetIgnoresTheCTM() {
        let ctx = appleBitmap(60, 60)
        ctx.scaleBy(x: 2, y: 2)
        ctx.setShadow(offset: CGSize(width: 5, height: 0), blur: 0, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 5, y: 5, width: 5, height: 5))               // pixels 10..<20
        #expect(applePixel(ctx, 19, 15) == [255, 0, 0, 255])
        #expect(applePixel(ctx, 22, 15) == [0, 0, 255, 255])            // 5 pixels, not 10
        #expect(applePixel(ctx, 26, 15) == [0, 0, 0, 0])
    }

    @Test func blurIsAGaussianOfHalfTheBlur() {
        let ctx = appleBitmap(100, 60)
        ctx.setShadow(offset: CGSize(width: 50, height: 0), blur: 8, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        ctx.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        ctx.fill(CGRect(x: 10, y: 10, width: 20, height: 40))            // shadow: x 60..<80
        // Sigma 4: half a pixel inside the edge is 55% covered, 4.5 outside 13%, 10.5 outside 0.4%.
        let edge = Int(applePixel(ctx, 60, 30)[3]), near = Int(applePixel(ctx, 55, 30)[3]), far = Int(applePixel(ctx, 49, 30)[3])
        #expect((130...150).contains(edge))
        #expect((25...42).contains(near))
        #expect(far <= 3)
        #expect(applePixel(ctx, 70, 30)[3] >= 250)
        #expect(abs(Int(applePixel(ctx, 79, 30)[3]) - edge) <= 2)          // symmetric about the middle
    }

    @Test func shadowIsGraphicsStateAndNilColorTurnsItOff() {
        let ctx = appleBitmap(40, 20)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.saveGState()
        ctx.setShadow(offset: CGSize(width: 4, height: 0), blur: 0)
        ctx.restoreGState()
        ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 20))
        #expect(applePixel(ctx, 7, 10) == [0, 0, 0, 0])
        ctx.setShadow(offset: CGSize(width: 4, height: 0), blur: 0, color: nil)
        ctx.fill(CGRect(x: 20, y: 0, width: 5, height: 20))
        #expect(applePixel(ctx, 27, 10) == [0, 0, 0, 0])
        ctx.setShadow(offset: CGSize(width: 4, height: 0), blur: 0)
        ctx.setStrokeColor(red: 0, green: 1, blue: 0, alpha: 1)
        ctx.setLineWidth(2)
        ctx.strokeLineSegments(between: [CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 20)])
        #expect(applePixel(ctx, 14, 10) == [0, 0, 0, 85])                // strokes cast shadows too
    }

    @Test func transparencyLayerCompositesAsOneObject() {
        let ctx = appleBitmap(40, 20)
        ctx.setAlpha(0.5)
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        ctx.fill(CGRect(x: 10, y: 0, width: 20, height: 20))
        ctx.endTransparencyLayer()
        // Inside the layer alpha was 1 and the overlap is one surface, painted at alpha 0.5 once.
        #expect(applePixel(ctx, 5, 10) == applePixel(ctx, 15, 10))
        #expect((127...128).contains(applePixel(ctx, 15, 10)[3]))
        // Without a layer the overlap is denser.
        ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(applePixel(ctx, 2, 2)[3] > 180)
    }

    @Test func transparencyLayerCastsOneShadow() {
        let ctx = appleBitmap(60, 20)
        ctx.setShadow(offset: CGSize(width: 0, height: -5), blur: 0, color: CGColor(red: 0, green: 0, blue: 0, alpha: 0.5))
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 10, y: 10, width: 20, height: 10))
        ctx.fill(CGRect(x: 20, y: 10, width: 20, height: 10))
        ctx.endTransparencyLayer()
        // One shadow under the union: where both rectangles overlap it is no darker.
        #expect(applePixel(ctx, 25, 7) == applePixel(ctx, 12, 7))
        #expect((127...128).contains(applePixel(ctx, 25, 7)[3]))
        #expect(applePixel(ctx, 25, 12) == [255, 0, 0, 255])
        // The shadow state is back after the layer.
        ctx.fill(CGRect(x: 50, y: 10, width: 5, height: 10))
        #expect((127...128).contains(applePixel(ctx, 52, 7)[3]))
    }

    @Test func nestedLayersAndUnbalancedStatesStayUsable() {
        let ctx = appleBitmap(20, 20)
        ctx.beginTransparencyLayer(in: CGRect(x: 0, y: 0, width: 10, height: 20), auxiliaryInfo: nil)
        ctx.saveGState()
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        ctx.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        ctx.endTransparencyLayer()
        ctx.endTransparencyLayer()                                      // the save inside is dropped
        ctx.endTransparencyLayer()                                      // none open: ignored
        ctx.restoreGState()                                             // nothing saved: ignored
        #expect(applePixel(ctx, 5, 5) == [0, 255, 0, 255])
        #expect(applePixel(ctx, 15, 5) == [0, 0, 0, 0])                 // outside the layer's rect
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.fill(CGRect(x: 15, y: 0, width: 5, height: 5))
        #expect(applePixel(ctx, 17, 2) == [0, 0, 255, 255])
    }

    @Test func applyWithInfoAndFunctionWalksElements() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addQuadCurve(to: CGPoint(x: 10, y: 10), control: CGPoint(x: 20, y: 5))
        path.addCurve(to: CGPoint(x: 0, y: 10), control1: CGPoint(x: 8, y: 12), control2: CGPoint(x: 2, y: 12))
        path.closeSubpath()
        var lastPoints: [CGPoint] = []
        withUnsafeMutablePointer(to: &lastPoints) { pointer in
            path.apply(info: pointer) { info, element in
                let list = info!.assumingMemoryBound(to: [CGPoint].self)
                let e = element.pointee
                switch e.type {
                case .moveToPoint, .addLineToPoint: list.pointee.append(e.points[0])
                case .addQuadCurveToPoint: list.pointee.append(e.points[1])
                case .addCurveToPoint: list.pointee.append(e.points[2])
                case .closeSubpath: list.pointee.append(CGPoint(x: -1, y: -1))
                }
            }
        }
        #expect(lastPoints == [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10),
                               CGPoint(x: 0, y: 10), CGPoint(x: -1, y: -1)])
    }

    @Test func dashingCopyCutsEachSubpath() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.move(to: CGPoint(x: 0, y: 10))
        path.addLine(to: CGPoint(x: 30, y: 10))
        let dashed = path.copy(dashingWithPhase: 5, lengths: [10, 5])
        var starts: [CGPoint] = [], ends: [CGPoint] = []
        dashed.applyWithBlock { element in
            if element.pointee.type == .moveToPoint { starts.append(element.pointee.points[0]) }
            if element.pointee.type == .addLineToPoint { ends.append(element.pointee.points[0]) }
        }
        // Phase 5 into (10 on, 5 off): dashes 0-5, 10-20, 25-35 ... 85-95; restarting at the second line.
        let startXs: [CGFloat] = starts.prefix(7).map { ($0.x * 1e6).rounded() / 1e6 }
        let endXs: [CGFloat] = ends.prefix(7).map { ($0.x * 1e6).rounded() / 1e6 }
        #expect(startXs == [0, 10, 25, 40, 55, 70, 85])
        #expect(endXs == [5, 20, 35, 50, 65, 80, 95])
        #expect(starts.prefix(7).allSatisfy { $0.y == 0 })
        #expect(starts.count == 7 + 3 && starts[7] == CGPoint(x: 0, y: 10) && starts[8] == CGPoint(x: 10, y: 10))
        #expect(ends.last == CGPoint(x: 30, y: 10))
        // A transform maps the dashes; no valid pattern leaves the path whole.
        let moved = path.copy(dashingWithPhase: 0, lengths: [10, 5], transform: CGAffineTransform(translationX: 0, y: 100))
        #expect(moved.boundingBoxOfPath.minY == 100)
        #expect(path.copy(dashingWithPhase: 0, lengths: [0, 0]) == path)
        #expect(path.copy(dashingWithPhase: 0, lengths: [-1, 5]) == path)
    }

    @Test func strokingCopyCoversTheStrokeArea() {
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 0))
        line.addLine(to: CGPoint(x: 100, y: 0))
        let butt = line.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        #expect(butt.contains(CGPoint(x: 50, y: 4.9)) && butt.contains(CGPoint(x: 50, y: -4.9)))
        #expect(!butt.contains(CGPoint(x: 50, y: 5.1)) && !butt.contains(CGPoint(x: -0.1, y: 0)) && !butt.contains(CGPoint(x: 100.1, y: 0)))
        let square = line.copy(strokingWithWidth: 10, lineCap: .square, lineJoin: .miter, miterLimit: 10)
        #expect(square.contains(CGPoint(x: 104.9, y: 4.9)) && !square.contains(CGPoint(x: 105.1, y: 0)))
        let round = line.copy(strokingWithWidth: 10, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        #expect(round.contains(CGPoint(x: 103, y: 3)) && !round.contains(CGPoint(x: 104, y: 4)))
        #expect(round.boundingBoxOfPath.insetBy(dx: 5, dy: 5) == line.boundingBoxOfPath.insetBy(dx: 0, dy: 0))

        let corner = CGMutablePath()
        corner.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 0), CGPoint(x: 50, y: 50)])
        let miter = corner.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        let bevel = corner.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .bevel, miterLimit: 10)
        let rounded = corner.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .round, miterLimit: 10)
        let limited = corner.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 1.4)
        // The outer corner at (55, -5): the miter reaches it, the bevel cuts at x + |y| = 60 side, round at radius 5.
        #expect(miter.contains(CGPoint(x: 54.5, y: -4.5)))
        #expect(!bevel.contains(CGPoint(x: 54.5, y: -4.5)) && bevel.contains(CGPoint(x: 52, y: -2)))
        #expect(!rounded.contains(CGPoint(x: 54, y: -4)) && rounded.contains(CGPoint(x: 53, y: -3)))
        #expect(!limited.contains(CGPoint(x: 54.5, y: -4.5)))          // sqrt(2) over the limit: bevel
        #expect(!miter.contains(CGPoint(x: 25, y: 25)))                 // inside the corner, off the stroke

        // A closed ring: the stroke straddles the outline; the middle stays empty (winding rule).
        let ring = CGPath(ellipseIn: CGRect(x: -50, y: -50, width: 100, height: 100), transform: nil)
            .copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10,
                  transform: CGAffineTransform(translationX: 100, y: 0))
        #expect(ring.contains(CGPoint(x: 151.9, y: 0)) && ring.contains(CGPoint(x: 100, y: -48.1)))
        #expect(!ring.contains(CGPoint(x: 152.1, y: 0)) && !ring.contains(CGPoint(x: 147.9, y: 0)) && !ring.contains(CGPoint(x: 100, y: 0)))
        #expect(line.copy(strokingWithWidth: 0, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty)
    }
}
