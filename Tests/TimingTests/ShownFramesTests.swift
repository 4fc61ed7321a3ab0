import TestSupport
import Testing

@testable import Timing

/// The frame-shown decision on its own: at factor 1/50 and 30 fps, with one
/// timestamp unit a source frame, output frame k shows source frame 50k.
@Suite(.tags(.unit))
struct ShownFramesTests {
    let clock = FrameClock(factor: Rational(1, 50)!, fps: Rational(30, 1)!, timeBase: Rational(1, 30)!, frameCount: 4)!

    @Test func nothingIsHiddenBeforeTheFirstFrameArrives() {
        let shown = ShownFrames(clock: clock)
        #expect(shown.shown(Array(0..<30), followedBy: 30).allSatisfy { $0 })
    }

    /// Frame 50 is shown, in any order of decoding; the frames about it are
    /// replaced before an output frame shows them. The last of an interval
    /// whose successor is not known is kept.
    @Test func onlyTheFramesTheClockShowsAreShown() {
        let shown = ShownFrames(clock: clock)
        #expect(shown.arrive(timestamp: 0).isEmpty)
        let stamps: [Int64] = [30, 33, 31, 32, 50, 34] + Array(35..<50) + Array(51..<60)
        let decided = shown.shown(stamps, followedBy: 60)
        #expect(zip(stamps, decided).filter(\.1).map(\.0) == [50])
        #expect(shown.shown([58, 59], followedBy: nil) == [false, true])
    }

    @Test func theStageIsGivenTheOutputFramesEachFrameFills() {
        let shown = ShownFrames(clock: clock)
        for stamp in Int64(0)...100 where stamp != 50 { _ = shown.arrive(timestamp: stamp) }
        #expect(shown.finish() == 2..<4)
        #expect(shown.isComplete)
    }
}
