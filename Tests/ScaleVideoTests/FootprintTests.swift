import Foundation
import Testing

/// What the command loads before it does any work.
struct FootprintTests {
    /// Foundation (with its ICU data) costs several megabytes of memory in
    /// every process that loads it; the command needs only FoundationEssentials.
    @Test func theCommandDoesNotLoadFoundation() throws {
        let libraries = try Tool.run("ldd", [Tool.scaleVideo.path]).text
        #expect(libraries.contains("libFoundationEssentials.so"), "\(libraries)")
        #expect(!libraries.contains("libFoundation.so"), "\(libraries)")
        #expect(!libraries.contains("libFoundationInternationalization.so"), "\(libraries)")
        #expect(!libraries.contains("lib_FoundationICU.so"), "\(libraries)")
    }
}
