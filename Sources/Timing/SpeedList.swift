/// `--speed FROM:SPEED,…` (SPEC §8): from source time FROM the source plays
/// at SPEED until the next FROM, the last until the source's end S. It
/// becomes a time map once S is known: `s_0 = 0, d_0 = 0`,
/// `d_j+1 = d_j + (s_j+1 − s_j) / v_j`, exactly.
public struct SpeedList: Sendable, Equatable {
    /// One change of speed: from source time `from`, `speed` times as fast.
    public struct Change: Sendable, Equatable {
        /// Source time in seconds where this speed starts.
        public let from: Rational
        /// How many times as fast the source plays from here; above zero.
        public let speed: Rational
    }

    /// The changes in order, the first from 0.
    public let changes: [Change]
    /// How each change is named in messages: `speed N "FROM:SPEED"`.
    package let labels: [String]

    /// Reads `FROM:SPEED,…`: the first FROM is 0, every SPEED above 0, FROMs increasing.
    public init(parsing text: String) throws(TimeMapError) {
        var changes: [Change] = []
        var labels: [String] = []
        for (index, piece) in text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let written = piece.trimmingSpaces
            let label = "speed \(index + 1) \"\(written)\""
            let sides = written.split(separator: ":", omittingEmptySubsequences: false)
            guard sides.count == 2 else { throw .unreadable(knot: label, reason: "a speed is written FROM:SPEED") }
            guard let from = Rational(parsing: String(sides[0].trimmingSpaces)) else {
                throw .unreadable(knot: label, reason: "FROM \"\(sides[0].trimmingSpaces)\" is not a number")
            }
            guard let speed = Rational(parsing: String(sides[1].trimmingSpaces)) else {
                throw .unreadable(knot: label, reason: "SPEED \"\(sides[1].trimmingSpaces)\" is not a number")
            }
            guard speed.isPositive else { throw .unreadable(knot: label, reason: "SPEED must be above 0") }
            if index == 0 {
                guard from == .zero else { throw .unreadable(knot: label, reason: "the first FROM must be 0") }
            } else {
                guard from > changes[index - 1].from else {
                    throw .unreadable(knot: label, reason: "each FROM must be later than the one before")
                }
            }
            changes.append(Change(from: from, speed: speed))
            labels.append(label)
        }
        self.changes = changes
        self.labels = labels
    }

    /// The knots these speeds mean in a source lasting `sourceDuration`,
    /// validated for output at `fps`. A FROM at or past S fails that input.
    public func timeMap(sourceDuration: Rational, fps: Rational) throws(TimeMapError) -> TimeMap {
        var knots = [TimeMap.Knot(source: .zero, output: .zero)]
        for (j, change) in changes.enumerated() {
            guard change.from < sourceDuration else { throw .pastEnd(knot: labels[j], sourceDuration: sourceDuration) }
            let until = j + 1 < changes.count ? changes[j + 1].from : sourceDuration
            guard let span = until.subtracting(change.from), let played = span.divided(by: change.speed),
                let output = knots[j].output.adding(played)
            else { throw .tooLarge(knot: labels[j]) }
            knots.append(TimeMap.Knot(source: until, output: output))
        }
        return try TimeMap(knots: knots, fps: fps)
    }
}
