import Timing

/// `--preview FILE.mp4 --preview-at T` (SPEC §15's short preview): the
/// output's few seconds around output time T, each frame the picture the
/// render makes there, scaled down and encoded fast as H.264 without sound,
/// for a quick look in any player or browser.
public struct PreviewClip: Sendable, Equatable, Codable {
    /// The MP4 file written.
    public var path: String
    /// Seconds of output time, from 0, that the preview is centred on.
    public var time: Rational

    /// How long a preview lasts, in seconds of output (all of a shorter output).
    public static let seconds: Int64 = 3
    /// The length a picture's shorter side is scaled down to where it is
    /// longer, its shape kept: 360 lines for a picture wider than high.
    public static let side = 360
    /// The encoder's preset unless --preset names another.
    public static let preset = "veryfast"

    /// The output's seconds around `time`, saved to `path`.
    public init(path: String, time: Rational = .zero) {
        self.path = path
        self.time = time
    }

    /// The output frames it shows: ⌈3 · fps⌉ of them, centred on the frame
    /// on screen at `time` (⌊time · fps⌋) and moved, where they would pass
    /// an end of the output's `frameCount`, to lie within it; nil when
    /// `time` is not within the output.
    public func frames(fps: Rational, frameCount: Int) -> Range<Int>? {
        guard let period = fps.reciprocal, let ticks = period.ticks(at: time), ticks < frameCount,
            let span = fps.multiplied(by: Rational(Self.seconds, 1)!)
        else { return nil }
        let count = Int(min(span.ceilOfProduct(with: 1), Int128(frameCount)))
        let first = min(max(Int(ticks) - count / 2, 0), frameCount - count)
        return first..<first + count
    }
}
