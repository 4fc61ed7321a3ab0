import CFFmpeg

/// An owned AVFrame, with its fields as Swift values.
final class Frame {
    let pointer: UnsafeMutablePointer<AVFrame>

    init() throws {
        guard let frame = av_frame_alloc() else { throw FFmpegError(sv_averror(ENOMEM), "av_frame_alloc") }
        pointer = frame
    }

    /// A frame with a picture buffer of its own, `width` x `height` in `format`.
    convenience init(width: Int32, height: Int32, format: PixelFormat) throws {
        try self.init()
        pointer.pointee.width = width
        pointer.pointee.height = height
        pointer.pointee.format = format.value.rawValue
        try check(av_frame_get_buffer(pointer, 0), "av_frame_get_buffer")
    }

    /// A frame that refers to `other`'s picture: a new reference, not a copy.
    convenience init(referringTo other: Frame) throws {
        try self.init()
        try check(av_frame_ref(pointer, other.pointer), "av_frame_ref")
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }

    /// The decoder's best guess at the presentation time; nil when it has none.
    var timestamp: Int64? { Optional(timestamp: pointer.pointee.best_effort_timestamp) }

    /// The presentation time the encoder is given.
    var pts: Int64? {
        get { Optional(timestamp: pointer.pointee.pts) }
        set { pointer.pointee.pts = newValue ?? SV_NOPTS_VALUE }
    }

    /// Gives the frame another presentation time, as decoded and as encoded.
    func restamp(_ value: Int64) {
        pointer.pointee.best_effort_timestamp = value
        pointer.pointee.pts = value
    }

    /// How long the frame lasts in its stream's time base; 0 when unknown.
    /// FFmpeg 5.1 keeps it in `pkt_duration` (later versions in `duration`).
    var duration: Int64 { max(pointer.pointee.pkt_duration, 0) }

    /// Samples per channel of an audio frame.
    var sampleCount: Int { Int(pointer.pointee.nb_samples) }

    /// Whether the decoder marked the picture a key frame.
    var isKeyFrame: Bool { pointer.pointee.key_frame != 0 }

    /// Lets the encoder choose the picture type instead of the decoder's.
    func clearPictureType() { pointer.pointee.pict_type = AV_PICTURE_TYPE_NONE }

    /// Marks the picture with the colour tags `encoder` is set to: an
    /// encoder that writes them into each frame (ProRes) reads the frame's.
    func markColours(as encoder: Encoder) { colour = encoder.picture.colour }

    /// The bytes of a kind of side data the frame carries.
    func sideData(_ kind: AVFrameSideDataType) -> UnsafeRawBufferPointer? {
        guard let data = av_frame_get_side_data(pointer, kind) else { return nil }
        return UnsafeRawBufferPointer(start: data.pointee.data, count: Int(data.pointee.size))
    }

    func unref() { av_frame_unref(pointer) }

    /// Moves `other`'s contents here, leaving `other` empty.
    func take(from other: Frame) {
        av_frame_unref(pointer)
        av_frame_move_ref(pointer, other.pointer)
    }
}

extension Optional where Wrapped == Int64 {
    /// A libav* timestamp, nil for AV_NOPTS_VALUE.
    init(timestamp value: Int64) {
        self = value == SV_NOPTS_VALUE ? nil : value
    }
}
