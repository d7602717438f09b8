// A member's plane extent as placed in its context, kept from frame to frame with its layer's
// info (RetainedLayerInfo.swift): a group rendered through a target of its own is sized by its
// members' placed extents, and those are read again whenever a member changes or is placed
// differently (here by its parent's sublayerTransform, which leaves the member's own subtree
// as it was).
import Foundation
import Testing
@testable import LaminaCompositor
import QuartzCore

@Suite struct RetainedExtentsTests {
    @Test func groupTargetsFollowTheirMembersPlacementsAsFromScratch() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
        root.position = CGPoint(x: 200, y: 150)
        // A group with opacity below 1 over several items: drawn through a target sized by
        // the extents of its members.
        let group = CALayer()
        group.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        group.position = CGPoint(x: 200, y: 150)
        group.opacity = 0.6
        group.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 0.3)
        root.addSublayer(group)
        var cards: [CALayer] = []
        for k in 0..<6 {
            let c = CALayer()
            c.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
            c.position = CGPoint(x: 10 + Double(k) * 30, y: 20 + Double(k % 3) * 40)
            c.backgroundColor = CGColor(red: 1, green: Double(k) / 6, blue: 0, alpha: 1)
            group.addSublayer(c)
            cards.append(c)
        }
        let frames = FrameCompositor()
        for frame in 0..<10 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            switch frame % 3 {
            case 0:
                // Every member placed anew, their own subtrees unchanged.
                var t = CATransform3DMakeScale(1 + 0.15 * Double(frame), 1, 1)
                t.m41 = Double(frame) * 7
                group.sublayerTransform = t
            case 1:
                cards[frame % cards.count].transform = CATransform3DMakeRotation(0.2 * Double(frame), 0, 0, 1)
            default:
                root.backgroundColor = CGColor(red: 0, green: Double(frame) / 10, blue: 0, alpha: 1)
            }
            CATransaction.commit()
            let plan = try compileMatchingScratch(frames, root, width: 400, height: 300, "frame \(frame)")
            #expect(plan.targets.count == 2, "frame \(frame): the group has a target of its own")
        }
    }
}
