import CFFmpeg

/// The video stream's picture as the input declares it.
struct SourcePicture {
    let width: Int32
    let height: Int32
    /// Sample (pixel) aspect ratio; 0/1 or 1/1 for square pixels.
    let aspectRatio: AVRational
    /// Degrees the display matrix turns the picture (counter-clockwise), if it has one.
    let rotation: Double?
    let transfer: AVColorTransferCharacteristic
    /// Bits per component of the decoded pixel format.
    let bitDepth: Int32

    init(stream: UnsafeMutablePointer<AVStream>) throws {
        let parameters = stream.pointee.codecpar.pointee
        guard parameters.width >= 2, parameters.height >= 2 else { throw ScaleError.notMedia("picture size is unknown") }
        width = parameters.width
        height = parameters.height
        aspectRatio = parameters.sample_aspect_ratio
        transfer = parameters.color_trc
        let descriptor = av_pix_fmt_desc_get(AVPixelFormat(parameters.format))
        bitDepth = descriptor.map { $0.pointee.comp.0.depth } ?? 8
        var size: Int = 0
        if let matrix = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 36 {
            let degrees = matrix.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
            rotation = degrees.isNaN ? nil : degrees
        } else {
            rotation = nil
        }
    }

    /// PQ (SMPTE ST 2084) or HLG (ARIB STD-B67): high dynamic range.
    var isHDR: Bool { transfer == AVCOL_TRC_SMPTE2084 || transfer == AVCOL_TRC_ARIB_STD_B67 }

    var hasSquarePixels: Bool { aspectRatio.num == 0 || aspectRatio.num == aspectRatio.den }
}
