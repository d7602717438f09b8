// Implicit animations of revision 2's keys: in TransactionTests' serialized suite, since they
// commit transactions. path and shadowPath animate only explicitly, as on Core Animation.
import Testing
@testable import QuartzCore

extension TransactionTests {
    @Test(arguments: revision2AnimatableKeys)
    func revision2KeysAnimateImplicitlyExceptPaths(_ key: String) throws {
        CATransaction.flush()
        LaminaClock.shared.set(1000)
        defer { LaminaClock.shared.useSystemTime() }
        let c = revision2AnimationCase(key)
        try c.layer.setValueChecked(c.from, forKeyPath: key)
        CATransaction.flush()
        #expect(c.layer.animationKeys() == nil)
        try c.layer.setValueChecked(c.to, forKeyPath: key)
        #expect(approxEqual(c.layer.value(forKeyPath: key), c.to), "the model takes the new value at once")
        if key == "path" || key == "shadowPath" {
            #expect(c.layer.animationKeys() == nil, "\(key) never animates implicitly")
        } else {
            #expect(c.layer.animationKeys() == [key])
            let a = try #require(c.layer.animation(forKey: key) as? CABasicAnimation)
            #expect(approxEqual(a.fromValue, c.from), "\(key) from \(String(describing: a.fromValue))")
            #expect(approxEqual(c.layer.presentation(at: 1000)?.value(forKeyPath: key), c.from), "\(key) starts at the old value")
            #expect(approxEqual(c.layer.presentation(at: 1000.3)?.value(forKeyPath: key), c.to), "\(key) ends at the new value")
        }
        CATransaction.flush()
    }

    @Test func anExplicitActionStillRunsForAPath() throws {
        CATransaction.flush()
        defer { LaminaClock.shared.useSystemTime() }
        let s = CAShapeLayer()
        let action = RecordingAction()
        s.actions = ["path": action]
        CATransaction.flush()
        s.path = rect(0, 0, 1, 1)
        #expect(action.runs.map(\.event) == ["path"], "the action lookup runs; only the implicit animation is left out")
        CATransaction.flush()
    }
}
