/// How a job's plan decides the written picture: its size checked, its
/// mode, format, range and orientation, flow's needs, and the lengths of
/// picture and sound compared.
extension JobPlan {
    /// Tells when the picture and the sound (lined up with it) last very
    /// differently, one less than half the other and more than half a
    /// second apart: scaled alike, the output's picture and sound then end
    /// far apart too, which the result line alone would not show.
    static func warnOfUnevenLengths(
        picture: Rational, sound: CountedAudio?, frames: Int, fps: Rational, audio: AudioPlan?, warning: (String) -> Void
    ) {
        guard let sound, let audio else { return }
        let written = (picture: Double(frames) / fps.doubleValue, sound: Double(audio.writtenSamples) / Double(audio.writtenRate))
        let (seen, heard) = (picture.doubleValue, Double(sound.alignment.count) / Double(sound.rate))
        guard abs(seen - heard) > 0.5, min(seen, heard) < max(seen, heard) / 2 else { return }
        let seconds = { (value: Double) in String(printf: "%.3f", value) }
        warning(
            "its picture lasts \(seconds(seen)) s and its sound \(seconds(heard)) s: the output's picture lasts "
                + "\(seconds(written.picture)) s and its sound \(seconds(written.sound)) s")
    }

    /// This FFmpeg has the codec's encoder, and it takes pictures of
    /// `codec.smallestSide` each way and more.
    static func checkEncoder(_ picture: SourcePicture, codec: VideoCodec) throws {
        guard codec.encoder.isAvailable else {
            throw ScaleError.failed("this FFmpeg has no \(codec.encoder.name) encoder, which writes \(codec.title) here")
        }
        let (width, height, least) = (picture.width & ~1, picture.height & ~1, codec.smallestSide)
        guard width < least || height < least else { return }
        throw ScaleError.failed(
            "its picture is \(picture.width)x\(picture.height), too small to encode: \(codec.title) takes pictures of at least "
                + "\(least)x\(least) (a size is rounded down to even)")
    }

    /// How `video`'s picture is written: its mode, the pixel format, for
    /// HDR kept the metadata the source has (read from its first frame
    /// where the stream does not hold it), and its orientation turned into
    /// the pixels where `container` cannot mark it.
    static func picture(of video: SourceVideo, request: ScaleRequest, container: OutputContainer) throws -> PicturePlan {
        let mode = PictureMode(source: video.picture, keepHDR: request.keepHDR)
        if request.motion == .flow { try checkFlow(video.picture) }
        let format = video.picture.format.written(
            by: request.videoCodec, profile: request.proResProfile, mode: mode, motion: request.motion)
        do {
            let hdr = mode == .highDynamicRange ? try StreamSideData.hdrMetadata(of: request.input, streamIndex: video.streamIndex) : nil
            let turn = container.marksOrientation ? nil : video.picture.orientation
            let fullRange = video.picture.isFullRange && mode == .standard && request.videoCodec.encoder.marksFullRange
            return PicturePlan(mode: mode, format: format, hdr: hdr, fullRange: fullRange, turn: turn, shorterSide: request.shorterSide)
        } catch let error as FFmpegError {
            throw ScaleError.failed("its HDR metadata cannot be read (\(error.message))")
        }
    }

    /// `--motion flow` makes pictures (OpticalFlowInBetweens) of at least
    /// 32x32, with its library (FlowLibrary), which is loaded here.
    static func checkFlow(_ picture: SourcePicture) throws {
        if picture.width & ~1 < 32 || picture.height & ~1 < 32 {
            let size = "\(picture.width)x\(picture.height)"
            throw ScaleError.failed("--motion flow needs a picture of at least 32x32 (this one is \(size)): use --motion blend")
        }
        _ = try FlowLibrary.loaded()
    }
}
