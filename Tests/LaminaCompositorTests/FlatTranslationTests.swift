// The lean path's placements by plain translations (PlanBuilder+Flat.swift: the identity or
// F(a) times a member's flattened translation F(b), as F(b) and F(a + b)) give every quad the
// general path's matrix bit for bit, zeros' signs included (== alone would take -0 for 0), on
// nested translated layers with positions of -0, halves, huge sums and overflow to infinity.
import Foundation
import LaminaCompositor
import QuartzCore
import Testing

@Suite struct FlatTranslationTests {
    /// A row of `cells` under `row`, each translated (only) by the next of `xs`, `ys`.
    private func tree(rows: [(x: Double, y: Double)], cells: [(x: Double, y: Double)], anchorZero: Bool) -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
        root.position = CGPoint(x: 200, y: 150)
        for (r, p) in rows.enumerated() {
            let row = CALayer()
            row.bounds = CGRect(x: 0, y: 0, width: 300, height: 20)
            if anchorZero { row.anchorPoint = .zero }
            row.position = CGPoint(x: p.x, y: p.y)
            row.backgroundColor = CGColor(red: 0.9, green: 0.9, blue: 0.9, alpha: 1)
            for (c, q) in cells.enumerated() {
                let cell = CALayer()
                cell.bounds = CGRect(x: 0, y: 0, width: 7, height: 5)
                if anchorZero { cell.anchorPoint = .zero }
                cell.position = CGPoint(x: q.x, y: q.y)
                cell.backgroundColor = CGColor(red: Double(c % 5) / 5, green: 0.5, blue: Double(r % 3) / 3, alpha: 1)
                if c % 3 == 0 { cell.borderWidth = 1 }
                // A cell with a sublayer of its own: its items reach the row through two placements.
                if c % 4 == 1 {
                    let inner = CALayer()
                    inner.bounds = CGRect(x: 0, y: 0, width: 3, height: 2)
                    inner.position = CGPoint(x: -0.0, y: 2.5)
                    inner.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                    cell.addSublayer(inner)
                }
                row.addSublayer(cell)
            }
            root.addSublayer(row)
        }
        return root
    }

    /// Each quad's matrix entries' bit patterns, target by target.
    private func matrixBits(_ plan: RenderPlan) -> [[UInt64]] {
        plan.targets.flatMap { $0.quads.map { q in [q.matrix.r0, q.matrix.r1, q.matrix.r2, q.matrix.r3].flatMap { [$0.x, $0.y, $0.z, $0.w].map(\.bitPattern) } } }
    }

    @Test(arguments: [false, true])
    func translationsPlaceAsTheGeneralPath(anchorZero: Bool) {
        let values: [Double] = [-0.0, 0, 0.5, -3.25, 17, 1e-300, 150.125, -1e308, 1e308, 9e307]
        let rows = values.flatMap { x in values.prefix(4).map { (x: x, y: $0) } }
        let cells = values.map { (x: $0, y: -$0) }
        let root = tree(rows: rows, cells: cells, anchorZero: anchorZero)
        var on = CompositorOptions(), off = CompositorOptions()
        on.usesFlatPath = true
        off.usesFlatPath = false
        let lean = Compositor(options: on).compile(root: root, width: 400, height: 300)
        let general = Compositor(options: off).compile(root: root, width: 400, height: 300)
        #expect(lean.targets.count == general.targets.count)
        #expect(lean.targets.map(\.quads.count) == general.targets.map(\.quads.count))
        let a = matrixBits(lean), b = matrixBits(general)
        #expect(!a.isEmpty)
        #expect(a == b)
        // Large enough to be drawn on all cores too: 2,500 cells.
        let big = tree(rows: (0..<50).map { (x: Double($0) * 0.5, y: Double($0) * 6 - 0.0) }, cells: (0..<49).map { (x: Double($0) * 8, y: 0.25) }, anchorZero: anchorZero)
        #expect(matrixBits(Compositor(options: on).compile(root: big, width: 400, height: 300))
                == matrixBits(Compositor(options: off).compile(root: big, width: 400, height: 300)))
    }
}
