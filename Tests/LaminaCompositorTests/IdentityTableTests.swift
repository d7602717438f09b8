// The open-addressing table of the tangle memo and the retained quads (IdentityTable.swift):
// the same answers as a Dictionary through growth, overwrites and colliding keys.
import Testing
@testable import LaminaCompositor
import LaminaTestSupport

@Suite struct IdentityTableTests {
    @Test func answersAsADictionaryDoes() {
        var rng = TestRandom(state: 0x1D7A_B1E5)
        var table = IdentityTable<Int>()
        var reference: [[UInt]: Int] = [:]
        #expect(table.value(1, 2) == nil)
        for step in 0..<5000 {
            // Keys from a small range (many repeats and overwrites), some sharing their first word,
            // some multiples of a large power of two (addresses alike in their low bits).
            let a = UInt(rng.next() * 300) << (step % 3 == 0 ? 20 : 4), b = step % 5 == 0 ? 0 : UInt(rng.next() * 4)
            table.set(a, b, step)
            reference[[a, b]] = step
            let qa = UInt(rng.next() * 300) << 4, qb = UInt(rng.next() * 4)
            #expect(table.value(qa, qb) == reference[[qa, qb]])
        }
        #expect(table.count == reference.count)
        for (k, v) in reference { #expect(table.value(k[0], k[1]) == v) }
        var seen = 0
        table.forEach { a, b, v in seen += 1; #expect(reference[[a, b]] == v) }
        #expect(seen == reference.count)
        table.removeAll()
        #expect(table.count == 0 && table.value(0, 0) == nil)
        table.reserve(100)
        for i in 0..<100 { table.set(UInt(i), 7, i) }
        #expect((0..<100).allSatisfy { table.value(UInt($0), 7) == $0 } && table.value(100, 7) == nil)
    }
}
