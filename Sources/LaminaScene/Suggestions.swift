// "Did you mean": the nearest known word for a misspelt key, layer type or step, and the scene
// spelling of Core Animation's Swift property names (isDoubleSided -> doubleSided).

enum Suggestions {
    /// Swift property names whose scene key differs.
    static let swiftNames: [String: String] = [
        "isDoubleSided": "doubleSided", "isHidden": "hidden", "isGeometryFlipped": "geometryFlipped",
        "isWrapped": "wrapped", "transform3D": "transform",
    ]

    /// The scene key meant by `key`, among `allowed`: its scene spelling when it is a Swift
    /// property name, else the nearest allowed key by edit distance (case-insensitive).
    static func key(for key: String, among allowed: Set<String>) -> String? {
        if let k = swiftNames[key], allowed.contains(k) { return k }
        return word(for: key, among: allowed)
    }

    /// The nearest word of `among` to `word` when it is close: at most a third of its letters
    /// differ (case-insensitively), at most 3; ties go to the alphabetically first.
    static func word(for word: String, among candidates: Set<String>) -> String? {
        let w = Array(word.lowercased())
        let limit = min(3, max(1, w.count / 3))
        var best: (Int, String)?
        for c in candidates.sorted() {
            let d = distance(w, Array(c.lowercased()))
            if d <= limit, best == nil || d < best!.0 { best = (d, c) }
        }
        return best?.1
    }

    /// Levenshtein distance.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev = Array(0...b.count), cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        return prev[b.count]
    }
}
