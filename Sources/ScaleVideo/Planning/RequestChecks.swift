import Timing

/// The one check of what a request asks, before anything is read: the
/// command line's options (once they make a request) and a request read
/// whole (`scale-video request`, the studio's) are refused by it, as bad
/// usage, in the options' words. What only the command line can get wrong
/// (an option given twice over, one that needs another) its options check.
extension ScaleRequest {
    /// The encoder speeds `preset` may name, fastest first.
    public static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]

    /// Why this request cannot be run as asked; nil when it can. `container`
    /// is the output's where the output's name does not say it (the command
    /// line's --container, before the inputs are read).
    public func usageProblem(container: OutputContainer? = nil) -> String? {
        targetProblem ?? trimProblem ?? noVideoProblem ?? pictureProblem ?? encoderProblem ?? audioProblem
            ?? outputProblem(container: outputContainer ?? container)
    }

    /// The target, the rate and the map's shape.
    private var targetProblem: String? {
        let mapOption: String? = switch target {
        case .timeMap: "--time-map"
        case .speeds: "--speed"
        case .duration, .factor: nil
        }
        if reverse, let mapOption {
            return "--reverse plays the part scaled backwards; \(mapOption) plays backwards where its source times fall: give one of them."
        }
        if curve == .smooth && mapOption == nil { return "--curve smooth shapes a time map: give --time-map or --speed." }
        if case .duration(let seconds) = target, !seconds.isPositive { return "--duration must be greater than 0 (seconds)." }
        if case .factor(let factor) = target, !factor.isPositive {
            return "--factor must be greater than 0 (2 = twice as long, 0.5 = twice as fast)."
        }
        if case .exactly(let rate) = fps {
            guard rate.isPositive, rate.numerator <= Int32.max, rate.denominator <= Int32.max, rate.doubleValue <= 1000 else {
                return "--fps must be greater than 0 and at most 1000, or source."
            }
        }
        if let mapOption, !trim.isWhole {
            return "\(mapOption) replaces --start and --end (a time map's first and last knots say which part of the source it keeps)."
        }
        if let plotMap, !plotMap.lowercased().hasSuffix(".png") { return "--plot-map \(plotMap): use a .png name." }
        if case .timeMap(let map) = target, case .exactly(let rate) = fps {
            do throws(TimeMapError) { _ = try map.validated(fps: rate) } catch { return error.description }
        }
        return nil
    }

    /// The part of the source.
    private var trimProblem: String? {
        if trim.start < .zero { return "--start cannot be below 0." }
        if let end = trim.end {
            guard end.isPositive else { return "--end must be greater than 0." }
            if end <= trim.start { return "--end must come after --start." }
        }
        return nil
    }

    /// What an output without video leaves nothing to apply to.
    private var noVideoProblem: String? {
        guard noVideo else { return nil }
        let given = [(requestedVideoCodec != nil, "--video-codec"), (crf != nil, "--crf"), (preset != nil, "--preset"),
                     (keepHDR, "--keep-hdr"), (motion != .nearest, "--motion")]
        if let option = given.first(where: \.0)?.1 { return "--no-video writes no video: leave out \(option)." }
        if still != nil { return "--no-video writes no picture for --still to show." }
        if shorterSide != nil { return "--no-video writes no video: leave out --shorter-side." }
        if preview != nil { return "--no-video writes no picture for --preview to show." }
        return nil
    }

    /// The still, the preview and the picture's size.
    private var pictureProblem: String? {
        if let still, !still.path.lowercased().hasSuffix(".png") { return "--still \(still.path): use a .png name." }
        if let still, still.time < .zero { return "--still-at cannot be below 0." }
        if let shorterSide, shorterSide < 64 { return "--shorter-side must be at least 64." }
        if let preview, !preview.path.lowercased().hasSuffix(".mp4") { return "--preview \(preview.path): use a .mp4 name." }
        if let preview, preview.time < .zero { return "--preview-at cannot be below 0." }
        if let progressPicture, !progressPicture.lowercased().hasSuffix(".png") {
            return "--progress-picture \(progressPicture): use a .png name."
        }
        return nil
    }

    /// The encoder's settings, and how the motion can follow the map.
    private var encoderProblem: String? {
        if let preset, !Self.presets.contains(preset) { return "--preset must be one of \(Self.presets.joined(separator: ", "))." }
        if requestedVideoCodec == .prores, crf != nil || preset != nil {
            return "--crf and --preset set an encoder's quality and speed; ProRes has none: choose its --prores-profile."
        }
        if motion != .nearest, case .timeMap(let map) = target, let turn = map.firstTurn {
            return JobPlan.turnRefusal(motion: motion, at: turn) + "."
        }
        if motion != .nearest && curve == .smooth { return JobPlan.curveRefusal(motion: motion) + "." }
        return nil
    }

    /// The sound: what an output without it leaves nothing to apply to, its tracks and its picture.
    private var audioProblem: String? {
        if noAudio {
            let given = [(requestedAudioCodec != nil, "--audio-codec"), (!audioTracks.isEmpty, "--audio-track"), (padAudio, "--pad-audio"),
                         (mono, "--mono"), (keepPitch, "--keep-pitch"), (waveform != nil, "--waveform")]
            if let option = given.first(where: \.0)?.1 { return "--no-audio writes no audio: leave out \(option)." }
        }
        if audioTracks.contains(where: { $0 < 1 }) { return "--audio-track counts from 1." }
        if let waveform, !waveform.lowercased().hasSuffix(".png") { return "--waveform \(waveform): use a .png name." }
        guard noiseFloor < 0, noiseFloor >= -300 else { return "--noise-floor must be below 0 dB and at least -300 dB." }
        return nil
    }

    /// The output's name and container, what it holds, and the part.
    private func outputProblem(container: OutputContainer?) -> String? {
        if !output.isEmpty && !writesToStandardOutput && OutputContainer(path: output) == nil {
            return "-o \(output): use a .mov, .mp4, .m4v or .mkv name, or for audio alone .wav, .aiff, .caf, .flac, .m4a or .webm."
        }
        if part != nil && writesToStandardOutput { return "--part writes a file of its own: not -o -." }
        let sideFiles = [(waveform, "--waveform"), (plotMap, "--plot-map"), (still?.path, "--still"), (preview?.path, "--preview"),
                         (progressPicture, "--progress-picture")]
        if part != nil, let option = sideFiles.first(where: { $0.0 != nil })?.1 {
            return "--part renders a part of the picture alone: leave out \(option)."
        }
        if noVideo && noAudio { return "Give only one of --no-video and --no-audio." }
        return codecProblem(container: container)
    }

    /// The codecs against the container, and the quality against the codec.
    private func codecProblem(container: OutputContainer?) -> String? {
        if let container {
            if let codec = requestedAudioCodec, let refusal = container.refusal(of: codec) { return refusal + "." }
            if let codec = requestedVideoCodec, let refusal = container.refusal(of: codec) { return refusal + "." }
            if noAudio && container.isAudioOnly { return "--no-audio leaves a .\(container.rawValue) output nothing to hold: name a movie output." }
        } else if let codec = requestedAudioCodec, let refusal = OutputContainer.refusalOfDefaults(codec) {
            return refusal + "."
        }
        let codec = requestedVideoCodec ?? container?.defaultVideoCodec ?? .h264
        if let crf, let range = codec.rateFactors, !range.contains(crf) {
            return "--crf must be between \(range.lowerBound) and \(range.upperBound) for \(codec.rawValue)."
        }
        return nil
    }
}
