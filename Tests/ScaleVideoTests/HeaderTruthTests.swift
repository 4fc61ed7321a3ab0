import Foundation
import TestSupport
import Testing

/// What the header says never overrides what the packets show (SPEC §12):
/// statistics tags counted from another start, length fields that claim
/// hours, and durations a fraction of a second off (a late first frame
/// counted from 0, an end at the last frame's start) are replaced by the
/// packets' own extent, from the first frame's presentation time to the
/// end of the last (§3), in the plan and in the run alike. A last frame
/// whose stored length is implausible (under a quarter of the frames'
/// spacing) lasts the spacing.
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

    /// Writes `seconds` (as ticks over a second's ticks) into the movie header and
    /// the first track's track and media headers (version 0 boxes), each
    /// in its own timescale, as a recorder does when it stops.
    static func stateDuration(_ seconds: (ticks: Int, per: Int), in file: URL) throws {
        var bytes = try Data(contentsOf: file)
        func place(_ box: String) throws -> Int {
            let found = try #require(bytes.range(of: Data(box.utf8)))
            #expect(bytes[found.upperBound] == 0, "a version 0 \(box)")
            return found.lowerBound
        }
        func field(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        func write(_ value: Int, at: Int) { bytes.replaceSubrange(at..<at + 4, with: (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }) }
        let (movie, track, media) = (try place("mvhd"), try place("tkhd"), try place("mdhd"))
        let inTicks = { (scale: Int) in (seconds.ticks * scale + seconds.per / 2) / seconds.per }
        write(inTicks(field(movie + 16)), at: movie + 20)
        write(inTicks(field(movie + 16)), at: track + 24)
        write(inTicks(field(media + 16)), at: media + 20)
        try bytes.write(to: file)
    }

    /// A fragmented MP4 of H.264 with B-frames and AAC as a recorder writes
    /// it: its headers come first, so no edit list moves the picture, whose
    /// first frame is presented two frames late (0.067 s) while the sound
    /// starts at 0; stopping, it writes the picture's end counted from 0
    /// (1.068 s) into the headers. S is the packets' 1.001 s (30 frames at
    /// 30000/1001), and played backwards at their rate each frame comes
    /// once, last first (§13), none held for the 67 ms the header adds.
    @Test func fragmentedMP4WithALateFirstFrame() throws {
        let input = scratch.file("late.mp4")
        try Fixtures.make(input, ffmpeg: [
            "-f", "lavfi", "-i", Media.indexedVideo(rate: "30000/1001", seconds: 1.001), "-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 1.001),
            "-c:v", "libx264", "-bf", "2", "-c:a", "aac", "-video_track_timescale", "30000", "-movflags", "frag_keyframe+empty_moov",
        ])
        try Self.stateDuration((32032, 30000), in: input)
        #expect(try Tool.probe(input, stream: "v:0", "start_time,duration") == "0.066733\n1.067733")
        #expect(try Tool.probe(input, stream: "a:0", "start_time") == "0.000000")
        #expect(try Media.frameIndices(input) == Array(0..<30))
        let extent = try Self.packetExtent(input)
        #expect(abs(extent - 1.001) < 1e-5)
        try expectPacketExtent(input)
        let output = scratch.file("reversed.mov")
        let run = try Tool.scale([input.path, "-o", output.path, "--reverse", "--fps", "30000/1001", "--json", "--quiet"])
        try #require(run.status == 0, "\(run.stderr)")
        #expect(try JSONResults(run.stdout).objects.first?["frames"] as? Int == 30)
        #expect(try Media.frameIndices(output) == Array((0..<30).reversed()))
    }

    /// A fragmented MP4 written a key-frame interval a fragment by a
    /// recorder that cannot know how long its last frame lasts when it
    /// writes it: it stores 0, so the header ends where that frame starts
    /// (2.002 s: 61 frames at 30000/1001), while the frame lasts the
    /// frames' spacing, to 2.035 s (libavformat gives its packet that
    /// length). At their rate every frame is shown, the last one too.
    @Test func fragmentedMP4WhoseHeaderEndsAtTheLastFramesStart() throws {
        let input = scratch.file("last.mp4")
        try Fixtures.make(input, ffmpeg: [
            "-f", "lavfi", "-i", Media.indexedVideo(rate: "30000/1001", seconds: 2.05), "-frames:v", "61", "-c:v", "libx264", "-bf", "0",
            "-force_key_frames", "expr:eq(n,60)", "-video_track_timescale", "30000", "-movflags", "frag_keyframe+empty_moov",
        ])
        var bytes = try Data(contentsOf: input)
        let fragment = try #require(bytes.range(of: Data("moof".utf8), options: .backwards))
        let header = try #require(bytes.range(of: Data("tfhd".utf8), in: fragment.upperBound..<bytes.endIndex)).lowerBound
        let flags = bytes[header + 5..<header + 8].reduce(0) { $0 << 8 | Int($1) }
        // A base data offset, no sample description index, then the default sample duration.
        try #require(flags & 0x0B == 0x09, "tfhd flags \(flags)")
        #expect(bytes[header + 20..<header + 24].reduce(0) { $0 << 8 | Int($1) } == 1001)
        bytes.replaceSubrange(header + 20..<header + 24, with: [0, 0, 0, 0])
        try bytes.write(to: input)
        #expect(try Tool.probe(input, stream: "v:0", "duration") == "2.002000")
        #expect(try Media.frameIndices(input) == Array(0..<61))
        let seconds = 61.0 * 1001 / 30000
        let plan = try Tool.scale([input.path, "--factor", "1", "--fps", "30000/1001", "--dry-run", "--json"])
        try #require(plan.status == 0, "\(plan.stderr)")
        let planned = try #require(try JSONResults(plan.stdout).objects.first)
        #expect(abs((planned["sourceDuration"] as? Double ?? 0) - seconds) < 1e-6, "\(planned)")
        let output = scratch.file("all.mov")
        let run = try Tool.scale([input.path, "-o", output.path, "--factor", "1", "--fps", "30000/1001", "--quiet"])
        try #require(run.status == 0, "\(run.stderr)")
        #expect(try Media.frameIndices(output) == Array(0..<61))
    }

    /// Matroska as mkvmerge writes it from a timestamp file (format v2)
    /// that ends, as a screen recorder logs it, with the instant the last
    /// frame's display ended, 1 ms after it started, among frames 1/30 s
    /// apart (33 or 34 ms, to the millisecond): the last block claims 1 ms.
    /// It lasts the frames' spacing instead, so S is the 60 frames' 2 s and
    /// at factor 2 no output frame is missing, the last source frame among them.
    @Test func matroskaWhoseLastBlockClaimsOneMillisecond() throws {
        let stream = try Fixtures.make(
            scratch.file("frames.h264"),
            ffmpeg: ["-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 2), "-c:v", "libx264", "-bf", "0"])
        let times = (0..<60).map { String(($0 * 1000 + 15) / 30) }
        let timestamps = scratch.file("timestamps.txt")
        try (["# timestamp format v2"] + times + [String(Int(times[59])! + 1)]).joined(separator: "\n").write(
            to: timestamps, atomically: true, encoding: .utf8)
        let input = scratch.file("recorded.mkv")
        let merged = try Tool.run("mkvmerge", ["-q", "-o", input.path, "--timestamps", "0:" + timestamps.path, stream.path])
        try #require(merged.status == 0, "\(merged.stderr)")
        let listing = try Tool.run(
            "ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time,duration_time", "-of", "csv=p=0", input.path])
        #expect(listing.text.split(separator: "\n").last == "1.967000,0.001000", "the last block claims 1 ms")
        let plan = try Tool.scale([input.path, "--factor", "2", "--dry-run", "--json"])
        try #require(plan.status == 0, "\(plan.stderr)")
        let planned = try #require(try JSONResults(plan.stdout).objects.first)
        let seconds = planned["sourceDuration"] as? Double ?? 0
        #expect(abs(seconds - 2) < 0.0015, "\(planned)")
        #expect(planned["frames"] as? Int == 120)
        let output = scratch.file("slow.mov")
        let run = try Tool.scale([input.path, "-o", output.path, "--factor", "2", "--quiet"])
        try #require(run.status == 0, "\(run.stderr)")
        let expected = Media.expectedIndices(frames: 120, times: try Media.frameTimes(input), fps: 30, factor: 2)
        #expect(expected.last == 59)
        #expect(try Media.frameIndices(output) == expected)
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
