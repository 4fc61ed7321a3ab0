import CFFmpeg

/// A threaded decoder for one stream.
final class Decoder {
    private var context: UnsafeMutablePointer<AVCodecContext>?

    init(stream: Stream) throws {
        let parameters = stream.pointer.pointee.codecpar!
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            let name = String(cString: avcodec_get_name(parameters.pointee.codec_id))
            let kind = av_get_media_type_string(parameters.pointee.codec_type).map { String(cString: $0) } ?? "a"
            throw FFmpegError(SV_AVERROR_DECODER_NOT_FOUND, "cannot decode its \(kind) stream (codec \(name))")
        }
        context = avcodec_alloc_context3(codec)
        guard context != nil else { throw FFmpegError(sv_averror(ENOMEM), "avcodec_alloc_context3") }
        try check(avcodec_parameters_to_context(context, parameters), "decoder parameters")
        codecContext.pointee.pkt_timebase = stream.pointer.pointee.time_base
        codecContext.pointee.thread_count = 0
        try check(avcodec_open2(context, codec, nil), "cannot open decoder")
    }

    deinit { avcodec_free_context(&context) }

    var codecContext: UnsafeMutablePointer<AVCodecContext> { context! }

    var sampleRate: Int { Int(codecContext.pointee.sample_rate) }

    /// The channel layout of the decoded audio; a default one of as many
    /// channels when the stream gives only a count.
    func channelLayout() throws -> ChannelLayout { try ChannelLayout(decoding: codecContext) }

    /// Sends a packet, or flushes with `nil`.
    func send(_ packet: Packet?) throws {
        let result = avcodec_send_packet(context, packet?.pointer)
        if result == SV_AVERROR_EOF { return }
        try check(result, "cannot decode")
    }

    func receive(into frame: Frame) throws -> Received {
        try received(avcodec_receive_frame(context, frame.pointer), "cannot decode")
    }

    /// Forgets every frame in flight, after a seek.
    func flush() { avcodec_flush_buffers(context) }
}
