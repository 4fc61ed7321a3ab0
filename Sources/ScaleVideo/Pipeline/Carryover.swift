import CFFmpeg

/// What the output took over from the source, what it changed and what it
/// left out, in words.
public struct Carryover: Sendable, Equatable {
    public var kept: [String] = []
    public var changed: [String] = []
    public var dropped: [String] = []

    public var isEmpty: Bool { kept.isEmpty && changed.isEmpty && dropped.isEmpty }

    init(source: SourceInfo, mode: PictureMode, container: OutputContainer?, chapters: Int, audioTrack: Int?, hasAudio: Bool) {
        let tags = source.tags.carriedFromContainer.map { $0.key.lowercased() }
        if !tags.isEmpty { kept.append("tags (\(tags.joined(separator: ", ")))") }
        if chapters > 0 { kept.append("\(chapters) chapter\(chapters == 1 ? "" : "s") (retimed)") }
        let languages = (source.videoTags + (hasAudio ? source.audioTags : [])).filter {
            $0.key.lowercased() == "language" && $0.value != "und"
        }
        if !languages.isEmpty { kept.append("stream languages") }
        describePicture(source.picture, mode: mode, container: container)
        if hasAudio, let audioTrack { kept.append("audio track \(audioTrack)") }
        if source.audioStreamIndex != nil && !hasAudio { dropped.append("audio (it could not be scaled)") }
        let names: [(StreamKind, String)] = [
            (.audio, "other audio track"), (.video, "other video stream"), (.subtitle, "subtitle stream"),
            (.picture, "cover picture"), (.attachment, "attachment"), (.data, "data stream"),
        ]
        for (kind, name) in names {
            guard let count = source.leftOut[kind], count > 0 else { continue }
            dropped.append("\(count) \(name)\(count == 1 ? "" : "s")")
        }
    }

    private mutating func describePicture(_ picture: SourcePicture, mode: PictureMode, container: OutputContainer?) {
        if let degrees = picture.rotation.map({ Int($0.rounded()) }), degrees % 360 != 0 {
            let turn = abs(degrees) == 180 ? "rotation 180°" : "rotation \(abs(degrees))° " + (degrees < 0 ? "clockwise" : "counter-clockwise")
            // FFmpeg 5.1's Matroska muxer writes no display matrix.
            if container == .mkv {
                dropped.append("\(turn) (Matroska cannot mark it; use .mov or .mp4)")
            } else {
                kept.append(turn)
            }
        }
        if !picture.hasSquarePixels {
            kept.append("pixel aspect ratio \(picture.aspectRatio.num):\(picture.aspectRatio.den)")
        }
        switch mode {
        case .toneMapped: changed.append("HDR tone-mapped to SDR BT.709")
        case .highDynamicRange: kept.append("HDR (10-bit, colour tags, mastering data)")
        case .standard where picture.bitDepth > 8: changed.append("\(picture.bitDepth)-bit video reduced to 8-bit")
        case .standard: break
        }
        if picture.width & 1 != 0 || picture.height & 1 != 0 {
            changed.append("size \(picture.width)x\(picture.height) rounded down to \(picture.width & ~1)x\(picture.height & ~1)")
        }
    }
}
