/// The decode-only pass of SPEC §5 over the audio stream, before any
/// output sample: how many samples per channel the decoder yields (up to
/// the end an mp4/mov track declares) and where the first one lies. PCM in
/// a WAV or AIFF file is counted from its size instead, without decoding;
/// so is an mp4/mov track whose declared end lies past the part of it a job
/// takes, which the audio lane then checks it reaches.
enum SourceAudioCount {
    /// Counts the samples and lines them up with the video, which starts at
    /// `videoStart` seconds; without video (nil) the audio's own first
    /// sample is the start.
    /// - Parameters:
    ///   - bound: where the part of the lined-up audio a job takes ends, in
    ///     seconds, when it ends before the source does.
    ///   - isCancelled: asked between frames; the count stops when it says so.
    static func count(
        path: String, streamIndex: Int32, videoStart: Rational?, bound: Rational?, isCancelled: () -> Bool
    ) throws -> CountedAudio? {
        let decoding = try StreamDecoder(path: path, streamIndex: streamIndex, kind: "audio")
        let family = SampleFamily(decoding: decoding.decoder)
        let name = SampleFamily.name(decoding: decoding.decoder)
        let rate = decoding.decoder.sampleRate
        let layout = try decoding.decoder.channelLayout()
        var count = 0
        var first: Int64?
        /// The audio lined up with the video, from the first sample's time.
        func lined(_ count: Int) -> AudioAlignment? {
            // Audio without timestamps is taken to start with the video.
            let start = first.flatMap { decoding.stream.timeBase.seconds(ofTicks: $0) }
            return AudioAlignment(
                decoded: count, audioStart: start ?? videoStart ?? .zero, videoStart: videoStart ?? start ?? .zero, rate: rate)
        }
        if let known = try decoding.countWithoutDecoding() {
            (count, first) = known
        } else {
            while true {
                if isCancelled() { throw ScaleError.cancelled }
                guard let frame = try decoding.nextFrame() else { break }
                if first == nil {
                    first = frame.timestamp
                    if let declared = decoding.declaredSampleCount, let bound,
                        let declaredAlignment = lined(declared), declaredAlignment.count > Int(bound.ticks(per: Int64(rate))) + 1
                    {
                        return CountedAudio(alignment: declaredAlignment, rate: rate, family: family, familyName: name, layout: layout)
                    }
                }
                count += frame.sampleCount
            }
        }
        if count == 0, decoding.packetsDecoded == 0, let stated = decoding.stream.statedSeconds, stated.isPositive {
            throw ScaleError.undecodable(decoding.stream.describedCodec, release: FFmpegVersions.release, seconds: stated.doubleValue)
        }
        if let declared = decoding.declaredSampleCount { count = min(count, declared) }
        return lined(count).map { CountedAudio(alignment: $0, rate: rate, family: family, familyName: name, layout: layout) }
    }
}

/// The source's audio as the counting pass found it.
struct CountedAudio {
    let alignment: AudioAlignment
    let rate: Int
    /// The decoder's sample family, as a freshly opened decoder gives it.
    let family: SampleFamily
    /// The decoder's samples as reports name them: `8-bit` where the family is 16-bit.
    let familyName: String
    /// The decoder's channel layout.
    let layout: ChannelLayout
}
