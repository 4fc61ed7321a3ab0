import CFFmpeg

/// Side data the output's video stream takes over from the source's.
enum StreamSideData {
    /// Copies the source stream's display matrix, if it has one.
    static func copyDisplayMatrix(from source: Stream, to target: Stream) throws {
        guard let matrix = source.sideData(AV_PKT_DATA_DISPLAYMATRIX) else { return }
        try target.addSideData(AV_PKT_DATA_DISPLAYMATRIX, matrix)
    }

    /// Copies the mastering-display colour volume and content light level of
    /// an HDR stream: the stream's own, or else (HEVC and AV1 keep them in
    /// the bitstream) those of its first frame.
    static func copyHDRMetadata(from source: Stream, firstFrame: () throws -> Frame?, to target: Stream) throws {
        let kinds = [
            (AV_PKT_DATA_MASTERING_DISPLAY_METADATA, AV_FRAME_DATA_MASTERING_DISPLAY_METADATA),
            (AV_PKT_DATA_CONTENT_LIGHT_LEVEL, AV_FRAME_DATA_CONTENT_LIGHT_LEVEL),
        ]
        var frame: Frame??
        for (streamKind, frameKind) in kinds {
            if let data = source.sideData(streamKind) {
                try target.addSideData(streamKind, data)
                continue
            }
            if frame == nil { frame = .some(try firstFrame()) }
            guard let frame = frame ?? nil, let data = frame.sideData(frameKind) else { continue }
            try target.addSideData(streamKind, data)
        }
    }
}
