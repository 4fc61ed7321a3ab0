
/// Chooses which packets of a stream are decoded, a key-frame interval at a time.
protocol PacketSelection: AnyObject {
    /// Which of `group`'s packets (in decoding order, from a key packet up
    /// to the next) to decode; `end` tells what follows them.
    func select(_ group: [Packet], end: GroupEnd) -> [Bool]
    /// After a group none of whose packets was kept, followed by a key
    /// packet at `timestamp`: the latest timestamp decoding may resume from
    /// (at a key packet that starts afresh) without missing a frame that
    /// is needed; nil when that is not known.
    func resumption(after timestamp: Int64) -> Int64?
    /// Whether decoding may resume at `packet`, nothing before it being needed after it.
    func startsAfresh(_ packet: Packet) -> Bool
    /// Whether the packets chosen lately were few enough that holding a
    /// whole interval, to leave it out or stop early in it, is likely to
    /// pay; else the next are handed on in short parts, which holds little.
    var holdsIntervals: Bool { get }
}

/// What follows a group of packets.
enum GroupEnd {
    /// The key packet that starts the next group.
    case key(Packet)
    /// The end of the stream.
    case end
    /// More packets of the same interval: it was too long to hold whole.
    case unknown
}

/// Reads one stream's packets a key-frame interval at a time and hands on,
/// in decoding order, those its PacketSelection keeps. An interval is held
/// (compressed) until the next key packet arrives; one longer than
/// `packetLimit` packets or `byteLimit` bytes is handed on in parts, and
/// so is every interval, in parts of `partLimit` packets, while the
/// selection finds holding them not worth it (most frames shown).
///
/// When the next frame needed lies more than two intervals past a key
/// packet, the demuxer seeks there (where it can seek exactly) rather than
/// read what lies between: it must land on a key packet that starts
/// afresh, after that key packet and at or before the frame needed, or
/// the stream is read again from its start up to where it was.
final class KeyFrameGroups {
    private let selection: PacketSelection
    /// Reads the stream's next packet into the one given; false at its end.
    private let read: (Packet) throws -> Bool
    /// Moves the demuxer to the key frame at or before a timestamp; nil
    /// where it cannot be trusted to.
    private let seek: ((Int64) throws -> Void)?
    /// The first key packet's timestamp, where the stream is read again from.
    private var firstKey: Int64?
    /// Seeks that moved ahead.
    private(set) var seeks = 0
    /// The most packets held at once.
    private(set) var mostHeld = 0
    /// The kept packets of the current group, last first.
    private var kept: [Packet] = []
    private var nextKey: Packet?
    private var ended = false

    static let packetLimit = 1024
    static let partLimit = 16
    static let byteLimit = 64 << 20

    init(selection: PacketSelection, read: @escaping (Packet) throws -> Bool, seek: ((Int64) throws -> Void)?) {
        self.selection = selection
        self.read = read
        self.seek = seek
    }

    /// The next packet to decode; nil at the end of the stream.
    func next() throws -> Packet? {
        while kept.isEmpty {
            let group = try nextGroup()
            guard !group.packets.isEmpty else { return nil }
            mostHeld = max(mostHeld, group.packets.count)
            let choice = selection.select(group.packets, end: group.end)
            kept = zip(group.packets, choice).filter(\.1).map(\.0).reversed()
            if kept.isEmpty, case .key(let key) = group.end, let start = group.packets.first?.pts {
                try skipAhead(past: key, groupStart: start)
            }
        }
        return kept.popLast()
    }

    /// Seeks to where the next frame needed after `key` is decoded from,
    /// when that is more than two of the last interval's spans ahead.
    private func skipAhead(past key: Packet, groupStart: Int64) throws {
        guard let seek, let from = key.pts, let firstKey, from > groupStart,
            let target = selection.resumption(after: from), target - from > 2 * (from - groupStart)
        else { return }
        try seek(target)
        let landed = try Packet()
        if try read(landed), landed.isKey, selection.startsAfresh(landed), let at = landed.pts, at > from, at <= target {
            nextKey = landed
            seeks += 1
            return
        }
        try seek(firstKey)
        let again = try Packet()
        while try read(again) {
            if again.isKey && again.pts == from { return }
        }
        throw FFmpegError.inputOutput("cannot read the stream again after a seek")
    }

    /// The packets from the key packet read last up to the next one (or the
    /// end, or the limits).
    private func nextGroup() throws -> (packets: [Packet], end: GroupEnd) {
        var packets: [Packet] = []
        var bytes = 0
        let limit = selection.holdsIntervals ? Self.packetLimit : Self.partLimit
        if let key = nextKey {
            packets.append(key)
            bytes += key.bytes.count
            nextKey = nil
        }
        while !ended {
            if packets.count >= limit || bytes >= Self.byteLimit { return (packets, .unknown) }
            let packet = try Packet()
            guard try read(packet) else {
                ended = true
                break
            }
            if firstKey == nil && packet.isKey { firstKey = packet.pts }
            if packet.isKey && !packets.isEmpty {
                nextKey = packet
                return (packets, .key(packet))
            }
            packets.append(packet)
            bytes += packet.bytes.count
        }
        return (packets, .end)
    }
}
