// Revision 2 in use, built as an iOS app builds it: a cover flow of gradient cards with shadows
// and reflections (a replicator flipping each card below itself, masked by a fading gradient),
// a progress ring (a shape layer animating strokeEnd) and a spinner (a replicator of 12 bars
// whose fade is staggered by instanceDelay), all in one perspective the trackball turns.
import QuartzCore

/// The "Revision 2" scene: cover flow, progress ring and spinner.
public final class Revision2Scene: DemoScene {
    /// The card size and the gap between a card and its reflection (points).
    static let card = CGSize(width: 120, height: 150)
    static let gap: CGFloat = 6
    /// The stage's size: the cover flow in the upper part, ring and spinner below it.
    static let stage = CGSize(width: 760, height: 500)

    /// The reflected cards, left to right (each a replicator holding its card).
    public private(set) var cards: [CAReplicatorLayer] = []
    /// The progress ring's stroke.
    public private(set) var ring: CAShapeLayer!
    /// The spinner.
    public private(set) var spinner: CAReplicatorLayer!

    /// The scene with its animations starting at the current media time.
    public init() {
        let stage = CALayer()
        stage.name = "revision2"
        stage.bounds = CGRect(origin: .zero, size: Self.stage)
        let camera = CATransform3DMakeRotation(-0.12, 1, 0, 0)
        super.init(title: "Revision 2", container: stage, background: rgb(0xDDE3EC), rotation: camera)
        m34 = -1.0 / 900
        let palette: [(UInt32, UInt32)] = [(0xFF6B6B, 0xC0392B), (0xFFB86B, 0xD35400), (0xFFE66D, 0xE1A100), (0x6BCB77, 0x1E8449),
                                           (0x4D96FF, 0x1F4FA8), (0x9D65FF, 0x5B2C9F), (0xFF6BD6, 0xA21F7F)]
        for (i, colors) in palette.enumerated() {
            let card = reflectedCard(index: i, top: rgb(colors.0), bottom: rgb(colors.1))
            stage.addSublayer(card)
            cards.append(card)
        }
        ring = progressRing(in: stage)
        spinner = makeSpinner()
        stage.addSublayer(spinner)
        root.addSublayer(stage)
        applyCamera()
    }

    public override func layout(width: CGFloat, height: CGFloat) {
        super.layout(width: width, height: height)
        withoutActions { container.position = CGPoint(x: width / 2, y: height / 2) }
    }

    /// Card `index` of 7 (3 is in the middle, facing the viewer; the others turn toward it),
    /// drawn twice by a replicator: itself, and flipped below itself, faded out by the mask.
    func reflectedCard(index: Int, top: CGColor, bottom: CGColor) -> CAReplicatorLayer {
        let size = Self.card, gap = Self.gap
        let offset = CGFloat(index - 3)
        let replicator = CAReplicatorLayer()
        replicator.name = "card\(index + 1)"
        replicator.bounds = CGRect(origin: .zero, size: size)
        let side: CGFloat = offset == 0 ? 0 : (offset < 0 ? -1 : 1)
        replicator.position = CGPoint(x: Self.stage.width / 2 + offset * 62 + side * 50, y: 120)
        replicator.zPosition = offset == 0 ? 40 : -20 * abs(offset)
        replicator.transform = CATransform3DMakeRotation(-side * .pi / 3, 0, 1, 0)
        // Instance 1: scaled by -1 in y about the middle of the card, then moved below it.
        replicator.instanceCount = 2
        replicator.instanceTransform = CATransform3DConcat(CATransform3DMakeScale(1, -1, 1),
                                                           CATransform3DMakeTranslation(0, size.height + gap, 0))
        replicator.instanceColor = CGColor(gray: 1, alpha: 1)
        replicator.instanceRedOffset = -0.15
        replicator.instanceGreenOffset = -0.15
        replicator.instanceBlueOffset = -0.15

        let card = CAGradientLayer()
        card.frame = replicator.bounds
        card.colors = [top, bottom]
        card.cornerRadius = 12
        card.borderWidth = 3
        card.borderColor = CGColor(gray: 1, alpha: 0.9)
        card.shadowOpacity = 0.55
        card.shadowRadius = 7
        card.shadowOffset = CGSize(width: 0, height: 8)
        card.shadowPath = CGPath(roundedRect: card.bounds, cornerWidth: 12, cornerHeight: 12, transform: nil)
        let badge = CAShapeLayer()
        badge.frame = card.bounds
        badge.path = CGPath(ellipseIn: CGRect(x: size.width / 2 - 26, y: 36, width: 52, height: 52), transform: nil)
        badge.fillColor = CGColor(gray: 1, alpha: 0.85)
        badge.strokeColor = CGColor(gray: 1, alpha: 0.4)
        badge.lineWidth = 8
        card.addSublayer(badge)
        replicator.addSublayer(card)

        // The mask: the card and its shadow whole, the reflection fading from 35% to nothing.
        let margin: CGFloat = 24, fade: CGFloat = 0.7 * size.height
        let mask = CAGradientLayer()
        mask.frame = CGRect(x: -margin, y: -margin, width: size.width + 2 * margin, height: margin + size.height + gap + fade)
        let h = mask.bounds.height
        mask.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 0, alpha: 1), CGColor(gray: 0, alpha: 0.35), CGColor(gray: 0, alpha: 0)]
        mask.locations = [0, NSNumber(value: Double((margin + size.height) / h)),
                          NSNumber(value: Double((margin + size.height + gap) / h)), 1]
        replicator.mask = mask
        return replicator
    }

    /// A track and a ring drawing itself from 12 o'clock, clockwise on screen, every 2.5 s.
    func progressRing(in stage: CALayer) -> CAShapeLayer {
        let bounds = CGRect(x: 0, y: 0, width: 110, height: 110)
        let center = CGPoint(x: 55, y: 55)
        let circle = CGMutablePath()
        // In the layer's y-down space increasing angles turn clockwise on screen.
        circle.addArc(center: center, radius: 44, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: false)
        let position = CGPoint(x: 130, y: 420)
        let track = CAShapeLayer()
        track.name = "ringTrack"
        track.bounds = bounds
        track.position = position
        track.path = circle
        track.fillColor = nil
        track.strokeColor = CGColor(gray: 0.55, alpha: 0.35)
        track.lineWidth = 12
        let ring = CAShapeLayer()
        ring.name = "ring"
        ring.bounds = bounds
        ring.position = position
        ring.path = circle
        ring.fillColor = nil
        ring.strokeColor = rgb(0x2E86DE)
        ring.lineWidth = 12
        ring.lineCap = .round
        ring.shadowOpacity = 0.4
        ring.shadowRadius = 4
        ring.shadowOffset = CGSize(width: 0, height: 3)
        let draw = CABasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0
        draw.toValue = 1
        draw.duration = 2.5
        draw.repeatCount = .infinity
        draw.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        ring.add(draw, forKey: "progress")
        stage.addSublayer(track)
        stage.addSublayer(ring)
        return ring
    }

    /// Twelve bars around a circle; each fades out in a second, one twelfth later than the last.
    func makeSpinner() -> CAReplicatorLayer {
        let spinner = CAReplicatorLayer()
        spinner.name = "spinner"
        spinner.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        spinner.position = CGPoint(x: Self.stage.width - 130, y: 420)
        spinner.instanceCount = 12
        spinner.instanceTransform = CATransform3DMakeRotation(2 * .pi / 12, 0, 0, 1)
        spinner.instanceDelay = 1.0 / 12
        let bar = CALayer()
        bar.name = "bar"
        bar.bounds = CGRect(x: 0, y: 0, width: 9, height: 28)
        bar.position = CGPoint(x: 50, y: 16)
        bar.cornerRadius = 4.5
        bar.backgroundColor = rgb(0x34495E)
        bar.opacity = 0.15
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.15
        fade.duration = 1
        fade.repeatCount = .infinity
        bar.add(fade, forKey: "fade")
        spinner.addSublayer(bar)
        return spinner
    }
}
