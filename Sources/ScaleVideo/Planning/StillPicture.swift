import Timing

/// `--still FILE.png --still-at T`: the picture the output shows at output
/// time T, exactly as the render makes it before it is encoded (nearest,
/// blend or flow), saved as an RGB PNG.
public struct StillPicture: Sendable, Equatable, Codable {
    /// The PNG file written.
    public var path: String
    /// Seconds of output time, from 0.
    public var time: Rational

    /// The frame on screen at `time` seconds of output, saved to `path`.
    public init(path: String, time: Rational = .zero) {
        self.path = path
        self.time = time
    }

    /// The output frame on screen at `time`: frame k is shown from k / fps
    /// on (SPEC §4), so it is ⌊time · fps⌋; nil past 64 bits.
    public func frame(fps: Rational) -> Int? {
        guard let period = fps.reciprocal, let ticks = period.ticks(at: time) else { return nil }
        return Int(ticks)
    }
}
