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

    deinit { av_channel_layout_uninit(&layout) }

    var channels: Int { Int(layout.nb_channels) }

    /// Gives `target` a copy of this layout.
    func copy(to target: inout AVChannelLayout) throws {
        try check(av_channel_layout_copy(&target, &layout), "channel layout")
    }
}
