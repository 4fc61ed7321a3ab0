import Foundation
import TestSupport
import Testing

/// A run killed outright (SIGKILL, the OOM killer, a power cut) cannot
/// remove its temporary files; the next run writing the same output does,
/// and never one that a live run beside it is writing.
@Suite(.serialized, .tags(.endToEnd))
struct StaleFileTests {
    /// Waits until `condition` holds; false after `limit` seconds.
    static func eventually(within limit: TimeInterval = 60, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(limit)
        while !condition() {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return true
    }

    @Test func aKilledRunsTemporaryFilesAreRemovedByTheNextRunButALiveRunsAreNot() throws {
        let scratch = try Scratch()
        let input = try CancelTests.longMovie(in: scratch)
        let arguments = [input.path, "-o", scratch.file("out.mov").path, "--waveform", scratch.file("w.png").path]
            + CancelTests.slowly
        let partials = { ((try? Tool.files(in: scratch.url)) ?? []).filter { $0.contains(".partial-") } }

        let killed = try RunningProcess(Tool.scaleVideo.path, arguments)
        #expect(Self.eventually { partials().count == 2 }, "no temporary files appeared")
        kill(killed.process.processIdentifier, SIGKILL)
        _ = killed.wait()
        let stale = Set(partials())
        #expect(stale.count == 2 && stale.contains { $0.hasPrefix(".out.partial-") && $0.hasSuffix(".mov") }
            && stale.contains { $0.hasPrefix(".w.partial-") && $0.hasSuffix(".png") }, "\(stale)")

        let live = try RunningProcess(Tool.scaleVideo.path, arguments)
        #expect(Self.eventually { let now = Set(partials()); return now.count == 2 && now.isDisjoint(with: stale) },
            "the killed run's files were not replaced by the live run's: \(partials())")
        let liveFiles = Set(partials())

        let beside = try RunningProcess(Tool.scaleVideo.path, arguments)
        #expect(Self.eventually { partials().count == 4 }, "the second live run made no files: \(partials())")
        #expect(liveFiles.isSubset(of: Set(partials())), "a live run's file was removed")

        live.interrupt()
        beside.interrupt()
        for result in [live.wait(timeout: 30), beside.wait(timeout: 30)] {
            #expect(result.exited && result.status == 130, "\(result.stderr)")
        }
        #expect(try Tool.files(in: scratch.url) == ["long.mov"])
    }
}
