import Foundation
import TestSupport
import Testing

/// A Ctrl-C is safe at every moment from start-up to exit: while inputs
/// are converted, while the command is ending and after its last line.
/// The moments are the tests' subject, so they are varied on purpose.
@Suite(.serialized, .tags(.endToEnd))
struct SignalTimingTests {
    /// How a run ended that no signal may turn into a crash.
    static func expectNoCrash(_ result: ProcessOutput, _ what: String) {
        let (exited, status, said) = (result.exited, result.status, String(result.stderr.prefix(300)))
        let fatal = result.stderr.contains("Fatal error")
        #expect(exited, "\(what): ended by signal \(status): \(said)")
        #expect([0, 1, 130].contains(status), "\(what): status \(status): \(said)")
        #expect(!fatal, "\(what): \(said)")
    }

    @Test func ctrlCWhileTheCommandEndsIsSafe() throws {
        let scratch = try Scratch()
        for run in 0..<20 {
            let arguments = ["missing-1.mp4", "missing-2.mp4", "--factor", "2", "--jobs", "2"]
            let running = try LineWatchedProcess(Tool.scaleVideo.path, arguments, in: scratch.url) { line, pid in
                // The summary is the command's last line: signal as it ends.
                guard line.contains("0 ok, 2 failed") else { return }
                kill(pid, SIGINT)
                if run % 2 == 1 { kill(pid, SIGINT) }
            }
            Self.expectNoCrash(running.wait(), "run \(run)")
        }
    }

    @Test func doubleCtrlCAtAnyMomentOfABatchIsSafe() throws {
        let scratch = try Scratch()
        let inputs = try ["a.mov", "b.mov"].map { try Media.make(scratch.file($0), seconds: 1).path }
        let outputs = scratch.file("out")
        for run in 0..<16 {
            let running = try RunningProcess(
                Tool.scaleVideo.path, inputs + ["--factor", "2", "--jobs", "2", "--output-dir", outputs.path, "--overwrite"])
            Thread.sleep(forTimeInterval: Double(run) * 0.025)
            running.interrupt()
            Thread.sleep(forTimeInterval: 0.02)
            running.interrupt()
            Self.expectNoCrash(running.wait(timeout: 60), "run \(run)")
            let left = (try? Tool.files(in: outputs)) ?? []
            #expect(left.allSatisfy { !$0.contains(".partial-") }, "run \(run) left \(left)")
        }
    }
}

/// A program whose standard error is read line by line as it is written,
/// so a test can act at the moment a line appears.
final class LineWatchedProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var errorData = Data()
    private var pending = Data()
    private let finished = DispatchSemaphore(value: 0)

    init(_ executable: String, _ arguments: [String], in folder: URL, onLine: @escaping @Sendable (String, pid_t) -> Void)
        throws
    {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let err = Pipe()
        process.standardError = err
        try process.run()
        let pid = process.processIdentifier
        DispatchQueue.global().async { [self] in
            let handle = err.fileHandleForReading
            while case let chunk = handle.availableData, !chunk.isEmpty {
                for line in lines(adding: chunk) { onLine(line, pid) }
            }
            finished.signal()
        }
    }

    /// The complete lines that `chunk` ends.
    private func lines(adding chunk: Data) -> [String] {
        lock.withLock {
            errorData.append(chunk)
            pending.append(chunk)
            var lines: [String] = []
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                lines.append(String(decoding: pending[..<newline], as: UTF8.self))
                pending.removeSubrange(...newline)
            }
            return lines
        }
    }

    /// Waits for the end; after `timeout` seconds the process is killed.
    func wait(timeout: TimeInterval = 60) -> ProcessOutput {
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
        }
        process.waitUntilExit()
        return ProcessOutput(
            status: process.terminationStatus, exited: process.terminationReason == .exit, timedOut: timedOut,
            stdout: Data(), stderr: lock.withLock { String(decoding: errorData, as: UTF8.self) })
    }
}
