import CFFmpeg

/// A decoded subtitle (`AVSubtitle`): the text of a cue, as libavcodec's
/// text decoders give it (ASS dialogue), or a picture.
final class Subtitle {
    let pointer = UnsafeMutablePointer<AVSubtitle>.allocate(capacity: 1)

    init() { pointer.initialize(to: AVSubtitle()) }

    /// The cue holds no text and no picture.
    var isEmpty: Bool { pointer.pointee.num_rects == 0 }

    deinit {
        avsubtitle_free(pointer)
        pointer.deallocate()
    }
}

/// A subtitle decoder: one packet in, a subtitle out (libavcodec's subtitle
/// API works a cue at a time rather than by sending and receiving).
final class SubtitleDecoder {
    private var context: UnsafeMutablePointer<AVCodecContext>?

    init(stream: Stream) throws {
        let parameters = stream.pointer.pointee.codecpar!
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            let name = String(cString: avcodec_get_name(parameters.pointee.codec_id))
            throw FFmpegError(SV_AVERROR_DECODER_NOT_FOUND, "cannot decode its subtitle stream (codec \(name))")
        }
        context = avcodec_alloc_context3(codec)
        guard context != nil else { throw FFmpegError(sv_averror(ENOMEM), "avcodec_alloc_context3") }
        try check(avcodec_parameters_to_context(context, parameters), "decoder parameters")
        context!.pointee.pkt_timebase = stream.pointer.pointee.time_base
        try check(avcodec_open2(context, codec, nil), "cannot open decoder")
    }

    deinit { avcodec_free_context(&context) }

    /// The ASS header the decoder describes its styles with, which an encoder of another text format reads.
    var header: [UInt8] {
        guard let header = context!.pointee.subtitle_header, context!.pointee.subtitle_header_size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: header, count: Int(context!.pointee.subtitle_header_size)))
    }

    /// The subtitle `packet` holds; nil when it holds none.
    func decode(_ packet: Packet) throws -> Subtitle? {
        let subtitle = Subtitle()
        var got: Int32 = 0
        try check(avcodec_decode_subtitle2(context, subtitle.pointer, &got, packet.pointer), "cannot decode a subtitle")
        return got != 0 ? subtitle : nil
    }
}

/// A subtitle encoder of a text format, given the ASS header of the
/// decoder whose subtitles it takes.
final class SubtitleEncoder {
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    init(name: String, header: [UInt8], timeBase: Rational, globalHeader: Bool) throws {
        let base = try timeBase.timeBase()
        guard let codec = avcodec_find_encoder_by_name(name) else {
            throw FFmpegError(sv_averror(ENOSYS), "this FFmpeg has no \(name) encoder")
        }
        context = avcodec_alloc_context3(codec)
        guard let context else { throw FFmpegError(sv_averror(ENOMEM), "avcodec_alloc_context3") }
        context.pointee.time_base = base
        if !header.isEmpty {
            // The context frees it.
            let copy = av_mallocz(header.count + 1)!.assumingMemoryBound(to: UInt8.self)
            copy.update(from: header, count: header.count)
            context.pointee.subtitle_header = copy
            context.pointee.subtitle_header_size = Int32(header.count)
        }
        if globalHeader { context.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
        try check(avcodec_open2(context, codec, nil), "cannot open the \(name) encoder")
    }

    deinit { avcodec_free_context(&context) }

    var codecContext: UnsafeMutablePointer<AVCodecContext> { context! }

    /// `subtitle` encoded into `packet` (its times left to the caller).
    func encode(_ subtitle: Subtitle, into packet: Packet) throws {
        let size = try buffer.withUnsafeMutableBufferPointer { bytes in
            try check(avcodec_encode_subtitle(context, bytes.baseAddress, Int32(bytes.count), subtitle.pointer), "cannot encode a subtitle")
        }
        packet.unref()
        try check(av_new_packet(packet.pointer, size), "av_new_packet")
        buffer.withUnsafeBufferPointer { packet.pointer.pointee.data.update(from: $0.baseAddress!, count: Int(size)) }
    }
}
