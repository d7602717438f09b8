// movedTogether: the parts' quads in order in one array, each part left empty, on one core
// or on all.
import Foundation
@testable import LaminaCompositor
import Testing

@Suite struct MovedTogetherTests {
    /// A quad told apart by its name, rect and clips (an array, so moves must keep it whole).
    private func quad(_ k: Int) -> DrawQuad {
        DrawQuad(layerName: "q\(k)", role: "background", matrix: .identity, rect: Box(minX: 0, minY: 0, maxX: Double(k), maxY: 1), cornerRadius: 0,
                 antialiasedEdges: [], fill: .none, borderWidth: 0, borderColor: .zero, mask: nil, opacity: 1, lighting: [],
                 clips: [HalfPlane(a: 1, b: 0, c: Double(k))], cover: [SIMD2(Double(k), 0)], isSplit: false)
    }

    /// Parts of 0 to 700 quads (empty ones among them): the result is their concatenation,
    /// each part is emptied, with the work on one core (minimum above the count) and on all.
    @Test(arguments: [1, 100_000])
    func concatenatesAndEmpties(_ minimum: Int) {
        let sizes = [3, 0, 700, 1, 0, 250, 9]
        var next = 0
        var parts: [[DrawQuad]] = sizes.map { n in (0..<n).map { _ in defer { next += 1 }; return quad(next) } }
        let expected = parts.flatMap { $0 }
        let moved = movedTogether(&parts, minimum: minimum)
        #expect(moved == expected)
        let emptied = parts.allSatisfy { $0.isEmpty }
        #expect(emptied)
        #expect(parts.count == sizes.count)
    }

    /// No quads at all: an empty result.
    @Test func nothingToMove() {
        var parts: [[DrawQuad]] = [[], []]
        #expect(movedTogether(&parts, minimum: 1).isEmpty)
    }
}
