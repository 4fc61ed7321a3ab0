/// The frames a time map that plays backwards shows (SPEC §13), in the
/// order the output takes them, decoded a key-frame interval at a time as
/// mpv plays backwards: for the next frames to show that lie in one
/// interval, it seeks to the interval's key frame (or the one before, for
/// frames that refer past it), decodes forwards up to the last of them,
/// keeps those and hands them out in the output's order.
/// So memory follows the longest interval, not the clip; and at most
/// `pictureBudget` bytes of pictures are held at once: an interval that
/// shows more is decoded again for each slice of them (which costs decoding
/// time, not memory).
final class BackwardFrames: FrameSource {
    let decoder: Decoder
    private let input: OwnInput
    private let file: InputFile
    private let index: FrameIndex
    /// The frames to hand out, by their place in the index, in order.
    private let order: [Int]
    /// The presentation time each is handed out with; nil: its own.
    private let restamp: ((Int) -> Int64)?
    private let warn: (String) -> Void
    private let packet: Packet
    private let frame: Frame
    /// The place in `order` handed out next, and the end of those whose frames are held.
    private var next = 0
    private var batchEnd = 0
    /// The pictures of `order[next ..< batchEnd]`, by frame.
    private var held: [Int: Frame] = [:]
    /// The timestamp of the frame received last since the seek.
    private var received: Int64?
    /// Where the seek landed, the frame (by its place in the index) the
    /// decoder gives out next, where the frames are known by their order
    /// (FrameIndex.timesFollowDecoding).
    private var nextInOrder = 0
    /// The most pictures held at once.
    let limit: Int
    /// How many times an interval was decoded, and the most pictures held at once, for the tests.
    private(set) var intervalsDecoded = 0
    private(set) var mostHeld = 0

    /// Bytes of decoded pictures held at most (256 MiB), whatever the clip.
    static let pictureBudget = 256 << 20

    /// - Parameters:
    ///   - input: the video stream's own reading of the file, which it seeks.
    ///   - index: the stream's frames and key-frame intervals.
    ///   - order: the frames to hand out, in order (a frame may come again).
    ///   - restamp: the presentation time each frame is handed out with; nil: its own.
    ///   - limit: the most pictures held at once; nil: as many as `pictureBudget` holds (at least 8).
    init(
        input: OwnInput, index: FrameIndex, order: [Int], restamp: ((Int) -> Int64)? = nil, limit: Int? = nil,
        warn: @escaping (String) -> Void
    ) throws {
        guard let file = input.file else { throw ScaleError.impossibleTarget }
        self.input = input
        self.file = file
        self.index = index
        self.order = order
        self.restamp = restamp
        self.warn = warn
        decoder = try Decoder(stream: input.stream)
        packet = try Packet()
        frame = try Frame()
        let picture = input.stream.picture
        let bytes = picture.format.pictureBytes(width: picture.width, height: picture.height)
        self.limit = limit ?? max(8, Self.pictureBudget / max(bytes, 1))
    }

    var stream: Stream { input.stream }

    func nextFrame() throws -> Frame? {
        guard next < order.count else { return nil }
        if next >= batchEnd { try decodeBatch() }
        let frame = order[next]
        let shown = held[frame]
        if let restamp { shown?.restamp(restamp(frame)) }
        next += 1
        if next == batchEnd { held.removeAll() }
        return shown
    }

    func close() {
        held.removeAll()
        next = order.count
    }

    /// Decodes the next frames of `order` that lie in one interval, up to
    /// `limit` of them; a frame that never comes is shown as the nearest one
    /// that did, with a warning.
    private func decodeBatch() throws {
        let interval = index.intervalOfFrame[order[next]]
        var wanted = Set<Int>()
        batchEnd = next
        while batchEnd < order.count, index.intervalOfFrame[order[batchEnd]] == interval {
            let frame = order[batchEnd]
            if !wanted.contains(frame) {
                guard wanted.count < limit else { break }
                wanted.insert(frame)
            }
            batchEnd += 1
        }
        let key = index.intervals[interval]
        let leading = wanted.contains { index.timestamps[$0] < key.shownTimestamp }
        let first = leading && !key.startsAfresh && interval > 0 ? interval - 1 : interval
        var start = first
        var missing = wanted
        while true {
            try seek(toInterval: start)
            try decode(&missing)
            intervalsDecoded += 1
            // Frames that refer past their key frame (an open GOP's P-frames
            // among them) come when decoding starts an interval earlier, once.
            guard !missing.isEmpty, start == first, start > 0, !index.intervals[start].startsAfresh else { break }
            start -= 1
        }
        for frame in missing.sorted() {
            guard let nearest = held.keys.min(by: { abs($0 - frame) < abs($1 - frame) }), let picture = held[nearest] else {
                throw ScaleError.noFrames
            }
            warn("a video frame that could not be decoded is shown as its neighbour")
            held[frame] = picture
        }
        mostHeld = max(mostHeld, held.count)
    }

    /// Moves the reading to the key packet of `interval` (read into
    /// `packet`), from the file's start if seeking lands past it.
    private func seek(toInterval interval: Int) throws {
        decoder.flush()
        received = nil
        let key = index.intervals[interval]
        nextInOrder = position(of: key.shownTimestamp) ?? 0
        for target in [key.seekTimestamp, index.intervals[0].seekTimestamp] {
            try file.seek(streamIndex: stream.index, to: target)
            while try input.read(into: packet) {
                if packet.isKey && (packet.pts ?? packet.dts) == key.keyTimestamp { return }
                if let dts = packet.dts, dts > key.seekTimestamp { break }
            }
        }
        throw ScaleError.failed("cannot be played backwards: seeking does not reach the key frame at \(key.keyTimestamp)")
    }

    /// Decodes from the packet read on until every frame of `missing` is
    /// held (or the stream ends), taking each from `missing` as it comes.
    private func decode(_ missing: inout Set<Int>) throws {
        var sending = true
        var reading = true
        while !missing.isEmpty {
            if try receive(into: &missing) { continue }
            guard sending else { break }
            if reading {
                do {
                    try decoder.send(packet)
                } catch let error as FFmpegError where error.isInvalidData {
                    warn("skipped a damaged video packet (\(error.message))")
                }
                reading = try input.read(into: packet)
            } else {
                try decoder.send(nil)
                sending = false
            }
        }
    }

    /// Receives a decoded frame, keeping it if it is wanted; false when the
    /// decoder has none to give now.
    private func receive(into missing: inout Set<Int>) throws -> Bool {
        frame.unref()
        let result: Received
        do {
            result = try decoder.receive(into: frame)
        } catch let error as FFmpegError where error.isInvalidData {
            warn("skipped a damaged video frame (\(error.message))")
            return true
        }
        guard result == .value else { return false }
        let shown: Int?
        if index.timesFollowDecoding {
            shown = nextInOrder
            nextInOrder += 1
        } else {
            // A frame without a timestamp (the last of an AVI file's) follows the one before.
            let timestamp = frame.timestamp ?? received.flatMap(following)
            received = timestamp
            shown = timestamp.flatMap(position(of:))
        }
        if let shown, missing.contains(shown) {
            held[shown] = try Frame(referringTo: frame)
            missing.remove(shown)
        }
        return true
    }

    /// The frame of the index with presentation timestamp `timestamp`.
    private func position(of timestamp: Int64) -> Int? {
        let low = firstPosition { $0 >= timestamp }
        return low < index.timestamps.count && index.timestamps[low] == timestamp ? low : nil
    }

    /// The index's next timestamp after `timestamp`.
    private func following(_ timestamp: Int64) -> Int64? {
        let low = firstPosition { $0 > timestamp }
        return low < index.timestamps.count ? index.timestamps[low] : nil
    }

    /// The first frame of the index whose timestamp passes `test` (which
    /// holds from some frame on); the frame count when none does.
    private func firstPosition(where test: (Int64) -> Bool) -> Int {
        var low = 0
        var high = index.timestamps.count
        while low < high {
            let middle = (low + high) / 2
            if test(index.timestamps[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
