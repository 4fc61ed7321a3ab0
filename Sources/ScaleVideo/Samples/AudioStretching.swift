/// A progressive audio stretch as the audio lane drives it: source frames
/// pushed as they are decoded, output handed out in blocks, exactly the
/// plan's count in all. Tape-style (MapAudioStretch, SPEC §5 and §8; along
/// `--curve smooth` CurveStretch, §13) or pitch-keeping (PitchStretcher, §10).
protocol AudioStretching<Sample>: AnyObject {
    associatedtype Sample: PCMSample
    var channels: Int { get }
    /// Which lined-up source frames become how many output frames.
    var plan: AudioMapPlan { get }
    /// Lined-up source frames taken so far, counting those the plan leaves out.
    var received: Int { get }
    /// Output frames made so far.
    var produced: Int { get }
    /// Output frames in all.
    var length: Int { get }
    var isComplete: Bool { get }
    /// Source frames still to be pushed.
    var wanted: Int { get }
    func push(_ samples: UnsafeBufferPointer<Sample>, emit: (UnsafeBufferPointer<Sample>) throws -> Void) throws
    func finish(emit: (UnsafeBufferPointer<Sample>) throws -> Void) throws
}

extension MapAudioStretch: AudioStretching {}
