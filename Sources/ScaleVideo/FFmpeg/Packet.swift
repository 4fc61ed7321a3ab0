import CFFmpeg

/// An owned AVPacket, reused across reads, with its fields as Swift values.
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

    /// Takes `other`'s data and fields, leaving it blank.
    func take(from other: Packet) {
        av_packet_unref(pointer)
        av_packet_move_ref(pointer, other.pointer)
    }

    /// Presentation and decoding times; nil when the packet has none.
    var pts: Int64? { Optional(timestamp: pointer.pointee.pts) }
    var dts: Int64? { Optional(timestamp: pointer.pointee.dts) }

    /// Gives the packet new times: presented (and decoded) at `time`, lasting
    /// `duration`, from no place in a file.
    func retime(to time: Int64, duration: Int64) {
        pointer.pointee.pts = time
        pointer.pointee.dts = time
        pointer.pointee.duration = duration
        pointer.pointee.pos = -1
    }

    /// Gives the packet new times: presented at `presented`, decoded at
    /// `decoded`, lasting `duration`, from no place in a file.
    func retime(presented: Int64, decoded: Int64, duration: Int64) {
        retime(to: presented, duration: duration)
        pointer.pointee.dts = decoded
    }

    /// A packet holding another reference to the same data and fields.
    convenience init(referringTo other: Packet) throws {
        try self.init()
        try check(av_packet_ref(pointer, other.pointer), "av_packet_ref")
    }

    /// Where the packet's payload starts in the file, in bytes; nil when unknown.
    var position: Int64? { pointer.pointee.pos >= 0 ? pointer.pointee.pos : nil }

    /// How long the packet lasts in its time base; 0 when unknown.
    var duration: Int64 {
        get { pointer.pointee.duration }
        set { pointer.pointee.duration = newValue }
    }

    /// Whether the packet holds a key frame, where decoding may begin.
    var isKey: Bool { pointer.pointee.flags & AV_PKT_FLAG_KEY != 0 }

    /// The demuxer's mark for a packet no other frame refers to.
    var isFlaggedDisposable: Bool { pointer.pointee.flags & AV_PKT_FLAG_DISPOSABLE != 0 }

    /// The demuxer's mark for a packet decoded only for the frames after
    /// it, its own frame not shown: before where an mp4 edit list starts.
    var isFlaggedDiscarded: Bool { pointer.pointee.flags & AV_PKT_FLAG_DISCARD != 0 }

    /// The packet's payload; empty when it has none.
    var bytes: UnsafeRawBufferPointer {
        guard let data = pointer.pointee.data, pointer.pointee.size > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: data, count: Int(pointer.pointee.size))
    }

    /// The priming samples the container tells the decoder to drop at this packet.
    var skippedSamples: Int64 {
        var size = 0
        guard let data = av_packet_get_side_data(pointer, AV_PKT_DATA_SKIP_SAMPLES, &size), size >= 4 else {
            return 0
        }
        return Int64(UnsafeRawPointer(data).loadUnaligned(as: UInt32.self).littleEndian)
    }

    func unref() { av_packet_unref(pointer) }
}
