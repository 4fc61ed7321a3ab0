import Foundation
import TestSupport
import Testing

@testable import ScaleVideo

/// Seeking a stream's own reading of a file (what KeyFrameGroups does to
/// skip ahead): to the key frame at or before a time, then forward.
@Suite(.tags(.endToEnd))
struct SeekTests {
    /// A movie with a key frame every 10 frames at 25 fps, and B-frames.
    private func movie(in scratch: Scratch) throws -> URL {
        try Media.make(
            scratch.file("gop.mp4"), rate: 25, seconds: 4, audio: nil,
            videoArguments: ["-g", "10", "-keyint_min", "10", "-sc_threshold", "0"])
    }

    /// Each packet's presentation time and whether it is a key frame, as ffprobe reads them.
    private func packets(_ file: URL) throws -> [(pts: Int64, isKey: Bool)] {
        let result = try Tool.run(
            "ffprobe",
            ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts,flags", "-of", "csv=p=0", file.path])
        return result.text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: ",")
            guard fields.count >= 2, let pts = Int64(fields[0]) else { return nil }
            return (pts, fields[1].hasPrefix("K"))
        }.sorted { $0.pts < $1.pts }
    }

    @Test(arguments: [0, 10, 23, 47, 99])
    func seekingLandsOnTheKeyFrameBeforeAndReadsOnFromThere(frame: Int) throws {
        let scratch = try Scratch()
        let file = try movie(in: scratch)
        let packets = try packets(file)
        try #require(packets.count == 100 && packets.filter(\.isKey).count == 10)
        let target = packets[frame].pts
        let keyFrame = try #require(packets.last { $0.isKey && $0.pts <= target }).pts

        let input = try OwnInput(path: file.path, streamIndex: 0)
        let seek = try #require(input.seek)
        let packet = try Packet()
        for _ in 0..<60 { _ = try input.read(into: packet) }
        try seek(target)
        var read: [Int64] = []
        while try input.read(into: packet), let pts = packet.pts {
            if read.isEmpty { #expect(packet.isKey) }
            read.append(pts)
        }
        #expect(read.first == keyFrame)
        #expect(read.sorted() == packets.map(\.pts).filter { $0 >= keyFrame })
    }
}
