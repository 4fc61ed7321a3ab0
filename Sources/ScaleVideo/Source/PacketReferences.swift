/// What a video stream's packets tell of the references between its
/// frames, read from the packets themselves so that a decoder may be spared
/// some: which packets no other frame refers to, which key packets start
/// afresh (no frame decoded after them refers to one before), and which
/// give no picture at all.
struct PacketReferences {
    private enum Syntax {
        /// H.264 or HEVC in their MP4/Matroska form: NAL units behind a length prefix of this many bytes.
        case h264(lengthSize: Int)
        case hevc(lengthSize: Int)
        /// VP8 and VP9, whose frames may be hidden: decoded as references only.
        case vp8
        case vp9
        /// A codec whose every frame stands alone.
        case intraOnly
        case other
    }

    private let syntax: Syntax

    init(stream: Stream) {
        let extradata = stream.extradata
        switch stream.codecName {
        case "h264" where extradata.count >= 7 && extradata[0] == 1: syntax = .h264(lengthSize: Int(extradata[4] & 3) + 1)
        case "hevc" where extradata.count >= 23 && extradata[0] == 1: syntax = .hevc(lengthSize: Int(extradata[21] & 3) + 1)
        case "vp8": syntax = .vp8
        case "vp9": syntax = .vp9
        default: syntax = stream.isIntraOnly ? .intraOnly : .other
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
        case .other, .vp8, .vp9:
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

    /// Whether decoding the packet gives a picture to show. Not where the
    /// demuxer marks it discarded (an edit list leaves it out), nor a VP8
    /// frame or a VP9 packet (one frame, or a superframe of several) that is
    /// only decoded as a reference, such as an alt-ref frame.
    func givesPicture(_ packet: Packet) -> Bool {
        if packet.isFlaggedDiscarded { return false }
        let data = packet.bytes
        switch syntax {
        case .vp8:
            // The frame tag's show_frame bit.
            return data.count >= 3 && data[0] & 0x10 != 0
        case .vp9:
            return Self.vp9Frames(of: data).contains { Self.vp9Shows(data[$0]) }
        case .h264, .hevc, .intraOnly, .other:
            return true
        }
    }

    /// Where each frame of a VP9 packet starts: several when it ends with
    /// a superframe index, else the one at its start; none when empty.
    private static func vp9Frames(of data: UnsafeRawBufferPointer) -> [Int] {
        guard let marker = data.last else { return [] }
        let count = Int(marker & 7) + 1
        let width = Int(marker >> 3 & 3) + 1
        let indexSize = 2 + width * count
        guard marker & 0xE0 == 0xC0, data.count > indexSize, data[data.count - indexSize] == marker else { return [0] }
        var starts: [Int] = []
        var start = 0
        var entry = data.count - indexSize + 1
        for _ in 0..<count {
            guard start < data.count - indexSize else { break }
            starts.append(start)
            var size = 0
            for byte in 0..<width { size |= Int(data[entry + byte]) << (8 * byte) }
            entry += width
            start += size
        }
        return starts
    }

    /// Whether a VP9 frame whose uncompressed header starts with `header`
    /// is shown: show_existing_frame or show_frame. A header that is not
    /// VP9's is taken as shown.
    private static func vp9Shows(_ header: UInt8) -> Bool {
        guard header >> 6 == 2 else { return true }
        // The profile's two bits, and a reserved bit after them in profile 3.
        let profile = (header >> 5 & 1) | (header >> 4 & 1) << 1
        let flags = profile == 3 ? header << 1 : header
        let showExisting = flags & 0x08 != 0
        let showFrame = flags & 0x02 != 0
        return showExisting || showFrame
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
