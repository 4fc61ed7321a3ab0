/// One reading of an input for every stream a job takes from it in order,
/// as the ffmpeg command reads its inputs: each packet is read once however
/// many tracks there are. A stream's packets wait in a queue of its own
/// until its reader asks for them; the file is read on by whichever reader
/// finds its queue empty, never waiting for another. A sparse stream's
/// reader (subtitles) is the exception: while another reader still reads,
/// it waits for its packets to be queued as they read, so that no reader
/// reads ahead for it, and it reads on once they are done. Readers on
/// threads of their own share it: the file and the queues are reached
/// under one lock, and a sparse reader waits on its condition.
final class SharedInput: Sendable {
    private struct State {
        let input: InputFile
        var queues: [Int32: PacketQueue] = [:]
        /// The streams whose readers are sparse.
        var sparse: Set<Int32> = []
        var ended = false
        var cancelled = false
        /// The bytes queued, now and at most.
        var held = 0
        var mostHeld = 0

        /// Whether a reader that is not sparse still reads.
        var othersRead: Bool { queues.keys.contains { !sparse.contains($0) } }
    }

    private let state: Guarded<State>

    init(path: String) throws {
        state = Guarded(State(input: try InputFile(path: path)))
    }

    /// A reader of stream `index`, whose packets are kept for it from now on.
    func reader(of index: Int32) -> PacketInput { reader(of: index, sparse: false) }

    /// A reader of sparse stream `index`, whose packets are kept for it from
    /// now on: it waits for them while a reader of another kind reads.
    func sparseReader(of index: Int32) -> PacketInput { reader(of: index, sparse: true) }

    private func reader(of index: Int32, sparse: Bool) -> PacketInput {
        let stream = state.withLock { state in
            state.queues[index] = PacketQueue()
            if sparse { state.sparse.insert(index) }
            state.input.readOnly(Set(state.queues.keys))
            return state.input.stream(at: index)
        }
        return Reader(shared: self, stream: stream)
    }

    /// The job is cancelled: a sparse reader waiting, or asking after, throws `ScaleError.cancelled`.
    func cancel() {
        state.withLock { $0.cancelled = true }
        state.broadcast()
    }

    /// The most bytes that waited in the queues at once.
    var mostHeldBytes: Int { state.withLock { $0.mostHeld } }

    /// Stream `index`'s next packet, from its queue or read on; false at
    /// the end of the file. A sparse stream's reader waits until a packet
    /// is queued for it or the others are done.
    fileprivate func read(_ index: Int32, into target: Packet) throws -> Bool {
        let (found, wakes) = try state.withLock(when: { Self.mayRead(index, $0) }) { state in
            if state.cancelled && state.sparse.contains(index) { throw ScaleError.cancelled }
            let wakes = !state.sparse.isEmpty
            if let packet = state.queues[index]?.pop() {
                state.held -= packet.bytes.count
                target.take(from: packet)
                return (true, wakes)
            }
            while !state.ended {
                if try Self.readNext(into: target, for: index, &state) { return (true, wakes) }
            }
            return (false, wakes)
        }
        // A packet may have been queued for a sparse reader waiting.
        if wakes { state.broadcast() }
        return found
    }

    /// Whether stream `index`'s reader may go on now: at once unless it is
    /// sparse, which waits for a packet, the others' end, or cancellation.
    private static func mayRead(_ index: Int32, _ state: State) -> Bool {
        !state.sparse.contains(index) || state.cancelled || state.ended || state.queues[index]?.isEmpty == false
            || !state.othersRead
    }

    /// Reads a packet: true when it is `index`'s, left in `target`; else it
    /// is queued for its stream, or dropped.
    private static func readNext(into target: Packet, for index: Int32, _ state: inout State) throws -> Bool {
        guard try state.input.read(into: target) else {
            state.ended = true
            return false
        }
        let stream = target.streamIndex
        if stream == index { return true }
        if state.queues[stream] != nil {
            let kept = try Packet()
            kept.take(from: target)
            state.held += kept.bytes.count
            state.mostHeld = max(state.mostHeld, state.held)
            state.queues[stream]?.push(kept)
        }
        return false
    }

    /// Stream `index` is read no more: its queue is let go.
    fileprivate func close(_ index: Int32) {
        state.withLock { state in
            guard let queue = state.queues.removeValue(forKey: index) else { return }
            state.sparse.remove(index)
            state.held -= queue.bytes
            state.input.readOnly(Set(state.queues.keys))
        }
        // A sparse reader may now read on.
        state.broadcast()
    }

    /// One stream's share of the reading.
    private final class Reader: PacketInput {
        let stream: Stream
        private let shared: SharedInput

        init(shared: SharedInput, stream: Stream) {
            self.shared = shared
            self.stream = stream
        }

        var file: InputFile? { nil }
        var seek: ((Int64) throws -> Void)? { nil }
        func read(into target: Packet) throws -> Bool { try shared.read(stream.index, into: target) }
        func close() { shared.close(stream.index) }
    }
}

/// Packets waiting for their reader, first in first out.
private struct PacketQueue {
    private var packets: [Packet] = []
    private var head = 0
    /// The bytes of the packets waiting.
    private(set) var bytes = 0

    var isEmpty: Bool { head == packets.count }

    mutating func push(_ packet: Packet) {
        packets.append(packet)
        bytes += packet.bytes.count
    }

    mutating func pop() -> Packet? {
        guard head < packets.count else { return nil }
        let packet = packets[head]
        head += 1
        bytes -= packet.bytes.count
        if head == packets.count {
            packets.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 && head * 2 >= packets.count {
            packets.removeFirst(head)
            head = 0
        }
        return packet
    }
}
