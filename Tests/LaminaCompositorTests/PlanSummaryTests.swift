// RenderPlan.summary: the shadows, masks, shape layers and replicators of the visible tree,
// in tree order, as `lamina plan` lists them.
import LaminaCompositor
import QuartzCore
import Testing

@Suite struct PlanSummaryTests {
    /// A compositor that fills the summary (off by default: not needed to draw).
    let summarizing: Compositor = {
        var o = CompositorOptions()
        o.summarizesTree = true
        return Compositor(options: o)
    }()

    private func named<L: CALayer>(_ l: L, _ name: String) -> L { l.name = name; l.frame = CGRect(x: 0, y: 0, width: 20, height: 20); return l }

    @Test func summarizesTheVisibleTree() {
        let root = named(CALayer(), "root")
        let card = named(CALayer(), "card")
        card.shadowOpacity = 0.5
        card.shadowRadius = 6
        card.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        let soft = named(CALayer(), "soft")
        soft.shadowOpacity = 1
        let noColor = named(CALayer(), "no-color")
        noColor.shadowOpacity = 1
        noColor.shadowColor = nil
        let hidden = named(CALayer(), "hidden")
        hidden.shadowOpacity = 1
        hidden.isHidden = true
        hidden.addSublayer(named(CAShapeLayer(), "under-hidden"))
        let host = named(CALayer(), "host")
        let ring = named(CAShapeLayer(), "ring-mask")
        ring.mask = named(CALayer(), "mask-of-mask")
        host.mask = ring
        let spinner = named(CAReplicatorLayer(), "spinner")
        spinner.instanceCount = 12
        spinner.addSublayer(named(CAShapeLayer(), "dot"))
        let fading = named(CAReplicatorLayer(), "fading")
        fading.instanceCount = 10
        fading.instanceAlphaOffset = -0.25
        for l in [card, soft, noColor, hidden, host, spinner, fading] { root.addSublayer(l) }
        let s = summarizing.compile(root: root, width: 40, height: 40).summary
        #expect(s.shadows == [.init(layer: "card", radius: 6, hasPath: true), .init(layer: "soft", radius: 3, hasPath: false)])
        // The mask's own mask is ignored, as when drawing.
        #expect(s.masks == [.init(host: "host", mask: "ring-mask")])
        #expect(s.shapeLayers == ["ring-mask", "dot"])
        // Alpha 1, 0.75, 0.5, 0.25, 0: the fifth instance is the last one drawn.
        #expect(s.replicators == [.init(layer: "spinner", instances: 12), .init(layer: "fading", instances: 5)])
        #expect(s.lines == ["shadows: 2 (card radius 6 with shadowPath, soft radius 3)", "masks: 1 (host masked by ring-mask)",
                            "shape layers: 2 (ring-mask, dot)", "replicators: 2 (spinner 12 instances, fading 5 instances)"])
        let listing = summarizing.compile(root: root, width: 40, height: 40).listing.components(separatedBy: "\n")
        #expect(Array(listing.dropFirst().prefix(4)) == s.lines)
    }

    @Test func aPlainTreeHasAnEmptySummary() {
        let root = named(CALayer(), "root")
        root.addSublayer(named(CALayer(), "child"))
        let plan = summarizing.compile(root: root, width: 40, height: 40)
        #expect(plan.summary.isEmpty && plan.summary.lines.isEmpty)
        #expect(plan.listing.components(separatedBy: "\n")[1].hasPrefix("target #"))
    }
}
