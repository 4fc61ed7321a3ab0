/// Pitch kept with every sound in its place (SPEC §10), along any plan
/// that slows the sound down somewhere: the plan's source is first played
/// `slowdown` times slower like tape (§5: every sound where it was, only
/// longer, its pitch lowered by as much), then Rubber Band's R3 stretches
/// that tape along the plan, at the time ratio of each segment over
/// `slowdown`, while shifting its pitch back up by `slowdown`.
///
/// The stretcher alone hears an onset early by up to about 8·(r − 1) ms at
/// ratio r: its analysis window spreads a sound over the time the window
/// spans. Here that window spans the tape, whose time the final resampling
/// takes back `slowdown` times shorter, so the error shrinks with it: with
/// `slowdown` the plan's slowest ratio, the tests hear every click from
/// −6.0 to +2.2 ms of its place, at factors from 0.25 to 4, along maps and
/// along smooth curves. The cost grows with it too: the stretcher runs
/// over `slowdown` times as much audio.
final class TapeAndStretch<Sample: PCMSample>: AudioStretching {
    /// The most the tape is slowed down: SPEC §10's slowest ratio.
    static var slowest: Double { 4 }

    let channels: Int
    let plan: AudioMapPlan
    private let tape: MapAudioStretch<Sample>
    private let stretcher: PitchStretcher<Sample>

    /// - Parameters:
    ///   - rate: samples per second.
    ///   - plan: which lined-up source frames become how many output frames,
    ///     taking its source frames in order, each once (a map that plays
    ///     backwards is given in the output's order).
    ///   - slowdown: how many times slower the tape plays, at least 1.
    ///   - blockSize: output frames per emitted block.
    init(channels: Int, rate: Int, plan: AudioMapPlan, slowdown: Double, blockSize: Int) {
        precondition(slowdown >= 1, "the tape plays slower")
        self.channels = channels
        self.plan = plan
        let first = plan.sourceStart
        let count = plan.sourceEnd - first
        let tapeLength = Int((Double(count) * slowdown).rounded())
        tape = MapAudioStretch(
            channels: channels, plan: AudioMapPlan(segments: [.init(first: first, count: count, length: tapeLength)]), blockSize: blockSize)
        // §5 puts source frame c (counted from `first`) at tape frame c · (L − 1) / (κ − 1).
        let spacing = count > 1 ? Double(tapeLength - 1) / Double(count - 1) : 1
        let onTape = { (frame: Int) in frame - first >= count ? tapeLength : Int((Double(frame - first) * spacing).rounded()) }
        let stretched = AudioMapPlan(
            segments: plan.segments.map { segment in
                let start = onTape(segment.first)
                return .init(first: start, count: onTape(segment.end) - start, length: segment.length)
            })
        stretcher = PitchStretcher(channels: channels, rate: rate, plan: stretched, blockSize: blockSize, pitch: slowdown)
    }

    var received: Int { tape.received }
    var produced: Int { stretcher.produced }
    var length: Int { plan.length }
    var isComplete: Bool { stretcher.isComplete }
    var wanted: Int { tape.wanted }

    func push(_ samples: UnsafeBufferPointer<Sample>, emit: (UnsafeBufferPointer<Sample>) throws -> Void) throws {
        try tape.push(samples) { try stretcher.push($0, emit: emit) }
    }

    func finish(emit: (UnsafeBufferPointer<Sample>) throws -> Void) throws {
        try tape.finish { try stretcher.push($0, emit: emit) }
        try stretcher.finish(emit: emit)
    }
}
