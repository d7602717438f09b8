// The demo's logic without a window: scenes, gestures and the fold animations, on explicit times.
import Foundation
import LaminaCompositor
import LaminaDemoKit
import LaminaImage
import LaminaRaster
import LaminaScene
import QuartzCore
import Testing

@Suite struct DemoAppTests {
    func near(_ a: CATransform3D, _ b: CATransform3D, _ tol: CGFloat = 1e-9) -> Bool {
        zip(a.fields, b.fields).allSatisfy { abs($0 - $1) <= tol }
    }

    @Test func boxFoldsInOneSecondAndTheLidStaysOpen() throws {
        let box = ConundrumBoxScene()
        box.layout(width: 500, height: 400)
        CATransaction.flush()
        let t0 = CACurrentMediaTime()
        box.tap()
        let green = try #require(box.container.sublayers?.first { $0.name == "green" })
        let magenta = try #require(green.sublayers?.first { $0.name == "magenta" })
        // The model is closed at once; the presentation gets there in one second.
        #expect(near(green.transform, CATransform3DMakeRotation(-.pi / 2, 0, 1, 0)))
        #expect(near(magenta.transform, CATransform3DMakeRotation(0.8 * -.pi / 2, 0, 1, 0)))
        let anim = try #require(green.animation(forKey: "transform") as? CABasicAnimation)
        #expect(anim.duration == 1)
        let half = try #require(green.presentation(at: t0 + 0.5))
        #expect(!near(half.transform, green.transform, 1e-3) && !near(half.transform, CATransform3DIdentity, 1e-3))
        let after = try #require(green.presentation(at: t0 + 1.01))
        #expect(near(after.transform, green.transform))
        // The lid's angle: 72 degrees, so 18 degrees open.
        let angle = acos(max(-1, min(1, magenta.transform.m11)))
        #expect(abs(angle * 180 / .pi - 72) < 1e-9)
    }

    @Test func dragTurnsTheCameraOneDegreePerPixel() {
        let cube = BookCubeScene()
        let before = cube.rotation
        cube.drag(dx: 90, dy: 0)
        // A 90-pixel horizontal drag is a 90-degree turn: applying it four times returns.
        for _ in 0..<3 { cube.drag(dx: 90, dy: 0) }
        #expect(near(cube.rotation, before, 1e-9))
        cube.drag(dx: 30, dy: 0)
        #expect(!near(cube.rotation, before, 1e-3))
        cube.reset()
        #expect(near(cube.rotation, before))
    }

    @Test func thousandCardsTurnWithTheTrackball() throws {
        let cards = ThousandCardsScene()
        cards.layout(width: 800, height: 600)
        #expect(cards.container.sublayers?.count == 1000)
        #expect(cards.container.position == CGPoint(x: 400, y: 300))
        let before = cards.container.sublayerTransform
        #expect(before.m34 == -1.0 / 1000)
        cards.drag(dx: 40, dy: 15)
        #expect(!near(cards.container.sublayerTransform, before, 1e-3))
        #expect(cards.container.sublayerTransform == cards.rotation.concatenating(before))
    }

    /// With no animation in the scene a frame is the model tree itself (not a copy made every
    /// frame); while one runs it is the presentation, a copy with the animated values.
    @Test func framesAreTheModelTreeWhenNothingAnimates() throws {
        let app = try DemoApp(sceneFiles: [], width: 500, height: 400, now: 0)
        app.select(1)
        let t0 = CACurrentMediaTime()
        #expect(app.frame(at: t0) === app.current.root)
        app.current.tap()
        let moving = app.frame(at: t0 + 0.5)
        #expect(moving !== app.current.root)
        func named(_ name: String, in l: CALayer) -> CALayer? {
            l.name == name ? l : l.sublayers?.lazy.compactMap { named(name, in: $0) }.first
        }
        let green = try #require(named("green", in: moving))
        #expect(green.transform != CATransform3DIdentity && green.transform != CATransform3DMakeRotation(-.pi / 2, 0, 1, 0))
        // Once the fold has ended and been removed, frames are the model again.
        #expect(app.frame(at: t0 + 5) === app.current.root)
    }

    /// Frames still advance the animations there are: a delegate hears the start, then the
    /// stop once the animation is over, and the finished animation is removed.
    @Test func framesReportAnimationStartsAndStops() throws {
        final class Heard: CAAnimationDelegate {
            var events: [String] = []
            func animationDidStart(_ anim: CAAnimation) { events.append("start") }
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append("stop \(flag)") }
        }
        let app = try DemoApp(sceneFiles: [], width: 500, height: 400, now: 0)
        app.select(3)
        let t0 = CACurrentMediaTime()
        #expect(app.frame(at: t0) === app.current.root)
        let card = try #require(app.current.container.sublayers?.first)
        let heard = Heard()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0
        fade.toValue = 1.0
        fade.duration = 0.25
        fade.beginTime = t0
        fade.delegate = heard
        card.add(fade, forKey: "fade")
        #expect(app.frame(at: t0 + 0.1) !== app.current.root)
        #expect(heard.events == ["start"])
        #expect(app.frame(at: t0 + 1) === app.current.root)
        #expect(heard.events == ["start", "stop true"])
        #expect(card.animation(forKey: "fade") == nil)
    }

    @Test func keysSwitchScenesAndToggle() throws {
        let app = try DemoApp(sceneFiles: [sharedScenes.appendingPathComponent("transforms-5.1-affine-rotation.json").path],
                              width: 800, height: 600, now: 0)
        #expect(app.scenes.count == 6)
        app.press(.tab); #expect(app.index == 1)
        app.press(.digit(4)); #expect(app.index == 3)
        #expect(app.current is ThousandCardsScene)
        app.press(.digit(5)); #expect(app.current is Revision2Scene)
        app.press(.digit(6)); #expect(app.index == 5)
        app.press(.digit(9)); #expect(app.index == 5)
        app.press(.digit(1))
        let cube = app.current
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        #expect(cube.container.sublayerTransform == cube.rotation.concatenating(p))
        app.press(.perspective)
        #expect(cube.container.sublayerTransform == cube.rotation)
        app.press(.perspective)
        #expect(cube.container.sublayerTransform == cube.rotation.concatenating(p))
        app.press(.light)
        #expect(cube.container.light != nil)
        app.press(.doubleSided)
        #expect(cube.container.sublayers!.allSatisfy { !$0.isDoubleSided })
        #expect(app.press(.escape) == false)
    }

    /// The demo's box, closed, in a 500x400 window is the shared closed-box scene.
    @Test func closedBoxMatchesTheSharedScene() throws {
        let app = try DemoApp(sceneFiles: [], width: 500, height: 400, now: 0)
        app.select(1)
        app.current.tap()
        let tree = app.frame(at: CACurrentMediaTime() + 2)
        let plan = Compositor().compile(root: tree, width: 500, height: 400, scale: 1, background: app.current.background)
        let shared = try Scene.read(contentsOf: sharedScenes.appendingPathComponent("conundrum-box-closed.json").path)
        let reference = Compositor().compile(root: shared.root, width: 500, height: 400, scale: 1, background: shared.canvas.background)
        let parity = Parity(CPURenderer().render(plan), CPURenderer().render(reference), edges: EdgePixels.mask(for: reference))
        #expect(parity.passes(), "\(parity)")
    }
}
