/// The audio a job scales: from which stream, the source samples the stretch
/// takes and how many it makes of them (SPEC §5, or along a time map §8),
/// and how they are written.
public struct AudioPlan: Sendable {
    /// The input's path.
    let input: String
    /// The track's number among the input's audio tracks, from 1.
    public let track: Int
    /// The stream's index in the input, and the tags its output stream is written with.
    let streamIndex: Int32
    let tags: [Tag]
    /// Marked to be played by default, or always.
    let isDefault: Bool
    let isForced: Bool
    /// Samples per second of the source, at which the track is scaled.
    public let rate: Int
    /// Samples per second written: the source's, or the nearest rate the
    /// output codec holds (SPEC §12), to which the scaled samples are resampled.
    public let writtenRate: Int
    /// The source's channel layout, and the layout of as many channels the
    /// encoder takes in its place where it takes not that one (nil: kept).
    let sourceLayout: String
    let writtenLayout: String?
    /// Samples per channel the stretch makes: `Int(Double(sourceSamples) · f)`,
    /// or along a time map the last of its output boundaries.
    public let samples: Int
    /// The source samples lined up with the video, trimmed, and padded with --pad-audio.
    let alignment: AudioAlignment
    /// How many of them the source holds (the rest is --pad-audio's silence).
    let available: Int
    /// Which of them become how many output samples: one segment for a
    /// constant factor, the map's segments along a time map.
    let segments: AudioMapPlan
    let encoding: AudioEncoding
    /// The channels are averaged into one before scaling (--mono).
    let mono: Bool
    /// Stretched keeping the pitch (SPEC §10) rather than tape-style.
    public let keepsPitch: Bool
    /// Tape-style along `--curve smooth` (SPEC §13): read where the curve
    /// says, `segments` giving the count and the freezes; nil otherwise
    /// (with --keep-pitch, `segments` are the straight lines close to the curve).
    let curve: SmoothCurve?

    /// Samples per channel the stretch takes.
    public var sourceSamples: Int { segments.sourceEnd - segments.sourceStart }

    /// The track's language as its tags give it, if they do ("und", undetermined, is none).
    public var language: String? { tags.first { $0.key.lowercased() == "language" && $0.value != "und" }?.value }

    /// The same track marked as the one to play by default.
    var asDefault: AudioPlan {
        AudioPlan(
            input: input, track: track, streamIndex: streamIndex, tags: tags, isDefault: true, isForced: isForced, rate: rate,
            writtenRate: writtenRate, sourceLayout: sourceLayout, writtenLayout: writtenLayout, samples: samples, alignment: alignment, available: available, segments: segments, encoding: encoding, mono: mono,
            keepsPitch: keepsPitch, curve: curve)
    }

    /// Whether the scaled samples are resampled to another rate to be written.
    public var isResampled: Bool { writtenRate != rate }

    /// Samples per channel written: `samples`, or as many at the written
    /// rate, `round(samples · writtenRate / rate)` (SPEC §12).
    public var writtenSamples: Int { isResampled ? RateChange<Float>.frames(samples, from: rate, to: writtenRate) : samples }

    /// How long the audio written lasts: its samples over the rate.
    public var seconds: Double { Double(samples) / Double(rate) }
}
