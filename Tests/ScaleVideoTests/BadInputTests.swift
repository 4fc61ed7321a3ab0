import TestSupport
import Foundation
import Testing

/// SPEC §7: every unusable input gets one line naming it and the reason,
/// status 1, and leaves no file behind; damage inside a readable movie is
/// skipped with a warning.
@Suite(.serialized, .tags(.endToEnd))
struct BadInputTests {
    /// A small movie with busy pictures, made the same way on every machine.
    static func movie(_ file: URL, audio: String? = "pcm_s16le") throws -> URL {
        var arguments = ["-f", "lavfi", "-i", "testsrc2=s=160x120:r=30:d=2"]
        if let audio { arguments += ["-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 2), "-c:a", audio] }
        return try Fixtures.make(file, ffmpeg: arguments + ["-c:v", "libx264", "-preset", "ultrafast", "-threads", "1", "-g", "15"])
    }

    /// The first `fraction` of a file's bytes.
    static func truncate(_ file: URL, to fraction: Double, as name: URL) throws -> URL {
        let data = try Data(contentsOf: file)
        try data.prefix(Int(Double(data.count) * fraction)).write(to: name)
        return name
    }

    /// Runs one bad input and checks the one line, the status, and that the
    /// folder holds what it held before.
    static func expectRefused(_ input: String, reason: String, in folder: URL, extra: [String] = []) throws {
        let before = try Tool.files(in: folder)
        let result = try Tool.scale([input, "--factor", "2", "--quiet"] + extra, in: folder)
        #expect(result.exited && result.status == 1, "\(input): \(result.stderr)")
        #expect(result.stderrLines.count == 1, "\(input): \(result.stderr)")
        let line = result.stderrLines.first ?? ""
        #expect(line.contains(input) && line.contains(reason), "\(input): \(line)")
        #expect(result.stdout.isEmpty)
        #expect(try Tool.files(in: folder) == before, "\(input) left a file")
    }

    @Test func unusableFilesAreRefusedWithOneLine() throws {
        let scratch = try Scratch()
        try Data().write(to: scratch.file("empty.mp4"))
        try Data("just some notes\n".utf8).write(to: scratch.file("notes.mp4"))
        var random = SeededRandom(seed: 7)
        try Data(random.bytes(200_000)).write(to: scratch.file("noise.mov"))
        try FileManager.default.createDirectory(at: scratch.file("folder.mp4"), withIntermediateDirectories: false)
        let cases = [
            ("missing.mp4", "no such file"), ("folder.mp4", "is a directory"), ("empty.mp4", "is empty"),
            ("notes.mp4", "not a readable movie"), ("noise.mov", "not a readable movie"),
            ("/dev/null", "is not a regular file"),
        ]
        for (name, reason) in cases { try Self.expectRefused(name, reason: reason, in: scratch.url) }
    }

    @Test func soundThatHoldsNoSamplesIsRefusedWithoutNamingOptionsNotGiven() throws {
        let scratch = try Scratch()
        try Fixtures.make(scratch.file("silent.wav"), ffmpeg: ["-f", "lavfi", "-i", "sine=f=440:r=48000", "-t", "0"])
        #expect(try Tool.probe(scratch.file("silent.wav"), stream: "a:0", "codec_name") == "pcm_s16le")
        try Self.expectRefused("silent.wav", reason: "its audio holds no samples", in: scratch.url)
        let result = try Tool.scale(["silent.wav", "--factor", "2", "--quiet"], in: scratch.url)
        #expect(!result.stderr.contains("--start"), "\(result.stderr)")
    }

    @Test func truncatedMoviesAreRefused() throws {
        let scratch = try Scratch()
        let source = try Self.movie(scratch.file("source.mp4"), audio: "aac")
        let streamable = scratch.file("streamable.mp4")
        try Tool.ffmpeg(["-i", source.path, "-c", "copy", "-movflags", "+faststart", streamable.path])
        let matroska = scratch.file("source.mkv")
        try Tool.ffmpeg(["-i", source.path, "-c", "copy", matroska.path])
        _ = try Self.truncate(source, to: 0.6, as: scratch.file("cut-index.mp4"))
        _ = try Self.truncate(streamable, to: 0.5, as: scratch.file("cut-data.mp4"))
        _ = try Self.truncate(matroska, to: 0.5, as: scratch.file("cut.mkv"))
        for name in ["source.mp4", "streamable.mp4", "source.mkv"] {
            try FileManager.default.removeItem(at: scratch.file(name))
        }
        try Self.expectRefused("cut-index.mp4", reason: "not a readable movie", in: scratch.url)
        try Self.expectRefused("cut-data.mp4", reason: "truncated", in: scratch.url)
        try Self.expectRefused("cut.mkv", reason: "truncated", in: scratch.url)
    }

    @Test func anUnwritableDestinationIsRefused() throws {
        let scratch = try Scratch()
        _ = try Self.movie(scratch.file("clip.mov"))
        let folder: String
        if getuid() == 0 {
            folder = "/sys"
        } else {
            folder = scratch.file("locked").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            chmod(folder, 0o555)
        }
        let output = folder + "/clip-scaled.mov"
        try Self.expectRefused("clip.mov", reason: output, in: scratch.url, extra: ["-o", output])
        #expect(!FileManager.default.fileExists(atPath: output))
        if getuid() != 0 { #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty) }
    }

    @Test func damageInsideAReadableMovieIsSkippedWithAWarning() throws {
        let scratch = try Scratch()
        let source = try Self.movie(scratch.file("source.mov"), audio: nil)
        var data = try Data(contentsOf: source)
        let middle = data.count / 2
        data.replaceSubrange(middle..<(middle + 8192), with: Data(count: 8192))
        try data.write(to: scratch.file("damaged.mov"))
        let result = try Tool.scale(["damaged.mov", "--factor", "2", "--quiet", "--json"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("damaged.mov: warning: skipped a damaged"), "\(result.stderr)")
        let output = scratch.file("damaged-scaled.mov")
        #expect(try Tool.probe(output, stream: "v:0", "nb_read_frames", countFrames: true) == "120")
        let report = try JSONResults(result.stdout).objects
        #expect(report.count == 1 && report[0]["status"] as? String == "ok")
    }

    /// An mp4 whose sample table claims a packet of half a gigabyte: the
    /// demuxer cannot read it (ENOMEM), which is damage, not a lack of memory.
    /// Near the end the rest is used with a warning, S ending with the last
    /// packet that can be read (SPEC §3); near the start what remains is too
    /// little and the line says the file is damaged.
    @Test func aSampleTableClaimingAHugePacketIsDamage() throws {
        let scratch = try Scratch()
        let source = try Self.movie(scratch.file("source.mp4"), audio: nil)
        let original = try Data(contentsOf: source)
        guard let table = original.range(of: Data("stsz".utf8)) else {
            Issue.record("no sample size table in \(source.path)")
            return
        }
        let entries = table.upperBound + 12
        #expect(original[(entries - 4)..<entries].reduce(0) { $0 << 8 | Int($1) } == 60)
        for (entry, name) in [(52, "late.mp4"), (5, "early.mp4")] {
            var bytes = [UInt8](original)
            bytes[entries + 4 * entry] |= 0x20
            try Data(bytes).write(to: scratch.file(name))
        }
        try FileManager.default.removeItem(at: source)
        let late = try Tool.scale(["late.mp4", "--factor", "2", "--quiet"], in: scratch.url)
        #expect(late.status == 0, "\(late.stderr)")
        #expect(
            late.stderr.contains("late.mp4: warning: skipped a damaged video packet (the size the file gives it cannot be true)"),
            "\(late.stderr)")
        #expect(!late.stderr.contains("memory"), "\(late.stderr)")
        let readable = try HeaderTruthTests.packetExtent(scratch.file("late.mp4"))
        #expect(readable < 1.9, "the packets past the damaged one cannot be read")
        let frames = Int((readable * 2 * 30 - 1e-6).rounded(.up))
        #expect(try Tool.probe(scratch.file("late-scaled.mov"), stream: "v:0", "nb_read_frames", countFrames: true) == "\(frames)")
        try Self.expectRefused("early.mp4", reason: "truncated or damaged", in: scratch.url)
    }

    /// Truncations, flipped bits and zeroed ranges at fixed seeds: every run
    /// must end by itself, with 0 or 1, one line when it fails, a complete
    /// output when it does not, and no temporary file either way.
    @Test(arguments: ["mp4", "mkv"])
    func corruptedMoviesNeverCrashHangOrLeaveFiles(container: String) throws {
        let scratch = try Scratch()
        let source = try Self.movie(scratch.file("source.\(container)"), audio: container == "mp4" ? "aac" : "pcm_s16le")
        let original = [UInt8](try Data(contentsOf: source))
        try FileManager.default.removeItem(at: source)
        var outcomes: [Int32: Int] = [:]
        for seed in UInt64(0)..<18 {
            var random = SeededRandom(seed: seed)
            var bytes = original
            switch seed % 3 {
            case 0:
                bytes = Array(bytes.prefix(Int.random(in: 1..<bytes.count, using: &random)))
            case 1:
                for _ in 0..<Int.random(in: 1...40, using: &random) {
                    let limit = Bool.random(using: &random) ? min(bytes.count, 8000) : bytes.count
                    bytes[Int.random(in: 0..<limit, using: &random)] ^= 1 << UInt8.random(in: 0...7, using: &random)
                }
            default:
                let start = Int.random(in: 0..<bytes.count, using: &random)
                let end = min(bytes.count, start + Int.random(in: 1...4096, using: &random))
                bytes.replaceSubrange(start..<end, with: repeatElement(0, count: end - start))
            }
            let name = "variant-\(seed).\(container)"
            try Data(bytes).write(to: scratch.file(name))
            let result = try Tool.scale(
                [name, "--factor", "1.5", "--quiet", "--json", "-o", "out.mov", "--overwrite"], in: scratch.url, timeout: 60)
            #expect(!result.timedOut && result.exited, "\(name) did not end by itself: \(result.stderr)")
            #expect(result.status == 0 || result.status == 1, "\(name): \(result.status) \(result.stderr)")
            let report = try JSONResults(result.stdout).objects
            #expect(report.count == 1, "\(name): \(result.text)")
            if result.status == 1 {
                #expect(result.stderrLines.count == 1 && result.stderr.contains(name), "\(name): \(result.stderr)")
            } else {
                let frames = try Tool.probe(scratch.file("out.mov"), stream: "v:0", "nb_read_frames", countFrames: true)
                #expect(frames == "\(report.first?["frames"] as? Int ?? -1)", "\(name): \(result.text)")
            }
            #expect(try Tool.files(in: scratch.url).allSatisfy { !$0.contains("partial") }, "\(name) left a temporary file")
            outcomes[result.status, default: 0] += 1
            try FileManager.default.removeItem(at: scratch.file(name))
        }
        #expect(outcomes.count == 2, "the variants should both fail and succeed: \(outcomes)")
    }
}
