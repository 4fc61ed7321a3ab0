/// Pitch kept along a map of a few speeds, some more than 1.5 times slower
/// (SPEC §10). The stretcher follows the whole map, and so does one tape
/// and shift (PitchShifter) for each of those slow speeds, shifting the
/// whole tape back by its own ratio; each output frame is taken from the
/// one for its segment's speed (the stretcher where the map runs at most 1.5
/// times slower, or freezes), with a crossfade of `fade` frames where one
/// hands over to the next. Every part so keeps its onsets where a method
/// holds them within a few milliseconds at its one ratio: the stretcher
/// alone hears them early by about 8·(r − 1) ms at ratio r. Each of them
/// gives the plan's count exactly, so the mix does too; it costs the
/// stretcher's time and one shifter's for each slow speed.
final class PitchMix<Sample: PCMSample>: AudioScaling {
    /// The slow speeds a map may have for the mix: each costs a shifter's time.
    static var mostShifters: Int { 3 }

    /// Whether two ratios ℓ/κ are one speed (within 1e-6: the segments'
    /// whole sample counts round it).
    static func sameSpeed(_ a: Double, _ b: Double) -> Bool { abs(a / b - 1) < 1e-6 }

    let channels: Int
    let plan: AudioMapPlan
    private let parts: [any AudioScaling<Sample>]
    /// Output frames `start ..< end` come from part `part`, in order.
    private let sections: [(start: Int, end: Int, part: Int)]
    private let fade: Int
    /// Each part's output not yet mixed, interleaved, from frame `produced` on.
    private var pending: [[Sample]]
    private let blockSize: Int
    /// The block being filled, interleaved.
    private var block: [Sample] = []
    /// Output frames mixed so far (some may wait in `block`).
    private(set) var produced = 0

    /// - Parameters:
    ///   - rate: samples per second.
    ///   - slowRatios: the speeds that go to tape and shift, as ratios ℓ/κ (each within 1e-6 of its segments').
    ///   - blockSize: output frames per emitted block.
    init(channels: Int, rate: Int, plan: AudioMapPlan, slowRatios: [Double], blockSize: Int) {
        self.channels = channels
        self.plan = plan
        self.blockSize = blockSize
        fade = rate / 100
        parts = [PitchStretcher<Sample>(channels: channels, rate: rate, plan: plan, blockSize: blockSize)]
            + slowRatios.map { PitchShifter<Sample>(channels: channels, rate: rate, plan: plan, ratio: $0, blockSize: blockSize) }
        var start = 0
        sections = plan.segments.map { segment in
            defer { start += segment.length }
            let part = segment.ratio.flatMap { ratio in slowRatios.firstIndex { Self.sameSpeed($0, ratio) } }.map { $0 + 1 } ?? 0
            return (start, start + segment.length, part)
        }
        pending = Array(repeating: [], count: parts.count)
    }

    var received: Int { parts[0].received }
    var length: Int { plan.length }
    var isComplete: Bool { produced >= length }
    var wanted: Int { parts.map(\.wanted).max() ?? 0 }

    func push(_ samples: UnsafeBufferPointer<Sample>, emit: (UnsafeBufferPointer<Sample>) throws -> Void) throws {
        for (index, part) in parts.enumerated() { try part.push(samples) { pending[index] += $0 } }
        try mix(emit: emit)
    }

    func finish(emit: (UnsafeBufferPointer<Sample>) throws -> Void) throws {
        for (index, part) in parts.enumerated() { try part.finish { pending[index] += $0 } }
        try mix(emit: emit)
    }

    /// The crossfade output frame `frame` (in section `index`) lies in, if
    /// any: the `fade` frames centred on a boundary between two parts' sections,
    /// from the part before to the part after, and how far along (0…1).
    private func crossfade(at frame: Int, section index: Int) -> (from: Int, to: Int, along: Double)? {
        let section = sections[index]
        let half = fade / 2
        if index > 0, frame < section.start + half, sections[index - 1].part != section.part {
            return (sections[index - 1].part, section.part, Double(frame - (section.start - half)) / Double(fade))
        }
        if index + 1 < sections.count, frame >= section.end - half, sections[index + 1].part != section.part {
            return (section.part, sections[index + 1].part, Double(frame - (section.end - half)) / Double(fade))
        }
        return nil
    }

    /// Mixes the frames every part has given into blocks, emitting each
    /// full one, and the last, possibly short, once all are made.
    private func mix(emit: (UnsafeBufferPointer<Sample>) throws -> Void) throws {
        let ready = pending.map { $0.count / channels }.min() ?? 0
        var index = sections.firstIndex { $0.end > produced } ?? sections.count - 1
        for offset in 0..<ready {
            let frame = produced + offset
            while index + 1 < sections.count && frame >= sections[index].end { index += 1 }
            let fade = crossfade(at: frame, section: index)
            for channel in 0..<channels {
                let at = offset * channels + channel
                guard let fade else {
                    block.append(pending[sections[index].part][at])
                    continue
                }
                block.append(Sample(scaled: (1 - fade.along) * pending[fade.from][at].value + fade.along * pending[fade.to][at].value))
            }
            if block.count == blockSize * channels { try flush(emit: emit) }
        }
        for part in pending.indices { pending[part].removeFirst(ready * channels) }
        produced += ready
        if produced >= length, !block.isEmpty { try flush(emit: emit) }
    }

    private func flush(emit: (UnsafeBufferPointer<Sample>) throws -> Void) throws {
        try block.withUnsafeBufferPointer { try emit($0) }
        block.removeAll(keepingCapacity: true)
    }
}
