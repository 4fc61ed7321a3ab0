import Foundation
import TestSupport
import Testing

/// Ctrl-C and SIGTERM, as a user or a script sends them to the running binary.
@Suite(.serialized, .tags(.endToEnd))
struct CancelTests {
    /// A movie long enough that its conversion is still running after seconds.
    static func longMovie(in scratch: Scratch, name: String = "long.mov") throws -> URL {
        let file = scratch.file(name)
        try Fixtures.make(file, ffmpeg: [
            "-f", "lavfi", "-i", "testsrc2=s=640x360:r=30:d=20", "-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 20),
            "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "pcm_s16le",
        ])
        return file
    }

    static let slowly = ["--factor", "3", "--preset", "slow"]

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalCancelsWithinSecondsAndLeavesNothing(signal: Int32) throws {
        let scratch = try Scratch()
        let input = try Self.longMovie(in: scratch)
        let running = try RunningProcess(Tool.scaleVideo.path, [input.path, "-o", scratch.file("out.mov").path] + Self.slowly)
        #expect(Wait.untilWriting("out.mov", in: scratch.url), "no temporary output was written")
        #expect(running.process.isRunning, "the conversion ended before it could be cancelled")
        let sent = Date()
        kill(running.process.processIdentifier, signal)
        let result = running.wait(timeout: 30)
        #expect(Date().timeIntervalSince(sent) < 5)
        #expect(result.exited && result.status == 130, "\(result.stderr)")
        #expect(result.stderr.contains("long.mov: cancelled"))
        #expect(try Tool.files(in: scratch.url) == ["long.mov"])
    }

    /// SIGINT and SIGTERM sent to the process come to the one thread that
    /// reads them: every other thread of a running conversion blocks both
    /// (a handler on another thread may run late, or, under
    /// ThreadSanitizer, only once the work is done).
    @Test func oneThreadTakesTheSignals() throws {
        let scratch = try Scratch()
        let input = try Self.longMovie(in: scratch)
        let running = try RunningProcess(Tool.scaleVideo.path, [input.path, "-o", scratch.file("out.mov").path] + Self.slowly)
        #expect(Wait.untilWriting("out.mov", in: scratch.url), "no temporary output was written")
        let tasks = "/proc/\(running.process.processIdentifier)/task"
        let caught: UInt64 = 1 << UInt64(SIGINT - 1) | 1 << UInt64(SIGTERM - 1)
        var taking = 0, threads = 0
        for task in try FileManager.default.contentsOfDirectory(atPath: tasks) {
            guard let status = try? String(contentsOfFile: "\(tasks)/\(task)/status", encoding: .utf8),
                  let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigBlk:") }),
                  let blocked = UInt64(line.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16)
            else { continue }
            threads += 1
            if blocked & caught == 0 { taking += 1 }
            #expect(blocked & caught == 0 || blocked & caught == caught, "a thread blocks one of the two: \(line)")
        }
        #expect(threads > 2 && taking == 1, "\(taking) of \(threads) threads take SIGINT and SIGTERM")
        running.interrupt()
        let result = running.wait(timeout: 30)
        #expect(result.exited && result.status == 130, "\(result.stderr)")
    }

    @Test func aSecondCtrlCStopsAtOnceAndLeavesNothing() throws {
        let scratch = try Scratch()
        let input = try Self.longMovie(in: scratch)
        let running = try RunningProcess(Tool.scaleVideo.path, [input.path, "-o", scratch.file("out.mov").path] + Self.slowly)
        #expect(Wait.untilWriting("out.mov", in: scratch.url), "no temporary output was written")
        running.interrupt()
        Thread.sleep(forTimeInterval: 0.002)
        running.interrupt()
        let result = running.wait(timeout: 30)
        #expect(result.exited && result.status == 130, "\(result.stderr)")
        #expect(result.stderr.contains("stopped at once") || result.stderr.contains("cancelled, nothing written"))
        #expect(try Tool.files(in: scratch.url) == ["long.mov"])
    }

    @Test func cancellingABatchKeepsWhatWasFinished() throws {
        let scratch = try Scratch()
        let short = try Media.make(scratch.file("short.mov"), seconds: 1)
        let long = try Self.longMovie(in: scratch)
        let outputs = scratch.file("out")
        let running = try RunningProcess(
            Tool.scaleVideo.path,
            [short.path, long.path, short.path, "--output-dir", outputs.path, "--json", "--quiet"] + Self.slowly)
        let finished = outputs.appendingPathComponent("short-scaled.mov")
        #expect(Wait.until { FileManager.default.fileExists(atPath: finished.path) }, "short.mov was not finished")
        #expect(Wait.untilWriting("long-scaled.mov", in: outputs), "long.mov was not started")
        running.interrupt()
        let result = running.wait(timeout: 30)
        #expect(result.exited && result.status == 130, "\(result.stderr)")
        #expect(try Tool.files(in: outputs) == ["short-scaled.mov"])
        #expect(try Tool.probe(finished, stream: "v:0", "nb_read_frames", countFrames: true) == "90")
        let statuses = try JSONResults(result.stdout).objects.map { "\($0["input"]!) \($0["status"]!)" }
        #expect(statuses == ["\(short.path) ok", "\(long.path) cancelled", "\(short.path) cancelled"])
        #expect(result.stderr.contains("1 ok, 0 failed, 2 cancelled"))
    }

    /// A step that writes a great many frames or blocks (a frame repeated
    /// for days of output, its sound slowed down as much) stops within a
    /// second or two of Ctrl-C, whatever the mode (SPEC §6).
    @Test(arguments: [[String](), ["--keep-pitch"], ["--motion", "blend"]])
    func aHugeFactorStopsWithinSeconds(options: [String]) throws {
        let scratch = try Scratch()
        let input = try Media.make(scratch.file("short.mov"), seconds: 1)
        let running = try RunningProcess(
            Tool.scaleVideo.path, [input.path, "-o", scratch.file("out.mov").path, "--factor", "100000", "--quiet"] + options)
        #expect(Wait.untilWriting("out.mov", in: scratch.url), "no temporary output was written")
        #expect(running.process.isRunning, "the conversion ended before it could be cancelled")
        let sent = Date()
        running.interrupt()
        let result = running.wait(timeout: 60)
        #expect(Date().timeIntervalSince(sent) < 2, "\(options): took \(Date().timeIntervalSince(sent)) s")
        #expect(result.exited && result.status == 130, "\(result.stderr)")
        #expect(try Tool.files(in: scratch.url) == ["short.mov"])
    }
}
