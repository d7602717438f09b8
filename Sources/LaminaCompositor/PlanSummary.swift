// What a compiled layer tree uses of revision 2 (SCENE_FORMAT.md 9): shadows, masks, shape
// layers and replicators, listed by `lamina plan` above the targets.
import QuartzCore

/// The shadows, masks, shape layers and replicators of a plan's (visible) layer tree, in tree order.
public struct PlanSummary: Sendable, Equatable {
    /// A layer that casts a shadow.
    public struct Shadow: Sendable, Equatable {
        /// The layer's name.
        public var layer: String
        /// Its shadowRadius (points).
        public var radius: Double
        /// Whether the shadow is its shadowPath's shape (not its drawing's).
        public var hasPath: Bool
        /// A shadow entry.
        public init(layer: String, radius: Double, hasPath: Bool) { self.layer = layer; self.radius = radius; self.hasPath = hasPath }
    }

    /// A layer with a mask.
    public struct Mask: Sendable, Equatable {
        /// The masked layer's name.
        public var host: String
        /// The mask layer's name.
        public var mask: String
        /// A mask entry.
        public init(host: String, mask: String) { self.host = host; self.mask = mask }
    }

    /// A replicator and how many instances of its sublayers it draws.
    public struct Replicator: Sendable, Equatable {
        /// The replicator's name.
        public var layer: String
        /// The instances drawn (instanceCount, within Lamina's limit; fewer when alpha runs out).
        public var instances: Int
        /// A replicator entry.
        public init(layer: String, instances: Int) { self.layer = layer; self.instances = instances }
    }

    /// The layers casting shadows.
    public var shadows: [Shadow] = []
    /// The masked layers.
    public var masks: [Mask] = []
    /// The names of the shape layers (those in masks included).
    public var shapeLayers: [String] = []
    /// The replicators.
    public var replicators: [Replicator] = []

    /// An empty summary.
    public init() {}

    /// Whether the tree uses none of them.
    public var isEmpty: Bool { shadows.isEmpty && masks.isEmpty && shapeLayers.isEmpty && replicators.isEmpty }

    /// One line per kind used, e.g. `shadows: 2 (card radius 6 with shadowPath, (unnamed) radius 3)`.
    public var lines: [String] {
        func list(_ kind: String, _ items: [String]) -> [String] {
            items.isEmpty ? [] : ["\(kind): \(items.count) (\(items.joined(separator: ", ")))"]
        }
        return list("shadows", shadows.map { "\($0.layer) radius \(fmt($0.radius))\($0.hasPath ? " with shadowPath" : "")" })
            + list("masks", masks.map { "\($0.host) masked by \($0.mask)" })
            + list("shape layers", shapeLayers)
            + list("replicators", replicators.map { "\($0.layer) \($0.instances) instance\($0.instances == 1 ? "" : "s")" })
    }

    private func fmt(_ d: Double) -> String { String(format: "%.4g", d) }
}

extension PlanBuilder {
    /// The summary of the visible tree under `root` (masks' subtrees included; a mask's own mask
    /// is ignored, as when drawing).
    func summary(root: CALayer) -> PlanSummary {
        var s = PlanSummary()
        func walk(_ l: CALayer, isMask: Bool) {
            guard !l.isHidden else { return }
            // The name only for a layer listed (most are not).
            var name: String { l.name ?? "(unnamed)" }
            if let sh = shadow(of: l) { s.shadows.append(.init(layer: name, radius: sh.sigma, hasPath: sh.path != nil)) }
            if l is CAShapeLayer { s.shapeLayers.append(name) }
            if let r = l as? CAReplicatorLayer { s.replicators.append(.init(layer: name, instances: replicatorInstances(r).count)) }
            if !isMask, let m = l.mask, !(l is CATransformLayer) {
                s.masks.append(.init(host: name, mask: m.name ?? "(unnamed)"))
                walk(m, isMask: true)
            }
            for sub in l.sublayers ?? [] { walk(sub, isMask: false) }
        }
        walk(root, isMask: false)
        return s
    }
}
