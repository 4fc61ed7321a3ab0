import TestSupport
import Testing

@testable import Timing

/// Where only output frames a..<b are made (a preview, a still), the frames
/// that no output frame from a on shows are hidden, and so, under a blend
/// or a flow, are those off screen by a; decoding may resume at the frame
/// on screen at a. The frames shown come from SPEC §4's rule
/// (expectedSchedule), evaluated directly.
@Suite(.tags(.unit))
struct WantedFramesTests {
    static let cases: [(factor: String, fps: String, frames: Int)] = [("2", "30", 60), ("0.5", "30", 15), ("1", "24", 24), ("7/3", "25", 70)]

    /// Each frame of a 30 fps source is hidden exactly when no output
    /// frame of a..<b shows it (the last frame, followed by nothing, is never hidden).
    @Test(arguments: [0, 1, 5, 13], [1, 3, 9])
    func aFrameIsHiddenWhenNoWantedFrameShowsIt(first: Int, count: Int) throws {
        let timestamps = Array(Int64(0)..<30)
        for (factor, fps, frames) in Self.cases {
            let end = min(first + count, frames)
            guard first < end else { continue }
            let expected = expectedSchedule(
                timestamps: timestamps, timeBase: r("1/30"), factor: r(factor), fps: r(fps), frameCount: frames)
            var clock = try #require(FrameClock(factor: r(factor), fps: r(fps), timeBase: r("1/30"), frameCount: end))
            clock.firstWanted = first
            _ = clock.arrive(timestamp: 0)
            for i in 1..<timestamps.count - 1 {
                let shown = expected[first..<end].contains(i)
                #expect(clock.hides(timestamps[i], before: timestamps[i + 1]) == !shown, "×\(factor) at \(fps): frame \(i), \(first)..<\(end)")
            }
        }
    }

    /// Under a blend or a flow (every frame needed), only the frames that
    /// go off screen by output frame a are left out.
    @Test(arguments: [1, 5, 13])
    func everyFrameFromTheOneOnScreenAtTheFirstIsNeeded(first: Int) throws {
        let timestamps = Array(Int64(0)..<30)
        for (factor, fps, frames) in Self.cases where first < frames {
            let onScreen = expectedSchedule(
                timestamps: timestamps, timeBase: r("1/30"), factor: r(factor), fps: r(fps), frameCount: frames)[first]
            var clock = try #require(FrameClock(factor: r(factor), fps: r(fps), timeBase: r("1/30"), frameCount: frames))
            clock.firstWanted = first
            let scale = try #require(Retime(sourceDuration: r("1"), target: .factor(r(factor))))
            let plan = try #require(MotionPlan(scale: scale, fps: r(fps), timeBase: r("1/30"), frameCount: frames))
            let shown = FrameSchedule(moving: plan, skipping: clock)
            _ = shown.arrive(timestamp: 0)
            let kept = shown.shown(Array(timestamps.dropFirst()), followedBy: nil)
            #expect(kept == (1..<30).map { $0 >= onScreen }, "×\(factor) at \(fps), from \(first)")
        }
    }

    /// After frames left out, decoding may resume as late as the frame on
    /// screen at a: the latest timestamp arriving with frame 1, when it
    /// comes before that one, is the last before the frame after it.
    @Test(arguments: [1, 5, 13])
    func decodingResumesAtTheFrameOnScreenAtTheFirst(first: Int) throws {
        let timestamps = Array(Int64(0)..<30)
        for (factor, fps, frames) in Self.cases where first < frames {
            let onScreen = expectedSchedule(
                timestamps: timestamps, timeBase: r("1/30"), factor: r(factor), fps: r(fps), frameCount: frames)[first]
            guard onScreen >= 1, onScreen + 1 < timestamps.count else { continue }
            var clock = try #require(FrameClock(factor: r(factor), fps: r(fps), timeBase: r("1/30"), frameCount: frames))
            clock.firstWanted = first
            _ = clock.arrive(timestamp: 0)
            let latest = try #require(clock.latestTimestamp(arrivingWith: 1))
            #expect(latest >= timestamps[onScreen] && latest < timestamps[onScreen + 1], "×\(factor) at \(fps), from \(first): \(latest)")
        }
    }
}
