import Foundation
import TestSupport
import Testing

/// examples/library, the program docs/library.md shows, built on the ScaleVideo library
/// (plan, run with progress, cancel), built with the suite and run on a
/// generated movie; the page shows it as it is in the file.
@Suite(.tags(.endToEnd))
struct LibraryExampleTests {
    static let program = Tool.testPrograms.appendingPathComponent("scale-video-example")

    /// The 3-second source made twice as long: the plan and the file hold
    /// ceil(6 · 30) = 180 frames and twice the source's samples per channel
    /// (SPEC §4, §5), the progress climbs to 100%, and the output is all
    /// that is added to the folder.
    @Test func runsTheJobItPlannedShowingItsProgress() throws {
        let scratch = try Scratch()
        let source = try Media.make(scratch.file("source.mov"))
        let output = scratch.file("out.mov")
        let result = try Tool.run(Self.program.path, [source.path, output.path, "6"])
        #expect(result.exited && result.status == 0, "\(result.text)")
        let samples = Int(Double(try Media.samples(source).count / 2) * 2)
        let lines = result.text.split(separator: "\n").map(String.init)
        try #require(lines.count >= 3, "\(lines)")
        #expect(lines.first == "plan: 180 frames, \(samples) audio samples, 6.0 s")
        #expect(lines.last == "wrote \(output.path): 180 frames, \(samples) audio samples")
        let percents = try Self.percents(lines.dropFirst().dropLast())
        #expect(percents.count == lines.count - 2)
        #expect(zip(percents, percents.dropFirst()).allSatisfy { $0 < $1 })
        #expect(percents.last == 100)
        #expect(try Tool.probe(output, stream: "v:0", "nb_read_frames", countFrames: true) == "180")
        #expect(try Media.samples(output).count / 2 == samples)
        #expect(try Tool.files(in: scratch.url) == ["out.mov", "source.mov"])
    }

    /// Cancelled from its progress handler once half is done: it says so,
    /// exits with 130 and leaves the folder as it found it.
    @Test func cancelsWhenTheProgressReachesAFraction() throws {
        let scratch = try Scratch()
        let source = try Media.make(scratch.file("source.mov"))
        let result = try Tool.run(Self.program.path, [source.path, scratch.file("out.mov").path, "6", "0.5"])
        #expect(result.exited && result.status == 130, "\(result.text)")
        let lines = result.text.split(separator: "\n").map(String.init)
        #expect(lines.last == "cancelled, nothing written")
        let percents = try Self.percents(lines.dropFirst().dropLast())
        #expect((50..<100).contains(percents.last ?? 0), "\(percents)")
        #expect(try Tool.files(in: scratch.url) == ["source.mov"])
    }

    /// Ctrl-C while the output is being written cancels the job: the same
    /// end, nothing left.
    @Test func ctrlCCancelsTheJob() throws {
        let scratch = try Scratch()
        let source = try Media.make(scratch.file("source.mov"))
        let running = try RunningProcess(Self.program.path, [source.path, scratch.file("out.mov").path, "600"])
        #expect(Wait.untilWriting("out.mov", in: scratch.url), "no temporary output was written")
        #expect(running.process.isRunning, "the job ended before it could be cancelled")
        running.interrupt()
        let result = running.wait(timeout: 30)
        #expect(result.exited && result.status == 130, "\(result.text)")
        #expect(result.text.hasSuffix("cancelled, nothing written\n"))
        #expect(try Tool.files(in: scratch.url) == ["source.mov"])
    }

    /// docs/library.md's program is the file, character for character.
    @Test func theLibraryPageShowsTheProgramAsItIs() throws {
        let program = try String(contentsOf: Repository.file("examples/library/main.swift"), encoding: .utf8)
        let page = try String(contentsOf: Repository.file("docs/library.md"), encoding: .utf8)
        #expect(page.contains("```swift\n" + program + "```\n"), "docs/library.md's program differs from examples/library/main.swift")
    }

    /// The percentages of `progress N%` lines.
    static func percents(_ lines: some Sequence<String>) throws -> [Int] {
        try lines.map { line in
            let match = try #require(line.wholeMatch(of: /progress (\d+)%/), "not a progress line: \(line)")
            return try #require(Int(match.1))
        }
    }
}
