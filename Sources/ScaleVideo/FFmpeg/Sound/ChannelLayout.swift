import CFFmpeg

/// An owned AVChannelLayout. FFmpeg 5.1 keeps the old `channel_layout`
/// mask beside `ch_layout`; only `ch_layout` is read, here.
final class ChannelLayout {
    var layout = AVChannelLayout()

    /// The default layout of `channels` channels.
    init(channels: Int32) {
        av_channel_layout_default(&layout, channels)
    }

    /// A decoder's layout; the default one of as many channels when it gives only a count.
    init(decoding context: UnsafeMutablePointer<AVCodecContext>) throws {
        try check(av_channel_layout_copy(&layout, &context.pointee.ch_layout), "channel layout")
        if layout.order == AV_CHANNEL_ORDER_UNSPEC {
            let channels = layout.nb_channels
            av_channel_layout_uninit(&layout)
            av_channel_layout_default(&layout, channels)
        }
    }

    /// A copy of `other`.
    init(copying other: ChannelLayout) throws {
        try check(av_channel_layout_copy(&layout, &other.layout), "channel layout")
    }

    /// The layout FFmpeg names `name` ("5.1", "5.1(side)", …).
    init(named name: String) throws {
        try check(av_channel_layout_from_string(&layout, name), "channel layout \(name)")
    }

    deinit { av_channel_layout_uninit(&layout) }

    var channels: Int { Int(layout.nb_channels) }

    /// FFmpeg's name for it ("5.1(side)").
    var name: String {
        var buffer = [CChar](repeating: 0, count: 64)
        guard av_channel_layout_describe(&layout, &buffer, buffer.count) > 0 else { return "\(channels) channels" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The name of the layout `encoderName` takes in place of this one,
    /// where it takes not this one but one of as many channels that differs
    /// only in naming its surround pair side or back (libopus takes 5.1 but
    /// not 5.1(side); the samples are the same, channel for channel, as the
    /// ffmpeg command's own conversion gives them); nil otherwise.
    func replacement(for encoderName: String) -> String? {
        guard layout.order == AV_CHANNEL_ORDER_NATIVE, let held = Self.layouts(heldBy: encoderName) else { return nil }
        let (side, back) = (Self.bits(AV_CHAN_SIDE_LEFT, AV_CHAN_SIDE_RIGHT), Self.bits(AV_CHAN_BACK_LEFT, AV_CHAN_BACK_RIGHT))
        let mask = layout.u.mask
        guard !held.contains(mask) else { return nil }
        let swapped: UInt64
        if mask & side == side && mask & back == 0 {
            swapped = mask & ~side | back
        } else if mask & back == back && mask & side == 0 {
            swapped = mask & ~back | side
        } else {
            return nil
        }
        guard held.contains(swapped), let other = try? ChannelLayout(mask: swapped) else { return nil }
        return other.name
    }

    /// The channel masks an encoder takes; nil where it takes any. libopus
    /// lists none, but takes Vorbis's layouts alone beyond two channels.
    private static func layouts(heldBy encoderName: String) -> Set<UInt64>? {
        guard let encoder = avcodec_find_encoder_by_name(encoderName) else { return nil }
        if encoderName == "libopus" {
            return Set(["mono", "stereo", "3.0", "quad", "5.0", "5.1", "6.1", "7.1"].compactMap { try? ChannelLayout(named: $0).layout.u.mask })
        }
        guard var listed = encoder.pointee.ch_layouts else { return nil }
        var masks: Set<UInt64> = []
        while listed.pointee.nb_channels != 0 {
            if listed.pointee.order == AV_CHANNEL_ORDER_NATIVE { masks.insert(listed.pointee.u.mask) }
            listed += 1
        }
        return masks
    }

    private static func bits(_ channels: AVChannel...) -> UInt64 {
        channels.reduce(0) { $0 | 1 << UInt64($1.rawValue) }
    }

    private init(mask: UInt64) throws {
        try check(av_channel_layout_from_mask(&layout, mask), "channel layout")
    }

    /// Gives `target` a copy of this layout.
    func copy(to target: inout AVChannelLayout) throws {
        try check(av_channel_layout_copy(&target, &layout), "channel layout")
    }
}
