/// Chooses which packets of a stream are decoded, a key-frame interval at a time.
protocol PacketSelection: AnyObject {
    /// Which of `group`'s packets (in decoding order, from a key packet up
    /// to the next) to decode; `end` tells what follows them.
    func select(_ group: [Packet], end: GroupEnd) -> [Bool]
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
/// `packetLimit` packets or `byteLimit` bytes is handed on in parts.
final class KeyFrameGroups {
    private let selection: PacketSelection
    /// Reads the stream's next packet into the one given; false at its end.
    private let read: (Packet) throws -> Bool
    /// The kept packets of the current group, last first.
    private var kept: [Packet] = []
    private var nextKey: Packet?
    private var ended = false

    static let packetLimit = 1024
    static let byteLimit = 64 << 20

    init(selection: PacketSelection, read: @escaping (Packet) throws -> Bool) {
        self.selection = selection
        self.read = read
    }

    /// The next packet to decode; nil at the end of the stream.
    func next() throws -> Packet? {
        while kept.isEmpty {
            let group = try nextGroup()
            guard !group.packets.isEmpty else { return nil }
            let choice = selection.select(group.packets, end: group.end)
            kept = zip(group.packets, choice).filter(\.1).map(\.0).reversed()
        }
        return kept.popLast()
    }

    /// Forgets the packets held, after a seek.
    func discard() {
        kept = []
        nextKey = nil
        ended = false
    }

    /// The packets from the key packet read last up to the next one (or the
    /// end, or the limits).
    private func nextGroup() throws -> (packets: [Packet], end: GroupEnd) {
        var packets: [Packet] = []
        var bytes = 0
        if let key = nextKey {
            packets.append(key)
            bytes += key.bytes.count
            nextKey = nil
        }
        while !ended {
            if packets.count >= Self.packetLimit || bytes >= Self.byteLimit { return (packets, .unknown) }
            let packet = try Packet()
            guard try read(packet) else {
                ended = true
                break
            }
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
