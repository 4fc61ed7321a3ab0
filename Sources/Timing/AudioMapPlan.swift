/// Where the audio goes along a time map (SPEC §8), tape-style: knot j's
/// source sample `c_j = round(s_j · rate)` (ties away from zero) clamped to
/// `count`, `count` for a knot at S; output boundaries `L_0 = 0`,
/// `L_j = round(d_j · rate)` between, and the last
/// `Int(Double(c_last − c_0) · F)` with `F = Double(d_last / (s_last − s_0))`
/// (for a map that is one freeze, or whose last `s` is its first,
/// `round(d_last · rate)`). Segment j takes the κ source samples
/// `c_j ..< c_j+1` to ℓ = `L_j+1 − L_j` output samples; where `s` falls
/// (SPEC §13), the samples `c_j+1 ..< c_j` in reverse order.
public struct AudioMapPlan: Sendable, Equatable {
    /// One segment: source samples `first ..< first + count` become `length` output samples.
    public struct Segment: Sendable, Equatable {
        /// The segment's lowest source sample.
        public let first: Int
        /// κ; 0 for a freeze, which gives `length` zeros.
        public let count: Int
        /// ℓ.
        public let length: Int
        /// The samples are taken last first: the map plays them backwards.
        public let isReversed: Bool

        /// Source samples `first ..< first + count` (in reverse order when
        /// `isReversed`) to `length` output samples.
        public init(first: Int, count: Int, length: Int, isReversed: Bool = false) {
            self.first = first
            self.count = count
            self.length = length
            self.isReversed = isReversed
        }

        /// The same samples to `extra` more output samples.
        package func lengthened(by extra: Int) -> Segment {
            Segment(first: first, count: count, length: length + extra, isReversed: isReversed)
        }

        /// One past the segment's last source sample.
        public var end: Int { first + count }

        /// ℓ/κ, how many times slower the segment plays; nil for a freeze.
        package var ratio: Double? { count > 0 ? Double(length) / Double(count) : nil }
    }

    /// The segments in order, one per pair of neighbouring knots; a constant factor is one.
    public let segments: [Segment]

    /// - Parameters:
    ///   - map: the time map.
    ///   - rate: samples per second.
    ///   - count: samples per channel of the lined-up audio.
    ///   - sourceDuration: S.
    ///   - joiningEmpty: for a map that follows a smooth curve a frame at a
    ///     time (TimeMap.following): a segment where the curve moves too
    ///     little to hold a sample is joined to the moving segment before it
    ///     (or, where there is none, to the one after), so that only a
    ///     freeze is silent.
    /// Fails (for this input) when a segment that is not a freeze holds no
    /// sample, or when the audio ends so early that a segment's end comes
    /// before its start.
    public init(map: TimeMap, rate: Int, count: Int, sourceDuration: Rational, joiningEmpty: Bool = false) throws(TimeMapError) {
        let knots = map.knots
        let last = knots.count - 1
        let sources = knots.map { knot in
            knot.source == sourceDuration ? count : min(max(Int(knot.source.ticks(per: Int64(rate))), 0), count)
        }
        var bounds = [0]
        for j in 1..<last { bounds.append(Int(knots[j].output.ticks(per: Int64(rate)))) }
        if knots[last].source == knots[0].source {
            bounds.append(Int(knots[last].output.ticks(per: Int64(rate))))
        } else {
            guard let span = knots[last].source.subtracting(knots[0].source),
                let slope = knots[last].output.divided(by: span)
            else { throw .tooLarge(knot: map.labels[last]) }
            bounds.append(Int(Double(sources[last] - sources[0]) * slope.doubleValue))
        }
        var segments: [Segment] = []
        // Output samples of empty segments waiting for the next one that holds any.
        var joined = 0
        for j in 0..<last {
            let falls = sources[j + 1] < sources[j]
            let segment = Segment(
                first: min(sources[j], sources[j + 1]), count: abs(sources[j + 1] - sources[j]), length: bounds[j + 1] - bounds[j],
                isReversed: falls)
            let empty = segment.count == 0 && knots[j + 1].source != knots[j].source
            if empty && !joiningEmpty { throw .noAudioInSegment(knot: map.labels[j + 1]) }
            guard segment.length >= 0 else { throw .audioEndsTooEarly(knot: map.labels[j + 1]) }
            if empty {
                if let before = segments.last, before.count > 0 {
                    segments[segments.count - 1] = before.lengthened(by: segment.length)
                } else {
                    joined += segment.length
                }
                continue
            }
            segments.append(segment.lengthened(by: joined))
            joined = 0
        }
        guard joined == 0 else { throw .noAudioInSegment(knot: map.labels[last]) }
        self.segments = segments
    }

    /// One constant factor (SPEC §5): all `count` source samples to `length`, one segment.
    public init(count: Int, length: Int) {
        segments = [Segment(first: 0, count: count, length: length)]
    }

    /// The least c: the lined-up samples before it are left out.
    public var sourceStart: Int { segments.map(\.first).min() ?? 0 }
    /// The greatest c: the lined-up samples from it on are left out.
    public var sourceEnd: Int { segments.map(\.end).max() ?? 0 }

    /// The output samples of each freeze, which are digital silence.
    public var silences: [Range<Int>] {
        var start = 0
        return segments.compactMap { segment in
            defer { start += segment.length }
            return segment.count == 0 ? start..<(start + segment.length) : nil
        }
    }

    /// Whether every segment takes its samples in order.
    public var isForward: Bool { !segments.contains(where: \.isReversed) }

    /// The plan of the samples as the output takes them, one segment after
    /// another (a reversed one last first), as if they were one source: the
    /// same counts and lengths, each segment starting where the one before
    /// ends. Scaling that source along it is scaling the source along this.
    public var inOutputOrder: AudioMapPlan {
        var first = 0
        return AudioMapPlan(
            segments: segments.map { segment in
                defer { first += segment.count }
                return Segment(first: first, count: segment.count, length: segment.length)
            })
    }

    /// These segments, one after another.
    package init(segments: [Segment]) {
        self.segments = segments
    }
    /// The output's samples per channel: the last L.
    public var length: Int { segments.reduce(0) { $0 + $1.length } }
}
