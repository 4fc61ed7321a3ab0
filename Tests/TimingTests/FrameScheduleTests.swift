import TestSupport
import Testing

@testable import Timing

/// The schedule's three ways on their own. Held: at factor 1/50 and 30 fps,
/// with one timestamp unit a source frame, output frame k shows source
/// frame 50k. Picked: each frame fills its run. Moving: the MotionPlan's steps.
@Suite(.tags(.unit))
struct FrameScheduleTests {
    let clock = FrameClock(factor: Rational(1, 50)!, fps: Rational(30, 1)!, timeBase: Rational(1, 30)!, frameCount: 4)!

    @Test func nothingIsHiddenBeforeTheFirstFrameArrives() {
        let schedule = FrameSchedule(holding: clock)
        #expect(schedule.shown(Array(0..<30), followedBy: 30).allSatisfy { $0 })
    }

    /// Frame 50 is shown, in any order of decoding; the frames about it are
    /// replaced before an output frame shows them. The last of an interval
    /// whose successor is not known is kept.
    @Test func onlyTheFramesTheClockShowsAreShown() {
        let schedule = FrameSchedule(holding: clock)
        #expect(schedule.arrive(timestamp: 0) == [])
        let stamps: [Int64] = [30, 33, 31, 32, 50, 34] + Array(35..<50) + Array(51..<60)
        let decided = schedule.shown(stamps, followedBy: 60)
        #expect(zip(stamps, decided).filter(\.1).map(\.0) == [50])
        #expect(schedule.shown([58, 59], followedBy: nil) == [false, true])
    }

    /// Each frame shows in the output frames from its own mapped time on,
    /// named as it arrives: frame 50 (arrival 50 of 0...49, 51...100 less
    /// it) is missing, so output frame 1 shows frame 49, the one before 51.
    @Test func eachStepShowsTheFrameBeforeTheNewest() {
        let schedule = FrameSchedule(holding: clock)
        var steps: [FrameSchedule.Step] = []
        for stamp in Int64(0)...100 where stamp != 50 { steps += schedule.arrive(timestamp: stamp) ?? [] }
        #expect(steps == [.show(frames: 0..<1, picture: .frame(0)), .show(frames: 1..<2, picture: .frame(49))])
        #expect(schedule.finish() == [.show(frames: 2..<4, picture: .frame(99))])
        #expect(schedule.isComplete)
    }

    /// Picked frames fill their runs in arrival order; a schedule whose
    /// frames stop early cannot finish.
    @Test func pickedFramesFillTheirRuns() {
        let runs = [FramePicks.Run(frame: 9, outputs: 0..<2), FramePicks.Run(frame: 3, outputs: 2..<5)]
        let schedule = FrameSchedule(picking: runs)
        #expect(!schedule.selectsFrames && schedule.readsInOutputOrder)
        #expect(schedule.arrive(timestamp: 900) == [.show(frames: 0..<2, picture: .frame(0))])
        #expect(schedule.finish() == nil)
        #expect(schedule.arrive(timestamp: 300) == [.show(frames: 2..<5, picture: .frame(1))])
        #expect(schedule.isComplete && schedule.finish() == [])
    }

    /// Moving without a window to skip to, every frame is decoded.
    @Test func movingFromTheStartLeavesNothingOut() throws {
        let scale = try #require(Retime(sourceDuration: Rational(1, 1)!, target: .factor(Rational(2, 1)!)))
        let plan = try #require(MotionPlan(scale: scale, fps: Rational(30, 1)!, timeBase: Rational(1, 30)!, frameCount: 60))
        let schedule = FrameSchedule(moving: plan, skipping: nil)
        #expect(!schedule.selectsFrames && !schedule.readsInOutputOrder)
        _ = schedule.arrive(timestamp: 0)
        #expect(schedule.shown([1, 2, 3], followedBy: 4) == [true, true, true])
        #expect(schedule.arrive(timestamp: 1) == [.show(frames: 0..<1, picture: .frame(0)), .show(frames: 1..<2, picture: .inBetween(from: 0, to: 1, weight: Rational(1, 2)!))])
    }

    /// A window's late run: ×2 at 30 fps, frame i lands at 2i, so output
    /// frame 2i shows it and 2i + 1 is halfway to the next (SPEC §9). Of
    /// the window 5..<8 only its own pictures are named, none before it.
    @Test func aWindowNamesOnlyItsOwnPictures() throws {
        let scale = try #require(Retime(sourceDuration: Rational(1, 1)!, target: .factor(Rational(2, 1)!)))
        let schedule = try #require(
            FrameSchedule(retiming: .factor(scale, start: .zero), fps: Rational(30, 1)!, timeBase: Rational(1, 30)!, window: 5..<8, moving: true))
        var steps: [FrameSchedule.Step] = []
        for stamp in Int64(0)..<5 { steps += try #require(schedule.arrive(timestamp: stamp)) }
        let half = Rational(1, 2)!
        #expect(
            steps == [
                .show(frames: 5..<6, picture: .inBetween(from: 2, to: 3, weight: half)), .show(frames: 6..<7, picture: .frame(3)),
                .show(frames: 7..<8, picture: .inBetween(from: 3, to: 4, weight: half)),
            ])
        #expect(schedule.isComplete)
    }
}
