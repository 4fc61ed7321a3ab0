import CFFmpeg

/// Side data the output's video stream takes over from the source's.
enum StreamSideData {
    /// Copies the source stream's display matrix, if it has one.
    static func copyDisplayMatrix(from source: UnsafeMutablePointer<AVStream>, to target: UnsafeMutablePointer<AVStream>) throws {
        var size: Int = 0
        guard let matrix = av_stream_get_side_data(source, AV_PKT_DATA_DISPLAYMATRIX, &size), size > 0 else { return }
        try add(AV_PKT_DATA_DISPLAYMATRIX, UnsafeRawBufferPointer(start: matrix, count: size), to: target)
    }

    /// Copies the mastering-display colour volume and content light level of
    /// an HDR stream: the stream's own, or else (HEVC and AV1 keep them in
    /// the bitstream) those of its first frame.
    static func copyHDRMetadata(
        from source: UnsafeMutablePointer<AVStream>, firstFrame: () throws -> Frame?, to target: UnsafeMutablePointer<AVStream>
    ) throws {
        let kinds = [
            (AV_PKT_DATA_MASTERING_DISPLAY_METADATA, AV_FRAME_DATA_MASTERING_DISPLAY_METADATA),
            (AV_PKT_DATA_CONTENT_LIGHT_LEVEL, AV_FRAME_DATA_CONTENT_LIGHT_LEVEL),
        ]
        var frame: Frame??
        for (streamKind, frameKind) in kinds {
            var size: Int = 0
            if let data = av_stream_get_side_data(source, streamKind, &size), size > 0 {
                try add(streamKind, UnsafeRawBufferPointer(start: data, count: size), to: target)
                continue
            }
            if frame == nil { frame = .some(try firstFrame()) }
            guard let frame = frame ?? nil, let data = av_frame_get_side_data(frame.pointer, frameKind) else { continue }
            try add(streamKind, UnsafeRawBufferPointer(start: data.pointee.data, count: Int(data.pointee.size)), to: target)
        }
    }

    private static func add(_ kind: AVPacketSideDataType, _ bytes: UnsafeRawBufferPointer, to target: UnsafeMutablePointer<AVStream>) throws {
        guard let copy = av_stream_new_side_data(target, kind, bytes.count) else {
            throw FFmpegError(sv_averror(ENOMEM), "av_stream_new_side_data")
        }
        UnsafeMutableRawBufferPointer(start: copy, count: bytes.count).copyMemory(from: bytes)
    }
}
