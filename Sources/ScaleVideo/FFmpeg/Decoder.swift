import CFFmpeg

/// A threaded decoder for one stream.
final class Decoder {
    private var context: UnsafeMutablePointer<AVCodecContext>?

    init(stream: Stream) throws {
        let parameters = stream.pointer.pointee.codecpar!
        guard let codec = stream.sideAlphaDecoder ?? avcodec_find_decoder(parameters.pointee.codec_id) else {
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

    /// The pictures a video decoder gives, as far as it knows them.
    var picture: PictureParameters { PictureParameters(codecContext.pointee) }

    /// Bytes that one sample of every channel takes in a packet, for PCM,
    /// whose samples all have one size; nil for any other codec.
    var pcmFrameBytes: Int? {
        let codec = codecContext.pointee.codec_id.rawValue
        guard codec >= AV_CODEC_ID_PCM_S16LE.rawValue, codec < AV_CODEC_ID_ADPCM_IMA_QT.rawValue else { return nil }
        let bits = Int(av_get_bits_per_sample(codecContext.pointee.codec_id))
        guard bits > 0, bits % 8 == 0, let channels = try? channelLayout().channels, channels > 0 else { return nil }
        return bits / 8 * channels
    }

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
