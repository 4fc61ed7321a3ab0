/// The HDR metadata of a source's video stream.
enum StreamSideData {
    /// The mastering-display colour volume and content light level of an
    /// HDR video stream: the stream's own, or else (HEVC and AV1 keep them
    /// in the bitstream) those of its first frame.
    static func hdrMetadata(of path: String, streamIndex: Int32) throws -> HDRMetadata {
        let decoding = try StreamDecoder(path: path, streamIndex: streamIndex, kind: "video")
        let own = decoding.stream.hdrMetadata
        guard own.isPartial else { return own }
        return own.filled(from: try decoding.nextFrame()?.hdrMetadata)
    }
}
