/// The pitch-keeping stretch for `plan` (SPEC §10). Where no segment slows
/// the sound down, Rubber Band's stretcher alone (PitchStretcher), whose
/// onsets stay within about ±2 ms of their place at ratios up to 1; where
/// one does, the stretcher over a tape slowed down by the plan's slowest
/// ratio, at most 4 (TapeAndStretch), which keeps them within a few
/// milliseconds at every ratio up to 4 and costs that many times the
/// stretcher's time.
/// A freeze does not count: its output is digital silence.
func keptPitch<Sample: PCMSample>(channels: Int, rate: Int, plan: AudioMapPlan, blockSize: Int) -> any AudioStretching<Sample> {
    let slowest = plan.segments.compactMap(\.ratio).max() ?? 1
    guard slowest > 1 else { return PitchStretcher(channels: channels, rate: rate, plan: plan, blockSize: blockSize) }
    return TapeAndStretch(channels: channels, rate: rate, plan: plan, slowdown: min(slowest, TapeAndStretch<Sample>.slowest), blockSize: blockSize)
}
