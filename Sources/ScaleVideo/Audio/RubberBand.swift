import CRubberBand
import Glibc

/// An owning wrapper of one Rubber Band stretcher: the R3 ("finer") engine
/// in real-time mode, on the calling thread only: a time-stretcher with the
/// pitch unchanged, or a pitch-shifter with the time unchanged. Audio goes
/// in and comes out as float planes, one per channel.
final class RubberBand {
    private let state: OpaquePointer
    let channels: Int

    /// - Parameters:
    ///   - rate: samples per second.
    ///   - ratio: the first time ratio (output duration over input duration).
    ///   - pitch: the pitch scale (1 leaves the pitch as it is).
    init(rate: Int, channels: Int, ratio: Double, pitch: Double = 1) {
        precondition(channels > 0 && rate > 0 && ratio > 0 && pitch > 0, "invalid stretcher shape")
        // Measured: without this method a shifter's onsets come 10 to 60 ms
        // earlier than its start delay accounts for, with it where it says.
        let consistent = pitch == 1 ? 0 : RubberBandOptionPitchHighConsistency.rawValue
        let options = Int32(bitPattern: RubberBandOptionProcessRealTime.rawValue | RubberBandOptionEngineFiner.rawValue
            | RubberBandOptionThreadingNever.rawValue | consistent)
        state = rubberband_new(UInt32(rate), UInt32(channels), options, ratio, pitch)
        self.channels = channels
    }

    deinit { rubberband_delete(state) }

    /// 3 for the R3 engine asked for.
    var engineVersion: Int { Int(rubberband_get_engine_version(state)) }

    /// Silent frames to put in front of the input, so its first frame sits
    /// at the centre of the first analysis window.
    var startPad: Int { Int(rubberband_get_preferred_start_pad(state)) }

    /// Output frames to drop once the input was padded with `startPad`.
    var startDelay: Int { Int(rubberband_get_start_delay(state)) }

    /// Input frames that make the next analysis hop run; 0 while output waits.
    var samplesRequired: Int { Int(rubberband_get_samples_required(state)) }

    /// Applies from the next analysis hop on.
    func setTimeRatio(_ ratio: Double) { rubberband_set_time_ratio(state, ratio) }

    /// Feeds `count` frames from one pointer per channel.
    func process(_ planes: UnsafePointer<UnsafePointer<Float>?>, count: Int, final: Bool) {
        rubberband_process(state, planes, UInt32(count), final ? 1 : 0)
    }

    /// Frames ready to retrieve; nil once the final input is processed and all output read.
    var available: Int? {
        let count = rubberband_available(state)
        return count < 0 ? nil : Int(count)
    }

    /// Reads up to `count` frames into one pointer per channel; returns how many.
    func retrieve(into planes: UnsafePointer<UnsafeMutablePointer<Float>?>, count: Int) -> Int {
        Int(rubberband_retrieve(state, planes, UInt32(count)))
    }
}

/// The Rubber Band library as `--version` names it. Its C API has no call
/// that reports the release, so the line gives the release of the headers
/// the program was built with, and the library file the process has loaded.
enum RubberBandVersion {
    /// `Rubber Band 3.1.2 (built with; runs librubberband.so.2.2.1)`.
    static var line: String {
        "Rubber Band \(RUBBERBAND_VERSION) (built with; runs \(loadedFile ?? "an unknown library file"))"
    }

    /// The name of the Rubber Band library file mapped into this process
    /// (/proc/self/maps), its links followed, e.g. `librubberband.so.2.2.1`.
    static var loadedFile: String? {
        guard let maps = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(maps) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, maps) > 0, let line {
            // "7f…-7f… r-xp 00012000 fe:01 1234  /usr/lib/x86_64-linux-gnu/librubberband.so.2.2.1"
            let text = String(cString: line).split(separator: "\n").first ?? ""
            guard let slash = text.firstIndex(of: "/"), text.contains("/librubberband.so") else { continue }
            guard let resolved = realpath(String(text[slash...]), nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved).split(separator: "/").last.map(String.init)
        }
        return nil
    }
}
