import CFFmpeg

/// An encoder, opened with the parameters of what it encodes.
final class Encoder {
    private var context: UnsafeMutablePointer<AVCodecContext>?
    let codec: UnsafePointer<AVCodec>

    /// - Parameters:
    ///   - name: the libavcodec encoder name (`libx264`, `aac`, `pcm_s16le`).
    ///   - options: private options such as `crf` and `preset`.
    ///   - configure: sets the context's fields before it is opened.
    init(
        name: String, globalHeader: Bool, options: [String: String] = [:],
        configure: (UnsafeMutablePointer<AVCodecContext>) -> Void
    ) throws {
        guard let codec = avcodec_find_encoder_by_name(name) else {
            throw FFmpegError(sv_averror(ENOSYS), "this FFmpeg has no \(name) encoder")
        }
        self.codec = codec
        context = avcodec_alloc_context3(codec)
        guard context != nil else { throw FFmpegError(sv_averror(ENOMEM), "avcodec_alloc_context3") }
        configure(codecContext)
        if globalHeader {
            codecContext.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        }
        var dictionary: OpaquePointer?
        defer { av_dict_free(&dictionary) }
        for (key, value) in options { av_dict_set(&dictionary, key, value, 0) }
        try check(avcodec_open2(context, codec, &dictionary), "cannot open the \(name) encoder")
    }

    /// A video encoder of pictures of `picture` at `frameRate`.
    convenience init(
        name: String, globalHeader: Bool, options: [String: String] = [:], picture: PictureParameters, frameRate: Rational
    ) throws {
        try self.init(name: name, globalHeader: globalHeader, options: options) {
            picture.configure($0, frameRate: frameRate)
        }
    }

    /// An audio encoder of `sound`.
    convenience init(name: String, globalHeader: Bool, sound: SoundParameters) throws {
        try self.init(name: name, globalHeader: globalHeader) { sound.configure($0) }
    }

    deinit { avcodec_free_context(&context) }

    var codecContext: UnsafeMutablePointer<AVCodecContext> { context! }

    /// The pictures a video encoder takes, as it was opened (an encoder may
    /// change the pixel shape it was given).
    var picture: PictureParameters { PictureParameters(codecContext.pointee) }

    /// Whether this FFmpeg has an encoder named `name`.
    static func isAvailable(_ name: String) -> Bool { avcodec_find_encoder_by_name(name) != nil }

    /// The sample rates the encoder named `name` lists; nil when it takes any.
    static func sampleRates(of name: String) -> [Int]? {
        guard let encoder = avcodec_find_encoder_by_name(name), var rate = encoder.pointee.supported_samplerates else {
            return nil
        }
        var rates: [Int] = []
        while rate.pointee != 0 {
            rates.append(Int(rate.pointee))
            rate += 1
        }
        return rates
    }
    /// The unit of the timestamps given and returned, in seconds.
    var timeBase: Rational { Rational(codecContext.pointee.time_base) ?? .zero }

    /// Samples the audio encoder puts in front of the sound (AAC's priming).
    var primingSamples: Int { Int(codecContext.pointee.initial_padding) }

    /// Samples per audio frame the encoder wants, or nil when any size goes.
    var audioFrameSize: Int? {
        let size = Int(codecContext.pointee.frame_size)
        let variable = codec.pointee.capabilities & Int32(AV_CODEC_CAP_VARIABLE_FRAME_SIZE) != 0
        return size > 0 && !variable ? size : nil
    }

    /// Sends a frame, or flushes with `nil`.
    func send(_ frame: Frame?) throws {
        try check(avcodec_send_frame(context, frame?.pointer), "cannot encode")
    }

    func receive(into packet: Packet) throws -> Received {
        try received(avcodec_receive_packet(context, packet.pointer), "cannot encode")
    }
}
