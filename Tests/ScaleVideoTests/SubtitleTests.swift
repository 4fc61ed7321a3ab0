import Foundation
import TestSupport
import Testing

/// SPEC §11: a text cue shown from a to b is shown from g(a) to g(b), in the
/// container's text format; cues outside the kept source are left out, one
/// crossing a cut is clipped, one on screen when a freeze starts stays on
/// screen through it; picture subtitles are retimed into Matroska and
/// reported as dropped elsewhere.
@Suite(.tags(.endToEnd))
struct SubtitleTests {
    let scratch: Scratch
    /// Three seconds of indexed frames, a tone, an SRT track (English) and
    /// an ASS track (French) with the same cues.
    let source: URL

    /// The cues, in seconds, and their texts.
    static let cues: [(start: Double, end: Double, text: String)] = [
        (0.2, 0.4, "Before"), (0.45, 0.8, "Across the cut"), (0.9, 1.3, "Over the freeze"), (1.6, 1.9, "Plain"),
        (2.2, 2.8, "Past the end"),
    ]

    init() throws {
        scratch = try Scratch()
        let srt = scratch.file("words.srt")
        try Self.cues.enumerated().map { index, cue in
            "\(index + 1)\n\(Self.clock(cue.start)) --> \(Self.clock(cue.end))\n\(cue.text)\n"
        }.joined(separator: "\n").write(to: srt, atomically: true, encoding: .utf8)
        let ass = scratch.file("words.ass")
        try Tool.ffmpeg(["-i", srt.path, ass.path])
        source = scratch.file("film.mkv")
        try Tool.ffmpeg([
            "-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 3), "-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 3),
            "-i", srt.path, "-i", ass.path, "-map", "0", "-map", "1", "-map", "2", "-map", "3", "-c:v", "libx264",
            "-preset", "veryfast", "-c:a", "pcm_s16le", "-c:s", "copy", "-metadata:s:s:0", "language=eng",
            "-metadata:s:s:1", "language=fra", source.path,
        ])
    }

    private static func clock(_ seconds: Double) -> String {
        let ms = Int((seconds * 1000).rounded())
        return String(format: "00:00:%02d,%03d", ms / 1000, ms % 1000)
    }

    /// A subtitle track's cues read back: their times from its packets (in
    /// seconds from the first video frame; mov_text's empty samples between
    /// cues left out), their texts as ffmpeg writes them out as SubRip.
    private func cues(_ file: URL, track: Int) throws -> [(start: Double, end: Double, text: String)] {
        let start = Double(try Tool.probe(file, stream: "v:0", "start_time")) ?? 0
        let packets = try Tool.run(
            "ffprobe",
            ["-v", "error", "-select_streams", "s:\(track)", "-show_entries", "packet=pts_time,duration_time,size", "-of", "csv=p=0",
             file.path]
        ).text.split(separator: "\n").map { $0.split(separator: ",").compactMap { Double($0) } }.filter { $0.count == 3 && $0[2] > 2 }
        let text = String(decoding: try Tool.ffmpeg(["-i", file.path, "-map", "0:s:\(track)", "-f", "srt", "-"]), as: UTF8.self)
        let texts = text.components(separatedBy: "\n\n").compactMap { block -> String? in
            let lines = block.split(separator: "\n").map(String.init)
            guard lines.count >= 3 else { return nil }
            return lines[2...].joined(separator: "\n").replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        }
        return zip(packets, texts).map { ($0[0] - start, $0[0] + $0[1] - start, $1) }
    }

    /// Each subtitle stream's codec and language.
    private func streams(_ file: URL) throws -> [String] {
        try Tool.run(
            "ffprobe", ["-v", "error", "-select_streams", "s", "-show_entries", "stream=codec_name:stream_tags=language", "-of", "csv=p=0", file.path]
        ).text.split(separator: "\n").map(String.init)
    }

    /// SPEC §11 along a map, from its text: clip to the first and last s;
    /// g(b) for an end past the last s is D; left out when nothing is shown.
    private static func expected(along map: MapReference, duration: Double) -> [(start: Double, end: Double, text: String)] {
        let first = Double(map.knots[0].s) / 1000
        let last = Double(map.knots[map.knots.count - 1].s) / 1000
        return cues.compactMap { cue in
            guard cue.end > first, cue.start < last, let start = map.outputTime(max(cue.start, first)) else { return nil }
            let end = cue.end > last ? duration : map.outputTime(cue.end)!
            return start < end ? (start, end, cue.text) : nil
        }
    }

    private func expectCues(_ file: URL, track: Int, _ expected: [(start: Double, end: Double, text: String)], _ name: String) throws {
        let written = try cues(file, track: track)
        #expect(written.map(\.text) == expected.map(\.text), "\(name)")
        for (cue, want) in zip(written, expected) {
            #expect(abs(cue.start - want.start) <= 0.0011 && abs(cue.end - want.end) <= 0.0011, "\(name) \(cue.text): \(cue) want \(want)")
        }
    }

    @Test(arguments: [("mkv", ["subrip", "ass"]), ("mp4", ["mov_text", "mov_text"]), ("webm", ["webvtt", "webvtt"])])
    func cuesFollowAFactorInTheContainersFormat(container: String, codecs: [String]) throws {
        let output = scratch.file("out.\(container)")
        let result = try Tool.scale([source.path, "-o", output.path, "--factor", "1.37", "--json", "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(try streams(output) == ["\(codecs[0]),eng", "\(codecs[1]),fra"])
        let duration = 3 * 1.37
        let expected = Self.cues.map { ($0.start * 1.37, min($0.end * 1.37, duration), $0.text) }
        for track in [0, 1] { try expectCues(output, track: track, expected, "\(container) track \(track + 1)") }
        let object = try #require(try JSONResults(result.stdout).objects.first)
        let said = (object["kept"] as? [String] ?? []) + (object["changed"] as? [String] ?? [])
        #expect(said.contains { $0.contains("subtitle track") }, "\(said)")
    }

    @Test func cuesFollowAMapWithACutAndAFreeze() throws {
        let knots = "0.5=0,1=1,1=1.5,2.5=2.5"
        let output = scratch.file("map.mp4")
        let result = try Tool.scale([source.path, "-o", output.path, "--time-map", knots, "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        let expected = Self.expected(along: MapReference(knots), duration: 2.5)
        #expect(expected.map(\.text) == ["Across the cut", "Over the freeze", "Plain", "Past the end"])
        for track in [0, 1] { try expectCues(output, track: track, expected, "track \(track + 1)") }
    }

    /// A hand-made PGS stream (show and clear display sets at known times).
    private func pictureSubtitles() throws -> URL {
        var bytes = Data()
        func segment(_ seconds: Double, _ kind: UInt8, _ payload: [UInt8]) {
            let pts = UInt32(seconds * 90000)
            bytes += Data("PG".utf8) + withUnsafeBytes(of: pts.bigEndian) { Data($0) } + Data([0, 0, 0, 0, kind])
            bytes += withUnsafeBytes(of: UInt16(payload.count).bigEndian) { Data($0) } + Data(payload)
        }
        for (number, (at, shows)) in [(0.5, true), (1.2, false), (1.5, true), (2.0, false)].enumerated() {
            // Presentation composition: 720x480, composition number, epoch start, and one object or none.
            var composition: [UInt8] = [0x02, 0xD0, 0x01, 0xE0, 0x10, 0, UInt8(number), 0x80, 0, 0, shows ? 1 : 0]
            if shows { composition += [0, 0, 0, 0, 0, 0, 100, 0x01, 0x90] }
            segment(at, 0x16, composition)
            segment(at, 0x80, [])
        }
        let sup = scratch.file("pictures.sup")
        try bytes.write(to: sup)
        let movie = scratch.file("pictures.mkv")
        try Tool.ffmpeg([
            "-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 3), "-copyts", "-i", sup.path, "-map", "0", "-map", "1",
            "-c:v", "libx264", "-preset", "veryfast", "-c:s", "copy", movie.path,
        ])
        return movie
    }

    @Test func pictureSubtitlesAreRetimedIntoMatroskaAndDroppedElsewhere() throws {
        let input = try pictureSubtitles()
        let times: (URL) throws -> [Double] = { file in
            try Tool.run(
                "ffprobe", ["-v", "quiet", "-select_streams", "s:0", "-show_entries", "packet=pts_time", "-of", "csv=p=0", file.path]
            ).text.split(separator: "\n").compactMap { Double($0) }
        }
        #expect(try times(input) == [0.5, 1.2, 1.5, 2.0])
        let output = scratch.file("pictures-out.mkv")
        try #require(try Tool.scale([input.path, "-o", output.path, "--factor", "2", "--quiet"]).status == 0)
        #expect(try Tool.probe(output, stream: "s:0", "codec_name") == "hdmv_pgs_subtitle")
        #expect(try times(output) == [1.0, 2.4, 3.0, 4.0])
        let elsewhere = try Tool.scale([input.path, "-o", scratch.file("pictures.mp4").path, "--factor", "2", "--json", "--quiet"])
        try #require(elsewhere.status == 0, "\(elsewhere.stderr)")
        #expect(try JSONResults(elsewhere.stdout).objects.first?["dropped"] as? [String] == ["1 picture subtitle track (.mp4 holds text subtitles alone)"])
    }
}
