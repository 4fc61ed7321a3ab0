import ArgumentParser
import FoundationEssentials
import ScaleVideo

/// What the output should last and at what frame rate, and which part of
/// the source it is made from: one factor, or a time map.
struct TargetOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("The output's duration in seconds, e.g. 20 or 7.5.", valueName: "seconds"))
    var duration: Rational?

    @Option(parsing: .unconditional, help: ArgumentHelp("The output's duration as a multiple of the source's: 2 = twice as long, 0.5 = twice as fast.", valueName: "x"))
    var factor: Rational?

    @Option(help: ArgumentHelp(
        "Retime along a speed curve instead: s=d knots (source second s lands at output second d), e.g. 0=0,4=4,4=5,6=13 (a freeze from 4 to 5 s, then a quarter speed), or @FILE with one knot a line. The source outside the first and last s is left out.",
        valueName: "knots|@FILE"))
    var timeMap: String?

    @Option(help: ArgumentHelp(
        "Retime by speeds instead: FROM:SPEED changes in source seconds, e.g. 0:1,4:0.25,6:2 (normal, from 4 s four times slower, from 6 s to the end twice as fast). --dry-run shows the knots they make.",
        valueName: "FROM:SPEED,…"))
    var speed: String?

    @Option(help: ArgumentHelp(
        "How a time map runs between its knots: linear (straight lines: the speed jumps at each knot) or smooth (a monotone cubic through the knots: the speed eases from one to the next, into and out of freezes and reversals). Default: linear.",
        valueName: "shape"))
    var curve: Curve = .linear

    @Option(help: ArgumentHelp(
        "Also draw the time map into this PNG file: source time over output time with its knots, and the speed under it (one input only). With --dry-run it is the only file written.",
        valueName: "file.png"))
    var plotMap: String?

    @Flag(help: ArgumentHelp(
        "Play the source (or the part from --start to --end) backwards: its last frame first. With --duration or --factor it lasts that long; alone, as long as the source. Frames are decoded a key-frame interval at a time, so memory does not grow with the clip."))
    var reverse = false

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "The output frame rate: 30, 29.97 or 30000/1001, or source for the source's own (the rate its frames come at, exactly). Default: 30.",
        valueName: "rate"))
    var fps: FrameRate = .exactly(Rational(30, 1)!)

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Scale only the source from this time on, in seconds from its first frame (or sample). Video starts with the frame on screen then; audio with the nearest sample.",
        valueName: "seconds"))
    var start: Rational?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Scale only the source up to this time, in seconds from its first frame (or sample). --duration and --factor then apply to the part from --start to --end.",
        valueName: "seconds"))
    var end: Rational?

    /// The checks of how the target is given; what it asks is the request's
    /// to check (ScaleRequest.usageProblem).
    func validate() throws {
        let given = [duration != nil, factor != nil, timeMap != nil, speed != nil].count { $0 }
        if given == 0 && !reverse {
            throw ValidationError("Give the target as --duration <seconds>, --factor <x>, --time-map <knots> or --speed <FROM:SPEED,…>.")
        }
        if given > 1 { throw ValidationError("Give only one of --duration, --factor, --time-map and --speed.") }
        _ = try target()
    }

    /// The target, once `validate()` has passed: the time map is read (a
    /// map that breaks SPEC §8's rules is bad usage, naming its knot), its
    /// segments checked against the highest --fps; the request checks them
    /// against its own (ScaleRequest.usageProblem), and with `--fps source`
    /// each source's rate is checked when it is planned.
    func target() throws -> Retime.Target {
        let fps = Rational(1000, 1)!
        do throws(TimeMapError) {
            if let duration { return .duration(duration) }
            if let factor { return .factor(factor) }
            if let speed { return .speeds(try SpeedList(parsing: speed)) }
            // --reverse alone plays the source backwards at its own length.
            guard let timeMap else { return .factor(Rational(1, 1)!) }
            guard timeMap.hasPrefix("@") else { return .timeMap(try TimeMap(list: timeMap, fps: fps)) }
            return .timeMap(try TimeMap(fileText: try Self.read(String(timeMap.dropFirst())), fps: fps))
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// A time map file's text; a file that cannot be read is bad usage.
    private static func read(_ path: String) throws(TimeMapError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(knot: "file \(path)", reason: "cannot be read")
        }
        return String(decoding: data, as: UTF8.self)
    }

    var trim: Trim { Trim(start: start ?? .zero, end: end) }

    /// Puts what these options say, but the target and the rate, into `request`.
    func apply(to request: inout ScaleRequest) {
        (request.trim, request.reverse, request.curve, request.plotMap) = (trim, reverse, curve, plotMap)
    }
}

extension Rational: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension Curve: ExpressibleByArgument {}

extension FrameRate: ExpressibleByArgument {
    public init?(argument: String) {
        if argument == "source" {
            self = .source
        } else if let rate = Rational(parsing: argument) {
            self = .exactly(rate)
        } else {
            return nil
        }
    }
}
