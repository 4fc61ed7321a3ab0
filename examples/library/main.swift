// scale-video-example INPUT OUTPUT SECONDS [STOP-AT]
//
// Makes INPUT last SECONDS at 30 frames per second in OUTPUT with the
// ScaleVideo library: plans the job, runs it printing its progress, and
// cancels it on Ctrl-C or once the progress reaches the fraction STOP-AT.
// A cancelled job leaves nothing behind.
import Dispatch
import Foundation
import ScaleVideo
import Synchronization

let arguments = CommandLine.arguments
guard arguments.count == 4 || arguments.count == 5, let seconds = Rational(parsing: arguments[3]) else {
    print("usage: scale-video-example INPUT OUTPUT SECONDS [STOP-AT]")
    exit(64)
}
let stopAt = arguments.count == 5 ? Double(arguments[4]) : nil

// libav* prints nothing of its own; errors come back as ScaleError.
FFmpegLog.silence()

let request = ScaleRequest(input: arguments[1], output: arguments[2], target: .duration(seconds), fps: .exactly(Rational(30, 1)!))
let job = ScaleJob(request: request)

// Ctrl-C cancels the job instead of ending the program. The handler is made
// in a function: a closure of top-level code belongs to the main actor, and
// Swift would stop the program when the signal's queue runs it.
func cancelOnInterrupt(_ job: ScaleJob) -> any DispatchSourceSignal {
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT)
    source.setEventHandler { job.cancel() }
    source.resume()
    return source
}
let interrupt = cancelOnInterrupt(job)

// The progress handler is called from the job's threads.
let shown = Mutex(-1)
func report(_ progress: JobProgress) {
    let percent = Int(progress.fraction * 100)
    let isNew = shown.withLock { last in
        guard percent > last else { return false }
        last = percent
        return true
    }
    if isNew { print("progress \(percent)%") }
    if let stopAt, progress.fraction >= stopAt { job.cancel() }
}

do {
    let plan = try job.plan(warning: { print("warning: \($0)") })
    print("plan: \(plan.frames) frames, \(plan.audio?.samples ?? 0) audio samples, \(plan.targetDuration) s")
    let result = try job.run(plan, progress: report, warning: { print("warning: \($0)") })
    print("wrote \(result.output): \(result.measured.videoFrames) frames, \(result.measured.audioSamples) audio samples")
} catch ScaleError.cancelled {
    print("cancelled, nothing written")
    exit(130)
} catch {
    print("\(request.input): \(error)")
    exit(1)
}
