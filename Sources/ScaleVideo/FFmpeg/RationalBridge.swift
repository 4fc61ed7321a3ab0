import CFFmpeg

extension Rational {
    /// FFmpeg's rational (a time base, a frame rate); nil for a zero denominator.
    init?(_ value: AVRational) {
        self.init(Int64(value.num), Int64(value.den))
    }

    /// Where `stream` starts on its file's time line, in seconds; 0 when unknown.
    init(startOf stream: UnsafeMutablePointer<AVStream>) {
        let first = stream.pointee.start_time
        self = first == SV_NOPTS_VALUE ? .zero : Rational(stream.pointee.time_base)?.seconds(ofTicks: first) ?? .zero
    }
}
