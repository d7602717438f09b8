// The articles' trackball: dragging one pixel turns the scene one degree, about an axis
// taken from the current transform so the rotation follows the screen.
import QuartzCore

/// The articles' trackball: drags turn a transform.
public enum Trackball {
    /// `current` turned by a drag of `displacement` pixels: the "Core Animation in 2.5D"
    /// article's rotationFromDisplacement. With `pivotZ`, the turn is about the point
    /// (0, 0, pivotZ) (the centre of a closed box) instead of the plane.
    public static func rotate(_ current: CATransform3D, by displacement: CGPoint, pivotZ: CGFloat = 0) -> CATransform3D {
        let dx = displacement.x, dy = displacement.y
        guard dx != 0 || dy != 0, dx.isFinite, dy.isFinite else { return current }
        let total = (dx * dx + dy * dy).squareRoot()
        let angle = total * .pi / 180
        let xf = dx / angle, yf = dy / angle
        var t = current
        if pivotZ != 0 { t = CATransform3DTranslate(t, 0, 0, pivotZ) }
        t = CATransform3DRotate(t, angle,
                                xf * t.m12 - yf * t.m11,
                                xf * t.m22 - yf * t.m21,
                                xf * t.m32 - yf * t.m31)
        if pivotZ != 0 { t = CATransform3DTranslate(t, 0, 0, -pivotZ) }
        return t
    }
}
