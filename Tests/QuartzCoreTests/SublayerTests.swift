// The layer tree: adding, inserting, removing and replacing sublayers.
import Testing
import QuartzCore

private func named(_ n: String) -> CALayer {
    let l = CALayer()
    l.name = n
    return l
}

private func names(_ l: CALayer) -> [String] { (l.sublayers ?? []).map { $0.name ?? "?" } }

@Suite("Sublayers")
struct SublayerTests {
    @Test func newLayerHasNoSublayersAndNoSuperlayer() {
        let l = CALayer()
        #expect(l.sublayers == nil)
        #expect(l.superlayer == nil)
    }

    @Test func addSublayerAppendsAndLinks() {
        let p = named("p"), a = named("a"), b = named("b")
        p.addSublayer(a)
        p.addSublayer(b)
        #expect(names(p) == ["a", "b"])
        #expect(a.superlayer === p && b.superlayer === p)
        #expect(p.sublayers?[0] === a && p.sublayers?[1] === b)
    }

    @Test func reAddingMovesALayer() {
        let p = named("p"), a = named("a"), b = named("b"), c = named("c")
        [a, b, c].forEach(p.addSublayer)
        p.addSublayer(a)   // to the end, not a second copy
        #expect(names(p) == ["b", "c", "a"])
        let q = named("q")
        q.addSublayer(b)   // moves to another parent
        #expect(names(p) == ["c", "a"])
        #expect(names(q) == ["b"])
        #expect(b.superlayer === q)
        q.addSublayer(c)
        q.addSublayer(a)
        #expect(p.sublayers == nil)
        #expect(names(q) == ["b", "c", "a"])
    }

    @Test func insertAtIndex() {
        let p = named("p"), a = named("a"), b = named("b"), c = named("c"), d = named("d")
        p.insertSublayer(a, at: 0)
        p.insertSublayer(b, at: 0)
        #expect(names(p) == ["b", "a"])
        p.insertSublayer(c, at: 1)
        #expect(names(p) == ["b", "c", "a"])
        p.insertSublayer(d, at: 99)   // clamped to the end
        #expect(names(p) == ["b", "c", "a", "d"])
        #expect(d.superlayer === p)
        p.insertSublayer(d, at: 0)    // moving within the same parent
        #expect(names(p) == ["d", "b", "c", "a"])
    }

    @Test func insertBelowAndAbove() {
        let p = named("p"), a = named("a"), b = named("b"), c = named("c")
        p.addSublayer(a)
        p.addSublayer(c)
        p.insertSublayer(b, below: c)
        #expect(names(p) == ["a", "b", "c"])
        let x = named("x"), y = named("y")
        p.insertSublayer(x, above: a)
        #expect(names(p) == ["a", "x", "b", "c"])
        p.insertSublayer(y, above: c)
        #expect(names(p) == ["a", "x", "b", "c", "y"])
        #expect(x.superlayer === p && y.superlayer === p)
        // Moving existing sublayers.
        p.insertSublayer(a, above: c)
        #expect(names(p) == ["x", "b", "c", "a", "y"])
        p.insertSublayer(y, below: x)
        #expect(names(p) == ["y", "x", "b", "c", "a"])
        p.insertSublayer(y, below: a)
        #expect(names(p) == ["x", "b", "c", "y", "a"])
        p.insertSublayer(x, above: x)   // relative to itself: stays put
        #expect(names(p) == ["x", "b", "c", "y", "a"])
        // No sibling: below goes to the back, above to the front.
        let z = named("z"), w = named("w")
        p.insertSublayer(z, below: nil)
        p.insertSublayer(w, above: nil)
        #expect(names(p) == ["z", "x", "b", "c", "y", "a", "w"])
    }

    @Test func removeFromSuperlayer() {
        let p = named("p"), a = named("a"), b = named("b")
        p.addSublayer(a)
        p.addSublayer(b)
        a.removeFromSuperlayer()
        #expect(a.superlayer == nil)
        #expect(names(p) == ["b"])
        a.removeFromSuperlayer()   // already detached: nothing happens
        b.removeFromSuperlayer()
        #expect(p.sublayers == nil)
        #expect(b.superlayer == nil)
        p.removeFromSuperlayer()   // a root: nothing happens
        #expect(p.superlayer == nil)
    }

    @Test func replaceSublayer() {
        let p = named("p"), a = named("a"), b = named("b"), c = named("c"), n = named("n")
        [a, b, c].forEach(p.addSublayer)
        p.replaceSublayer(b, with: n)
        #expect(names(p) == ["a", "n", "c"])
        #expect(b.superlayer == nil)
        #expect(n.superlayer === p)
        // The new layer comes from another parent.
        let q = named("q"), m = named("m")
        q.addSublayer(m)
        p.replaceSublayer(a, with: m)
        #expect(names(p) == ["m", "n", "c"])
        #expect(q.sublayers == nil)
        #expect(m.superlayer === p)
        // Not a sublayer: nothing happens.
        p.replaceSublayer(b, with: named("zz"))
        #expect(names(p) == ["m", "n", "c"])
        // With itself: nothing happens.
        p.replaceSublayer(n, with: n)
        #expect(names(p) == ["m", "n", "c"])
        #expect(n.superlayer === p)
    }

    @Test func replaceSublayerWithASibling() {
        // The replacement takes the old layer's place in the order, wherever it came from.
        let p = named("p"), a = named("a"), b = named("b"), c = named("c")
        [a, b, c].forEach(p.addSublayer)
        p.replaceSublayer(b, with: a)   // a sits before b
        #expect(names(p) == ["a", "c"])
        #expect(b.superlayer == nil && a.superlayer === p)
        let d = named("d")
        p.addSublayer(d)                // a, c, d
        p.replaceSublayer(c, with: d)   // d sits after c
        #expect(names(p) == ["a", "d"])
        #expect(c.superlayer == nil && d.superlayer === p)
    }

    @Test func settingSublayers() {
        let p = named("p"), a = named("a"), b = named("b"), c = named("c")
        p.sublayers = [a, b]
        #expect(names(p) == ["a", "b"])
        #expect(a.superlayer === p)
        p.sublayers = [c, a]
        #expect(names(p) == ["c", "a"])
        #expect(b.superlayer == nil && c.superlayer === p && a.superlayer === p)
        p.sublayers = []
        #expect(p.sublayers == nil)
        #expect(a.superlayer == nil && c.superlayer == nil)
        p.sublayers = [a]
        p.sublayers = nil
        #expect(p.sublayers == nil && a.superlayer == nil)
        // Taking a layer from another parent.
        let q = named("q")
        q.addSublayer(b)
        p.sublayers = [b]
        #expect(q.sublayers == nil && b.superlayer === p)
    }

    @Test func descendants() {
        let root = named("root"), mid = named("mid"), leaf = named("leaf"), other = named("other")
        root.addSublayer(mid)
        mid.addSublayer(leaf)
        #expect(leaf.isDescendant(of: root))
        #expect(leaf.isDescendant(of: mid))
        #expect(leaf.isDescendant(of: leaf))
        #expect(!root.isDescendant(of: leaf))
        #expect(!leaf.isDescendant(of: other))
        #expect(leaf.superlayer?.superlayer === root)
    }

    @Test func copyingALayerCopiesPropertiesNotSublayers() {
        let l = CATextLayer()
        l.name = "text"
        l.bounds = CGRect(x: 1, y: 2, width: 3, height: 4)
        l.position = CGPoint(x: 5, y: 6)
        l.transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
        l.opacity = 0.5
        l.string = "hello"
        l.fontSize = 12
        l.addSublayer(CALayer())
        let parent = CALayer()
        parent.addSublayer(l)
        let copy = CATextLayer(layer: l)
        #expect(copy.name == "text" && copy.bounds == l.bounds && copy.position == l.position)
        #expect(copy.transform == l.transform && copy.opacity == 0.5)
        #expect(copy.string as? String == "hello" && copy.fontSize == 12)
        #expect(copy.sublayers == nil && copy.superlayer == nil)
    }
}
