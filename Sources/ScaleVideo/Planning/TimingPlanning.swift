/// How a job's plan finds its frame rate, its time map (straight, smooth or
/// backwards) and its scale, and which of them it refuses.
extension JobPlan {
    /// The time map `request` follows (--time-map, --speed or --reverse;
    /// smooth with --curve smooth), nil for one factor; what cannot go with
    /// it the request's check has refused (ScaleRequest.usageProblem).
    static func timeMap(of request: ScaleRequest, within whole: Rational, fps: Rational) throws -> TimeMap? {
        var timeMap = try request.reverse
            ? reverseMap(of: request, within: whole, fps: fps) : timeMap(of: request.target, sourceDuration: whole, fps: fps)
        if request.curve == .smooth { timeMap?.curve = .smooth }
        return timeMap
    }

    /// The output's frame rate: the one asked for, or the source's own (SourceVideo.frameRate).
    /// Without video written, any rate does: the source's, or 30.
    static func frameRate(of request: ScaleRequest, source: SourceVideo?, writesVideo: Bool) throws -> Rational {
        if let rate = request.fps.resolved(sourceRate: source?.frameRate) {
            guard !writesVideo || rate.doubleValue <= 1000 else {
                throw ScaleError.failed("its frame rate \(rate) is above 1000 fps: give --fps")
            }
            return rate
        }
        if writesVideo { throw ScaleError.failed("its video states no frame rate: give --fps") }
        return Rational(30, 1)!
    }

    /// The map `target` asks for in a source lasting `sourceDuration`
    /// (nil for a constant target); a map that does not fit this source
    /// fails it, naming the knot.
    static func timeMap(of target: Retime.Target, sourceDuration: Rational, fps: Rational) throws -> TimeMap? {
        do throws(TimeMapError) {
            switch target {
            case .duration, .factor:
                return nil
            case .timeMap(let map):
                let checked = try map.validated(fps: fps)
                try checked.check(sourceDuration: sourceDuration)
                return checked
            case .speeds(let speeds):
                return try speeds.timeMap(sourceDuration: sourceDuration, fps: fps)
            }
        } catch {
            throw ScaleError.failed(error.description)
        }
    }

    /// Why --motion blend or flow cannot follow a map that turns at `knot`.
    public static func turnRefusal(motion: Motion, at knot: String) -> String {
        "--motion \(motion.rawValue) follows a time map that plays only forwards or only backwards, and this one turns at \(knot): "
            + "use --motion nearest, or make one output of each part"
    }

    /// Why --motion blend or flow cannot follow --curve smooth.
    public static func curveRefusal(motion: Motion) -> String {
        "--motion \(motion.rawValue) follows straight time maps: with --curve smooth use --motion nearest"
    }

    /// The map `--reverse` means (SPEC §13): the part from --start to --end
    /// played backwards in D seconds, D from --duration or --factor.
    static func reverseMap(of request: ScaleRequest, within whole: Rational, fps: Rational) throws -> TimeMap {
        let span = try trimmedSpan(of: request, within: whole)
        guard let end = request.trim.start.adding(span) else { throw ScaleError.impossibleTarget }
        guard let duration = Retime(sourceDuration: span, target: request.target)?.exactTargetDuration else {
            throw ScaleError.impossibleTarget
        }
        do throws(TimeMapError) {
            return try TimeMap.reverse(start: request.trim.start, end: end, duration: duration, fps: fps)
        } catch {
            throw ScaleError.failed(error.description)
        }
    }

    /// S and f of a constant target, from --start to --end; or the span of
    /// source a time map covers.
    static func scale(of request: ScaleRequest, within whole: Rational, timeMap: TimeMap?) throws -> Retime {
        if let timeMap {
            guard let span = timeMap.highestSource.subtracting(timeMap.lowestSource) else { throw ScaleError.impossibleTarget }
            return Retime(sourceDuration: span, mapDuration: timeMap.duration)
        }
        guard let scale = Retime(sourceDuration: try trimmedSpan(of: request, within: whole), target: request.target) else {
            throw ScaleError.impossibleTarget
        }
        return scale
    }

    /// The length of the part from --start to --end of a source lasting
    /// `whole`; fails when --end is past its end or nothing is left after --start.
    static func trimmedSpan(of request: ScaleRequest, within whole: Rational) throws -> Rational {
        if let end = request.trim.end, end > whole {
            throw ScaleError.endPastEnd(end: end.doubleValue, duration: whole.doubleValue)
        }
        guard let span = request.trim.duration(within: whole) else {
            throw ScaleError.startPastEnd(start: request.trim.start.doubleValue, duration: whole.doubleValue)
        }
        return span
    }
}
