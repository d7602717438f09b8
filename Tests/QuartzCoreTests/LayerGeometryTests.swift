// CALayer geometry: defaults, frame, the map into the superlayer, and point conversion.
import Testing
import QuartzCore

private func layer(bounds: CGRect, position: CGPoint, in parent: CALayer? = nil) -> CALayer {
    let l = CALayer()
    l.bounds = bounds
    l.position = position
    parent?.addSublayer(l)
    return l
}

@Suite("CALayer geometry")
struct LayerGeometryTests {
    @Test func defaults() {
        let l = CALayer()
        #expect(l.bounds == .zero)
        #expect(l.position == .zero)
        #expect(l.zPosition == 0)
        #expect(l.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(l.anchorPointZ == 0)
        #expect(l.transform == CATransform3DIdentity)
        #expect(l.sublayerTransform == CATransform3DIdentity)
        #expect(l.opacity == 1)
        #expect(!l.isHidden && l.isDoubleSided && !l.isGeometryFlipped && !l.masksToBounds)
        #expect(l.borderColor == CGColor.black && l.borderWidth == 0 && l.cornerRadius == 0)
        #expect(l.backgroundColor == nil && l.contents == nil)
        #expect(l.contentsGravity == .resize)
        #expect(l.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(l.allowsEdgeAntialiasing)
        #expect(l.frame == .zero)
    }

    // MARK: Frame

    @Test func frameFromPositionAndBounds() {
        let l = layer(bounds: CGRect(x: 0, y: 0, width: 120, height: 80), position: CGPoint(x: 100, y: 100))
        #expect(l.frame == CGRect(x: 40, y: 60, width: 120, height: 80))
        // The bounds origin does not move the frame.
        l.bounds.origin = CGPoint(x: 7, y: 9)
        #expect(l.frame == CGRect(x: 40, y: 60, width: 120, height: 80))
    }

    @Test func settingFrameSetsPositionAndBoundsSize() {
        let l = CALayer()
        l.frame = CGRect(x: 40, y: 60, width: 120, height: 80)
        #expect(l.position == CGPoint(x: 100, y: 100))
        #expect(l.bounds.size == CGSize(width: 120, height: 80))
        #expect(l.bounds.origin == .zero)
        #expect(l.frame == CGRect(x: 40, y: 60, width: 120, height: 80))
        // The bounds origin is kept.
        let m = CALayer()
        m.bounds.origin = CGPoint(x: 5, y: 5)
        m.frame = CGRect(x: 40, y: 60, width: 120, height: 80)
        #expect(m.bounds == CGRect(x: 5, y: 5, width: 120, height: 80))
        #expect(m.position == CGPoint(x: 100, y: 100))
    }

    @Test func frameFollowsTheAnchorPoint() {
        let l = CALayer()
        l.anchorPoint = .zero
        l.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(l.position == CGPoint(x: 10, y: 20))
        l.anchorPoint = CGPoint(x: 1, y: 1)
        #expect(l.frame == CGRect(x: -20, y: -20, width: 30, height: 40))
        // A negative-size rectangle is standardized.
        let m = CALayer()
        m.frame = CGRect(x: 100, y: 100, width: -20, height: -10)
        #expect(m.bounds.size == CGSize(width: 20, height: 10))
        #expect(m.position == CGPoint(x: 90, y: 95))
    }

    @Test func frameOfATransformedLayerIsTheBoundingBox() {
        let l = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 50), position: CGPoint(x: 100, y: 100))
        l.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        expectClose(l.frame, CGRect(x: 75, y: 50, width: 50, height: 100), 1e-12)
        l.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        let side = 150 / CGFloat(2).squareRoot()
        expectClose(l.frame, CGRect(x: 100 - side / 2, y: 100 - side / 2, width: side, height: side), 1e-12)
        l.transform = CATransform3DMakeScale(2, 3, 1)
        #expect(l.frame == CGRect(x: 0, y: 25, width: 200, height: 150))
        l.transform = CATransform3DMakeTranslation(5, -5, 0)
        #expect(l.frame == CGRect(x: 55, y: 70, width: 100, height: 50))
    }

    @Test func frameOfALayerWithPerspectiveInItsTransform() {
        // Rotated 60 degrees about y under perspective 1/500: the bounding box of the projection.
        let l = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 0, y: 0))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        l.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0).concatenating(perspective)
        // Corner (0, 0) is (-50, -50) from the anchor: x' = -50 cos, z' = 50 sin, w = 1 - z'/500.
        let c = cos(CGFloat.pi / 3), s = sin(CGFloat.pi / 3)
        let wLeft = 1 - 50 * s / 500, wRight = 1 + 50 * s / 500
        let want = CGRect(x: -50 * c / wLeft, y: -50 / wLeft, width: 50 * c / wRight + 50 * c / wLeft, height: 100 / wLeft)
        expectClose(l.frame, want, 1e-12)
    }

    // MARK: The map into the superlayer

    @Test func workedExampleFromTheSceneFormat() {
        let parent = layer(bounds: CGRect(x: 0, y: 0, width: 200, height: 200), position: CGPoint(x: 100, y: 100))
        parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        let child = layer(bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 100, y: 50), in: parent)
        child.transform = CATransform3DMakeTranslation(5, 6, 0)

        expectClose(parent.convert(CGPoint(x: 0, y: 0), from: child), CGPoint(x: 60, y: -38))
        expectClose(child.convert(CGPoint(x: 60, y: -38), from: parent), CGPoint(x: 0, y: 0))
        expectClose(child.convert(CGPoint(x: 0, y: 0), to: parent), CGPoint(x: 60, y: -38))
        expectClose(parent.convert(CGPoint(x: 60, y: -38), to: child), CGPoint(x: 0, y: 0))
        let p = project(child.transformToSuperlayer, 0, 0)
        expectClose(CGPoint(x: p.x, y: p.y), CGPoint(x: 60, y: -38), 1e-12)
        // The child's anchor (25, 25): (105, 56) in sublayer space, (110, 12) in the parent.
        expectClose(parent.convert(CGPoint(x: 25, y: 25), from: child), CGPoint(x: 110, y: 12))
        // Without the parent's sublayerTransform the point lands at (80, 31).
        let p2 = project(child.transformToSuperlayerSublayerSpace, 0, 0)
        #expect(p2.x == 80 && p2.y == 31)
    }

    @Test func transformToSuperlayerIsTheDocumentedProduct() {
        let parent = layer(bounds: CGRect(x: 10, y: 20, width: 300, height: 100), position: CGPoint(x: 0, y: 0))
        parent.anchorPoint = CGPoint(x: 0.25, y: 0.75)
        parent.anchorPointZ = 33   // does not move the sublayerTransform's pivot
        parent.sublayerTransform = CATransform3DMakeRotation(0.4, 1, 2, 3)
        let child = layer(bounds: CGRect(x: -5, y: 5, width: 40, height: 60), position: CGPoint(x: 70, y: 80), in: parent)
        child.anchorPoint = CGPoint(x: 0.1, y: 0.9)
        child.anchorPointZ = 4
        child.zPosition = 6
        child.transform = CATransform3DMakeRotation(0.3, 0, 1, 1)
        let a = (x: -5 + 0.1 * 40, y: 5 + 0.9 * 60, z: 4.0)
        let aP = (x: 10 + 0.25 * 300, y: 20 + 0.75 * 100)
        let want = CATransform3DMakeTranslation(-a.x, -a.y, -a.z)
            .concatenating(child.transform)
            .concatenating(CATransform3DMakeTranslation(70, 80, 6))
            .concatenating(CATransform3DMakeTranslation(-aP.x, -aP.y, 0))
            .concatenating(parent.sublayerTransform)
            .concatenating(CATransform3DMakeTranslation(aP.x, aP.y, 0))
        expectClose(child.transformToSuperlayer, want, 1e-12)
        // A root layer has no superlayer transform to apply.
        #expect(parent.transformToSuperlayer == parent.transformToSuperlayerSublayerSpace)
    }

    @Test func anchorPointZPutsTheLayerBehindItsPosition() {
        let l = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 50, y: 50))
        l.anchorPointZ = 10
        let h = l.transformToSuperlayer.apply(0, 0, 0)
        #expect(h.x == 0 && h.y == 0 && h.z == -10 && h.w == 1)
        // zPosition adds toward the viewer.
        l.zPosition = 7
        #expect(l.transformToSuperlayer.apply(0, 0, 0).z == -3)
        // Under a parent, and with a rotation about y the layer swings around its position, not its plane.
        let parent = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 50, y: 50))
        let c = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 50, y: 50), in: parent)
        c.anchorPointZ = 10
        c.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        let q = c.transformToSuperlayer.apply(50, 50, 0)
        expectClose(q.x, 50, 1e-12); expectClose(q.y, 50, 1e-12); expectClose(q.z, 10, 1e-12)
    }

    @Test func sublayerTransformPivotsAboutTheAnchorPoint() {
        let parent = layer(bounds: CGRect(x: 0, y: 0, width: 200, height: 200), position: CGPoint(x: 100, y: 100))
        parent.anchorPoint = .zero
        parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        let child = layer(bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 20, y: 30), in: parent)
        #expect(parent.convert(CGPoint(x: 5, y: 5), from: child) == CGPoint(x: 40, y: 60))
    }

    @Test func geometryFlippedFlipsTheSublayersAboutTheMiddle() {
        let parent = layer(bounds: CGRect(x: 0, y: 0, width: 200, height: 100), position: CGPoint(x: 100, y: 50))
        parent.isGeometryFlipped = true
        let child = layer(bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 50, y: 20), in: parent)
        #expect(parent.convert(CGPoint(x: 5, y: 5), from: child) == CGPoint(x: 50, y: 80))
        // The child's own content is flipped too: its top edge (y = 0) lies lower in the parent.
        #expect(parent.convert(CGPoint(x: 5, y: 0), from: child) == CGPoint(x: 50, y: 85))
        // With a bounds origin the flip is about the middle of the bounds.
        parent.bounds.origin = CGPoint(x: 0, y: 100)
        #expect(parent.convert(CGPoint(x: 5, y: 5), from: child) == CGPoint(x: 50, y: 280))
    }

    @Test func boundsOriginScrollsTheSublayers() {
        let root = layer(bounds: CGRect(x: 0, y: 0, width: 400, height: 400), position: CGPoint(x: 200, y: 200))
        let parent = layer(bounds: CGRect(x: 10, y: 20, width: 200, height: 200), position: CGPoint(x: 100, y: 100), in: root)
        let child = layer(bounds: CGRect(x: 0, y: 0, width: 30, height: 30), position: CGPoint(x: 10, y: 20), in: parent)
        // The child sits at the parent's bounds origin, which is the parent's top-left corner.
        #expect(root.convert(CGPoint(x: 15, y: 15), from: child) == CGPoint(x: 0, y: 0))
        #expect(child.convert(CGPoint(x: 0, y: 0), from: root) == CGPoint(x: 15, y: 15))
    }

    // MARK: Conversion

    @Test func conversionBetweenSiblingsAndCousins() {
        let root = layer(bounds: CGRect(x: 0, y: 0, width: 400, height: 400), position: CGPoint(x: 200, y: 200))
        let a = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 100, y: 100), in: root)
        let b = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 300, y: 150), in: root)
        b.transform = CATransform3DMakeScale(2, 2, 1)
        // a's (50, 50) is the root's (100, 100), which is b's ((100 - 300) / 2 + 50, (100 - 150) / 2 + 50).
        expectClose(b.convert(CGPoint(x: 50, y: 50), from: a), CGPoint(x: -50, y: 25), 1e-12)
        expectClose(a.convert(CGPoint(x: -50, y: 25), from: b), CGPoint(x: 50, y: 50), 1e-12)
        expectClose(a.convert(CGPoint(x: 50, y: 50), to: b), CGPoint(x: -50, y: 25), 1e-12)
        let aChild = layer(bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 0, y: 0), in: a)
        expectClose(b.convert(CGPoint(x: 5, y: 5), from: aChild), CGPoint(x: -75, y: 0), 1e-12)
        // A layer converts to itself unchanged.
        #expect(a.convert(CGPoint(x: 3, y: 4), from: a) == CGPoint(x: 3, y: 4))
    }

    @Test func conversionToAndFromTheRootsSpace() {
        let root = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 150, y: 250))
        let child = layer(bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 20, y: 30), in: root)
        #expect(root.convert(CGPoint(x: 0, y: 0), to: nil) == CGPoint(x: 100, y: 200))
        #expect(root.convert(CGPoint(x: 100, y: 200), from: nil) == CGPoint(x: 0, y: 0))
        #expect(child.convert(CGPoint(x: 5, y: 5), to: nil) == CGPoint(x: 120, y: 230))
        #expect(child.convert(CGPoint(x: 120, y: 230), from: nil) == CGPoint(x: 5, y: 5))
    }

    @Test func rectConversionIsTheBoundingBox() {
        let parent = layer(bounds: CGRect(x: 0, y: 0, width: 200, height: 200), position: CGPoint(x: 100, y: 100))
        let child = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 50), position: CGPoint(x: 100, y: 100), in: parent)
        child.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        expectClose(parent.convert(child.bounds, from: child), child.frame, 1e-12)
        expectClose(parent.convert(child.bounds, from: child), CGRect(x: 75, y: 50, width: 50, height: 100), 1e-12)
        expectClose(child.convert(child.bounds, to: parent), CGRect(x: 75, y: 50, width: 50, height: 100), 1e-12)
        expectClose(child.convert(CGRect(x: 75, y: 50, width: 50, height: 100), from: parent), child.bounds, 1e-12)
    }

    @Test func perspectiveConversionRoundTrips() {
        let parent = layer(bounds: CGRect(x: 0, y: 0, width: 400, height: 400), position: CGPoint(x: 200, y: 200))
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        parent.sublayerTransform = p
        let child = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 200, y: 200), in: parent)
        child.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)

        // Against the formula: child (100, 0) is (50, -50) from its anchor, rotated to
        // (50 cos, -50, -50 sin), seen through the perspective: w = 1 + 50 sin / 500.
        let c = cos(CGFloat.pi / 4), s = sin(CGFloat.pi / 4), w = 1 + 50 * s / 500
        expectClose(parent.convert(CGPoint(x: 100, y: 0), from: child), CGPoint(x: 200 + 50 * c / w, y: 200 - 50 / w), 1e-12)

        for pt in [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 37, y: 81), CGPoint(x: 100, y: 100), CGPoint(x: -20, y: 140)] {
            let inParent = parent.convert(pt, from: child)
            expectClose(child.convert(inParent, from: parent), pt, 1e-9, "from \(pt)")
            expectClose(parent.convert(pt, from: child), child.convert(pt, to: parent), 1e-12)
        }
        // The near and far edges do not shrink alike: perspective, not an affine squeeze.
        let left = parent.convert(CGPoint(x: 0, y: 0), from: child), right = parent.convert(CGPoint(x: 100, y: 0), from: child)
        #expect(abs((200 - left.x) - (right.x - 200)) > 1)
    }

    @Test func transformLayerKeepsDepthForItsSublayers() {
        // A child 100 in front of a transform layer, under perspective 1/500, is magnified 1.25x.
        func build(_ middle: CALayer) -> (CALayer, CALayer) {
            let root = layer(bounds: CGRect(x: 0, y: 0, width: 400, height: 400), position: CGPoint(x: 200, y: 200))
            var p = CATransform3DIdentity
            p.m34 = -1.0 / 500
            root.sublayerTransform = p
            middle.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
            middle.position = CGPoint(x: 200, y: 200)
            root.addSublayer(middle)
            let child = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 300, y: 200), in: middle)
            child.zPosition = 100
            return (root, child)
        }
        let (root, child) = build(CATransformLayer())
        expectClose(root.convert(CGPoint(x: 50, y: 50), from: child), CGPoint(x: 325, y: 200), 1e-12)
        expectClose(root.convert(CGPoint(x: 0, y: 0), from: child), CGPoint(x: 262.5, y: 137.5), 1e-12)
        expectClose(child.convert(CGPoint(x: 262.5, y: 137.5), from: root), CGPoint(x: 0, y: 0), 1e-9)
        // An ordinary layer in the middle flattens: the child's z is gone before the perspective.
        let (flatRoot, flatChild) = build(CALayer())
        expectClose(flatRoot.convert(CGPoint(x: 50, y: 50), from: flatChild), CGPoint(x: 300, y: 200), 1e-12)
    }
}
