/// Why a time map (SPEC §8) cannot be used. `knot` names the knot as the
/// message shows it: its position counted from 1, as the user wrote it, and
/// for a file its line (`knot 3 "4=2"`, `knot 3 "4 2" (line 5)`).
public enum TimeMapError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A piece of the text that is not a knot, a speed or a number.
    case unreadable(knot: String, reason: String)
    /// The map has fewer than two knots; how many it has.
    case tooFewKnots(Int)
    /// The first knot's `d` is not 0.
    case firstOutputNotZero(knot: String)
    /// `knot`'s `d` is not after the previous knot's.
    case outputNotIncreasing(knot: String)
    /// `knot`'s `s` is below zero.
    case negativeSource(knot: String)
    /// The segment ending at `knot` lasts less than one output frame.
    case segmentTooShort(knot: String, frame: Rational)
    /// Times too large or too finely divided for exact 64-bit arithmetic.
    case tooLarge(knot: String)
    /// Input-dependent: a knot's `s` lies past the source's end S.
    case pastEnd(knot: String, sourceDuration: Rational)
    /// Input-dependent: the segment ending at `knot` is not a freeze but holds no audio sample.
    case noAudioInSegment(knot: String)
    /// Input-dependent: the audio ends so early that the segment ending at
    /// `knot` would end before it begins in the output.
    case audioEndsTooEarly(knot: String)

    /// Whether the map itself is wrong (bad usage, 64) rather than wrong for one input (1).
    public var isUsageError: Bool {
        switch self {
        case .pastEnd, .noAudioInSegment, .audioEndsTooEarly: false
        default: true
        }
    }

    /// The reason in one line, naming the knot.
    public var description: String {
        switch self {
        case .unreadable(let knot, let reason):
            "time map \(knot): \(reason)"
        case .tooFewKnots(let count):
            "a time map needs at least two knots (got \(count))"
        case .firstOutputNotZero(let knot):
            "time map \(knot): the first knot's output time must be 0"
        case .outputNotIncreasing(let knot):
            "time map \(knot): output times must strictly increase"
        case .negativeSource(let knot):
            "time map \(knot): source time must not be negative"
        case .segmentTooShort(let knot, let frame):
            "time map \(knot): the segment ending here lasts less than one output frame (\(frame) s)"
        case .tooLarge(let knot):
            "time map \(knot): times too large or too finely divided to compute exactly"
        case .pastEnd(let knot, let duration):
            "time map \(knot): source time is past the source's end (\(duration.doubleValue) s)"
        case .noAudioInSegment(let knot):
            "time map \(knot): the segment ending here holds no audio sample"
        case .audioEndsTooEarly(let knot):
            "time map \(knot): the audio ends too early for the segment ending here"
        }
    }
}
