import ArgumentParser
import ScaleVideo

/// How the audio is chosen, changed, written and drawn.
struct AudioOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The audio codec: pcm (lossless: PCM, or FLAC in .flac), aac (.mov, .mp4, .m4v, .m4a; MPEG-TS on standard output), flac (lossless; .mkv, .flac; NUT on standard output) or opus (.mkv, .webm; at 48 kHz, other rates resampled after scaling). Default: aac for .mp4/.m4v/.m4a and MPEG-TS, opus for .webm, pcm otherwise.",
        valueName: "codec"))
    var audioCodec: AudioCodec?

    @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp(
        "Keep this audio track: 1 for the input's first, 2 for its second, … Repeat it to keep several (in the input's order). Default: every track (an output that holds one, such as .wav, takes the input's default).",
        valueName: "n"))
    var audioTrack: [Int] = []

    @Flag(help: "Write no audio: the output holds the source's video alone (a time-lapse without sped-up noise).")
    var noAudio = false

    @Flag(help: "When the audio ends before the video, fill it with digital silence to the video's end, so both streams end together.")
    var padAudio = false

    @Flag(help: "Merge all audio channels into one (their average) before scaling.")
    var mono = false

    @Flag(help: ArgumentHelp(
        "Keep the audio's pitch: stretch it in time with Rubber Band's finer engine instead of scaling it like tape, which lowers slowed-down sound and raises sped-up sound.",
        discussion: "Use it for speech and music. Without it the audio is interpolated sample by sample, exactly and faster; the sample count and sync are the same either way."))
    var keepPitch = false

    @Option(help: ArgumentHelp(
        "Also draw the source audio above the scaled audio as decibel bars over time, into this PNG file (one input only).",
        valueName: "file.png"))
    var waveform: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The level, in dB below full scale, at which the waveform's bars start. Default: -70.", valueName: "dB"))
    var noiseFloor: Double = WaveformPicture.defaultNoiseFloor
}

extension AudioOptions {
    /// Puts what these options say into `request`.
    func apply(to request: inout ScaleRequest) {
        (request.requestedAudioCodec, request.audioTracks, request.noAudio, request.padAudio) = (audioCodec, audioTrack, noAudio, padAudio)
        (request.mono, request.keepPitch, request.waveform, request.noiseFloor) = (mono, keepPitch, waveform, noiseFloor)
    }
}

extension AudioCodec: ExpressibleByArgument {}
