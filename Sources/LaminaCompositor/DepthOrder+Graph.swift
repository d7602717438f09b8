// The constraint graph of a context's pair orders (DepthOrder.swift, Tangle.swift): its
// strongly connected groups, the edges between them, and a topological order of them with
// ties broken by tie order.

/// A constraint graph's strongly connected groups in a topological order of the constraints
/// between them (after[i]: the vertices drawn after i).
struct Condensation {
    /// Each vertex's group.
    let component: [Int]
    /// Each group's vertices, in the order given.
    let members: [[Int]]
    /// The groups, each after every group constrained before it; of the groups ready at a
    /// time, the one whose first member has the smallest key first.
    let order: [Int]

    /// `after`'s groups, their members listed in `memberOrder` (every vertex once), ready
    /// groups taken by `key` of their first member.
    init(_ after: [[Int]], memberOrder: some Sequence<Int>, key: (Int) -> Int) {
        let (component, count) = stronglyConnected(after)
        var members = [[Int]](repeating: [], count: count)
        for i in memberOrder { members[component[i]].append(i) }
        // The edges between groups, one per constraint that crosses groups, in one flat list
        // (group g's: outs[outStart[g]..<outStart[g + 1]]), and how many enter each.
        var indegree = [Int](repeating: 0, count: count)
        var outStart = [Int](repeating: 0, count: count + 1)
        for i in after.indices {
            for j in after[i] where component[i] != component[j] {
                outStart[component[i] + 1] += 1
                indegree[component[j]] += 1
            }
        }
        for g in 0..<count { outStart[g + 1] += outStart[g] }
        var fill = outStart, outs = [Int](repeating: 0, count: outStart[count])
        for i in after.indices {
            for j in after[i] where component[i] != component[j] {
                outs[fill[component[i]]] = component[j]
                fill[component[i]] += 1
            }
        }
        // Kahn's algorithm.
        var ready = MinHeap()
        for g in 0..<count where indegree[g] == 0 { ready.push(key(members[g][0]), g) }
        var order: [Int] = []
        order.reserveCapacity(count)
        while let g = ready.pop() {
            order.append(g)
            for k in outStart[g]..<outStart[g + 1] {
                let h = outs[k]
                indegree[h] -= 1
                if indegree[h] == 0 { ready.push(key(members[h][0]), h) }
            }
        }
        self.component = component
        self.members = members
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
    let c = Condensation(after, memberOrder: 0..<n) { $0 }
    // The groups to order afresh, ordered first on all cores (each reads only its members),
    // the largest first so the others share the remaining cores.
    var local = [Int](repeating: 0, count: n)
    var fresh: [(group: Int, polygons: [DrawPolygon], edges: [[Int]], keys: [Int])] = []
    for (g, m) in c.members.enumerated() where m.count > 1 && reuse[m] == nil {
        // The group's own constraints, in its members' indices.
        for (k, i) in m.enumerated() { local[i] = k }
        fresh.append((g, m.map { polygons[$0] }, m.map { i in after[i].compactMap { c.component[$0] == g ? local[$0] : nil } }, m))
    }
    fresh.sort { $0.polygons.count > $1.polygons.count }
    let jobs = fresh
    var orders = [[DrawPolygon]](repeating: [], count: c.members.count)
    // Each job has its own memo session (the memo is only read while they run).
    let sessions = jobs.map { _ in memo?.session() }
    let computed = inRanges(jobs.count, minimum: 2, parts: jobs.count) { r in
        r.map { orderTangle(jobs[$0].polygons, edges: jobs[$0].edges, planeToTarget: planeToTarget, memo: sessions[$0], keys: jobs[$0].keys) }
    }
    if let memo { for s in sessions { if let s { memo.absorb(s) } } }
    for (k, order) in computed.joined().enumerated() { orders[jobs[k].group] = order }
    var out: [DrawPolygon] = []
    out.reserveCapacity(n)
    for g in c.order {
        let m = c.members[g]
        if m.count == 1 {
            out.append(polygons[m[0]])
        } else {
            let ordered = reuse[m] ?? orders[g]
            made[m] = ordered
            out += ordered
        }
    }
    return out
}

/// Strongly connected components (Tarjan, iterative): each vertex's component and the count.
func stronglyConnected(_ edges: [[Int]]) -> ([Int], Int) {
    var start = [0], targets: [Int] = []
    start.reserveCapacity(edges.count + 1)
    targets.reserveCapacity(edges.reduce(0) { $0 + $1.count })
    for e in edges {
        targets += e
        start.append(targets.count)
    }
    return stronglyConnected(start: start, targets: targets)
}

/// `stronglyConnected` of edges in one flat list (vertex v's: targets[start[v]..<start[v + 1]],
/// visited in that order): a graph built afresh many times costs no array per vertex.
func stronglyConnected(start: [Int], targets: [Int]) -> ([Int], Int) {
    let n = start.count - 1
    var index = [Int](repeating: -1, count: n), low = [Int](repeating: 0, count: n)
    var onStack = [Bool](repeating: false, count: n), comp = [Int](repeating: -1, count: n)
    var stack: [Int] = [], next = 0, count = 0
    var call: [(v: Int, e: Int)] = []
    for root in 0..<n where index[root] < 0 {
        call.append((root, start[root]))
        index[root] = next; low[root] = next; next += 1
        stack.append(root); onStack[root] = true
        while let top = call.last {
            let v = top.v
            if top.e < start[v + 1] {
                call[call.count - 1].e += 1
                let w = targets[top.e]
                if index[w] < 0 {
                    index[w] = next; low[w] = next; next += 1
                    stack.append(w); onStack[w] = true
                    call.append((w, start[w]))
                } else if onStack[w] {
                    low[v] = min(low[v], index[w])
                }
            } else {
                call.removeLast()
                if let parent = call.last { low[parent.v] = min(low[parent.v], low[v]) }
                if low[v] == index[v] {
                    while let w = stack.popLast() {
                        onStack[w] = false
                        comp[w] = count
                        if w == v { break }
                    }
                    count += 1
                }
            }
        }
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
