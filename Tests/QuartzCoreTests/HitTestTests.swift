// Hit testing: Core Animation's order-based hitTest and the depth-sorted variant.
import Testing
import QuartzCore

private func layer(_ name: String, _ frame: CGRect, in parent: CALayer? = nil) -> CALayer {
    let l = CALayer()
    l.name = name
    l.frame = frame
    parent?.addSublayer(l)
    return l
}

private func names(_ l: CALayer?) -> String { l?.name ?? "nil" }

@Suite("Hit testing")
struct HitTestTests {
    @Test func containsIsHalfOpenOnTheBounds() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        #expect(l.contains(CGPoint(x: 0, y: 0)))
        #expect(l.contains(CGPoint(x: 99.9, y: 49.9)))
        #expect(!l.contains(CGPoint(x: 100, y: 25)))
        #expect(!l.contains(CGPoint(x: 50, y: 50)))
        #expect(!l.contains(CGPoint(x: -0.1, y: 0)))
        // Bounds coordinates, not frame coordinates.
        l.bounds.origin = CGPoint(x: 10, y: 10)
        l.position = CGPoint(x: 500, y: 500)
        #expect(!l.contains(CGPoint(x: 5, y: 5)))
        #expect(l.contains(CGPoint(x: 10, y: 10)))
        #expect(l.contains(CGPoint(x: 109, y: 59)))
        let t = CATransformLayer()
        t.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        #expect(!t.contains(CGPoint(x: 50, y: 50)))
    }

    @Test func siblingsAreTestedTopToBottom() {
        let root = layer("root", CGRect(x: 0, y: 0, width: 200, height: 200))
        let a = layer("a", CGRect(x: 0, y: 0, width: 100, height: 100), in: root)
        let b = layer("b", CGRect(x: 50, y: 50, width: 100, height: 100), in: root)
        #expect(root.hitTest(CGPoint(x: 75, y: 75)) === b)   // overlap: the last added wins
        #expect(root.hitTest(CGPoint(x: 25, y: 25)) === a)
        #expect(root.hitTest(CGPoint(x: 140, y: 140)) === b)
        #expect(root.hitTest(CGPoint(x: 190, y: 10)) === root)
        #expect(root.hitTest(CGPoint(x: -5, y: -5)) == nil)
        #expect(root.hitTest(CGPoint(x: 200, y: 100)) == nil)
        // Array order, not zPosition, decides: a above b in zPosition still loses.
        a.zPosition = 50
        #expect(root.hitTest(CGPoint(x: 75, y: 75)) === b)
        // Reordering changes the winner.
        root.insertSublayer(a, above: b)
        #expect(root.hitTest(CGPoint(x: 75, y: 75)) === a)
    }

    @Test func deeperLayersWin() {
        let root = layer("root", CGRect(x: 0, y: 0, width: 200, height: 200))
        let a = layer("a", CGRect(x: 0, y: 0, width: 100, height: 100), in: root)
        let aa = layer("aa", CGRect(x: 10, y: 10, width: 20, height: 20), in: a)
        #expect(root.hitTest(CGPoint(x: 15, y: 15)) === aa)
        #expect(root.hitTest(CGPoint(x: 35, y: 35)) === a)
        // A sublayer outside its superlayer's bounds is still hit (no masking).
        let outside = layer("outside", CGRect(x: 150, y: 150, width: 100, height: 100), in: a)
        #expect(root.hitTest(CGPoint(x: 160, y: 160)) === outside)
        #expect(root.hitTest(CGPoint(x: 240, y: 240)) === outside)
    }

    @Test func hitTestTakesThePointInTheSuperlayersSpace() {
        let root = layer("root", CGRect(x: 0, y: 0, width: 400, height: 400))
        let parent = layer("parent", CGRect(x: 100, y: 100, width: 200, height: 200), in: root)
        let child = layer("child", CGRect(x: 0, y: 0, width: 50, height: 50), in: parent)
        #expect(parent.hitTest(CGPoint(x: 110, y: 110)) === child)
        #expect(parent.hitTest(CGPoint(x: 10, y: 10)) == nil)
        #expect(child.hitTest(CGPoint(x: 10, y: 10)) === child)
        // A root placed away from the origin: its superlayer's space is not its own.
        let r = layer("r", CGRect(x: 100, y: 100, width: 100, height: 100))
        let c = layer("c", CGRect(x: 0, y: 0, width: 10, height: 10), in: r)
        #expect(r.hitTest(CGPoint(x: 105, y: 105)) === c)
        #expect(r.hitTest(CGPoint(x: 5, y: 5)) == nil)
        #expect(r.hitTest(CGPoint(x: 150, y: 150)) === r)
    }

    @Test func hitTestFollowsTransforms() {
        let root = layer("root", CGRect(x: 0, y: 0, width: 200, height: 200))
        let bar = layer("bar", CGRect(x: 50, y: 90, width: 100, height: 20), in: root)   // centered at (100, 100)
        #expect(root.hitTest(CGPoint(x: 140, y: 100)) === bar)
        #expect(root.hitTest(CGPoint(x: 100, y: 140)) === root)
        bar.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)   // now vertical
        #expect(root.hitTest(CGPoint(x: 140, y: 100)) === root)
        #expect(root.hitTest(CGPoint(x: 100, y: 140)) === bar)
        root.sublayerTransform = CATransform3DMakeScale(0.5, 0.5, 1)   // about the root's center
        #expect(root.hitTest(CGPoint(x: 100, y: 140)) === root)
        #expect(root.hitTest(CGPoint(x: 100, y: 120)) === bar)
    }

    @Test func hiddenLayersAreSkipped() {
        let root = layer("root", CGRect(x: 0, y: 0, width: 200, height: 200))
        let a = layer("a", CGRect(x: 0, y: 0, width: 100, height: 100), in: root)
        let b = layer("b", CGRect(x: 0, y: 0, width: 100, height: 100), in: root)
        let bChild = layer("bChild", CGRect(x: 0, y: 0, width: 10, height: 10), in: b)
        #expect(root.hitTest(CGPoint(x: 5, y: 5)) === bChild)
        b.isHidden = true   // hides b and its subtree
        #expect(root.hitTest(CGPoint(x: 5, y: 5)) === a)
        #expect(root.hitTest(CGPoint(x: 50, y: 50)) === a)
        root.isHidden = true
        #expect(root.hitTest(CGPoint(x: 50, y: 50)) == nil)
    }

    @Test func masksToBoundsClips() {
        let root = layer("root", CGRect(x: 0, y: 0, width: 200, height: 200))
        let parent = layer("parent", CGRect(x: 0, y: 0, width: 100, height: 100), in: root)
        let child = layer("child", CGRect(x: 80, y: 80, width: 60, height: 60), in: parent)
        #expect(root.hitTest(CGPoint(x: 120, y: 120)) === child)
        #expect(root.hitTest(CGPoint(x: 90, y: 90)) === child)
        parent.masksToBounds = true
        #expect(root.hitTest(CGPoint(x: 120, y: 120)) === root)   // clipped away
        #expect(root.hitTest(CGPoint(x: 90, y: 90)) === child)    // still inside the parent
        #expect(root.hitTest(CGPoint(x: 50, y: 50)) === parent)
    }

    @Test func transformLayerIsNeverReturned() {
        let root = layer("root", CGRect(x: 0, y: 0, width: 200, height: 200))
        let t = CATransformLayer()
        t.name = "transformLayer"
        t.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        t.masksToBounds = true   // ignored by a transform layer
        root.addSublayer(t)
        let child = layer("child", CGRect(x: 20, y: 20, width: 40, height: 40), in: t)
        let far = layer("far", CGRect(x: 250, y: 20, width: 40, height: 40), in: t)
        #expect(root.hitTest(CGPoint(x: 30, y: 30)) === child)
        #expect(root.hitTest(CGPoint(x: 150, y: 150)) === root)
        #expect(root.hitTest(CGPoint(x: 260, y: 30)) === far)
        // On its own, nothing.
        #expect(t.hitTest(CGPoint(x: 150, y: 150)) == nil)
        #expect(t.hitTest(CGPoint(x: 30, y: 30)) === child)
        #expect(root.hitTest(CGPoint(x: 150, y: 150), depthSorted: true) === root)
        #expect(root.hitTest(CGPoint(x: 30, y: 30), depthSorted: true) === child)
    }

    // MARK: Depth

    @Test func depthSortedFindsTheLayerInFront() {
        let root = layer("root", CGRect(x: 0, y: 0, width: 200, height: 200))
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        root.sublayerTransform = p
        let front = layer("front", CGRect(x: 50, y: 50, width: 100, height: 100), in: root)
        front.zPosition = 10
        _ = layer("back", CGRect(x: 50, y: 50, width: 100, height: 100), in: root)
        #expect(names(root.hitTest(CGPoint(x: 100, y: 100))) == "back")                       // array order
        #expect(names(root.hitTest(CGPoint(x: 100, y: 100), depthSorted: true)) == "front")   // depth
        #expect(names(root.hitTest(CGPoint(x: 100, y: 100), depthSorted: false)) == "back")
        // The front layer, magnified by the perspective, also covers a point just outside the back one.
        #expect(names(root.hitTest(CGPoint(x: 150.5, y: 100), depthSorted: true)) == "front")
        #expect(names(root.hitTest(CGPoint(x: 150.5, y: 100))) == "front")
        #expect(names(root.hitTest(CGPoint(x: 195, y: 195), depthSorted: true)) == "root")
        #expect(root.hitTest(CGPoint(x: 250, y: 100), depthSorted: true) == nil)
        // Hidden layers are skipped here too.
        front.isHidden = true
        #expect(names(root.hitTest(CGPoint(x: 100, y: 100), depthSorted: true)) == "back")
    }

    @Test func depthSortedUnderAnOffsetParent() {
        // The same two siblings, inside a parent that does not sit at its superlayer's origin.
        let root = layer("root", CGRect(x: 0, y: 0, width: 400, height: 400))
        let parent = layer("parent", CGRect(x: 150, y: 150, width: 200, height: 200), in: root)
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        parent.sublayerTransform = p
        let front = layer("front", CGRect(x: 50, y: 50, width: 100, height: 100), in: parent)
        front.zPosition = 10
        _ = layer("back", CGRect(x: 50, y: 50, width: 100, height: 100), in: parent)
        #expect(names(root.hitTest(CGPoint(x: 250, y: 250))) == "back")
        #expect(names(root.hitTest(CGPoint(x: 250, y: 250), depthSorted: true)) == "front")
        #expect(names(parent.hitTest(CGPoint(x: 250, y: 250), depthSorted: true)) == "front")
        #expect(names(root.hitTest(CGPoint(x: 160, y: 160), depthSorted: true)) == "parent")
        #expect(names(root.hitTest(CGPoint(x: 10, y: 10), depthSorted: true)) == "root")
        // A point on the parent where the children are not.
        #expect(names(root.hitTest(CGPoint(x: 340, y: 250), depthSorted: true)) == "parent")
    }

    @Test func depthSortedInsideATransformLayer() {
        // Two cards in a transform layer: the card added last is behind in 3D.
        let root = layer("root", CGRect(x: 0, y: 0, width: 300, height: 300))
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        root.sublayerTransform = p
        let t = CATransformLayer()
        t.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        t.transform = CATransform3DMakeRotation(0.3, 0, 1, 0)
        root.addSublayer(t)
        let near = layer("near", CGRect(x: 100, y: 100, width: 100, height: 100), in: t)
        near.zPosition = 20
        let far = layer("far", CGRect(x: 100, y: 100, width: 100, height: 100), in: t)
        far.zPosition = -20
        #expect(names(root.hitTest(CGPoint(x: 150, y: 150))) == "far")
        #expect(names(root.hitTest(CGPoint(x: 150, y: 150), depthSorted: true)) == "near")
        // Turned around, the other card is in front.
        t.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        #expect(names(root.hitTest(CGPoint(x: 150, y: 150), depthSorted: true)) == "far")
    }

    @Test func flattenedSubtreeDrawsAtItsOwnersDepth() {
        // A child with a large zPosition inside an ordinary layer that sits behind its sibling:
        // flattening keeps it at its owner's depth, so the sibling in front wins.
        let root = layer("root", CGRect(x: 0, y: 0, width: 200, height: 200))
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        root.sublayerTransform = p
        let group = layer("group", CGRect(x: 50, y: 50, width: 100, height: 100), in: root)
        let groupChild = layer("groupChild", CGRect(x: 0, y: 0, width: 100, height: 100), in: group)
        groupChild.zPosition = 100
        let card = layer("card", CGRect(x: 50, y: 50, width: 100, height: 100), in: root)
        card.zPosition = 5
        root.insertSublayer(card, at: 0)   // first in array order, but in front in 3D
        #expect(names(root.hitTest(CGPoint(x: 100, y: 100))) == "groupChild")
        #expect(names(root.hitTest(CGPoint(x: 100, y: 100), depthSorted: true)) == "card")
    }
}
