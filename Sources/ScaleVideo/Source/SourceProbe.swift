import FoundationEssentials
import Glibc

extension SourceInfo {
    /// Probes the file at `path`.
    init(path: String) throws {
        var status = stat()
        guard stat(path, &status) == 0 else { throw ScaleError.notFound }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw ScaleError.isDirectory }
        guard status.st_mode & S_IFMT == S_IFREG else { throw ScaleError.notRegularFile }
        guard status.st_size > 0 else { throw ScaleError.empty }
        let input: InputFile
        do {
            input = try InputFile(path: path)
        } catch let error as FFmpegError {
            throw ScaleError.notMedia(error.message)
        }
        let streams = input.streams
        // A cover picture is a video stream too, but not a movie's picture.
        let moving = streams.filter { $0.kind == .video }
        let videoStream =
            input.bestVideoStream.flatMap { best in moving.contains { $0.index == best.index } ? best : nil }
            ?? moving.first
        let video = try videoStream.map { try SourceVideo(stream: $0, in: input) }
        let audio = streams.filter(\.isAudio).map {
            SourceAudio(index: $0.index, start: $0.start, tags: $0.tags, isDefault: $0.isDefault, isForced: $0.isForced)
        }
        guard videoStream != nil || !audio.isEmpty else { throw ScaleError.noStreams }
        let subtitles = streams.filter { $0.kind == .subtitle }.map {
            SourceSubtitle(
                index: $0.index, codec: $0.codecName, isText: $0.holdsText, timeBase: $0.timeBase, tags: $0.tags,
                isDefault: $0.isDefault, isForced: $0.isForced)
        }
        let best = input.bestAudioStream?.index
        let cover = streams.first { $0.kind == .picture && !$0.pictureBytes.isEmpty }
        let attachments = streams.filter { $0.kind == .attachment && !$0.extradata.isEmpty }.map {
            SourceAttachment(bytes: $0.extradata, tags: $0.tags)
        }
        let timecode = (videoStream?.tags ?? []) + input.tags
        let start = timecode.first { $0.key.lowercased() == "timecode" }?.value
        var leftOut: [StreamKind: Int] = [:]
        for stream in streams
        where stream.index != videoStream?.index && ![.audio, .subtitle, .chapters, .timecode, .attachment].contains(stream.kind)
            && stream.index != cover?.index
        {
            leftOut[stream.kind, default: 0] += 1
        }
        self.init(
            video: video, audio: audio, defaultAudio: audio.firstIndex { $0.index == best }, subtitles: subtitles,
            attachments: attachments,
            cover: cover.map {
                SourceCover(index: $0.index, bytes: $0.pictureBytes, codec: $0.codecName, width: $0.picture.width, height: $0.picture.height)
            },
            timecode: start, tags: input.tags,
            chapters: input.chapters, leftOut: leftOut,
            streams: streams.map { SourceStream(index: $0.index, kind: $0.kind, codec: $0.namedCodec ?? "unknown", tags: $0.tags) })
    }
}

extension SourceVideo {
    init(stream: Stream, in input: InputFile) throws {
        // Found before anything is planned, so that --dry-run fails where the run would.
        guard stream.canBeDecoded else {
            throw ScaleError.failed("its \(stream.describedCodec) cannot be decoded by this FFmpeg (\(FFmpegVersions.release))")
        }
        let base = stream.timeBase
        guard base.isPositive else { throw ScaleError.notMedia("video time base is invalid") }
        let references = PacketReferences(stream: stream)
        // Read first, while the file is at its start.
        let shown = try Self.firstShownTimestamps(of: stream, in: input, references: references)
        // The first frame shown (SPEC §3), where the stream's start may count packets before its first key frame.
        let start = shown.min().flatMap(base.seconds(ofTicks:)) ?? stream.start
        let rate =
            FrameSpacing(timestamps: shown, timeBase: base).map { FrameSpacing.sourceRate(average: stream.averageRate, spacing: $0) }
            ?? (rate: stream.averageRate, isVariable: stream.averageRate != stream.baseRate)
        self.init(
            streamIndex: stream.index, timeBase: base, start: start,
            duration: try Self.duration(of: stream, start: start, in: input), picture: try SourcePicture(stream: stream),
            tags: stream.tags, references: references, frameRate: rate.rate, isVariableRate: rate.isVariable)
    }

    /// How many frames from the start the rate is read from (40 s at 30 fps).
    static let framesForRate = 1200

    /// The presentation timestamps of the stream's first shown frames, up
    /// to `framesForRate`: where the stream goes on, the latest few are
    /// left out, so that no frame reordered past the last packet read is
    /// missing between. Packets before its first key packet (a transport
    /// stream joined between key frames) show nothing, a decoder starting at
    /// a key frame; where none is marked so, every packet counts.
    /// The file is then read from the stream's start again.
    private static func firstShownTimestamps(of stream: Stream, in input: InputFile, references: PacketReferences) throws -> [Int64] {
        input.readOnly([stream.index])
        defer { try? input.seek(streamIndex: stream.index, to: stream.timeBase.ticks(at: stream.start) ?? 0) }
        let packet = try Packet()
        var stamps: [Int64] = []
        var ended = false
        /// How many of `stamps` came before the first key packet.
        var beforeKey: Int?
        // Packets read while the streams were probed come back whatever is discarded.
        while stamps.count < framesForRate + reorderDepth {
            // A packet that cannot be read (damage) ends the sample, but not the stream.
            guard let read = try? input.read(into: packet) else { break }
            guard read else {
                ended = true
                break
            }
            guard packet.streamIndex == stream.index else { continue }
            if beforeKey == nil && packet.isKey { beforeKey = stamps.count }
            if references.givesPicture(packet), let stamp = packet.pts ?? packet.dts { stamps.append(stamp) }
        }
        let shown = Array(stamps.dropFirst(beforeKey ?? 0))
        return ended ? shown : Array(shown.sorted().dropLast(reorderDepth))
    }

    /// More frames than a decoder holds back to put them in order (H.264 and HEVC: 16).
    private static let reorderDepth = 32

    /// The stream's duration as its packets show it (SPEC §3, §12): from
    /// its first frame to the end of its last (PacketSpan), whatever the
    /// header declares (the stream's duration; a Matroska DURATION tag, an
    /// end time as FFmpeg writes it or a length as mkvmerge does). What it
    /// declares stands only where no packet can be read, and tells where to
    /// look for the last packets. The file is truncated only where its
    /// packets really stop early: its own index lists frames well past
    /// them, or a Matroska file states an end well beyond them either way.
    private static func duration(of stream: Stream, start: Rational, in input: InputFile) throws -> Rational {
        let declared = declaredEnds(of: stream, start: start)
        guard let end = try measuredEnd(of: stream, near: declared.max() ?? input.duration, in: input) else {
            guard let seconds = declared.first?.subtracting(start), seconds.isPositive else { throw ScaleError.unknownDuration }
            return seconds
        }
        let indexed = stream.lastIndexedTimestamp.flatMap { stream.timeBase.seconds(ofTicks: $0) }
        let tagged = stream.declaredDuration == nil ? declared.min() : nil
        let promised = [indexed, tagged].compactMap { $0 }.max()
        if let promised, promised.doubleValue - end.doubleValue > SourceVideo.missingTolerance, let seconds = end.subtracting(start) {
            throw ScaleError.truncated(endsAt: seconds.doubleValue, declared: (promised.subtracting(start) ?? promised).doubleValue)
        }
        guard let seconds = end.subtracting(start), seconds.isPositive else { throw ScaleError.unknownDuration }
        return seconds
    }

    /// Where the header says the stream ends on the file's time line: after
    /// its declared duration; or, from a Matroska DURATION tag, at the tag
    /// and at its length after the start.
    private static func declaredEnds(of stream: Stream, start: Rational) -> [Rational] {
        if let seconds = stream.statedSeconds, seconds.isPositive, let end = start.adding(seconds)
        {
            return [end]
        }
        guard let tag = stream.tags.first(where: { $0.key.uppercased() == "DURATION" }), let value = Rational(clockTime: tag.value) else {
            return []
        }
        return [value, start.adding(value)].compactMap { $0 }
    }

    /// Where the stream's last frame ends, read from its packets: those
    /// from the key frame a few seconds before where the header says it
    /// ends (a seek that lands earlier only reads more), else all of them.
    private static func measuredEnd(of stream: Stream, near hint: Rational?, in input: InputFile) throws -> Rational? {
        input.readOnly([stream.index])
        let before = Rational(5, 1)!
        if let hint, let from = hint.subtracting(before).flatMap(stream.timeBase.ticks(at:)), from > 0,
            (try? input.seek(streamIndex: stream.index, to: from)) != nil
        {
            if let tail = span(of: stream, in: input).end { return tail }
            try input.seek(streamIndex: stream.index, to: stream.timeBase.ticks(at: stream.start) ?? 0)
        }
        return span(of: stream, in: input).end
    }

    /// The span of the stream's packets from where the file is read to its
    /// end. A packet that cannot be read is passed over, and a demuxer that
    /// fails again and again ends the stream there, as the lanes read it
    /// (StreamDecoder).
    private static func span(of stream: Stream, in input: InputFile) -> PacketSpan {
        var span = PacketSpan(timeBase: stream.timeBase)
        guard let packet = try? Packet() else { return span }
        var failures = 0
        // Packets read while the streams were probed come back whatever is discarded.
        while failures < StreamDecoder.unreadableLimit {
            do {
                guard try input.read(into: packet) else { break }
                failures = 0
            } catch {
                failures += 1
                continue
            }
            if packet.streamIndex == stream.index { span.add(packet) }
        }
        return span
    }
}

extension SourcePicture {
    init(stream: Stream) throws {
        let picture = stream.picture
        guard picture.width > 0, picture.height > 0 else { throw ScaleError.notMedia("picture size is unknown") }
        self.init(
            width: picture.width, height: picture.height,
            aspectRatio: picture.aspectRatio, orientation: stream.displayMatrix.flatMap(Orientation.init(matrix:)),
            isHDR: picture.colour.isHDR,
            format: PictureFormat(stream.sideAlphaDecoder != nil ? .yuva420p : picture.format),
            isFullRange: picture.colour.isFullRange || picture.format.isFullRangeYUV)
    }
}
