import CFFmpeg

/// An owned AVPacket, reused across reads.
final class Packet {
    let pointer: UnsafeMutablePointer<AVPacket>

    init() throws {
        guard let packet = av_packet_alloc() else { throw FFmpegError(sv_averror(ENOMEM), "av_packet_alloc") }
        pointer = packet
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&packet)
    }

    var streamIndex: Int32 { pointer.pointee.stream_index }

    func unref() { av_packet_unref(pointer) }
}
