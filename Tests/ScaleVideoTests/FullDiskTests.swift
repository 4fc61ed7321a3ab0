import Foundation
import TestSupport
import Testing

/// Writing onto a full file system: a small tmpfs mounted over a folder in
/// a private mount namespace (`unshare -m`), so nothing outside the run
/// sees it. Every write error names the user's path in the tool's words.
@Suite(.serialized, .tags(.endToEnd))
struct FullDiskTests {
    static let canMount: Bool = {
        let probe = try? Tool.run("unshare", ["-m", "sh", "-c", "mount -t tmpfs -o size=4k tmpfs /mnt"])
        return probe?.status == 0
    }()

    /// Runs the built binary in `folder` with a `size` tmpfs mounted on its subfolder `full`.
    static func runWithFullFolder(_ arguments: [String], in folder: URL, size: String) throws -> ProcessOutput {
        let full = folder.appendingPathComponent("full")
        try FileManager.default.createDirectory(at: full, withIntermediateDirectories: false)
        let script = "mount -t tmpfs -o size=\(size) tmpfs full && exec \"$0\" \"$@\""
        return try Tool.run("unshare", ["-m", "sh", "-c", script, Tool.scaleVideo.path] + arguments, in: folder)
    }

    @Test(
        .enabled(if: canMount, "needs a private mount namespace (unshare -m) for a small tmpfs"),
        arguments: [
            (["-o", "out.mov", "--waveform", "full/w.png"], "full/w.png", "4k"),
            (["-o", "full/out.mov"], "full/out.mov", "64k"),
        ])
    func aFullDiskIsReportedAgainstTheUsersPath(arguments: [String], path: String, size: String) throws {
        let scratch = try Scratch()
        try Media.make(scratch.file("in.mov"), seconds: 1)
        let result = try Self.runWithFullFolder(["in.mov", "--factor", "2", "--quiet"] + arguments, in: scratch.url, size: size)
        #expect(result.exited && result.status == 1, "\(result.stderr)")
        #expect(result.stderrLines == ["scale-video: in.mov: cannot write \(path): No space left on device"])
        #expect(try Tool.files(in: scratch.url) == ["full", "in.mov"])
        #expect(try Tool.files(in: scratch.file("full")) == [])
    }
}
