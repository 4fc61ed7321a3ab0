import CFFmpeg

/// Tells which packets of a video stream no other frame refers to, so that
/// a decoder may be spared them: a packet the demuxer flags as disposable,
/// or H.264 in its MP4/Matroska form (length-prefixed NAL units) whose
/// picture slices all have nal_ref_idc 0.
struct DisposablePackets {
    /// Bytes in each NAL unit's length prefix; nil when the stream is not
    /// length-prefixed H.264.
    private let lengthSize: Int?

    init(stream: Stream) {
        let parameters = stream.parameters
        guard parameters.codec_id == AV_CODEC_ID_H264, parameters.extradata_size >= 7,
            let extradata = parameters.extradata, extradata[0] == 1
        else {
            lengthSize = nil
            return
        }
        lengthSize = Int(extradata[4] & 3) + 1
    }

    func isDisposable(_ packet: Packet) -> Bool {
        if packet.isFlaggedDisposable { return true }
        let data = packet.bytes
        guard let lengthSize, !data.isEmpty else { return false }
        let size = data.count
        var offset = 0
        var slices = 0
        while offset + lengthSize < size {
            var length = 0
            for byte in 0..<lengthSize { length = length << 8 | Int(data[offset + byte]) }
            let header = data[offset + lengthSize]
            let type = header & 0x1F
            if (2...4).contains(type) { return false }
            if type == 1 || type == 5 {
                if header & 0x60 != 0 { return false }
                slices += 1
            }
            offset += lengthSize + length
        }
        return slices > 0 && offset == size
    }
}
