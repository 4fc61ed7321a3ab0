import Foundation
import TestSupport
import Testing

/// `--progress-picture FILE.png` (SPEC §15's progress picture): while a
/// render runs, FILE is the latest output frame, whole at every moment it
/// is read; it is gone once the render ends, finished or cancelled.
@Suite(.serialized, .tags(.endToEnd))
struct ProgressPictureTests {
    /// The bars of the picture read back spell an output frame's source
    /// index (nearest, ×40: frame k shows source frame ⌊k / 40⌋, so the
    /// index is below the source's 300 frames), at the output's size.
    @Test func theLatestFrameIsThereWhileTheRenderRunsAndGoneAfter() throws {
        let scratch = try Scratch()
        try Media.make(scratch.file("in.mov"), seconds: 10, audio: nil)
        let live = scratch.file("live.png")
        let render = try RunningProcess(
            Tool.scaleVideo.path,
            ["in.mov", "-o", "out.mov", "--factor", "40", "--preset", "veryslow", "--progress-picture", live.path, "--quiet"],
            in: scratch.url)
        var indices: [Int] = []
        Wait.until(seconds: 120) {
            if let index = try? StillTests.index(live) { indices.append(index) }
            return indices.count >= 2 || !render.process.isRunning
        }
        let ended = render.wait(timeout: 300)
        #expect(ended.status == 0, "\(ended.stderr)")
        #expect(!indices.isEmpty && indices.allSatisfy { (0..<300).contains($0) }, "\(indices)")
        #expect(try Tool.files(in: scratch.url) == ["in.mov", "out.mov"])
    }

    /// Cancelled by Ctrl-C, the render leaves neither the movie nor the picture.
    @Test func aCancelledRenderLeavesNoPicture() throws {
        let scratch = try Scratch()
        try Media.make(scratch.file("in.mov"), seconds: 10, audio: nil)
        let live = scratch.file("live.png")
        let render = try RunningProcess(
            Tool.scaleVideo.path, ["in.mov", "-o", "out.mov", "--factor", "100", "--progress-picture", live.path, "--quiet"],
            in: scratch.url)
        #expect(Wait.until(seconds: 120) { FileManager.default.fileExists(atPath: live.path) })
        render.process.interrupt()
        let ended = render.wait(timeout: 120)
        #expect(ended.status == 130, "\(ended.stderr)")
        #expect(try Tool.files(in: scratch.url) == ["in.mov"])
    }

    /// A name that is not a PNG's is bad usage; a folder that cannot be
    /// written is refused before anything is read.
    @Test func aPictureThatCannotBeIsRefused() throws {
        let scratch = try Scratch()
        try Media.make(scratch.file("in.mov"), seconds: 1, audio: nil)
        let jpeg = try Tool.scale(["in.mov", "--factor", "2", "--progress-picture", "live.jpg"], in: scratch.url)
        #expect(jpeg.status == 64 && jpeg.stderr.contains("--progress-picture live.jpg: use a .png name."), "\(jpeg.stderr)")
        let nowhere = try Tool.scale(["in.mov", "--factor", "2", "--progress-picture", "missing/live.png"], in: scratch.url)
        #expect(nowhere.status == 1 && nowhere.stderr.contains("--progress-picture missing/live.png: its folder cannot be written"),
                "\(nowhere.stderr)")
        #expect(try Tool.files(in: scratch.url) == ["in.mov"])
    }
}
