import Glibc

/// How a display matrix says the picture is shown (SPEC §12): turned by a
/// quarter or half turn, mirrored, or both. It is read as FFmpeg's own
/// players read it (ffplay's and the ffmpeg command's autorotate), and where
/// the output container cannot mark it the pixels are turned by the same
/// libavfilter steps, so the output shows what the source showed.
enum Orientation: String, Sendable {
    case clockwise = "transpose=clock"
    case counterClockwise = "transpose=cclock"
    case halfTurn = "hflip,vflip"
    /// Turned a quarter clockwise, then mirrored: the picture's diagonal swapped.
    case clockwiseMirrored = "transpose=cclock_flip"
    /// Turned a quarter counter-clockwise, then mirrored.
    case counterClockwiseMirrored = "transpose=clock_flip"
    case mirrored = "hflip"
    case upsideDown = "vflip"

    /// The orientation of a display matrix (nine 16.16 fixed-point numbers,
    /// as libavutil lays them out); nil where it shows the picture as
    /// decoded, or turns it by other than quarter turns (which no camera writes).
    init?(matrix m: [Int32]) {
        guard m.count == 9 else { return nil }
        let (a, b, c, d) = (Double(m[0]), Double(m[1]), Double(m[3]), Double(m[4]))
        let scales = (hypot(a, c), hypot(b, d))
        guard scales.0 > 0, scales.1 > 0 else { return nil }
        // libavutil's av_display_rotation_get is -atan2(b, a) in degrees;
        // the players turn the other way, in [0, 360).
        var theta = (atan2(b / scales.1, a / scales.0) * 180 / .pi).rounded()
        theta -= 360 * (theta / 360 + 0.9 / 360).rounded(.down)
        switch theta {
        case 89...91: self = c > 0 ? .clockwiseMirrored : .clockwise
        case 179...181:
            switch (a < 0, d < 0) {
            case (true, true): self = .halfTurn
            case (true, false): self = .mirrored
            case (false, true): self = .upsideDown
            case (false, false): return nil
            }
        case 269...271: self = c < 0 ? .counterClockwiseMirrored : .counterClockwise
        case -1...1:
            guard d < 0 else { return nil }
            self = .upsideDown
        default: return nil
        }
    }

    /// The libavfilter chain that turns the pixels this way.
    var filters: String { rawValue }

    /// Whether the picture's width and height trade places.
    var swapsSides: Bool { [.clockwise, .counterClockwise, .clockwiseMirrored, .counterClockwiseMirrored].contains(self) }

    /// As the report names it: "rotation 90° clockwise", "mirrored", …
    var description: String {
        switch self {
        case .clockwise: "rotation 90° clockwise"
        case .counterClockwise: "rotation 90° counter-clockwise"
        case .halfTurn: "rotation 180°"
        case .clockwiseMirrored: "rotation 90° clockwise, mirrored"
        case .counterClockwiseMirrored: "rotation 90° counter-clockwise, mirrored"
        case .mirrored: "mirrored"
        case .upsideDown: "upside down (mirrored top to bottom)"
        }
    }
}
