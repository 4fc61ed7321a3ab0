import Foundation

/// What `scale-video studio` serves: the media folder, where renders go,
/// and the address it listens on.
public struct StudioOptions: Sendable {
    /// The folder whose media files the page lists, plays and renders.
    public var folder: String
    /// Where renders are written; nil for FOLDER/scaled.
    public var outputFolder: String?
    /// The address listened on: the loopback address unless asked otherwise.
    public var host: String
    /// The port; 0 picks a free one.
    public var port: Int
    /// The `scale-video` program renders and plans run, the same engine as the command line.
    public var engine: String
    /// The largest upload taken, in bytes.
    public var uploadLimit: Int

    /// The studio of `folder`, on the loopback address at `port`.
    public init(
        folder: String, outputFolder: String? = nil, host: String = "127.0.0.1", port: Int = 0, engine: String,
        uploadLimit: Int = 4 << 30
    ) {
        self.folder = folder
        self.outputFolder = outputFolder
        self.host = host
        self.port = port
        self.engine = engine
        self.uploadLimit = uploadLimit
    }
}
