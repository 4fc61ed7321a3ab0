extension PictureFormat {
    /// The format `codec` writes pictures of this format in: chroma, 8 or
    /// 10 bits and alpha kept where the codec's encoder holds them, the
    /// nearest it holds otherwise (`VideoEncoder.holds`). HDR kept is
    /// 10-bit, tone-mapped 8-bit without alpha; the flow kernel (`flow`)
    /// makes pictures without alpha.
    func written(by codec: VideoCodec, profile: ProResProfile, mode: PictureMode, motion: Motion) -> PictureFormat {
        let chroma = self.chroma ?? .c420
        var depth = depth > 8 ? 10 : 8
        var alpha = hasAlpha
        switch mode {
        case .standard: break
        case .highDynamicRange: depth = 10
        case .toneMapped: (depth, alpha) = (8, false)
        }
        if motion == .flow { alpha = false }
        return codec.encoder.holds(PictureFormat(chroma: chroma, depth: depth, hasAlpha: alpha), profile: profile)
    }
}
