import CFFmpeg
import FoundationEssentials
import Glibc

/// Saves pictures as PNG files with libavcodec's PNG encoder.
enum PNGWriter {
    /// The PNG file's bytes.
    static func encode(_ image: RGBImage) throws -> Data {
        let encoder = try Encoder(name: "png", globalHeader: false) { context in
            context.pointee.width = Int32(image.width)
            context.pointee.height = Int32(image.height)
            context.pointee.pix_fmt = AV_PIX_FMT_RGB24
            context.pointee.time_base = AVRational(num: 1, den: 1)
        }
        let frame = try Frame(width: Int32(image.width), height: Int32(image.height), format: PixelFormat(AV_PIX_FMT_RGB24))
        let plane = sv_frame_planes_mutable(frame.pointer)[0]!
        let linesize = Int(sv_frame_linesizes(frame.pointer)[0])
        let rowBytes = image.width * 3
        image.pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<image.height {
                (plane + row * linesize).update(from: pixels.baseAddress! + row * rowBytes, count: rowBytes)
            }
        }
        frame.pts = 0
        try encoder.send(frame)
        try encoder.send(nil)
        let packet = try Packet()
        var data = Data()
        while try encoder.receive(into: packet) == .value {
            data.append(packet.pointer.pointee.data, count: Int(packet.pointer.pointee.size))
            packet.unref()
        }
        return data
    }
}
