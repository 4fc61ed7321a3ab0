import CFFmpeg

/// An opened movie to demux. Each lane opens its own, reading only its stream.
final class InputFile {
    private var context: UnsafeMutablePointer<AVFormatContext>?

    init(path: String) throws {
        try check(avformat_open_input(&context, path, nil, nil), "cannot open")
        try check(avformat_find_stream_info(context, nil), "cannot read stream information")
    }

    deinit { avformat_close_input(&context) }

    var format: UnsafeMutablePointer<AVFormatContext> { context! }

    /// The default stream of a kind, as libavformat picks it.
    func bestStream(_ type: AVMediaType) -> UnsafeMutablePointer<AVStream>? {
        let index = av_find_best_stream(context, type, -1, -1, nil, 0)
        guard index >= 0 else { return nil }
        return format.pointee.streams[Int(index)]
    }

    /// Tells the demuxer to drop every stream but `index`.
    func readOnly(streamIndex index: Int32) {
        for i in 0..<Int(format.pointee.nb_streams) {
            format.pointee.streams[i]!.pointee.discard = i == Int(index) ? AVDISCARD_DEFAULT : AVDISCARD_ALL
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
}
