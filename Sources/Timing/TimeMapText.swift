/// The written forms of a time map (SPEC §8): `s=d,s=d,…` on the command
/// line, or a file with one pair a line (`s=d` or `s d`), blank lines
/// ignored and `#` starting a comment, on a line of its own or after a pair.
/// Times are decimals or ratios, taken exactly.
extension TimeMap {
    /// Reads `s=d,s=d,…` and validates it for output at `fps`.
    public init(list text: String, fps: Rational) throws(TimeMapError) {
        var knots: [Knot] = []
        var labels: [String] = []
        for (index, piece) in text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let written = piece.trimmingSpaces
            let label = "knot \(index + 1) \"\(written)\""
            let sides = written.split(separator: "=", omittingEmptySubsequences: false)
            guard sides.count == 2 else { throw .unreadable(knot: label, reason: "a knot is written s=d") }
            knots.append(try Self.knot(source: sides[0], output: sides[1], label: label))
            labels.append(label)
        }
        try self.init(knots: knots, fps: fps, labels: labels)
    }

    /// Reads a time map file's text and validates it for output at `fps`.
    public init(fileText text: String, fps: Rational) throws(TimeMapError) {
        var knots: [Knot] = []
        var labels: [String] = []
        for pair in try Self.pairs(fileText: text) {
            knots.append(try Self.knot(source: pair.source, output: pair.output, label: pair.label))
            labels.append(pair.label)
        }
        try self.init(knots: knots, fps: fps, labels: labels)
    }

    /// A time map file's knots as the command line's list takes them,
    /// `s=d,s=d,…`, each time as written: what a part's manifest keeps of
    /// `--time-map @FILE`, so that the join needs no file but the source.
    public static func listText(fileText text: String) throws(TimeMapError) -> String {
        try pairs(fileText: text).map { "\($0.source.trimmingSpaces)=\($0.output.trimmingSpaces)" }.joined(separator: ",")
    }

    /// Each knot line of a file, its two sides as written, and its label in messages.
    private static func pairs(fileText text: String) throws(TimeMapError) -> [(source: Substring, output: Substring, label: String)] {
        var pairs: [(source: Substring, output: Substring, label: String)] = []
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let pair = (line.firstIndex(of: "#").map { line[..<$0] } ?? line).trimmingSpaces
            guard !pair.isEmpty else { continue }
            let label = "knot \(pairs.count + 1) \"\(pair)\" (line \(index + 1))"
            let sides =
                pair.contains("=")
                ? pair.split(separator: "=", omittingEmptySubsequences: false)
                : pair.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard sides.count == 2 else { throw .unreadable(knot: label, reason: "a knot is written s=d or s d") }
            pairs.append((sides[0], sides[1], label))
        }
        return pairs
    }

    private static func knot(source: Substring, output: Substring, label: String) throws(TimeMapError) -> Knot {
        guard let s = Rational(parsing: String(source.trimmingSpaces)) else {
            throw .unreadable(knot: label, reason: "source time \"\(source.trimmingSpaces)\" is not a number")
        }
        guard let d = Rational(parsing: String(output.trimmingSpaces)) else {
            throw .unreadable(knot: label, reason: "output time \"\(output.trimmingSpaces)\" is not a number")
        }
        return Knot(source: s, output: d)
    }
}

extension Substring {
    /// Without the spaces, tabs and carriage returns at either end.
    package var trimmingSpaces: Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
