import Foundation
import TestSupport
import Testing

/// `-` as the input and `-o -` (SPEC §14): the built binary in shell
/// pipelines, its output judged by ffprobe and the frames' own indices.
@Suite(.serialized, .tags(.endToEnd))
struct PipeTests {
    /// Runs `script` with bash (pipefail on), `$SV` the built binary and
    /// `$TMPDIR` an empty folder of `scratch`'s; its status and streams.
    static func shell(_ script: String, in scratch: Scratch) throws -> ProcessOutput {
        let temporary = scratch.file("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        return try Tool.run(
            "/usr/bin/env",
            ["SV=\(Tool.scaleVideo.path)", "TMPDIR=\(temporary.path)", "bash", "-c", "set -o pipefail; " + script], in: scratch.url)
    }

    /// A 3 s movie (an MP4 whose index comes last, which no reader of a pipe can play from the start).
    static func movie(in scratch: Scratch) throws -> URL {
        try Media.make(scratch.file("in.mp4"), audio: ("aac", 48000))
    }

    @Test func aMovieGoesThroughAPipeInAndOut() throws {
        let scratch = try Scratch()
        _ = try Self.movie(in: scratch)
        let result = try Self.shell("cat in.mp4 | \"$SV\" - -o - --factor 2 --fps 30 | cat > out.mkv", in: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        let output = scratch.file("out.mkv")
        let format = try Tool.run("ffprobe", ["-v", "error", "-show_entries", "format=format_name", "-of", "default=nw=1:nk=1", output.path])
        #expect(format.text.hasPrefix("matroska"), "\(format.text)")
        // SPEC §5: 3 s × 2 at 30 fps is 180 frames; frame k shows the source frame on screen at k / 60 s.
        let source = try Media.frameTimes(scratch.file("in.mp4"))
        #expect(try Media.frameIndices(output) == Media.expectedIndices(frames: 180, times: source, fps: 30, factor: 2))
        // 3 s of 48 kHz sound, twice as long: 288000 samples a channel.
        #expect(try Media.samples(output).count == 288000 * 2)
        #expect(result.stderr.contains("- → -: "), "\(result.stderr)")
        #expect(try Tool.files(in: scratch.file("tmp")).isEmpty, "standard input's copy was left behind")
    }

    @Test func standardInputToAFileIsPutInPlaceAsEver() throws {
        let scratch = try Scratch()
        _ = try Self.movie(in: scratch)
        let result = try Self.shell("\"$SV\" - -o out.mov --factor 0.5 --fps 30 < in.mp4", in: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Tool.probe(scratch.file("out.mov"), stream: "v:0", "nb_read_frames", countFrames: true) == "45")
        #expect(try Tool.files(in: scratch.url) == ["in.mp4", "out.mov", "tmp"])
        #expect(try Tool.files(in: scratch.file("tmp")).isEmpty)
    }

    @Test func aFileToStandardOutputHoldsEveryFrame() throws {
        let scratch = try Scratch()
        _ = try Self.movie(in: scratch)
        let result = try Self.shell("\"$SV\" in.mp4 -o - --duration 5 --fps 24 --motion blend | ffprobe -v error -count_frames "
            + "-select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 -", in: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.trimmingCharacters(in: .whitespacesAndNewlines) == "120")
    }

    @Test func aReaderThatGoesAwayEndsItWithAnErrorNotASignal() throws {
        let scratch = try Scratch()
        _ = try CancelTests.longMovie(in: scratch, name: "in.mov")
        let result = try Self.shell("\"$SV\" in.mov -o - --factor 2 | head -c 100000 > /dev/null; echo \"status ${PIPESTATUS[0]}\" >&2",
            in: scratch)
        #expect(result.stderr.contains("status 1"), "\(result.stderr)")
        #expect(result.stderr.contains("in.mov: cannot write standard output"), "\(result.stderr)")
        #expect(try Tool.files(in: scratch.url) == ["in.mov", "tmp"])
    }

    @Test func whatIsNotAMovieIsRefusedAndItsCopyRemoved() throws {
        let scratch = try Scratch()
        let result = try Self.shell("echo 'not a movie' | \"$SV\" - -o out.mov --factor 2", in: scratch)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("scale-video: -: "), "\(result.stderr)")
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(try Tool.files(in: scratch.url) == ["tmp"])
        #expect(try Tool.files(in: scratch.file("tmp")).isEmpty)
    }

    @Test(arguments: [
        ("\"$SV\" - --factor 2 < /dev/null", "needs -o"),
        ("\"$SV\" - in.mp4 -o out.mov --factor 2 < /dev/null", "must be the only input"),
        ("\"$SV\" in.mp4 -o - --factor 2 --json | cat", "--json writes its results to standard output"),
    ])
    func misuseIsABadUsage(script: String, message: String) throws {
        let scratch = try Scratch()
        _ = try Self.movie(in: scratch)
        let result = try Self.shell(script, in: scratch)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func ctrlCWhileStandardInputWaitsStopsAtOnce() throws {
        let scratch = try Scratch()
        let temporary = scratch.file("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = Tool.scaleVideo
        process.arguments = ["-", "-o", scratch.file("out.mov").path, "--factor", "2"]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.path]) { $1 }
        let silent = Pipe()
        process.standardInput = silent
        process.standardError = Pipe()
        try process.run()
        // The copy is made before anything comes: the tool is waiting on its input.
        #expect(Wait.until { (try? Tool.files(in: temporary).count) == 1 }, "standard input's copy was not started")
        let sent = Date()
        process.interrupt()
        process.waitUntilExit()
        #expect(Date().timeIntervalSince(sent) < 2)
        #expect(process.terminationStatus == 130)
        #expect(try Tool.files(in: temporary).isEmpty)
        #expect(try Tool.files(in: scratch.url) == ["tmp"])
        try silent.fileHandleForWriting.close()
    }
}
