import Foundation
import TestSupport
import Testing

/// Putting the output in place on filesystems a cluster mounts (FUSE, SMB,
/// union filesystems such as mergerfs) that make no hard links: the tool run
/// with a preloaded shim whose link(2) fails as theirs do.
@Suite(.serialized, .tags(.endToEnd))
struct PlacementTests {
    /// A shared library of `code` (C), built with the toolchain's clang.
    static func shim(_ scratch: Scratch, _ code: String) throws -> URL {
        let source = scratch.file("shim.c")
        try ("#include <errno.h>\n" + code).write(to: source, atomically: true, encoding: .utf8)
        let library = scratch.file("shim.so")
        let built = try Tool.run("clang", ["-shared", "-fPIC", "-o", library.path, source.path])
        #expect(built.status == 0, "\(built.stderr)")
        return library
    }

    static let noLinks = "int link(const char *a, const char *b) { errno = EPERM; return -1; }\n"

    /// mergerfs's link(2): EXDEV even within one folder.
    static let crossDeviceLinks = "int link(const char *a, const char *b) { errno = EXDEV; return -1; }\n"

    /// mergerfs's link(2), and a file written at the output path just before
    /// the tool falls back to another way of putting its own there.
    static let crossDeviceLinksAndARival = """
        #include <fcntl.h>
        #include <unistd.h>
        int link(const char *a, const char *b) {
            int rival = open(b, O_CREAT | O_EXCL | O_WRONLY, 0644);
            write(rival, "rival", 5);
            close(rival);
            errno = EXDEV;
            return -1;
        }

        """

    @Test func whereHardLinksFailTheOutputIsStillPutInPlaceWithoutReplacing() throws {
        let scratch = try Scratch()
        let input = try Media.make(scratch.file("in.mov"), seconds: 1)
        let library = try Self.shim(scratch, Self.noLinks)
        let result = try Tool.run(
            "env", ["LD_PRELOAD=" + library.path, Tool.scaleVideo.path, input.path, "-o", scratch.file("out.mov").path, "--factor", "2", "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Tool.probe(scratch.file("out.mov"), stream: "v:0", "nb_read_frames", countFrames: true) == "60")
        #expect(try Tool.files(in: scratch.url) == ["in.mov", "out.mov", "shim.c", "shim.so"])
    }

    @Test func whereLinksFailAsAcrossDevicesTheOutputIsStillPutInPlace() throws {
        let scratch = try Scratch()
        let input = try Media.make(scratch.file("in.mov"), seconds: 1)
        let library = try Self.shim(scratch, Self.crossDeviceLinks)
        let result = try Tool.run(
            "env", ["LD_PRELOAD=" + library.path, Tool.scaleVideo.path, input.path, "-o", scratch.file("out.mov").path, "--factor", "2", "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Tool.probe(scratch.file("out.mov"), stream: "v:0", "nb_read_frames", countFrames: true) == "60")
        #expect(try Tool.files(in: scratch.url) == ["in.mov", "out.mov", "shim.c", "shim.so"])
    }

    @Test func whereLinksFailAsAcrossDevicesAFileThatAppearedMeanwhileIsNotReplaced() throws {
        let scratch = try Scratch()
        let input = try Media.make(scratch.file("in.mov"), seconds: 1)
        let library = try Self.shim(scratch, Self.crossDeviceLinksAndARival)
        let result = try Tool.run(
            "env", ["LD_PRELOAD=" + library.path, Tool.scaleVideo.path, input.path, "-o", scratch.file("out.mov").path, "--factor", "2", "--quiet"])
        #expect(result.status == 1 && result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("out.mov already exists"), "\(result.stderr)")
        #expect(try String(contentsOf: scratch.file("out.mov"), encoding: .utf8) == "rival")
        #expect(try Tool.files(in: scratch.url) == ["in.mov", "out.mov", "shim.c", "shim.so"])
    }

    @Test func whereNeitherLinksNorNoReplaceRenamesWorkTheOutputIsRefused() throws {
        let scratch = try Scratch()
        let input = try Media.make(scratch.file("in.mov"), seconds: 1)
        let library = try Self.shim(
            scratch, Self.noLinks + "int renameat2(int a, const char *b, int c, const char *d, unsigned e) { errno = EINVAL; return -1; }\n")
        let result = try Tool.run(
            "env", ["LD_PRELOAD=" + library.path, Tool.scaleVideo.path, input.path, "-o", scratch.file("out.mov").path, "--factor", "2", "--quiet"])
        #expect(result.status == 1 && result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("in.mov") && result.stderr.contains("neither hard links nor renames that refuse to replace"))
        #expect(try Tool.files(in: scratch.url) == ["in.mov", "shim.c", "shim.so"])
        let replacing = try Tool.run(
            "env",
            ["LD_PRELOAD=" + library.path, Tool.scaleVideo.path, input.path, "-o", scratch.file("out.mov").path, "--factor", "2", "--overwrite", "--quiet"])
        #expect(replacing.status == 0, "\(replacing.stderr)")
    }
}
