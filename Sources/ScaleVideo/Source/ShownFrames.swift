/// Which frames of a video stream are shown, and so which of its packets
/// the decoder is given, so that decoding costs what the clock shows
/// (SPEC §4, §8), not what the source holds: the one place that decides,
/// asking the lane's one frame clock, which it owns. The nearest-frame
/// stage takes the output frames each arriving frame fills from it; the
/// key-frame reader (KeyFrameGroups) takes from it which packets to keep. A
/// key-frame interval none of whose frames is shown is left out whole, and
/// one that shows some is decoded up to the last packet of a shown frame,
/// when the next interval starts afresh (PacketReferences); within what is
/// decoded, an unreferenced packet whose frame is hidden is left out.
///
/// A frame is shown unless the clock hides it before its successor on
/// screen: the next timestamp of its interval, or the next interval's key
/// frame (any later timestamp will do, as FrameClock.hides says). Until the
/// stage's first frame has arrived, nothing is hidden. Past an interval left
/// out, decoding may resume at the latest key frame at or before the last
/// frame arriving with the next key frame (FrameClock.latestTimestamp):
/// the frames between arrive with it, so they are hidden too.
///
/// Where at least one frame in three is shown, no interval is left out and
/// stopping early saves at most a frame or two: the packets are then
/// handed on in short parts (KeyFrameGroups), so that a long interval is
/// not held in memory for nothing, until a part shows fewer again. So are
/// the first ones, where the clock's time line starts and all are shown.
final class ShownFrames: PacketSelection {
    private let references: PacketReferences
    /// The lane's clock. Whether a frame is hidden depends only on where its
    /// time line starts, which the first frame arriving sets.
    private var clock: FrameClock
    private(set) var holdsIntervals = false

    init(references: PacketReferences, clock: FrameClock) {
        self.references = references
        self.clock = clock
    }

    /// Every output frame is decided; later frames cannot show.
    var isComplete: Bool { clock.isComplete }

    /// A frame arrives at `timestamp`: the output frames the frame on
    /// screen until now fills (FrameClock.arrive).
    func arrive(timestamp: Int64) -> Range<Int> { clock.arrive(timestamp: timestamp) }

    /// The stream has ended: the output frames the last frame fills.
    func finish() -> Range<Int> { clock.finish() }

    func select(_ group: [Packet], end: GroupEnd) -> [Bool] {
        let stamps = group.compactMap(\.pts)
        guard stamps.count == group.count else { return group.map { _ in true } }
        let following: Int64?
        switch end {
        case .key(let packet): following = packet.pts
        case .end, .unknown: following = nil
        }
        let order = stamps.sorted()
        let shown = stamps.map { stamp in
            let index = Self.firstIndex(in: order, after: stamp)
            let successor = index < order.count ? order[index] : following.flatMap { $0 > stamp ? $0 : nil }
            return successor.map { !clock.hides(stamp, before: $0) } ?? true
        }
        holdsIntervals = 3 * shown.count(where: { $0 }) < group.count
        let decodable = group.indices.map { shown[$0] || !references.isDisposable(group[$0]) }
        guard Self.startsAfresh(after: end, references) else { return decodable }
        guard let lastShown = shown.lastIndex(of: true) else { return group.map { _ in false } }
        return group.indices.map { $0 <= lastShown && decodable[$0] }
    }

    func resumption(after timestamp: Int64) -> Int64? {
        clock.latestTimestamp(arrivingWith: timestamp)
    }

    func startsAfresh(_ packet: Packet) -> Bool { references.startsAfresh(packet) }

    /// Whether nothing after the group refers to its frames.
    private static func startsAfresh(after end: GroupEnd, _ references: PacketReferences) -> Bool {
        switch end {
        case .key(let packet): references.startsAfresh(packet)
        case .end: true
        case .unknown: false
        }
    }

    /// The index of the first value above `value` in ascending `order`.
    private static func firstIndex(in order: [Int64], after value: Int64) -> Int {
        var low = 0
        var high = order.count
        while low < high {
            let middle = (low + high) / 2
            if order[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
