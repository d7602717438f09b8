// The redone edges of a retained seam pass (RetainedSeams.swift) bucketed by position, so each
// edge of the frame is compared only with the redone edges whose reach meets its own: a turned
// card's edges reach across much of the output, and one scan of every redone edge per edge
// near them was most of the pass.

/// Boxes listed under the cells of a uniform grid over their union.
struct ReachGrid {
    private let area: Box
    private let columns: Int, rows: Int
    private let cellWidth: Double, cellHeight: Double
    /// The boxes listed in each cell, cell by cell (cell c's: listed[start[c]..<start[c + 1]]).
    private var start: [Int] = []
    private var listed: [Int] = []

    /// A grid over `boxes` (finite edges, not empty), its cells about `cell` wide and high
    /// (at most `most` a side).
    init(_ boxes: [Box], cell: Double = 32, most: Int = 64) {
        var area = boxes[0]
        for b in boxes.dropFirst() { area = area.union(b) }
        self.area = area
        // (An extent beyond any Int, or not a number, from far-off edges: the most cells.)
        func count(_ extent: Double) -> Int {
            let c = (extent / cell).rounded(.up)
            return c.isFinite && c < Double(most) ? max(1, Int(c)) : most
        }
        columns = count(area.width)
        rows = count(area.height)
        cellWidth = area.width > 0 ? area.width / Double(columns) : 1
        cellHeight = area.height > 0 ? area.height / Double(rows) : 1
        let cells = columns * rows
        start = [Int](repeating: 0, count: cells + 1)
        for b in boxes {
            let (x0, x1, y0, y1) = span(b)
            for y in y0...y1 { for x in x0...x1 { start[y * columns + x + 1] += 1 } }
        }
        for c in 0..<cells { start[c + 1] += start[c] }
        var fill = start
        listed = [Int](repeating: 0, count: start[cells])
        for (i, b) in boxes.enumerated() {
            let (x0, x1, y0, y1) = span(b)
            for y in y0...y1 {
                for x in x0...x1 {
                    listed[fill[y * columns + x]] = i
                    fill[y * columns + x] += 1
                }
            }
        }
    }

    /// The cells a box reaches (clamped to the grid; monotonic in the edges, so two boxes
    /// that share a point share a cell).
    @inline(__always) func span(_ b: Box) -> (x0: Int, x1: Int, y0: Int, y1: Int) {
        @inline(__always) func index(_ v: Double, _ origin: Double, _ size: Double, _ count: Int) -> Int {
            let t = ((v - origin) / size).rounded(.down)
            if !(t > 0) { return 0 }
            return t >= Double(count - 1) ? count - 1 : Int(t)
        }
        return (index(b.minX, area.minX, cellWidth, columns), index(b.maxX, area.minX, cellWidth, columns),
                index(b.minY, area.minY, cellHeight, rows), index(b.maxY, area.minY, cellHeight, rows))
    }

    /// Whether `b` can meet any listed box at all.
    @inline(__always) func reaches(_ b: Box) -> Bool { b.meets(area) }

    /// Whether `b` meets any of `boxes` (those the grid was made over).
    func meetsAny(_ b: Box, of boxes: [Box]) -> Bool {
        guard reaches(b) else { return false }
        let (x0, x1, y0, y1) = span(b)
        for y in y0...y1 { for x in x0...x1 { for i in cell(x, y) where boxes[i].meets(b) { return true } } }
        return false
    }

    /// The boxes listed in the cell (x, y).
    @inline(__always) func cell(_ x: Int, _ y: Int) -> ArraySlice<Int> { listed[start[y * columns + x]..<start[y * columns + x + 1]] }
}
