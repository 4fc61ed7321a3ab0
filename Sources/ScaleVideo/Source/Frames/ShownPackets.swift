/// Which packets of a video stream the decoder is given, so that decoding
/// costs what the clock shows (SPEC §4, §8), not what the source holds:
/// the key-frame reader (KeyFrameGroups) takes them from it, and it asks
/// the lane's FrameSchedule (Timing), which decides which frames are shown.
/// A key-frame interval none of whose frames is shown is left out whole,
/// and one that shows some is decoded up to the last packet of a shown
/// frame, when the next interval starts afresh (PacketReferences); within
/// what is decoded, an unreferenced packet whose frame is hidden is left out.
///
/// Where at least one frame in three is shown, no interval is left out and
/// stopping early saves at most a frame or two: the packets are then
/// handed on in short parts (KeyFrameGroups), so that a long interval is
/// not held in memory for nothing, until a part shows fewer again. So are
/// the first ones, where the clock's time line starts and all are shown.
final class ShownPackets: PacketSelection {
    private let references: PacketReferences
    private let frames: FrameSchedule
    private(set) var holdsIntervals = false

    init(references: PacketReferences, frames: FrameSchedule) {
        self.references = references
        self.frames = frames
    }

    func select(_ group: [Packet], end: GroupEnd) -> [Bool] {
        let stamps = group.compactMap(\.pts)
        guard stamps.count == group.count else { return group.map { _ in true } }
        let following: Int64?
        switch end {
        case .key(let packet): following = packet.pts
        case .end, .unknown: following = nil
        }
        let shown = frames.shown(stamps, followedBy: following)
        holdsIntervals = 3 * shown.count(where: { $0 }) < group.count
        let decodable = group.indices.map { shown[$0] || !references.isDisposable(group[$0]) }
        guard Self.startsAfresh(after: end, references) else { return decodable }
        guard let lastShown = shown.lastIndex(of: true) else { return group.map { _ in false } }
        return group.indices.map { $0 <= lastShown && decodable[$0] }
    }

    func resumption(after timestamp: Int64) -> Int64? { frames.resumption(after: timestamp) }

    func startsAfresh(_ packet: Packet) -> Bool { references.startsAfresh(packet) }

    /// Whether nothing after the group refers to its frames.
    private static func startsAfresh(after end: GroupEnd, _ references: PacketReferences) -> Bool {
        switch end {
        case .key(let packet): references.startsAfresh(packet)
        case .end: true
        case .unknown: false
        }
    }
}
