// The tangle's reversed edges (one flat list) and the box test its pair orders start with.
@testable import LaminaCompositor
import Testing

@Suite struct TangleEdgesTests {
    /// Each member's incoming edges, in order of their sources, as `reverse[start[i]..<start[i + 1]]`.
    @Test func reversedEdgesListEachMembersSources() {
        let edges = [[1, 2], [2], [0], [], [3, 1]]
        let (start, reverse) = reversedEdges(edges)
        #expect(start == [0, 1, 3, 5, 6, 6])
        #expect(reverse == [2, 0, 4, 0, 1, 4])
        for i in edges.indices {
            let sources = edges.indices.filter { edges[$0].contains(i) }
            #expect(Array(reverse[start[i]..<start[i + 1]]) == sources)
        }
    }

    @Test func reversedEdgesOfNothing() {
        let (start, reverse) = reversedEdges([])
        #expect(start == [0])
        #expect(reverse.isEmpty)
    }

    /// Boxes that touch meet; a footprint without a box meets anything.
    @Test func boxesMeetAsFootprintsDo() {
        let a = Box(minX: 0, minY: 0, maxX: 10, maxY: 10)
        #expect(boxesMeet(a, Box(minX: 10, minY: 5, maxX: 20, maxY: 6)))
        #expect(!boxesMeet(a, Box(minX: 10.5, minY: 5, maxX: 20, maxY: 6)))
        #expect(!boxesMeet(a, Box(minX: 2, minY: -5, maxX: 3, maxY: -0.1)))
        #expect(boxesMeet(nil, a))
        #expect(boxesMeet(a, nil))
    }
}
