import Foundation
import TestSupport
import Testing

/// A part of an mp4 that ends before its audio track does is counted from
/// its bounds, not decoded to the end first; the audio lane then checks
/// that the track really holds what it declares.
@Suite(.serialized, .tags(.endToEnd))
struct AudioBoundTests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    @Test func aPartEndingBeforeTheAudioIsScaledExactly() throws {
        let source = try Media.make(scratch.file("aac.mp4"), seconds: 4, audio: ("aac", 48000))
        let output = scratch.file("part.mov")
        let result = try Tool.scale([source.path, "-o", output.path, "--start", "1", "--end", "2.5", "--factor", "2", "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        // SPEC §5 on samples round(1 · 48000) ..< round(2.5 · 48000) of the
        // decoded track (AAC decodes to float, which the output keeps), to Int(72000 · 2).
        let original: [Float] = try Media.decoded(source, as: "f32le")
        let part = original[(48000 * 2)..<(120_000 * 2)].map(Double.init)
        let expected = ReferenceStretch.scaleInterleaved(values: part, channels: 2, factor: 2) { Double(Float($0)) }.map { Float($0) }
        let written: [Float] = try Media.decoded(output, as: "f32le")
        #expect(written.count == 288_000)
        #expect(firstDifference(written, expected) == nil)
    }

    /// A 6 s movie whose 3 s AAC track is patched to declare 6 s (its last
    /// sample made to last the difference in the sample table, and the
    /// media header's duration): a part that takes audio past 3 s fails the
    /// input with one line and leaves nothing; one within 3 s is converted.
    @Test func audioStoppingShortOfWhatItsTrackDeclaresIsRefused() throws {
        let made = scratch.file("short.mp4")
        try Fixtures.make(made, ffmpeg: [
            "-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 6), "-f", "lavfi", "-i", "sine=f=440:r=48000:d=3",
            "-c:v", "libx264", "-preset", "veryfast", "-c:a", "aac", "-use_editlist", "0",
        ])
        let source = scratch.file("declares-more.mp4")
        try Self.declaringSixSeconds(try Data(contentsOf: made)).write(to: source)
        try #require(try Tool.probe(source, stream: "a:0", "duration_ts") == "288000")

        let refused = try Tool.scale([source.path, "-o", scratch.file("long.mov").path, "--end", "5", "--factor", "1", "--quiet"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("declares-more.mp4") && refused.stderr.contains("its audio stops"), "\(refused.stderr)")
        #expect(try Tool.files(in: scratch.url).sorted() == ["declares-more.mp4", "short.mp4"])

        let kept = try Tool.scale([source.path, "-o", scratch.file("short.mov").path, "--end", "2", "--factor", "1", "--quiet"])
        #expect(kept.status == 0, "\(kept.stderr)")
    }

    /// The movie with its second track's (the audio's) last time-to-sample
    /// entry stretched, and its media header's duration set, to 6 s at 48 kHz.
    private static func declaringSixSeconds(_ movie: Data) throws -> Data {
        var bytes = [UInt8](movie)
        func boxes(_ tag: String) -> [Int] {
            let pattern = Array(tag.utf8)
            return (0..<(bytes.count - 4)).filter { Array(bytes[$0..<($0 + 4)]) == pattern }
        }
        func read(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        func write(_ value: Int, at: Int) { for k in 0..<4 { bytes[at + k] = UInt8((value >> (8 * (3 - k))) & 0xFF) } }
        let stts = try #require(boxes("stts").dropFirst().first)
        let entries = read(stts + 8)
        let total = (0..<entries).reduce(0) { $0 + read(stts + 12 + 8 * $1) * read(stts + 16 + 8 * $1) }
        let last = stts + 12 + 8 * (entries - 1)
        write(read(last + 4) + (288_000 - total) / read(last), at: last + 4)
        let mdhd = try #require(boxes("mdhd").dropFirst().first)
        write(288_000, at: mdhd + 20)
        return Data(bytes)
    }
}
