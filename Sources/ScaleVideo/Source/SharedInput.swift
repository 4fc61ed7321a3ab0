/// One reading of an input for every stream a job takes from it in order,
/// as the ffmpeg command reads its inputs: each packet is read once however
/// many tracks there are. A stream's packets wait in a queue of its own
/// until its reader asks for them; the file is read on by whichever reader
/// finds its queue empty, never waiting for another. A sparse stream
/// (subtitles) is given a sink instead, which takes its packets as they are
/// read, so that no reader reads ahead for it; `drain()` reads on for the
/// sinks once the readers are done. Readers on threads of their own share
/// it: the file and the queues are reached under one lock.
final class SharedInput: Sendable {
    /// Takes a sparse stream's packets as they are read.
    typealias Sink = (Packet) throws -> Void

    private struct State {
        let input: InputFile
        var queues: [Int32: PacketQueue] = [:]
        var sinks: [Int32: Sink] = [:]
        var ended = false
        /// The bytes queued, now and at most.
        var held = 0
        var mostHeld = 0
    }

    private let state: Guarded<State>

    init(path: String) throws {
        state = Guarded(State(input: try InputFile(path: path)))
    }

    /// The file's stream `index`.
    func stream(at index: Int32) -> Stream { state.withLock { $0.input.stream(at: index) } }

    /// A reader of stream `index`, whose packets are kept for it from now on.
    func reader(of index: Int32) -> PacketInput {
        let stream = state.withLock { state in
            state.queues[index] = PacketQueue()
            state.input.readOnly(Self.read(state))
            return state.input.stream(at: index)
        }
        return Reader(shared: self, stream: stream)
    }

    /// Hands stream `index`'s packets to `sink` as they are read.
    func sink(_ index: Int32, _ sink: @escaping Sink) {
        state.withLock { state in
            state.sinks[index] = sink
            state.input.readOnly(Self.read(state))
        }
    }

    /// The most bytes that waited in the queues at once.
    var mostHeldBytes: Int { state.withLock { $0.mostHeld } }

    /// Reads the rest of the file for the sinks, the readers' streams
    /// dropped; `isCancelled` is asked between packets.
    func drain(isCancelled: () -> Bool) throws {
        try state.withLock { state in
            state.queues = [:]
            state.held = 0
            guard !state.sinks.isEmpty else { return }
            state.input.readOnly(Self.read(state))
            let packet = try Packet()
            while !state.ended {
                if isCancelled() { throw ScaleError.cancelled }
                _ = try Self.readNext(into: packet, for: nil, &state)
            }
        }
    }

    /// The streams read: those with a queue or a sink.
    private static func read(_ state: State) -> Set<Int32> { Set(state.queues.keys).union(state.sinks.keys) }

    /// Stream `index`'s next packet, from its queue or read on; false at the end of the file.
    fileprivate func read(_ index: Int32, into target: Packet) throws -> Bool {
        try state.withLock { state in
            if let packet = state.queues[index]?.pop() {
                state.held -= packet.bytes.count
                target.take(from: packet)
                return true
            }
            while !state.ended {
                if try Self.readNext(into: target, for: index, &state) { return true }
            }
            return false
        }
    }

    /// Reads a packet: true when it is `index`'s, left in `target`; else it
    /// is queued or sunk for its stream, or dropped.
    private static func readNext(into target: Packet, for index: Int32?, _ state: inout State) throws -> Bool {
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
        } else if let sink = state.sinks[stream] {
            try sink(target)
        }
        return false
    }

    /// Stream `index` is read no more: its queue is let go.
    fileprivate func close(_ index: Int32) {
        state.withLock { state in
            guard let queue = state.queues.removeValue(forKey: index) else { return }
            state.held -= queue.bytes
            state.input.readOnly(Self.read(state))
        }
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
