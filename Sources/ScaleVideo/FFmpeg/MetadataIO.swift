import CFFmpeg

/// Reads and writes FFmpeg's metadata dictionaries and chapter lists.
enum MetadataIO {
    /// The entries of a dictionary, in order.
    static func tags(_ dictionary: OpaquePointer?) -> [Tag] {
        var result: [Tag] = []
        var entry: UnsafeMutablePointer<AVDictionaryEntry>?
        while let next = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
            result.append(Tag(String(cString: next.pointee.key), String(cString: next.pointee.value)))
            entry = next
        }
        return result
    }

    static func set(_ tags: [Tag], in dictionary: inout OpaquePointer?) throws {
        for tag in tags { try check(av_dict_set(&dictionary, tag.key, tag.value, 0), "metadata") }
    }

    /// The chapters of an opened input, in seconds.
    static func chapters(of format: UnsafeMutablePointer<AVFormatContext>) -> [Chapter] {
        (0..<Int(format.pointee.nb_chapters)).compactMap { index in
            guard let chapter = format.pointee.chapters[index] else { return nil }
            guard let base = Rational(chapter.pointee.time_base),
                let start = base.seconds(ofTicks: chapter.pointee.start),
                let end = base.seconds(ofTicks: chapter.pointee.end)
            else { return nil }
            return Chapter(start: start, end: end, tags: tags(chapter.pointee.metadata))
        }
    }

    /// Chapter times are written in microseconds.
    private static let chapterTicks: Int64 = 1_000_000

    /// Gives an output context `chapters`; avformat_free_context frees them.
    static func add(_ chapters: [Chapter], to format: UnsafeMutablePointer<AVFormatContext>) throws {
        guard !chapters.isEmpty, format.pointee.nb_chapters == 0 else { return }
        let size = MemoryLayout<UnsafeMutablePointer<AVChapter>?>.stride * chapters.count
        guard let list = av_mallocz(size)?.assumingMemoryBound(to: UnsafeMutablePointer<AVChapter>?.self) else {
            throw FFmpegError(sv_averror(ENOMEM), "chapters")
        }
        format.pointee.chapters = list
        for (index, chapter) in chapters.enumerated() {
            guard let entry = av_mallocz(MemoryLayout<AVChapter>.stride)?.assumingMemoryBound(to: AVChapter.self) else {
                throw FFmpegError(sv_averror(ENOMEM), "chapters")
            }
            entry.pointee.id = Int64(index + 1)
            entry.pointee.time_base = AVRational(num: 1, den: Int32(chapterTicks))
            entry.pointee.start = chapter.start.ticks(per: chapterTicks)
            entry.pointee.end = chapter.end.ticks(per: chapterTicks)
            list[index] = entry
            format.pointee.nb_chapters = UInt32(index + 1)
            try set(chapter.tags, in: &entry.pointee.metadata)
        }
    }
}
