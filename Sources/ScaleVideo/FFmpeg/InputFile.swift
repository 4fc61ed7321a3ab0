import CFFmpeg

/// An opened movie to demux. Each lane opens its own, reading only its stream.
final class InputFile {
    private var context: UnsafeMutablePointer<AVFormatContext>?
    /// The streams the demuxer discards of itself, by index.
    private var discardedByDemuxer: Set<Int32> = []

    init(path: String) throws {
        try check(avformat_open_input(&context, path, nil, nil), "cannot open")
        try check(avformat_find_stream_info(context, nil), "cannot read stream information")
        let streams = UnsafeBufferPointer(start: format.pointee.streams, count: Int(format.pointee.nb_streams))
        discardedByDemuxer = Set(streams.enumerated().filter { $0.element!.pointee.discard == AVDISCARD_ALL }.map { Int32($0.offset) })
    }

    deinit { avformat_close_input(&context) }

    private var format: UnsafeMutablePointer<AVFormatContext> { context! }

    var streams: [Stream] {
        (0..<Int32(format.pointee.nb_streams)).map(stream(at:))
    }

    func stream(at index: Int32) -> Stream {
        Stream(format.pointee.streams[Int(index)]!, of: self, discardedByDemuxer: discardedByDemuxer.contains(index))
    }

    /// The video stream FFmpeg's players would show.
    var bestVideoStream: Stream? { bestStream(AVMEDIA_TYPE_VIDEO) }

    /// The audio stream FFmpeg's players would play.
    var bestAudioStream: Stream? { bestStream(AVMEDIA_TYPE_AUDIO) }

    /// The default stream of a kind, as libavformat picks it.
    private func bestStream(_ type: AVMediaType) -> Stream? {
        let index = av_find_best_stream(context, type, -1, -1, nil, 0)
        guard index >= 0 else { return nil }
        return stream(at: index)
    }

    /// The container's duration in seconds; nil when it declares none.
    var duration: Rational? {
        guard let micros = Optional(timestamp: format.pointee.duration), micros > 0 else { return nil }
        return Rational(micros, Int64(AV_TIME_BASE))
    }

    /// Whether the file is an mp4 or QuickTime movie (or one of their
    /// kin), whose tracks declare how long they last: an audio track's
    /// declared duration excludes the encoder's padding at its end.
    var declaresTrackDurations: Bool { isFormat(["mov", "mp4"]) }

    /// Whether the file is a WAV or AIFF file, whose samples lie one after
    /// another in a single data chunk.
    var storesSamplesContiguously: Bool { isFormat(["wav", "w64", "aiff"]) }

    /// Whether the file indexes its key frames by presentation time, so
    /// that a seek lands on the key frame at or before a time: mp4/mov and
    /// Matroska. Others are read through.
    var seeksExactly: Bool { isFormat(["mov", "mp4", "matroska"]) }

    /// Bytes in the file; nil when that is not known (a pipe).
    var byteCount: Int64? {
        guard let io = format.pointee.pb else { return nil }
        let size = avio_size(io)
        return size > 0 ? size : nil
    }

    /// Whether the file is a still picture (a PNG, a JPEG, …), which FFmpeg
    /// reads as a video of one frame: its demuxer is image2 or an image pipe.
    var isStillPicture: Bool {
        guard let name = format.pointee.iformat?.pointee.name else { return false }
        let demuxer = String(cString: name)
        return demuxer == "image2" || demuxer.hasSuffix("_pipe")
    }

    /// Whether the demuxer is one of `names` (FFmpeg names a demuxer of
    /// several kin `mov,mp4,m4a,…`).
    private func isFormat(_ names: Set<Substring>) -> Bool {
        guard let name = format.pointee.iformat?.pointee.name else { return false }
        return String(cString: name).split(separator: ",").contains { names.contains($0) }
    }

    var tags: [Tag] { MetadataIO.tags(format.pointee.metadata) }

    /// The chapters, on the file's time line.
    var chapters: [Chapter] { MetadataIO.chapters(of: format) }

    /// Tells the demuxer to drop every stream but those of `indices`.
    func readOnly(_ indices: Set<Int32>) {
        for i in 0..<Int(format.pointee.nb_streams) {
            format.pointee.streams[i]!.pointee.discard = indices.contains(Int32(i)) ? AVDISCARD_DEFAULT : AVDISCARD_ALL
        }
    }

    /// Reads the next packet; false at the end of the file.
    func read(into packet: Packet) throws -> Bool {
        packet.unref()
        let result = av_read_frame(context, packet.pointer)
        if result == SV_AVERROR_EOF { return false }
        try check(result, "cannot read")
        return true
    }

    /// Moves the reading position to the key frame of stream `index` at or
    /// before `timestamp` (in that stream's time base): the latest allowed
    /// position is the time itself.
    func seek(streamIndex index: Int32, to timestamp: Int64) throws {
        try check(avformat_seek_file(context, index, .min, timestamp, timestamp, 0), "cannot seek")
    }
}
