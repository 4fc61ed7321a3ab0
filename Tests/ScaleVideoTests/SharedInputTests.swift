import Foundation
import TestSupport
import Testing

@testable import ScaleVideo

/// One reading of an input for every stream a job takes from it: each
/// reader gets its stream's packets, in order, whoever reads the file; a
/// sparse reader gets its stream's as the others read them, and reads on
/// once they are done; what waits for a reader is counted, and a closed
/// reader's packets are not kept.
@Suite(.tags(.endToEnd))
struct SharedInputTests {
    let scratch: Scratch
    let film: URL
    /// Each stream's packets as ffprobe reads them: presentation time and size.
    let packets: [Int32: [Packet]]

    struct Packet: Equatable {
        let pts: Int64
        let size: Int
    }

    init() throws {
        scratch = try Scratch()
        let words = scratch.file("words.srt")
        try (0..<4).map { "\($0 + 1)\n00:00:0\($0),200 --> 00:00:0\($0),700\nline \($0)\n" }.joined(separator: "\n")
            .write(to: words, atomically: true, encoding: .utf8)
        film = scratch.file("film.mkv")
        try Tool.ffmpeg(
            ["-f", "lavfi", "-i", Media.indexedVideo(rate: 25, seconds: 4), "-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 4),
             "-f", "lavfi", "-i", Media.tone(rate: 44100, seconds: 4), "-i", words.path,
             "-map", "0", "-map", "1", "-map", "2", "-map", "3", "-c:v", "libx264", "-c:a", "pcm_s16le", "-c:s", "copy", film.path])
        let listed = try Tool.run(
            "ffprobe", ["-v", "error", "-show_entries", "packet=stream_index,pts,size", "-of", "csv=p=0", film.path])
        var packets: [Int32: [Packet]] = [:]
        for line in listed.text.split(separator: "\n") {
            let fields = line.split(separator: ",").compactMap { Int64($0) }
            guard fields.count == 3 else { continue }
            packets[Int32(fields[0]), default: []].append(Packet(pts: fields[1], size: Int(fields[2])))
        }
        self.packets = packets
    }

    /// Reads `count` packets (all, when nil) of `reader`.
    private func read(_ reader: PacketInput, count: Int? = nil) throws -> [Packet] {
        let packet = try ScaleVideo.Packet()
        var read: [Packet] = []
        while count.map({ read.count < $0 }) ?? true, try reader.read(into: packet) {
            read.append(Packet(pts: packet.pts ?? -1, size: packet.bytes.count))
        }
        return read
    }

    @Test func everyReaderGetsItsStreamsPacketsInOrderWhoeverReadsTheFile() throws {
        try #require(packets.keys.sorted() == [0, 1, 2, 3] && packets[3]?.count == 4)
        let input = try SharedInput(path: film.path)
        let readers = (0..<3).map { input.reader(of: Int32($0)) }
        let cues = input.sparseReader(of: 3)
        // The second audio track is read first, to its end: everything else waits.
        let second = try read(readers[2])
        let waiting = (packets[0]! + packets[1]! + packets[3]!).reduce(0) { $0 + $1.size }
        #expect(input.mostHeldBytes == waiting)
        var video: [Packet] = []
        var first: [Packet] = []
        while true {
            let some = try read(readers[0], count: 3)
            let more = try read(readers[1], count: 2)
            video += some
            first += more
            if some.isEmpty && more.isEmpty { break }
        }
        #expect(video == packets[0] && first == packets[1] && second == packets[2])
        #expect(try read(cues) == packets[3])
    }

    @Test func aClosedReadersPacketsAreNotKeptAndTheSinksAreDrained() throws {
        let input = try SharedInput(path: film.path)
        let video = input.reader(of: 0)
        let audio = input.reader(of: 1)
        let cues = input.sparseReader(of: 3)
        #expect(try read(audio, count: 5) == Array(packets[1]!.prefix(5)))
        audio.close()
        // What the audio reader read past waited; from here nothing more does.
        let held = input.mostHeldBytes
        #expect(try read(video) == packets[0])
        #expect(input.mostHeldBytes == held)
        video.close()
        #expect(try read(cues) == packets[3])
        #expect(input.mostHeldBytes == held)
    }
}
