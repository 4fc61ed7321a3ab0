import CFFmpeg

/// Side data the output's video stream takes over from the source's.
enum StreamSideData {
    /// Copies the source stream's display matrix, if it has one.
    static func copyDisplayMatrix(from source: Stream, to target: Stream) throws {
        guard let matrix = source.sideData(AV_PKT_DATA_DISPLAYMATRIX) else { return }
        try target.addSideData(AV_PKT_DATA_DISPLAYMATRIX, matrix)
    }

    /// The mastering-display colour volume and content light level of an
    /// HDR video stream: the stream's own, or else (HEVC and AV1 keep them
    /// in the bitstream) those of its first frame.
    static func hdrMetadata(of path: String, streamIndex: Int32) throws -> HDRMetadata {
        let decoding = try StreamDecoder(path: path, streamIndex: streamIndex, kind: "video")
        let source = decoding.stream
        var frame: Frame??
        func bytes(_ streamKind: AVPacketSideDataType, _ frameKind: AVFrameSideDataType) throws -> [UInt8]? {
            if let data = source.sideData(streamKind) { return Array(data) }
            if frame == nil { frame = .some(try decoding.nextFrame()) }
            return (frame ?? nil)?.sideData(frameKind).map { Array($0) }
        }
        return HDRMetadata(
            masteringDisplay: try bytes(AV_PKT_DATA_MASTERING_DISPLAY_METADATA, AV_FRAME_DATA_MASTERING_DISPLAY_METADATA),
            contentLightLevel: try bytes(AV_PKT_DATA_CONTENT_LIGHT_LEVEL, AV_FRAME_DATA_CONTENT_LIGHT_LEVEL))
    }

    /// Gives the output stream `metadata` as its side data.
    static func add(_ metadata: HDRMetadata, to target: Stream) throws {
        for (kind, bytes) in [
            (AV_PKT_DATA_MASTERING_DISPLAY_METADATA, metadata.masteringDisplay),
            (AV_PKT_DATA_CONTENT_LIGHT_LEVEL, metadata.contentLightLevel),
        ] {
            guard let bytes else { continue }
            try bytes.withUnsafeBytes { try target.addSideData(kind, $0) }
        }
    }
}

/// The HDR metadata a kept HDR video carries, as libavcodec lays it out.
struct HDRMetadata: Sendable {
    /// AVMasteringDisplayMetadata's bytes, if the source has one.
    let masteringDisplay: [UInt8]?
    /// AVContentLightMetadata's bytes, if the source has one.
    let contentLightLevel: [UInt8]?
}
