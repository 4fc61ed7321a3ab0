import CFFmpeg

/// An owned AVFrame.
final class Frame {
    let pointer: UnsafeMutablePointer<AVFrame>

    init() throws {
        guard let frame = av_frame_alloc() else { throw FFmpegError(sv_averror(ENOMEM), "av_frame_alloc") }
        pointer = frame
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }

    var timestamp: Int64 { pointer.pointee.best_effort_timestamp }

    func unref() { av_frame_unref(pointer) }

    /// Moves `other`'s contents here, leaving `other` empty.
    func take(from other: Frame) {
        av_frame_unref(pointer)
        av_frame_move_ref(pointer, other.pointer)
    }
}
