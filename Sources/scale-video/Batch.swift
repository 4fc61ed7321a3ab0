import Dispatch
import FoundationEssentials
import Glibc
import ScaleVideo

/// Converts (or only plans) the inputs `jobs` at a time, in order. A failed
/// input does not stop the others; `cancel()` stops the running ones and
/// starts no more. With `skipExisting`, an input whose output is already
/// there complete is skipped, and one whose output is there otherwise is
/// done again, replacing it.
final class Batch: Sendable {
    /// What is done with each input.
    enum Mode: Sendable {
        case convert
        /// Only plan, writing nothing; `folderToBeMade`: the output folder
        /// is missing and a conversion would make it.
        case plan(folderToBeMade: Bool)
        /// Join these parts of the input's render (`scale-video join`).
        case join([String])
    }

    struct Item: Sendable {
        /// The input as the user named it.
        let input: String
        let output: String
        /// Why the input fails before it starts, if it does.
        let problem: String?
        /// The file read: the input, or standard input's copy.
        var source: String

        init(input: String, output: String, problem: String?) {
            self.input = input
            self.output = output
            self.problem = problem
            source = input
        }
    }

    private let items: [Item]
    private let jobs: Int
    /// Every input's request, but for its input and output.
    private let template: ScaleRequest
    private let reporter: Reporter
    private let mode: Mode
    private let skipExisting: Bool
    private struct State {
        var next = 0
        var cancelled = false
        var running: [Int: ScaleJob] = [:]
        var outcomes: [Outcome?]
    }

    private let state: Guarded<State>

    init(items: [Item], jobs: Int, reporter: Reporter, template: ScaleRequest, mode: Mode, skipExisting: Bool) {
        self.items = items
        self.mode = mode
        self.skipExisting = skipExisting
        self.jobs = max(1, min(jobs, items.count))
        self.reporter = reporter
        self.template = template
        state = Guarded(State(outcomes: Array(repeating: nil, count: items.count)))
    }

    /// Runs every input; returns how each ended, in input order.
    func run() -> [Outcome] {
        let group = DispatchGroup()
        for _ in 0..<jobs {
            group.enter()
            startThread { [self] in
                while let index = take() { convert(index) }
                group.leave()
            }
        }
        group.wait()
        let outcomes = state.withLock { $0.outcomes }
        for index in items.indices where outcomes[index] == nil {
            reporter.skip(InputReport(input: items[index].input, output: items[index].output, outcome: .cancelled))
        }
        return outcomes.map { $0 ?? .cancelled }
    }

    /// Stops the running conversions and starts no more; any thread.
    func cancel() {
        let jobs = state.withLock { state in
            state.cancelled = true
            return Array(state.running.values)
        }
        reporter.cancelling()
        for job in jobs { job.cancel() }
    }

    private func take() -> Int? {
        state.withLock { state in
            guard !state.cancelled, state.next < items.count else { return nil }
            defer { state.next += 1 }
            return state.next
        }
    }

    private func convert(_ index: Int) {
        let item = items[index]
        reporter.start(index, input: item.input)
        let warnings = WarningTally()
        let outcome: Outcome
        if let problem = item.problem {
            outcome = .failed(problem, .refused)
        } else {
            var request = template.with(input: item.source, output: item.output)
            let existing = skipExisting && ([request.output] + request.sideFiles).contains {
                FileManager.default.fileExists(atPath: $0)
            }
            // What is there is replaced unless it proves complete.
            if existing { request.overwrite = true }
            let job = ScaleJob(request: request)
            let startedBeforeCancel = state.withLock { state in
                state.running[index] = job
                return !state.cancelled
            }
            outcome =
                startedBeforeCancel
                ? Self.outcome { try work(job, index: index, existing: existing, warnings: warnings) } : .cancelled
            state.withLock { _ = $0.running.removeValue(forKey: index) }
        }
        state.withLock { $0.outcomes[index] = outcome }
        reporter.finish(
            index, InputReport(input: item.input, output: item.output, outcome: outcome),
            warnings: outcome.succeeded ? warnings.lines : [])
    }

    /// Plans the job and runs it, or in a dry run only plans it; skips it
    /// when an `existing` output proves complete.
    private func work(_ job: ScaleJob, index: Int, existing: Bool, warnings: WarningTally) throws -> Outcome {
        let started = Date()
        var folderToBeMade = false
        if case .plan(let toBeMade) = mode { folderToBeMade = toBeMade }
        let plan = try job.plan(folderToBeMade: folderToBeMade, warning: { warnings.add($0) })
        if existing, let measured = try job.completedOutput(of: plan) { return .skipped(plan, measured) }
        switch mode {
        case .convert:
            return .ok(
                try job.run(plan, startedAt: started, progress: { self.reporter.progress(index, $0) }, warning: { warnings.add($0) }))
        case .join(let parts):
            return .ok(
                try job.join(
                    plan, parts: parts, startedAt: started, progress: { self.reporter.progress(index, $0) }, warning: { warnings.add($0) }))
        case .plan:
            try job.writeMapPicture(of: plan)
            try job.writeStill(of: plan)
            try job.writePreview(of: plan)
            return .planned(plan)
        }
    }

    private static func outcome(_ body: () throws -> Outcome) -> Outcome {
        do {
            return try body()
        } catch ScaleError.cancelled {
            return .cancelled
        } catch let error as ScaleError {
            return .failed("\(error)", error.kind)
        } catch let error as TimeMapError {
            return .failed("\(error)", .refused)
        } catch {
            return .failed("\(error)", .failed)
        }
    }
}
