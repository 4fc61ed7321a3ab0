import Timing

/// A request in JSON: the one description of a job that a part's manifest
/// keeps and `scale-video request` reads (what the studio hands the engine).
/// Its fields are named as the command line's options are, in camel case
/// (`audioCodec` for --audio-codec); times, rates and maps are written as
/// the options take them (TimingCoding). Only `input`, `output` and `target`
/// must be given; a field left out takes the command line's default, and
/// a field it does not know is refused.
extension ScaleRequest {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case input, output, streamContainer, target, fps, crf, preset, overwrite, audioTracks, trim, mono, padAudio
        case keepPitch, waveform, plotMap, still, preview, progressPicture, noiseFloor, motion, noVideo, noAudio, reverse, curve
        case shorterSide, part
        case keepHDR = "keepHdr"
        case proResProfile = "proresProfile"
        case requestedAudioCodec = "audioCodec"
        case requestedVideoCodec = "videoCodec"
    }

    /// The frame rate of a request that names none, as of the command line's: 30.
    public static let defaultFPS = FrameRate.exactly(Rational(30, 1)!)

    /// Reads a request, its fields checked as they are read (a time, a
    /// rate, a map, a choice); what they ask together is checked by
    /// `usageProblem`.
    public init(from decoder: Swift.Decoder) throws {
        try Self.refuseUnknownFields(decoder)
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            input: try fields.decode(String.self, forKey: .input), output: try fields.decode(String.self, forKey: .output),
            target: try fields.decode(Retime.Target.self, forKey: .target),
            fps: try fields.decodeIfPresent(FrameRate.self, forKey: .fps) ?? Self.defaultFPS)
        try decodeChoices(fields)
        try decodeSwitches(fields)
        try decodeSideFiles(fields)
    }

    /// The codecs, their settings, the part of the source and of the sound, and the picture's size.
    private mutating func decodeChoices(_ fields: KeyedDecodingContainer<CodingKeys>) throws {
        streamContainer = try fields.decodeIfPresent(OutputContainer.self, forKey: .streamContainer) ?? streamContainer
        requestedAudioCodec = try fields.decodeIfPresent(AudioCodec.self, forKey: .requestedAudioCodec)
        requestedVideoCodec = try fields.decodeIfPresent(VideoCodec.self, forKey: .requestedVideoCodec)
        proResProfile = try fields.decodeIfPresent(ProResProfile.self, forKey: .proResProfile) ?? proResProfile
        crf = try fields.decodeIfPresent(Int.self, forKey: .crf)
        preset = try fields.decodeIfPresent(String.self, forKey: .preset)
        audioTracks = try fields.decodeIfPresent([Int].self, forKey: .audioTracks) ?? audioTracks
        trim = try fields.decodeIfPresent(Trim.self, forKey: .trim) ?? trim
        motion = try fields.decodeIfPresent(Motion.self, forKey: .motion) ?? motion
        curve = try fields.decodeIfPresent(Curve.self, forKey: .curve) ?? curve
        shorterSide = try fields.decodeIfPresent(Int.self, forKey: .shorterSide)
        part = try fields.decodeIfPresent(FilmPart.self, forKey: .part)
    }

    /// The options that are on or off.
    private mutating func decodeSwitches(_ fields: KeyedDecodingContainer<CodingKeys>) throws {
        let switches: [(CodingKeys, WritableKeyPath<ScaleRequest, Bool>)] = [
            (.overwrite, \.overwrite), (.keepHDR, \.keepHDR), (.mono, \.mono), (.padAudio, \.padAudio), (.keepPitch, \.keepPitch),
            (.noVideo, \.noVideo), (.noAudio, \.noAudio), (.reverse, \.reverse),
        ]
        for (key, path) in switches { self[keyPath: path] = try fields.decodeIfPresent(Bool.self, forKey: key) ?? false }
    }

    /// The files written beside the output, and how the waveform draws.
    private mutating func decodeSideFiles(_ fields: KeyedDecodingContainer<CodingKeys>) throws {
        waveform = try fields.decodeIfPresent(String.self, forKey: .waveform)
        plotMap = try fields.decodeIfPresent(String.self, forKey: .plotMap)
        still = try fields.decodeIfPresent(StillPicture.self, forKey: .still)
        preview = try fields.decodeIfPresent(PreviewClip.self, forKey: .preview)
        progressPicture = try fields.decodeIfPresent(String.self, forKey: .progressPicture)
        noiseFloor = try fields.decodeIfPresent(Double.self, forKey: .noiseFloor) ?? noiseFloor
    }

    /// Refuses a field that is not one of CodingKeys, naming it.
    private static func refuseUnknownFields(_ decoder: Swift.Decoder) throws {
        let given = try decoder.container(keyedBy: JSONFieldName.self).allKeys.map(\.stringValue)
        let known = Set(CodingKeys.allCases.map(\.stringValue))
        if let unknown = given.first(where: { !known.contains($0) }) {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\"\(unknown)\" is not a field of a request"))
        }
    }

}

/// Any field's name in a JSON object.
package struct JSONFieldName: CodingKey {
    package let stringValue: String
    package var intValue: Int? { nil }
    package init(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
}
