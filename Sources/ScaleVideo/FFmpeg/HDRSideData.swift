import CFFmpeg

/// The HDR metadata a kept HDR video carries, as libavcodec lays it out.
struct HDRMetadata: Sendable, Equatable {
    /// AVMasteringDisplayMetadata's bytes, if there is one.
    let masteringDisplay: [UInt8]?
    /// AVContentLightMetadata's bytes, if there is one.
    let contentLightLevel: [UInt8]?

    /// Whether a part is missing.
    var isPartial: Bool { masteringDisplay == nil || contentLightLevel == nil }

    /// These parts, with `other`'s where these have none.
    func filled(from other: HDRMetadata?) -> HDRMetadata {
        HDRMetadata(
            masteringDisplay: masteringDisplay ?? other?.masteringDisplay,
            contentLightLevel: contentLightLevel ?? other?.contentLightLevel)
    }
}

extension Stream {
    /// The stream's own HDR metadata.
    var hdrMetadata: HDRMetadata {
        HDRMetadata(
            masteringDisplay: sideData(AV_PKT_DATA_MASTERING_DISPLAY_METADATA).map { Array($0) },
            contentLightLevel: sideData(AV_PKT_DATA_CONTENT_LIGHT_LEVEL).map { Array($0) })
    }

    /// Gives an output stream `metadata` as its side data.
    func add(_ metadata: HDRMetadata) throws {
        for (kind, bytes) in [
            (AV_PKT_DATA_MASTERING_DISPLAY_METADATA, metadata.masteringDisplay),
            (AV_PKT_DATA_CONTENT_LIGHT_LEVEL, metadata.contentLightLevel),
        ] {
            guard let bytes else { continue }
            try bytes.withUnsafeBytes { try addSideData(kind, $0) }
        }
    }

    /// Copies this stream's display matrix, if it has one, to `target`.
    func copyDisplayMatrix(to target: Stream) throws {
        guard let matrix = sideData(AV_PKT_DATA_DISPLAYMATRIX) else { return }
        try target.addSideData(AV_PKT_DATA_DISPLAYMATRIX, matrix)
    }
}

extension Frame {
    /// The HDR metadata the frame carries (HEVC and AV1 keep it in the bitstream).
    var hdrMetadata: HDRMetadata {
        HDRMetadata(
            masteringDisplay: sideData(AV_FRAME_DATA_MASTERING_DISPLAY_METADATA).map { Array($0) },
            contentLightLevel: sideData(AV_FRAME_DATA_CONTENT_LIGHT_LEVEL).map { Array($0) })
    }
}
