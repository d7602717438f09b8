// 1000 parallel cards (DESIGN.md: "a naive BSP goes quadratic"): turned 30 degrees about y,
// 1 pt apart in z, inserted in depth order and in reverse. Parallel planes never intersect,
// so the plan has every card once, back to front, with no split.
import Foundation
import LaminaCompositor
import QuartzCore
import Testing

@Suite struct ParallelCardsTests {
    static let count = 1000

    /// Card k sits at z = -700 + k (so card 0 is the farthest, card 999 at z = 299, in front
    /// of the eye at 500 with its 100 pt width turned: z within +-25). Under perspective the
    /// planes are not parallel after the divide (they meet at the vanishing line, outside
    /// every card), and their post-divide separations stay above the thick plane
    /// (0.866 / w^2 >= 0.866 / 2.45^2 = 0.14 px).
    static func cards(reversed: Bool, eye: Double?) -> CALayer {
        var layers: [CALayer] = []
        for k in 0..<count {
            // (Shifts along y keep each card in its plane; a shift along x would not.)
            let c = card("card\(k)", 100, 80, at: 200, 200 + Double(k % 5) * 3,
                         CGColor(red: Double(k % 10) / 10, green: 0.5, blue: 1, alpha: 1),
                         transform: then(ry(30), tr(0, 0, Double(k) - 700)))
            layers.append(c)
        }
        return stage(eye: eye, reversed ? layers.reversed() : layers)
    }

    @Test(arguments: [false, true], [nil, 500.0])
    func ThousandParallelCards(reversed: Bool, eye: Double?) {
        let clock = ContinuousClock()
        let start = clock.now
        let plan = compile(Self.cards(reversed: reversed, eye: eye))
        let elapsed = clock.now - start
        #expect(plan.splitCount == 0)
        #expect(plan.drawOrder == (0..<Self.count).map { "card\($0)" })
        // Not a timing assertion: a report, to spot a quadratic path by eye in the test log.
        print("ThousandParallelCards reversed: \(reversed) eye: \(String(describing: eye)): \(elapsed)")
    }
}
