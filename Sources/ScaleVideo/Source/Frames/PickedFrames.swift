/// The frames of a map that falls or runs as the smooth curve (SPEC §13),
/// read a key-frame interval at a time where the plan found each lies
/// (FrameIndex).
extension FrameReader {
    /// Nearest: the frames picked from the output's side, in the order the
    /// output shows them, those that fill an output frame of the window.
    /// Blend or flow, along a map that only falls: every frame, last first,
    /// on the source's time line turned round at the end of the last frame,
    /// so that the map turned round with it plays them forwards.
    static func picked(_ reading: Reading, warn: @escaping (String) -> Void) throws -> (BackwardFrames, FrameSchedule) {
        let input = try OwnInput(path: reading.path, streamIndex: reading.video.streamIndex)
        guard case .map(let map) = reading.retiming, let index = reading.index else { throw ScaleError.impossibleTarget }
        guard let first = index.timestamps.first, let last = index.timestamps.last else { throw ScaleError.noFrames }
        let times = index.timestamps.map { $0 - first }
        let timeBase = reading.video.timeBase
        if !reading.moving {
            guard
                let schedule = FrameSchedule(
                    picking: map, fps: reading.fps, frameCount: reading.frames, times: times, timeBase: timeBase, window: reading.window)
            else { throw ScaleError.impossibleTarget }
            return (try BackwardFrames(input: input, index: index, order: schedule.pickedFrames, warn: warn), schedule)
        }
        // JobPlan refuses blend and flow along a map that turns.
        guard map.isBackward else { throw ScaleError.impossibleTarget }
        let highest = map.highestSource.divided(by: timeBase).map { $0.ceilOfProduct(with: 1) } ?? .max
        let end = max(Int128(last - first + index.lastDuration), highest)
        guard end < Int128(Int64.max / 2), let endTime = timeBase.multiplied(by: Rational(Int64(end), 1)!),
            let turned = map.mirrored(at: endTime, fps: reading.fps),
            let schedule = FrameSchedule(retiming: .map(turned), fps: reading.fps, timeBase: timeBase, window: reading.window, moving: true)
        else { throw ScaleError.impossibleTarget }
        let frames = try BackwardFrames(
            input: input, index: index, order: Array((0..<times.count).reversed()),
            restamp: { i in Int64(end) - (i + 1 < times.count ? times[i + 1] : Int64(end)) }, warn: warn)
        return (frames, schedule)
    }
}
