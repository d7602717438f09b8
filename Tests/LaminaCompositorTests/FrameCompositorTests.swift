// Retained frames: the last plan comes back, the same value with the same id, exactly while
// nothing changed; any change in the tree or the canvas compiles anew.
import Testing
import LaminaCompositor
import QuartzCore

@Suite struct FrameCompositorTests {
    func tree() -> (CALayer, CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
        var p = CATransform3DIdentity
        p.m34 = -1 / 400
        root.sublayerTransform = p
        let card = CALayer()
        card.frame = CGRect(x: 20, y: 20, width: 40, height: 30)
        card.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(card)
        return (root, card)
    }

    @Test func unchangedTreesGetTheLastPlanBack() throws {
        let (root, card) = tree()
        let frames = FrameCompositor()
        let a = try frames.compile(root: root, width: 100, height: 80)
        #expect(!frames.reusedLastPlan)
        let b = try frames.compile(root: root, width: 100, height: 80)
        #expect(frames.reusedLastPlan && a.id == b.id)
        card.transform = CATransform3DMakeRotation(0.4, 0, 1, 0)
        let c = try frames.compile(root: root, width: 100, height: 80)
        #expect(!frames.reusedLastPlan && c.id != b.id)
        #expect(c.targets.last!.quads.first!.matrix != a.targets.last!.quads.first!.matrix)
        // A new plan equals a compile from scratch.
        let scratch = Compositor().compile(root: root, width: 100, height: 80)
        #expect(c.targets == scratch.targets)
    }

    @Test func theCanvasCounts() throws {
        let (root, _) = tree()
        let frames = FrameCompositor()
        _ = try frames.compile(root: root, width: 100, height: 80)
        _ = try frames.compile(root: root, width: 100, height: 80, scale: 2)
        #expect(!frames.reusedLastPlan)
        _ = try frames.compile(root: root, width: 100, height: 80, scale: 2, background: CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(!frames.reusedLastPlan)
        _ = try frames.compile(root: root, width: 100, height: 80, scale: 2, background: CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(frames.reusedLastPlan)
    }

    @Test func anotherRootIsAnotherTree() throws {
        let (a, _) = tree(), (b, _) = tree()
        let frames = FrameCompositor()
        _ = try frames.compile(root: a, width: 100, height: 80)
        _ = try frames.compile(root: b, width: 100, height: 80)
        #expect(!frames.reusedLastPlan)
    }

    @Test func deepChangesCount() throws {
        let (root, card) = tree()
        let leaf = CALayer()
        card.addSublayer(leaf)
        let frames = FrameCompositor()
        _ = try frames.compile(root: root, width: 100, height: 80)
        leaf.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        _ = try frames.compile(root: root, width: 100, height: 80)
        #expect(!frames.reusedLastPlan)
    }
}
