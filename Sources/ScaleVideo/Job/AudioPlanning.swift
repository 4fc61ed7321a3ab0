extension JobPlan {
    /// The audio plan of `request` for the `counted` audio of its input:
    /// trimmed, padded and cut into the map's segments. nil when nothing is
    /// left to scale and the audio is not `required`. Along a time map,
    /// fails when a segment that is not a freeze holds no sample.
    static func audio(
        _ counted: CountedAudio, streamIndex: Int32, tags: [Tag], request: ScaleRequest, container: OutputContainer,
        whole: Rational, scale: TimeScale, timeMap: TimeMap?, hasVideo: Bool, required: Bool, warning: (String) -> Void
    ) throws -> AudioPlan? {
        let range = request.trim.samples(rate: counted.rate, duration: whole)
        var planned = counted.alignment.trimmed(from: range.start, to: range.end)
        let available = planned.count
        if request.padAudio && hasVideo {
            let end = timeMap == nil ? scale.sourceDuration : whole
            planned = planned.padded(to: Int(end.ticks(per: Int64(counted.rate))))
        }
        let segments: AudioMapPlan
        if let timeMap, planned.count > 0 {
            do throws(TimeMapError) {
                segments = try AudioMapPlan(map: timeMap, rate: counted.rate, count: planned.count, sourceDuration: whole)
            } catch {
                throw ScaleError.failed(error.description)
            }
        } else {
            segments = AudioMapPlan(count: planned.count, length: scale.audioLength(count: planned.count))
        }
        guard planned.count > 0, segments.length > 0 else {
            if required { throw ScaleError.noAudioSamples }
            warning("audio left out: it holds no samples to scale while the video plays")
            return nil
        }
        let encoding = AudioEncoding(
            codec: request.audioCodec, container: container, source: counted.family, sourceName: counted.familyName)
        if let rates = encoding.keptRates, !rates.contains(counted.rate) {
            let kept = rates.count == 1 ? "\(rates[0])" : rates.dropLast().map(String.init).joined(separator: ", ") + " or \(rates.last ?? 0)"
            throw ScaleError.failed(
                "\(encoding.codec.rawValue) audio cannot keep its rate of \(counted.rate) Hz: it holds \(kept) Hz, and "
                    + "resampling would change every sample (flac or pcm, in .mkv, keep any rate)")
        }
        return AudioPlan(
            input: request.input, streamIndex: streamIndex, tags: tags, rate: counted.rate, samples: segments.length,
            alignment: planned, available: available, segments: segments, encoding: encoding, mono: request.mono,
            keepsPitch: request.keepPitch)
    }
}
