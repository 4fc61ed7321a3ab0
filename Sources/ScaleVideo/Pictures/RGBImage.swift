/// A colour of an `RGBImage`.
struct RGB: Equatable, Sendable {
    let red: UInt8
    let green: UInt8
    let blue: UInt8

    init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}

/// A picture in memory: 8-bit RGB, row by row from the top, no padding.
public struct RGBImage: Sendable {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// `width × height × 3` bytes; pixel (x, y) starts at `(y × width + x) × 3`.
    public var pixels: [UInt8]

    /// A black picture.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "negative picture size")
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 3)
    }

    func pixel(x: Int, y: Int) -> RGB {
        let index = (y * width + x) * 3
        return RGB(pixels[index], pixels[index + 1], pixels[index + 2])
    }

    /// Paints the part of the rectangle that lies inside the picture.
    mutating func fill(x: Int, y: Int, width rectWidth: Int, height rectHeight: Int, _ colour: RGB) {
        let left = max(0, x)
        let right = min(width, x + rectWidth)
        let top = max(0, y)
        let bottom = min(height, y + rectHeight)
        guard left < right, top < bottom else { return }
        let width = self.width
        pixels.withUnsafeMutableBufferPointer { buffer in
            for row in top..<bottom {
                var index = (row * width + left) * 3
                for _ in left..<right {
                    buffer[index] = colour.red
                    buffer[index + 1] = colour.green
                    buffer[index + 2] = colour.blue
                    index += 3
                }
            }
        }
    }
}
