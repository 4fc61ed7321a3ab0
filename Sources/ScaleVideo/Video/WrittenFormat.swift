extension PictureFormat {
    /// The format `codec` writes pictures of this format in: chroma, 8 or
    /// 10 bits and alpha kept where the codec holds them, the nearest it
    /// holds otherwise. HDR kept is 10-bit, tone-mapped 8-bit without alpha;
    /// the flow kernel (`flow`) makes pictures without alpha. H.264,
    /// HEVC and VP9 hold every chroma at 8 or 10 bits, VP9 alpha at 8-bit
    /// 4:2:0; AV1 (SVT-AV1) 4:2:0 alone; ProRes is 10-bit 4:2:2, or 4:4:4
    /// with alpha for its 4444 profile.
    func written(by codec: VideoCodec, profile: ProResProfile, mode: PictureMode, motion: Motion) -> PictureFormat {
        var chroma = self.chroma ?? .c420
        var depth = depth > 8 ? 10 : 8
        var alpha = hasAlpha
        switch mode {
        case .standard: break
        case .highDynamicRange: depth = 10
        case .toneMapped: (depth, alpha) = (8, false)
        }
        if motion == .flow { alpha = false }
        switch codec {
        case .h264, .hevc:
            alpha = false
        case .vp9:
            if alpha { (chroma, depth) = (.c420, 8) }
        case .av1:
            (chroma, alpha) = (.c420, false)
        case .prores:
            depth = 10
            chroma = profile == .p4444 ? .c444 : .c422
            alpha = alpha && profile == .p4444
        }
        return PictureFormat(chroma: chroma, depth: depth, hasAlpha: alpha)
    }
}
