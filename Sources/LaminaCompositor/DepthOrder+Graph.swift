// The constraint graph of a context's pair orders (DepthOrder.swift, Tangle.swift): its
// strongly connected groups, the edges between them, and a topological order of them with
// ties broken by tie order.

/// A constraint graph's strongly connected groups in a topological order of the constraints
/// between them (after[i]: the vertices drawn after i).
struct Condensation {
    /// Each vertex's group.
    let component: [Int]
    /// The groups' vertices in one flat list, each group's by key (group g's: `members(g)`):
    /// an array per group was most of the cost of a graph of singletons.
    private let memberStart: [Int]
    private let memberList: [Int]
    /// The groups, each after every group constrained before it; of the groups ready at a
    /// time, the one with the smallest key (its first member's) first.
    let order: [Int]

    /// How many groups there are.
    var count: Int { memberStart.count - 1 }

    /// Group g's vertices, by key.
    func members(_ g: Int) -> ArraySlice<Int> { memberList[memberStart[g]..<memberStart[g + 1]] }

    /// `after`'s groups, ready groups and each group's members taken by `key` (distinct keys).
    init(_ after: [[Int]], key: (Int) -> Int) {
        let (start, targets) = flatEdges(after)
        self.init(start: start, targets: targets, key: key)
    }

    /// The groups of the graph whose vertex v's constraints are targets[start[v]..<start[v + 1]],
    /// ready groups and each group's members taken by `key` (distinct keys).
    init(start: [Int], targets: [Int], key: (Int) -> Int) {
        let n = start.count - 1
        let (component, count) = stronglyConnected(start: start, targets: targets)
        // Members grouped in vertex order, then the groups of several sorted by key.
        var memberStart = [Int](repeating: 0, count: count + 1)
        for c in component { memberStart[c + 1] += 1 }
        for g in 0..<count { memberStart[g + 1] += memberStart[g] }
        var next = memberStart, memberList = [Int](repeating: 0, count: n)
        for v in 0..<n {
            memberList[next[component[v]]] = v
            next[component[v]] += 1
        }
        for g in 0..<count where memberStart[g + 1] - memberStart[g] > 1 {
            memberList[memberStart[g]..<memberStart[g + 1]].sort { key($0) < key($1) }
        }
        // The edges between groups, one per constraint that crosses groups, in one flat list
        // (group g's: outs[outStart[g]..<outStart[g + 1]]), and how many enter each. (Through
        // buffer pointers: these loops run over every constraint of large graphs.)
        var indegree = [Int](repeating: 0, count: count)
        var outStart = [Int](repeating: 0, count: count + 1)
        var outs: [Int] = []
        start.withUnsafeBufferPointer { st in targets.withUnsafeBufferPointer { tg in component.withUnsafeBufferPointer { cp in
            indegree.withUnsafeMutableBufferPointer { ind in outStart.withUnsafeMutableBufferPointer { os in
                for v in 0..<n {
                    let cv = cp[v]
                    for k in st[v]..<st[v + 1] where cp[tg[k]] != cv {
                        os[cv + 1] += 1
                        ind[cp[tg[k]]] += 1
                    }
                }
                for g in 0..<count { os[g + 1] += os[g] }
            } }
            var fill = outStart
            outs = [Int](repeating: 0, count: outStart[count])
            fill.withUnsafeMutableBufferPointer { fp in outs.withUnsafeMutableBufferPointer { op in
                for v in 0..<n {
                    let cv = cp[v]
                    for k in st[v]..<st[v + 1] where cp[tg[k]] != cv {
                        op[fp[cv]] = cp[tg[k]]
                        fp[cv] += 1
                    }
                }
            } }
        } } }
        // Kahn's algorithm.
        var ready = MinHeap()
        for g in 0..<count where indegree[g] == 0 { ready.push(key(memberList[memberStart[g]]), g) }
        var order: [Int] = []
        order.reserveCapacity(count)
        while let g = ready.pop() {
            order.append(g)
            for k in outStart[g]..<outStart[g + 1] {
                let h = outs[k]
                indegree[h] -= 1
                if indegree[h] == 0 { ready.push(key(memberList[memberStart[h]]), h) }
            }
        }
        self.component = component
        self.memberStart = memberStart
        self.memberList = memberList
        self.order = order
    }
}

/// Draws polygons in a topological order of the constraints `after` (after[i]: drawn after
/// i) between their strongly connected groups, the ready group with the smallest tie order
/// first; a group's own order is `reuse[members]` when given (the same members, unchanged,
/// ordered in an earlier frame), else computed. Every group of several members ordered is
/// recorded in `made`. The result depends on the constraint graph only, not on edge order.
/// With `memo`, the groups' steps over pieces seen in earlier frames are looked up (the same result).
func orderByConstraints(_ polygons: [DrawPolygon], after: [[Int]], planeToTarget: Mat4,
                        reuse: [[Int]: [DrawPolygon]], made: inout [[Int]: [DrawPolygon]], memo: TangleMemo? = nil) -> [DrawPolygon] {
    let n = polygons.count
    let c = Condensation(after) { $0 }
    // The groups to order afresh, ordered first on all cores (each reads only its members),
    // the largest first so the others share the remaining cores.
    var local = [Int](repeating: 0, count: n)
    var fresh: [(group: Int, polygons: [DrawPolygon], edges: [[Int]], keys: [Int])] = []
    for g in 0..<c.count where c.members(g).count > 1 {
        let m = Array(c.members(g))
        guard reuse[m] == nil else { continue }
        // The group's own constraints, in its members' indices.
        for (k, i) in m.enumerated() { local[i] = k }
        let edges = m.map { i in
            // (Room made first: grown from nothing, most lists would be reallocated several times.)
            var e: [Int] = []
            e.reserveCapacity(after[i].count)
            for j in after[i] where c.component[j] == g { e.append(local[j]) }
            return e
        }
        fresh.append((g, m.map { polygons[$0] }, edges, m))
    }
    fresh.sort { $0.polygons.count > $1.polygons.count }
    let jobs = fresh
    var orders = [[DrawPolygon]](repeating: [], count: c.count)
    // Each job has its own memo session (the memo is only read while they run).
    let sessions = jobs.map { _ in memo?.session() }
    let computed = inRanges(jobs.count, minimum: 2, parts: jobs.count) { r in
        r.map { orderTangle(jobs[$0].polygons, edges: jobs[$0].edges, planeToTarget: planeToTarget, memo: sessions[$0], keys: jobs[$0].keys) }
    }
    memo?.absorb(sessions.compactMap { $0 })
    for (k, order) in computed.joined().enumerated() { orders[jobs[k].group] = order }
    var out: [DrawPolygon] = []
    out.reserveCapacity(n)
    for g in c.order {
        let slice = c.members(g)
        if slice.count == 1 {
            out.append(polygons[slice[slice.startIndex]])
        } else {
            let m = Array(slice)
            let ordered = reuse[m] ?? orders[g]
            made[m] = ordered
            out += ordered
        }
    }
    return out
}

/// Strongly connected components (Tarjan, iterative): each vertex's component and the count.
func stronglyConnected(_ edges: [[Int]]) -> ([Int], Int) {
    let (start, targets) = flatEdges(edges)
    return stronglyConnected(start: start, targets: targets)
}

/// `edges` in one flat list: vertex v's are targets[start[v]..<start[v + 1]]. (Each list
/// copied into place: appending them one by one cost some hundred instructions a vertex.)
func flatEdges(_ edges: [[Int]]) -> (start: [Int], targets: [Int]) {
    var start = [Int](repeating: 0, count: edges.count + 1)
    for (v, e) in edges.enumerated() { start[v + 1] = start[v] + e.count }
    let targets = [Int](unsafeUninitializedCapacity: start[edges.count]) { buffer, count in
        for (v, e) in edges.enumerated() {
            e.withUnsafeBufferPointer { src in
                if src.count > 0, let from = src.baseAddress, let to = buffer.baseAddress { (to + start[v]).initialize(from: from, count: src.count) }
            }
        }
        count = start[edges.count]
    }
    return (start, targets)
}

/// `stronglyConnected` of edges in one flat list (vertex v's: targets[start[v]..<start[v + 1]],
/// visited in that order): a graph built afresh many times costs no array per vertex.
func stronglyConnected(start: [Int], targets: [Int]) -> ([Int], Int) {
    let n = start.count - 1
    var comp = [Int](repeating: -1, count: n), count = 0
    // Through buffer pointers (the stacks hold each vertex once at most): this runs over
    // every constraint of large graphs several times a frame.
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 5 * max(n, 1)) { work in
        // call[d]: the vertex at depth d of the search; ne[v]: v's next edge to follow. A
        // vertex is on the stack when it was visited (index >= 0) and has no component yet.
        let index = work.baseAddress!, low = index + n, stack = low + n, call = stack + n, ne = call + n
        index.initialize(repeating: -1, count: n)
        low.initialize(repeating: 0, count: n)
        start.withUnsafeBufferPointer { st in targets.withUnsafeBufferPointer { tg in comp.withUnsafeMutableBufferPointer { cp in
            var next = 0, depth = 0, top = 0
            for root in 0..<n where index[root] < 0 {
                index[root] = next; low[root] = next; next += 1
                stack[top] = root; top += 1
                ne[root] = st[root]
                call[0] = root; depth = 1
                while depth > 0 {
                    let v = call[depth - 1]
                    if ne[v] < st[v + 1] {
                        let w = tg[ne[v]]
                        ne[v] += 1
                        if index[w] < 0 {
                            index[w] = next; low[w] = next; next += 1
                            stack[top] = w; top += 1
                            ne[w] = st[w]
                            call[depth] = w; depth += 1
                        } else if cp[w] < 0 {
                            // On the stack: visited and not yet in a component.
                            low[v] = min(low[v], index[w])
                        }
                    } else {
                        depth -= 1
                        if depth > 0 { let p = call[depth - 1]; low[p] = min(low[p], low[v]) }
                        if low[v] == index[v] {
                            while top > 0 {
                                top -= 1
                                let w = stack[top]
                                cp[w] = count
                                if w == v { break }
                            }
                            count += 1
                        }
                    }
                }
            }
        } } }
    }
    return (comp, count)
}

/// A binary min-heap of (key, value) pairs, smallest key first.
struct MinHeap {
    private var items: [(key: Int, value: Int)] = []

    mutating func push(_ key: Int, _ value: Int) {
        items.append((key, value))
        var i = items.count - 1
        while i > 0 {
            let p = (i - 1) / 2
            guard items[i].key < items[p].key else { break }
            items.swapAt(i, p); i = p
        }
    }

    mutating func pop() -> Int? {
        guard let first = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < items.count && items[l].key < items[m].key { m = l }
                if r < items.count && items[r].key < items[m].key { m = r }
                if m == i { break }
                items.swapAt(i, m); i = m
            }
        }
        return first.value
    }
}
