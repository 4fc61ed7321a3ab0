import ArgumentParser
import ScaleVideo

/// What the output should last and at what frame rate, and which part of
/// the source it is made from.
struct TargetOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The output's duration in seconds, e.g. 20 or 7.5.", valueName: "seconds"))
    var duration: Rational?

    @Option(help: ArgumentHelp("The output's duration as a multiple of the source's: 2 = twice as long, 0.5 = twice as fast.", valueName: "x"))
    var factor: Rational?

    @Option(help: ArgumentHelp("The output frame rate: 30, 29.97 or 30000/1001.", valueName: "rate"))
    var fps: Rational = Rational(30, 1)!

    @Option(help: ArgumentHelp(
        "Scale only the source from this time on, in seconds from its first frame (or sample). Video starts with the frame on screen then; audio with the nearest sample.",
        valueName: "seconds"))
    var start: Rational?

    @Option(help: ArgumentHelp(
        "Scale only the source up to this time, in seconds from its first frame (or sample). --duration and --factor then apply to the part from --start to --end.",
        valueName: "seconds"))
    var end: Rational?

    func validate() throws {
        switch (duration, factor) {
        case (nil, nil): throw ValidationError("Give the target as --duration <seconds> or --factor <x>.")
        case (.some, .some): throw ValidationError("Give only one of --duration and --factor.")
        case (let value?, nil) where !value.isPositive: throw ValidationError("--duration must be above 0.")
        case (nil, let value?) where !value.isPositive: throw ValidationError("--factor must be above 0.")
        default: break
        }
        guard fps.isPositive, fps.numerator <= Int32.max, fps.denominator <= Int32.max, fps.doubleValue <= 1000 else {
            throw ValidationError("--fps must be above 0 and at most 1000.")
        }
        if let start, start < .zero { throw ValidationError("--start cannot be below 0.") }
        if let end {
            guard end.isPositive else { throw ValidationError("--end must be above 0.") }
            if let start, end <= start { throw ValidationError("--end must come after --start.") }
        }
    }

    /// The target duration, once `validate()` has passed.
    var target: TimeScale.Target { duration.map { .duration($0) } ?? .factor(factor!) }

    var trim: Trim { Trim(start: start ?? .zero, end: end) }
}

extension Rational: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}
