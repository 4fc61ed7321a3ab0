import CFFmpeg

/// SMPTE timecodes, as libavutil reads and writes them (`HH:MM:SS:FF`, or
/// `HH:MM:SS;FF` for drop-frame at 29.97 or 59.94 frames a second).
enum Timecode {
    /// The time `text` names, in seconds from midnight, counted at `rate`
    /// frames a second; nil when it is not a timecode at that rate.
    static func seconds(of text: String, rate: Rational) -> Rational? {
        var timecode = AVTimecode()
        guard let avRate = rate.avRational,
            av_timecode_init_from_string(&timecode, avRate, text, nil) >= 0
        else { return nil }
        return Rational(Int64(timecode.start), 1)?.divided(by: rate)
    }

    /// The timecode of `seconds` counted at `rate` frames a second (the
    /// nearest frame), drop-frame at 30000/1001 and 60000/1001; nil when
    /// the rate has no timecode.
    static func text(of seconds: Rational, rate: Rational) -> String? {
        guard let avRate = rate.avRational, let frames = seconds.multiplied(by: rate) else { return nil }
        let frame = Int32(clamping: frames.ticks(per: 1))
        let drop = rate == Rational(30000, 1001)! || rate == Rational(60000, 1001)!
        var timecode = AVTimecode()
        let flags = Int32(drop ? AV_TIMECODE_FLAG_DROPFRAME.rawValue : 0) | Int32(AV_TIMECODE_FLAG_24HOURSMAX.rawValue)
        guard av_timecode_init(&timecode, avRate, flags, frame, nil) >= 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(AV_TIMECODE_STR_SIZE))
        return buffer.withUnsafeMutableBufferPointer { String(cString: av_timecode_make_string(&timecode, $0.baseAddress, 0)) }
    }
}
