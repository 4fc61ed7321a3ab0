import Foundation
import TestSupport
import Testing

/// A command whose flow library or studio program is not beside it says
/// which command puts it there: a build of the source tree names SwiftPM's
/// build of that product in the tree's folder, an installed command names
/// scripts/install.sh.
@Suite(.tags(.endToEnd))
struct MissingProgramTests {
    /// A copy of the command alone at `folder` (made), and its path.
    private func commandAlone(in folder: URL) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let command = folder.appendingPathComponent("scale-video")
        try FileManager.default.copyItem(at: Tool.scaleVideo, to: command)
        return command.path
    }

    @Test func aBuildOfTheTreeNamesTheBuildThatMakesWhatIsMissing() throws {
        let scratch = try Scratch()
        let tree = scratch.file("tree")
        let release = try commandAlone(in: tree.appendingPathComponent(".build/x86_64-unknown-linux-gnu/release"))
        let studio = try Tool.run(release, ["studio", scratch.url.path])
        #expect(studio.status == 1 && studio.stderrLines.count == 1, "\(studio.stderr)")
        #expect(
            studio.stderr.contains("cd \(tree.path) && swift build -c release --static-swift-stdlib --product scale-video-studio"),
            "\(studio.stderr)")
        let source = try Fixtures.make(scratch.file("in.mp4"), ffmpeg: ["-f", "lavfi", "-i", "testsrc2=s=64x48:r=10:d=1", "-c:v", "libx264"])
        let debug = try commandAlone(in: tree.appendingPathComponent(".build/debug"))
        let flow = try Tool.run(debug, [source.path, "--factor", "2", "--motion", "flow", "--dry-run"])
        #expect(flow.status == 1 && flow.stderrLines.count == 1, "\(flow.stderr)")
        #expect(flow.stderr.contains("cd \(tree.path) && swift build --product ScaleVideoFlow`"), "\(flow.stderr)")
    }

    @Test func anInstalledCommandNamesTheInstall() throws {
        let scratch = try Scratch()
        let command = try commandAlone(in: scratch.file("prefix/bin"))
        let studio = try Tool.run(command, ["studio", scratch.url.path])
        #expect(studio.status == 1 && studio.stderr.contains("scripts/install.sh"), "\(studio.stderr)")
        #expect(!studio.stderr.contains("swift build"), "\(studio.stderr)")
    }
}
