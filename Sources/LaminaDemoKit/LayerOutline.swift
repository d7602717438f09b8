// The demo's selection: the layer a click picked, outlined by a border of its own.
import QuartzCore

/// Outlines one layer at a time with a yellow border, giving the last one its own border back.
public final class LayerOutline {
    /// The outlined layer (nil: none).
    public private(set) var layer: CALayer?
    /// Its own border, put back when the outline moves.
    private var saved: (width: CGFloat, color: CGColor?) = (0, nil)

    /// The outline's width in points.
    public static let width: CGFloat = 3
    /// The outline's color (opaque yellow).
    public static let color = CGColor(red: 1, green: 0.85, blue: 0, alpha: 1)

    /// No layer outlined.
    public init() {}

    /// Outlines `layer` (nil: none), without implicit animation.
    public func outline(_ layer: CALayer?) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        if let old = self.layer {
            old.borderWidth = saved.width
            old.borderColor = saved.color
        }
        self.layer = layer
        guard let layer else { return }
        saved = (layer.borderWidth, layer.borderColor)
        layer.borderWidth = Self.width
        layer.borderColor = Self.color
    }
}
