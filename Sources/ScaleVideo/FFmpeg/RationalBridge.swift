import CFFmpeg

extension Rational {
    /// FFmpeg's rational (a time base, a frame rate); nil for a zero denominator.
    init?(_ value: AVRational) {
        self.init(Int64(value.num), Int64(value.den))
    }
}
