import CFFmpeg

/// What a video stream's packets tell of the references between its
/// frames, read from the packets themselves so that a decoder may be spared
/// some: which packets no other frame refers to, and which key packets
/// start afresh (no frame decoded after them refers to one before).
struct PacketReferences {
    private enum Syntax {
        /// H.264 or HEVC in their MP4/Matroska form: NAL units behind a length prefix of this many bytes.
        case h264(lengthSize: Int)
        case hevc(lengthSize: Int)
        /// A codec whose every frame stands alone.
        case intraOnly
        case other
    }

    private let syntax: Syntax

    init(stream: Stream) {
        let parameters = stream.parameters
        let extradata = UnsafeBufferPointer(start: parameters.extradata, count: parameters.extradata == nil ? 0 : Int(max(parameters.extradata_size, 0)))
        if parameters.codec_id == AV_CODEC_ID_H264, extradata.count >= 7, extradata[0] == 1 {
            syntax = .h264(lengthSize: Int(extradata[4] & 3) + 1)
        } else if parameters.codec_id == AV_CODEC_ID_HEVC, extradata.count >= 23, extradata[0] == 1 {
            syntax = .hevc(lengthSize: Int(extradata[21] & 3) + 1)
        } else if let descriptor = avcodec_descriptor_get(parameters.codec_id),
            descriptor.pointee.props & AV_CODEC_PROP_INTRA_ONLY != 0
        {
            syntax = .intraOnly
        } else {
            syntax = .other
        }
    }

    /// Whether no other frame refers to the packet's: the demuxer flags it
    /// so, or every picture slice of an H.264 packet has nal_ref_idc 0.
    func isDisposable(_ packet: Packet) -> Bool {
        if packet.isFlaggedDisposable { return true }
        guard case .h264(let lengthSize) = syntax else { return false }
        var slices = 0
        let complete = Self.forEachUnit(of: packet, lengthSize: lengthSize) { header in
            let type = header & 0x1F
            if (2...4).contains(type) { return false }
            if type == 1 || type == 5 {
                if header & 0x60 != 0 { return false }
                slices += 1
            }
            return true
        }
        return complete && slices > 0
    }

    /// Whether decoding may begin at this key packet with the same frames as
    /// when decoding from the start, and nothing before it is needed after
    /// it: an H.264 IDR picture, an HEVC IDR or BLA picture, a frame of an
    /// intra-only codec. False when that cannot be told.
    func startsAfresh(_ packet: Packet) -> Bool {
        guard packet.isKey else { return false }
        switch syntax {
        case .intraOnly:
            return true
        case .other:
            return false
        case .h264(let lengthSize):
            var idr = false
            _ = Self.forEachUnit(of: packet, lengthSize: lengthSize) { header in
                if header & 0x1F == 5 { idr = true }
                return !idr
            }
            return idr
        case .hevc(let lengthSize):
            var fresh = false
            _ = Self.forEachUnit(of: packet, lengthSize: lengthSize) { header in
                if (16...20).contains((header >> 1) & 0x3F) { fresh = true }
                return !fresh
            }
            return fresh
        }
    }

    /// Calls `body` with the first header byte of each NAL unit of the
    /// packet until it returns false. True when every unit was visited and
    /// they end exactly at the packet's end.
    private static func forEachUnit(of packet: Packet, lengthSize: Int, _ body: (UInt8) -> Bool) -> Bool {
        let data = packet.bytes
        let size = data.count
        guard size > 0 else { return false }
        var offset = 0
        while offset + lengthSize < size {
            var length = 0
            for byte in 0..<lengthSize { length = length << 8 | Int(data[offset + byte]) }
            guard body(data[offset + lengthSize]) else { return false }
            offset += lengthSize + length
        }
        return offset == size
    }
}
