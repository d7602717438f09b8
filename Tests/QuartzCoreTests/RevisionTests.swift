// Change tracking: every change a renderer could see moves the layer's and its ancestors'
// revisions forward; siblings and unrelated trees keep theirs; setting a value to itself
// changes nothing.
import Foundation
import Testing
@testable import QuartzCore

@Suite struct RevisionTests {
    func tree() -> (root: CALayer, a: CALayer, b: CALayer, leaf: CALayer) {
        let root = CALayer(), a = CALayer(), b = CALayer(), leaf = CALayer()
        root.addSublayer(a); root.addSublayer(b); a.addSublayer(leaf)
        return (root, a, b, leaf)
    }

    @Test func aChangeMovesTheLayerAndItsAncestors() {
        let t = tree()
        let before = (t.root.subtreeRevision, t.a.subtreeRevision, t.b.subtreeRevision, t.leaf.revision)
        t.leaf.transform = CATransform3DMakeRotation(0.3, 0, 1, 0)
        #expect(t.leaf.revision > before.3)
        #expect(t.leaf.subtreeRevision == t.leaf.revision)
        #expect(t.a.subtreeRevision == t.leaf.revision && t.root.subtreeRevision == t.leaf.revision)
        #expect(t.a.subtreeRevision > before.1 && t.root.subtreeRevision > before.0)
        #expect(t.b.subtreeRevision == before.2, "a sibling's subtree did not change")
    }

    @Test func settingTheSameValueChangesNothing() {
        let t = tree()
        t.leaf.opacity = 0.5
        let r = t.root.subtreeRevision
        t.leaf.opacity = 0.5
        #expect(t.root.subtreeRevision == r)
    }

    @Test(arguments: ["bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform", "hidden",
                      "doubleSided", "geometryFlipped", "masksToBounds", "opacity", "backgroundColor", "cornerRadius", "borderWidth",
                      "borderColor", "contents", "contentsGravity", "contentsRect", "allowsEdgeAntialiasing", "light", "name",
                      "speed", "timeOffset", "beginTime"])
    func everyDrawnPropertyCounts(_ key: String) {
        let t = tree()
        let r = t.root.subtreeRevision
        let l = t.leaf
        switch key {
        case "bounds": l.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        case "position": l.position = CGPoint(x: 3, y: 4)
        case "zPosition": l.zPosition = 2
        case "anchorPoint": l.anchorPoint = .zero
        case "anchorPointZ": l.anchorPointZ = 1
        case "transform": l.transform = CATransform3DMakeScale(2, 2, 1)
        case "sublayerTransform": l.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        case "hidden": l.isHidden = true
        case "doubleSided": l.isDoubleSided = false
        case "geometryFlipped": l.isGeometryFlipped = true
        case "masksToBounds": l.masksToBounds = true
        case "opacity": l.opacity = 0.25
        case "backgroundColor": l.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        case "cornerRadius": l.cornerRadius = 3
        case "borderWidth": l.borderWidth = 1
        case "borderColor": l.borderColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        case "contents": l.contents = CGImage(width: 1, height: 1, premultipliedRGBA: [0, 0, 0, 255])
        case "contentsGravity": l.contentsGravity = .center
        case "contentsRect": l.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 0.5)
        case "allowsEdgeAntialiasing": l.allowsEdgeAntialiasing = false
        case "light": l.light = LaminaLight()
        case "name": l.name = "leaf"
        case "speed": l.speed = 2
        case "timeOffset": l.timeOffset = 1
        case "beginTime": l.beginTime = 1
        default: Issue.record("unhandled \(key)")
        }
        #expect(t.root.subtreeRevision > r, "\(key) did not count")
    }

    @Test func sublayerEditsAndAnimationsCount() {
        let t = tree()
        var r = t.root.subtreeRevision
        let extra = CALayer()
        t.b.addSublayer(extra)
        #expect(t.root.subtreeRevision > r && t.b.subtreeRevision == t.root.subtreeRevision)
        r = t.root.subtreeRevision
        let aBefore = t.a.subtreeRevision
        t.leaf.removeFromSuperlayer()
        #expect(t.a.subtreeRevision > aBefore && t.root.subtreeRevision > r)
        r = t.root.subtreeRevision
        let spin = CABasicAnimation(keyPath: "opacity")
        spin.toValue = 0
        t.b.add(spin, forKey: "fade")
        #expect(t.root.subtreeRevision > r)
        r = t.root.subtreeRevision
        t.b.removeAnimation(forKey: "fade")
        #expect(t.root.subtreeRevision > r)
    }

    @Test func textPropertiesCount() {
        let root = CALayer(), text = CATextLayer()
        root.addSublayer(text)
        for change in [{ text.string = "a" }, { text.fontSize = 12 }, { text.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1) },
                       { text.alignmentMode = .center }, { text.isWrapped = true }] {
            let r = root.subtreeRevision
            change()
            #expect(root.subtreeRevision > r)
        }
    }
}
