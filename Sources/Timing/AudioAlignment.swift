/// Lines the audio up with the picture: the scaled audio starts where the
/// video starts, so a sound stays with the frame it belonged to. Audio that
/// begins before the first frame loses its head; audio that begins later
/// gets silence in front.
public struct AudioAlignment: Sendable, Equatable {
    /// Samples per channel to put in front (positive) or drop (negative).
    public let lead: Int
    /// Samples per channel the stretch sees: the decoded ones, after the lead.
    public let count: Int

    /// - Parameters:
    ///   - decoded: samples per channel the decoder yields.
    ///   - audioStart: the first decoded sample's time, in seconds.
    ///   - videoStart: the first frame's time, in seconds.
    ///   - rate: samples per second.
    public init?(decoded: Int, audioStart: Rational, videoStart: Rational, rate: Int) {
        guard let offset = audioStart.subtracting(videoStart) else { return nil }
        self.lead = Int(offset.ticks(per: Int64(rate)))
        count = max(0, decoded + self.lead)
    }

    private init(lead: Int, count: Int) {
        self.lead = lead
        self.count = count
    }

    /// Only samples `start ..< end` of the lined-up audio (end nil: to its end).
    public func trimmed(from start: Int, to end: Int?) -> AudioAlignment {
        AudioAlignment(lead: lead - start, count: max(0, min(count, end ?? count) - start))
    }

    /// At least `total` samples: silence stands in for the missing end.
    public func padded(to total: Int) -> AudioAlignment {
        AudioAlignment(lead: lead, count: max(count, total))
    }
}
