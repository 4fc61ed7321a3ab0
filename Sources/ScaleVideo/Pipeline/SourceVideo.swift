import CFFmpeg

/// What the job needs to know of an input's video stream.
struct SourceVideo {
    let streamIndex: Int32
    let timeBase: Rational
    /// Where the video starts on the input's time line, in seconds.
    let start: Rational
    /// S, the video stream's duration in seconds.
    let duration: Rational
    let picture: SourcePicture
    let tags: [Tag]

    init(stream: UnsafeMutablePointer<AVStream>, in format: UnsafeMutablePointer<AVFormatContext>) throws {
        guard let base = Rational(stream.pointee.time_base), base.isPositive else {
            throw ScaleError.notMedia("video time base is invalid")
        }
        streamIndex = stream.pointee.index
        timeBase = base
        picture = try SourcePicture(stream: stream)
        start = Rational(startOf: stream)
        duration = try Self.duration(of: stream, timeBase: base, start: start, in: format)
        tags = MetadataIO.tags(stream.pointee.metadata)
    }

    /// The stream's duration from its metadata, or the container's.
    private static func duration(
        of stream: UnsafeMutablePointer<AVStream>, timeBase: Rational, start: Rational,
        in format: UnsafeMutablePointer<AVFormatContext>
    ) throws -> Rational {
        let ticks = stream.pointee.duration
        if ticks != SV_NOPTS_VALUE, ticks > 0, let seconds = timeBase.seconds(ofTicks: ticks) {
            return seconds
        }
        // Matroska keeps each stream's end time on the file's time line in a DURATION tag.
        if let tag = MetadataIO.tags(stream.pointee.metadata).first(where: { $0.key.uppercased() == "DURATION" }),
            let end = Rational(clockTime: tag.value), let seconds = end.subtracting(start), seconds.isPositive
        {
            return seconds
        }
        let micros = format.pointee.duration
        if micros != SV_NOPTS_VALUE, micros > 0, let seconds = Rational(micros, Int64(AV_TIME_BASE)) {
            return seconds
        }
        throw ScaleError.unknownDuration
    }
}

