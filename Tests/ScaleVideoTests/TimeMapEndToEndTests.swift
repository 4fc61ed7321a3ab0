import Foundation
import TestSupport
import Testing

/// --time-map and --speed through the built tool on generated movies whose
/// frames carry their index: every output frame and every audio sample is
/// judged against SPEC §8's text (MapReference), read back with ffmpeg.
@Suite(.serialized, .tags(.endToEnd))
struct TimeMapEndToEndTests {
    let scratch: Scratch
    /// 3 s at 30 fps, 16-bit stereo at 48 kHz: S = 3 s.
    let source: URL

    init() throws {
        scratch = try Scratch()
        source = try Media.make(scratch.file("source.mov"))
        #expect(try Tool.probe(source, stream: "v:0", "duration") == "3.000000")
    }

    func scale(_ arguments: [String]) throws -> ProcessOutput {
        let result = try Tool.scale(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return result
    }

    /// Checks that every output frame is the source frame the map names and
    /// that the PCM is the map's reference, sample for sample.
    func expectFollows(
        _ map: MapReference, output: URL, from input: URL, rate: Int = 48000, samples: [Int16]? = nil
    ) throws {
        let expected = map.frames(times: try Media.frameTimes(input), fps: 30)
        let shown = try Media.frameIndices(output)
        #expect(shown.count == expected.count)
        let frame = firstDifference(shown, expected)
        #expect(frame == nil, "frame \(frame ?? 0): \(frame.map { shown[$0] } ?? 0), not \(frame.map { expected[$0] } ?? 0)")
        let reference = map.audio(try samples ?? Media.samples(input), channels: 2, rate: rate, sourceMs: 3000)
        let written = try Media.samples(output)
        #expect(written.count == reference.count)
        #expect(firstDifference(written, reference) == nil)
    }

    @Test func aFourKnotRampPutsEveryFrameAndSampleWhereTheMapSays() throws {
        let output = scratch.file("ramp.mov")
        let knots = "0=0,1=1,2=4.5,3=5"
        let result = try scale([source.path, "-o", output.path, "--time-map", knots, "--json"])
        try expectFollows(MapReference(knots), output: output, from: source)
        let json = try #require(try JSONResults(result.stdout).objects.first)
        #expect(json["timeMap"] as? [[Double]] == [[0, 0], [1, 1], [2, 4.5], [3, 5]])
        #expect(json["duration"] as? Double == 5 && json["frames"] as? Int == 150 && json["audioSamples"] as? Int == 240000)
        let measured = try #require(json["measured"] as? [String: Any])
        #expect(measured["videoDuration"] as? Double == 5 && measured["audioDuration"] as? Double == 5)
        #expect(result.stderr.contains("source.mov → \(output.path): ramp 4 knots, 150 frames, 5.000 s at 30 fps"), "\(result.stderr)")
        let percents = result.stderrLines.compactMap { line -> Int? in
            guard let range = line.range(of: #"\d+%"#, options: .regularExpression) else { return nil }
            return Int(line[range].dropLast())
        }
        #expect(percents.last == 100 && percents == percents.sorted(), "\(percents)")
    }

    @Test func aFreezeHoldsTheFrameOnScreenWithSilence() throws {
        let output = scratch.file("freeze.mov")
        let map = MapReference("0=0,1=1,1=2,3=4")
        _ = try scale([source.path, "-o", output.path, "--time-map", "0=0,1=1,1=2,3=4", "--quiet"])
        try expectFollows(map, output: output, from: source)
        let shown = try Media.frameIndices(output)
        #expect(shown.count == 120 && shown[30..<60].allSatisfy { $0 == 30 })
        let written = try Media.samples(output)
        #expect(written[(48000 * 2)..<(96000 * 2)].allSatisfy { $0 == 0 })
        #expect(written[(47000 * 2)..<(48000 * 2)].contains { $0 != 0 } && written[(96000 * 2)..<(97000 * 2)].contains { $0 != 0 })
    }

    /// A start between frames and between samples at 44.1 kHz, an end before S.
    @Test func aMapCutsBothEnds() throws {
        let input = try Media.make(scratch.file("cd.mov"), audio: ("pcm_s16le", 44100))
        let output = scratch.file("cut.mov")
        let map = MapReference("0.51=0,2.5=1.5")
        _ = try scale([input.path, "-o", output.path, "--time-map", "0.51=0,2.5=1.5", "--quiet"])
        try expectFollows(map, output: output, from: input, rate: 44100)
        let shown = try Media.frameIndices(output)
        #expect(shown.first == 15 && shown.allSatisfy { $0 <= 75 })
        #expect(map.bounds(rate: 44100, count: 132300, sourceMs: 3000).c == [22491, 110250])
    }

    /// Every B-frame unreferenced: those the fast stretch hides need not be
    /// decoded, and every output frame is still the one SPEC §8 names.
    @Test func framesHiddenByAFastStretchAreStillRight() throws {
        let input = try Media.make(
            scratch.file("bframes.mp4"), audio: nil, videoArguments: ["-x264-params", "bframes=3:b-adapt=0:b-pyramid=none"])
        let output = scratch.file("fast.mov")
        _ = try scale([input.path, "-o", output.path, "--time-map", "0=0,2=0.5,3=1.5", "--quiet"])
        let expected = MapReference("0=0,2=0.5,3=1.5").frames(times: try Media.frameTimes(input), fps: 30)
        #expect(expected.count == 45 && Set(expected[..<15]).count == 15 && expected[14] >= 56)
        #expect(try Media.frameIndices(output) == expected)
    }

    @Test func aMapFileWithCommentsGivesTheSameMap() throws {
        let file = scratch.file("ramp.txt")
        try "# slow in the middle\n0 0\n1=1   # normal speed\n\n 2\t4.5\n3=5\n".write(to: file, atomically: true, encoding: .utf8)
        let output = scratch.file("file.mov")
        _ = try scale([source.path, "-o", output.path, "--time-map", "@" + file.path, "--quiet"])
        try expectFollows(MapReference("0=0,1=1,2=4.5,3=5"), output: output, from: source)
    }

    @Test func speedsBecomeTheKnotsTheyMean() throws {
        let speeds = "0:1,1:0.25,2:2"
        let map = MapReference.speeds(speeds, sourceMs: 3000)
        #expect(map.seconds == [[0, 0], [1, 1], [2, 5], [3, 5.5]])
        let planned = try Tool.scale([source.path, "--speed", speeds, "--dry-run", "--json"])
        #expect(planned.status == 0, "\(planned.stderr)")
        #expect(try JSONResults(planned.stdout).objects.first?["timeMap"] as? [[Double]] == map.seconds)
        #expect(planned.stderr.contains("knots 0=0,1=1,2=5,3=11/2 (ramp 4 knots, 5.500 s), 165 frames at 30 fps"), "\(planned.stderr)")
        let output = scratch.file("speeds.mov")
        _ = try scale([source.path, "-o", output.path, "--speed", speeds, "--quiet"])
        try expectFollows(map, output: output, from: source)
    }

    @Test func theOneSegmentMapIsTheDurationToTheBit() throws {
        let mapped = scratch.file("mapped.mov")
        let timed = scratch.file("timed.mov")
        _ = try scale([source.path, "-o", mapped.path, "--time-map", "0=0,3=7", "--quiet"])
        _ = try scale([source.path, "-o", timed.path, "--duration", "7", "--quiet"])
        let pcm = try Media.samples(mapped)
        let timedPCM = try Media.samples(timed)
        #expect(pcm.count == 336000 * 2 && pcm == timedPCM)
        let pictures = ["-map", "0:v:0", "-f", "framemd5", "-"]
        let mappedPictures = try Tool.ffmpeg(["-i", mapped.path] + pictures)
        let timedPictures = try Tool.ffmpeg(["-i", timed.path] + pictures)
        #expect(!mappedPictures.isEmpty && mappedPictures == timedPictures)
    }

    @Test func aMapThatDoesNotFitTheInputFailsIt() throws {
        try Fixtures.make(scratch.file("short.mov"), ffmpeg: [
            "-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 3), "-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 2),
            "-c:v", "libx264", "-preset", "veryfast", "-c:a", "pcm_s16le",
        ])
        let cases = [
            ("source.mov", ["--time-map", "0=0,4=4"], "time map knot 2 \"4=4\": source time is past the source's end (3.0 s)"),
            ("source.mov", ["--speed", "0:1,3:2"], "time map speed 2 \"3:2\": source time is past the source's end (3.0 s)"),
            ("short.mov", ["--time-map", "0=0,2.5=2.5,3=3"], "time map knot 3 \"3=3\": the segment ending here holds no audio sample"),
            ("source.mov", ["--time-map", "2=0,2=1.5", "--waveform", "w.png"], "--waveform has no source audio to draw: the time map is only a freeze"),
        ]
        for (input, arguments, message) in cases {
            let result = try Tool.scale([input, "-o", "out.mov", "--quiet"] + arguments, in: scratch.url)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderrLines.count == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderrLines.first == "scale-video: \(input): \(message)"[...], "\(arguments): \(result.stderr)")
            #expect(try Tool.files(in: scratch.url) == ["short.mov", "source.mov"])
        }
        // With --pad-audio, silence stands in for the missing end, as with a factor.
        let short = scratch.file("short.mov")
        let padded = scratch.file("padded.mov")
        _ = try scale([short.path, "-o", padded.path, "--time-map", "0=0,2.5=2.5,3=3", "--pad-audio", "--quiet"])
        let samples = try Media.samples(short) + [Int16](repeating: 0, count: 48000 * 2)
        try expectFollows(MapReference("0=0,2.5=2.5,3=3"), output: padded, from: short, samples: samples)
    }

    /// Chapters go through g; one in a part the map leaves out is dropped
    /// and the result says so, along a map as along one factor's.
    @Test func chaptersAreRetimedAlongTheMap() throws {
        let metadata = scratch.file("chapters.txt")
        try """
            ;FFMETADATA1
            [CHAPTER]
            TIMEBASE=1/1000
            START=0
            END=1000
            title=Intro
            [CHAPTER]
            TIMEBASE=1/1000
            START=1000
            END=2000
            title=Middle
            [CHAPTER]
            TIMEBASE=1/1000
            START=2000
            END=3000
            title=End
            """.write(to: metadata, atomically: true, encoding: .utf8)
        let input = scratch.file("chapters.mov")
        try Tool.ffmpeg(["-i", source.path, "-i", metadata.path, "-map", "0", "-map_chapters", "1", "-c", "copy", input.path])
        let dropped = "chapters.mov: warning: chapter 1 \"Intro\" dropped: its part of the source is left out"
        // g(1) = 0, g(2) = 2 (the freeze's first d); the last chapter reaches the last knot, so it lasts to D.
        let mapped = try scale([input.path, "-o", scratch.file("mapped.mov").path, "--time-map", "1=0,2=2,2=2.5,3=3", "--quiet"])
        #expect(mapped.stderr.contains(dropped), "\(mapped.stderr)")
        try expectChapters(of: scratch.file("mapped.mov"), [(0.0, 2.0, "Middle"), (2.0, 3.0, "End")])
        // One factor is the map (start, 0) to (S, (S - start)·f) (SPEC §11): --start 1 leaves Intro out, as the map did.
        let factor = try scale([input.path, "-o", scratch.file("factor.mov").path, "--factor", "2", "--start", "1", "--quiet"])
        #expect(factor.stderr.contains(dropped), "\(factor.stderr)")
        try expectChapters(of: scratch.file("factor.mov"), [(0.0, 2.0, "Middle"), (2.0, 4.0, "End")])
    }

    /// The chapters `file` holds, as ffprobe reads them, are `expected`
    /// (start and end in seconds, within 2 ms, and title).
    private func expectChapters(of file: URL, _ expected: [(Double, Double, String)]) throws {
        let marks = try Tool.run(
            "ffprobe", ["-v", "error", "-show_entries", "chapter=start_time,end_time:chapter_tags=title", "-of", "csv=p=0", file.path]
        ).text.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
        try #require(marks.count == expected.count, "\(file.lastPathComponent): \(marks)")
        for (mark, want) in zip(marks, expected) {
            #expect(mark.count == 3 && mark[2] == want.2, "\(mark)")
            #expect(abs((Double(mark[0]) ?? -1) - want.0) < 0.002 && abs((Double(mark[1]) ?? -1) - want.1) < 0.002, "\(mark)")
        }
    }

    /// --mono, --waveform and AAC follow the map as they follow a factor.
    @Test func monoWaveformAndAACFollowTheMap() throws {
        let map = MapReference("0=0,1=1,1=1.5,3=2.5")
        let (_, bounds) = map.bounds(rate: 48000, count: 144000, sourceMs: 3000)
        let mono = scratch.file("mono.mov")
        let picture = scratch.file("mono.png")
        _ = try scale([source.path, "-o", mono.path, "--time-map", "0=0,1=1,1=1.5,3=2.5", "--mono", "--waveform", picture.path, "--quiet"])
        #expect(try Tool.probe(mono, stream: "a:0", "channels") == "1")
        let written = try Media.samples(mono)
        #expect(written.count == bounds.last!)
        #expect(written[48000..<72000].allSatisfy { $0 == 0 } && written[..<48000].contains { $0 != 0 })
        #expect(try Tool.probe(picture, stream: "v:0", "codec_name") == "png")
        let aac = scratch.file("mapped.mp4")
        _ = try scale([source.path, "-o", aac.path, "--time-map", "0=0,1=1,1=1.5,3=2.5", "--quiet"])
        #expect(try Tool.probe(aac, stream: "a:0", "codec_name") == "aac")
        let count = try Media.samples(aac).count / 2
        #expect(abs(count - bounds.last!) <= 1024, "wrote \(count), expected \(bounds.last!)")
    }
}

/// Maps that break SPEC §8's rules are refused before any input is read.
@Suite(.tags(.endToEnd))
struct TimeMapUsageTests {
    @Test(arguments: [
        (["--time-map", "0=1,1=2"], "knot 1 \"0=1\": the first knot's output time must be 0"),
        (["--time-map", "0=0,1=1,0.5=2", "--motion", "blend"], "--motion blend follows a time map that plays only forwards or only backwards, and this one turns at knot 2 \"1=1\""),
        (["--reverse", "--speed", "0:2"], "--reverse plays the part scaled backwards; --speed plays backwards where its source times fall"),
        (["--time-map", "0=0,1=1,2=1"], "knot 3 \"2=1\": output times must strictly increase"),
        (["--time-map", "0=0,1=0.02"], "knot 2 \"1=0.02\": the segment ending here lasts less than one output frame"),
        (["--time-map", "0=0"], "at least two knots"),
        (["--time-map", "0=0,one=1"], "knot 2 \"one=1\": source time \"one\" is not a number"),
        (["--time-map", "@missing.txt"], "missing.txt: cannot be read"),
        (["--time-map", "0=0,1=1", "--start", "0.5"], "--time-map replaces --start and --end"),
        (["--time-map", "0=0,1=1", "--factor", "2"], "only one of --duration, --factor, --time-map and --speed"),
        (["--speed", "0:1,1:0"], "speed 2 \"1:0\": SPEED must be above 0"),
        (["--speed", "1:1"], "speed 1 \"1:1\": the first FROM must be 0"),
    ])
    func aMapBreakingTheRulesIsBadUsage(arguments: [String], message: String) throws {
        let scratch = try Scratch()
        let result = try Tool.scale(["in.mov", "-o", "out.mov"] + arguments, in: scratch.url)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderrLines.first?.contains(message) == true, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try Tool.files(in: scratch.url) == [])
    }
}
