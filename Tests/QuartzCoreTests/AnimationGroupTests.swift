// CAAnimationGroup: the animations run in the group's time, each with its own beginTime,
// and the group's duration clips them.
import Testing
import QuartzCore

private let t0 = 30.0

/// A group of zPosition 0 -> 10 (begins at 0, lasts 1) and cornerRadius 0 -> 10 (begins at
/// 0.5, lasts 1), on a layer whose model zPosition is -1 and cornerRadius 3.
private func grouped(duration: Double, _ setup: (CAAnimationGroup) -> Void = { _ in }) -> CALayer {
    let l = quietLayer { $0.zPosition = -1; $0.cornerRadius = 3 }
    let g = CAAnimationGroup()
    g.animations = [basic("zPosition", from: 0.0, to: 10.0, duration: 1),
                    basic("cornerRadius", from: 0.0, to: 10.0, duration: 1) { $0.beginTime = 0.5 }]
    g.duration = duration
    setup(g)
    l.add(g, forKey: "g", now: t0)
    return l
}

private func z(_ l: CALayer, _ t: Double) -> Double { presentedZ(l, t0 + t) }
private func r(_ l: CALayer, _ t: Double) -> Double { presentedNumber(l, "cornerRadius", t0 + t) }

@Suite struct AnimationGroupTests {
    @Test func childrenRunOnTheirOwnBeginTimes() {
        let l = grouped(duration: 2)
        expectNear(z(l, 0.25), 2.5); expectNear(r(l, 0.25), 3, 0, "not begun: model")
        expectNear(z(l, 0.75), 7.5); expectNear(r(l, 0.75), 2.5)
        expectNear(z(l, 1.25), -1, 0, "ended: model"); expectNear(r(l, 1.25), 7.5)
        expectNear(z(l, 1.75), -1, 0); expectNear(r(l, 1.75), 3, 0, "both ended inside the group")
        expectNear(z(l, 2.1), -1, 0); expectNear(r(l, 2.1), 3, 0)
    }

    @Test func groupDurationClips() {
        let l = grouped(duration: 1.2)
        expectNear(r(l, 1.1), 6, 1e-9)
        expectNear(r(l, 1.3), 3, 0, "the group is over, although the child would still run")
        let f = grouped(duration: 1.2) { $0.fillMode = .forwards; $0.isRemovedOnCompletion = false }
        expectNear(r(f, 5), 7, 1e-9, "the group's forward fill holds its children at its end")
        expectNear(z(f, 5), -1, 0, "a child that had ended by then has no effect")
    }

    @Test func childFillModesInsideTheGroup() {
        let l = grouped(duration: 2) { g in
            g.animations?[0].fillMode = .forwards
            g.animations?[1].fillMode = .backwards
        }
        expectNear(z(l, 1.5), 10, 1e-9, "forwards fill within the group")
        expectNear(r(l, 0.25), 0, 1e-9, "backwards fill within the group")
        expectNear(z(l, 2.5), -1, 0, "nothing once the group is over")
    }

    @Test func groupTimingApplies() {
        // Speed 2 and a delayed beginTime on the group scale and shift all of it.
        let l = grouped(duration: 2) { $0.speed = 2; $0.beginTime = t0 + 1 }
        expectNear(z(l, 0.9), -1, 0)
        expectNear(z(l, 1.25), 5)
        expectNear(r(l, 1.5), 5)
        // Repeating the group repeats its children.
        let m = grouped(duration: 2) { $0.repeatCount = 2 }
        expectNear(z(m, 2.25), 2.5)
        expectNear(r(m, 3.0), 5, 1e-9, "group time 1 in the second iteration")
    }

    @Test func groupIsCopiedOnAdd() {
        let g = CAAnimationGroup()
        let child = basic("zPosition", from: 0.0, to: 10.0)
        g.animations = [child]
        g.duration = 1
        let l = quietLayer()
        l.add(g, forKey: "g", now: t0)
        child.toValue = 1000.0
        expectNear(z(l, 0.5), 5, 1e-9, "changing a child after adding the group changes nothing")
    }
}
