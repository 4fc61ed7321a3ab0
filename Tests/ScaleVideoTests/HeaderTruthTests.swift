import Foundation
import TestSupport
import Testing

/// What the header says never overrides what the packets show (SPEC §12):
/// statistics tags counted from another start and length fields that
/// claim hours are replaced by the packets' own extent, in the plan and in
/// the run alike.
@Suite(.serialized, .tags(.endToEnd))
struct HeaderTruthTests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    /// From the video's first packet to the end of its last, as ffprobe
    /// lists them: the reference S.
    static func packetExtent(_ file: URL) throws -> Double {
        let listing = try Tool.run(
            "ffprobe",
            ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time,duration_time", "-of", "csv=p=0", file.path])
        let packets = listing.text.split(separator: "\n").map { line in line.split(separator: ",").map { Double($0) } }
        let starts = packets.compactMap { $0.first ?? nil }
        let ends = packets.compactMap { fields -> Double? in
            guard fields.count == 2, let start = fields[0], let length = fields[1] else { return nil }
            return start + length
        }
        guard let first = starts.min(), let last = ends.max() else { throw ToolError("no packets in \(file.path)") }
        return last - first
    }

    /// Plans and runs `input` at factor 2, checking S, the plan's frames and
    /// the written frames against the packets' extent.
    func expectPacketExtent(_ input: URL) throws {
        let extent = try Self.packetExtent(input)
        let expectedFrames = Int((extent * 2 * 30 - 1e-6).rounded(.up))
        let plan = try Tool.scale([input.path, "--factor", "2", "--dry-run", "--json"])
        try #require(plan.status == 0, "\(plan.stderr)")
        let planned = try #require(try JSONResults(plan.stdout).objects.first)
        #expect(abs((planned["sourceDuration"] as? Double ?? 0) - extent) < 0.0015, "planned \(planned), packets \(extent)")
        #expect(planned["frames"] as? Int == expectedFrames)
        let output = scratch.file("out.mov")
        let run = try Tool.scale([input.path, "-o", output.path, "--factor", "2", "--json", "--quiet", "--overwrite"])
        try #require(run.status == 0, "\(run.stderr)")
        let result = try #require(try JSONResults(run.stdout).objects.first)
        #expect(abs((result["sourceDuration"] as? Double ?? 0) - extent) < 0.0015, "ran \(result), packets \(extent)")
        #expect(try Tool.probe(output, stream: "v:0", "nb_read_frames", countFrames: true) == "\(expectedFrames)")
    }

    /// mkvmerge writes each track's statistics (a DURATION tag that is the
    /// track's length) and here starts the picture 121 ms late: S is still
    /// the picture's full length, not 121 ms short.
    @Test func matroskaStatisticsTagsOfALateVideo() throws {
        let source = try Media.make(scratch.file("source.mp4"), seconds: 2, audio: ("aac", 48000))
        let input = scratch.file("mkvmerge.mkv")
        let merged = try Tool.run("mkvmerge", ["-q", "-o", input.path, "--sync", "0:121", source.path])
        try #require(merged.status == 0, "\(merged.stderr)")
        #expect(Double(try Tool.probe(input, stream: "v:0", "start_time")) ?? 0 >= 0.121)
        #expect(try Tool.tag(input, stream: "v:0", "DURATION").hasPrefix("00:00:02.0"))
        try expectPacketExtent(input)
    }

    /// A fragmented MP4 whose movie, track and media headers claim the
    /// largest 32-bit duration (143165 s at 30000 ticks a second), as some
    /// recorders leave them: FFmpeg believes them, the packets last 2 s.
    @Test func fragmentedMP4WhoseHeaderClaimsHours() throws {
        let input = scratch.file("fragmented.mp4")
        try Fixtures.make(input, ffmpeg: [
            "-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 2), "-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 2),
            "-c:v", "libx264", "-g", "15", "-c:a", "aac", "-video_track_timescale", "30000", "-movflags", "frag_keyframe+empty_moov",
        ])
        var bytes = try Data(contentsOf: input)
        for (box, offset) in [("mvhd", 20), ("tkhd", 24), ("mdhd", 20)] {
            var from = bytes.startIndex
            while let found = bytes.range(of: Data(box.utf8), in: from..<bytes.endIndex) {
                #expect(bytes[found.upperBound] == 0, "a version 0 \(box)")
                let at = found.lowerBound + offset
                bytes.replaceSubrange(at..<at + 4, with: [0xFF, 0xFF, 0xFF, 0xFF])
                from = found.upperBound
            }
        }
        try bytes.write(to: input)
        #expect(try Tool.probe(input, stream: "v:0", "duration").hasPrefix("143165"))
        try expectPacketExtent(input)
    }

    /// An AVI whose length fields (the main header's total and the video
    /// stream header's length) claim 90000 frames where 60 are stored.
    @Test func aviLengthFieldsThatClaimAnHour() throws {
        let input = scratch.file("long.avi")
        try Fixtures.make(input, ffmpeg: ["-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 2), "-c:v", "mjpeg", "-q:v", "3"])
        var bytes = try Data(contentsOf: input)
        for (chunk, offset) in [("avih", 16), ("strh", 32)] {
            let at = try #require(bytes.range(of: Data(chunk.utf8))).lowerBound + 8 + offset
            #expect(bytes[at..<at + 4].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) } == 60)
            withUnsafeBytes(of: UInt32(90000).littleEndian) { bytes.replaceSubrange(at..<at + 4, with: $0) }
        }
        try bytes.write(to: input)
        #expect(try Tool.probe(input, stream: "v:0", "duration").hasPrefix("3000"))
        try expectPacketExtent(input)
    }
}
