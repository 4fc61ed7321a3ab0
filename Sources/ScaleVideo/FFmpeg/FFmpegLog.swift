import CFFmpeg

/// How much libav* itself prints on standard error.
public enum FFmpegLog {
    /// Nothing: the tool reports what matters in its own words.
    public static func silence() { av_log_set_level(AV_LOG_QUIET) }
    /// libav*'s warnings and errors too, for diagnosing a file.
    public static func showWarnings() { av_log_set_level(AV_LOG_WARNING) }
}
