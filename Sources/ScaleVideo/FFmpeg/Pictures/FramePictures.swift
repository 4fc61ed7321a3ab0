import CFFmpeg

/// A video frame's picture: its size, format and colour, and its planes'
/// rows as sample buffers.
extension Frame {
    var width: Int32 { pointer.pointee.width }
    var height: Int32 { pointer.pointee.height }
    var pixelFormat: PixelFormat { PixelFormat(AVPixelFormat(pointer.pointee.format)) }

    /// The colour the picture is tagged with.
    var colour: ColourTags {
        get {
            ColourTags(
                primaries: pointer.pointee.color_primaries, transfer: pointer.pointee.color_trc,
                matrix: pointer.pointee.colorspace, range: pointer.pointee.color_range)
        }
        set {
            pointer.pointee.color_primaries = newValue.primaries
            pointer.pointee.color_trc = newValue.transfer
            pointer.pointee.colorspace = newValue.matrix
            pointer.pointee.color_range = newValue.range
        }
    }

    /// Makes the picture's buffers the frame's own, copying them if an
    /// encoder or another frame still holds them.
    func makeWritable() throws { try check(av_frame_make_writable(pointer), "av_frame_make_writable") }

    /// The first three planes' starts.
    var planes: [UnsafePointer<UInt8>?] { (0..<3).map { sv_frame_planes(pointer)![$0] } }
    /// The first three planes' starts, to write to.
    var mutablePlanes: [UnsafeMutablePointer<UInt8>?] { (0..<3).map { sv_frame_planes_mutable(pointer)![$0] } }
    /// The first three planes' bytes from one row to the next.
    var strides: [Int32] { (0..<3).map { sv_frame_linesizes(pointer)![$0] } }

    /// `count` samples of type T from the start of row `y` of `plane`.
    func row<T>(_ plane: Int, _ y: Int, count: Int) -> UnsafeBufferPointer<T> {
        let start = sv_frame_planes(pointer)[plane]! + y * Int(sv_frame_linesizes(pointer)[plane])
        return UnsafeBufferPointer(start: UnsafeRawPointer(start).assumingMemoryBound(to: T.self), count: count)
    }

    /// `count` samples of type T from the start of row `y` of `plane`, to write to.
    func mutableRow<T>(_ plane: Int, _ y: Int, count: Int) -> UnsafeMutableBufferPointer<T> {
        let start = sv_frame_planes_mutable(pointer)[plane]! + y * Int(sv_frame_linesizes(pointer)[plane])
        return UnsafeMutableBufferPointer(start: UnsafeMutableRawPointer(start).assumingMemoryBound(to: T.self), count: count)
    }
}
