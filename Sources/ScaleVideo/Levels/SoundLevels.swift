/// The sound of an input's default audio track as `--waveform` draws its
/// source row: each frame's channels averaged and taken to decibels, those
/// averaged down to one level a bar. Read in one pass: the levels of each
/// hundredth of a second first, then averaged down to the bars.
public struct SoundLevels: Sendable, Codable, Equatable {
    /// Seconds of sound read.
    public let duration: Double
    /// One level a bar, in dB below full scale, from `noiseFloor` to 0.
    public let levels: [Double]
    /// The level a bar starts at, in dB below full scale (`--noise-floor`).
    public let noiseFloor: Double

    /// The levels of `path`'s default audio track in `bars` bars.
    public init(path: String, bars: Int = WaveformPicture.barCount(), noiseFloor: Double = WaveformPicture.defaultNoiseFloor) throws {
        let source = try SourceInfo(path: path)
        guard let track = source.defaultAudio.map({ source.audio[$0] }) ?? source.audio.first else { throw ScaleError.noAudioTrack(1, available: 0) }
        let decoding = try StreamDecoder(path: path, streamIndex: track.index, kind: "audio")
        defer { decoding.close() }
        let rate = decoding.decoder.sampleRate
        let reader = SampleReader<Float>(layout: try decoding.decoder.channelLayout(), rate: rate, family: .float)
        let block = max(rate / 100, 1)
        var blocks: [Double] = []
        var (sum, count, frames) = (0.0, 0, 0)
        while let frame = try decoding.nextFrame() {
            let samples = try reader.samples(of: frame)
            for index in 0..<(samples.count / reader.channels) {
                let level = ChannelMerge.mean(samples, frame: index, channels: reader.channels)
                sum += Decibels.level(level, fullScale: Float.fullScale, noiseFloor: noiseFloor)
                count += 1
                if count == block {
                    blocks.append(sum / Double(count))
                    (sum, count) = (0, 0)
                }
            }
            frames += samples.count / reader.channels
        }
        if count > 0 { blocks.append(sum / Double(count)) }
        duration = Double(frames) / Double(max(rate, 1))
        self.noiseFloor = noiseFloor
        levels = Self.averaged(blocks, into: max(bars, 1))
    }

    /// `values` averaged down to at most `count`, each over an equal share.
    static func averaged(_ values: [Double], into count: Int) -> [Double] {
        guard values.count > count else { return values }
        return (0..<count).map { bar in
            let range = (bar * values.count / count)..<((bar + 1) * values.count / count)
            return values[range].reduce(0, +) / Double(range.count)
        }
    }
}
