import CFFmpeg
import Glibc

/// The byte stream a muxer writes a file through (an `AVIOContext`), with
/// the writing itself on a thread of its own: each full buffer is copied
/// into one of a few spare ones and handed over with the offset it belongs
/// at, so the thread that muxes does not wait for the kernel to take its
/// bytes. The muxer's seeks only move where the next buffer goes; the
/// writing thread puts each buffer at its offset, in order, so the file is
/// the one sequential writing would make. The first failed write is
/// reported by every later write and seek, and by `close()`. A stream (a
/// pipe, standard output) is written in order and cannot seek. Used by the
/// thread that muxes (under OutputFile's lock); its writing thread shares
/// only the WriteQueue.
final class FileWriter {
    /// Bytes in the muxer's buffer and in each spare one: what FFmpeg's own
    /// file protocol writes at a time.
    static let bufferSize = 262_144

    private(set) var context: UnsafeMutablePointer<AVIOContext>?
    private let queue: WriteQueue
    /// Whether `close()` has run: the file is closed once.
    private var closed = false

    /// Creates (or empties) the file at `path` and starts its writing
    /// thread; errors say `cannot write` `name`, the output as the user named it.
    convenience init(path: String, name: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw FFmpegError(sv_averror(errno), "cannot write \(name)") }
        try self.init(descriptor: descriptor, name: name, seekable: true)
    }

    /// Writes to a copy of `stream` (closed at the end; `stream` stays
    /// open), in order, never seeking back.
    convenience init(streamingTo stream: Int32, name: String) throws {
        let descriptor = fcntl(stream, F_DUPFD_CLOEXEC, 0)
        guard descriptor >= 0 else { throw FFmpegError(sv_averror(errno), "cannot write \(name)") }
        try self.init(descriptor: descriptor, name: name, seekable: false)
    }

    /// Takes `descriptor`, which it closes.
    private init(descriptor: Int32, name: String, seekable: Bool) throws {
        let operation = "cannot write \(name)"
        guard let buffer = av_malloc(Self.bufferSize) else {
            Glibc.close(descriptor)
            throw FFmpegError(sv_averror(ENOMEM), operation)
        }
        queue = WriteQueue(descriptor: descriptor, operation: operation, seekable: seekable)
        let opaque = Unmanaged.passUnretained(queue).toOpaque()
        context = avio_alloc_context(
            buffer.assumingMemoryBound(to: UInt8.self), Int32(Self.bufferSize), 1, opaque, nil,
            { opaque, bytes, count in
                Unmanaged<WriteQueue>.fromOpaque(opaque!).takeUnretainedValue().enqueue(bytes!, count: Int(count))
            },
            seekable
                ? { opaque, offset, whence in
                    Unmanaged<WriteQueue>.fromOpaque(opaque!).takeUnretainedValue().seek(offset, whence: whence)
                } : nil)
        guard let context else {
            av_free(buffer)
            Glibc.close(descriptor)
            throw FFmpegError(sv_averror(ENOMEM), operation)
        }
        // Hand over full buffers only, not one per packet the muxer writes.
        context.pointee.min_packet_size = Int32(Self.bufferSize)
        if !seekable { context.pointee.seekable = 0 }
        let queue = queue
        startThread { queue.writeWaiting() }
    }

    deinit {
        if let buffer = context?.pointee.buffer { av_free(buffer) }
        avio_context_free(&context)
    }

    /// Waits until every queued buffer is written, ends the thread and
    /// closes the file; later calls do nothing. The muxer's buffer must
    /// have been flushed.
    func close() throws {
        guard !closed else { return }
        closed = true
        try queue.close()
    }

    /// The first failed write's error, if any.
    var error: FFmpegError? { queue.error }
}

/// The buffers a FileWriter hands its writing thread, and that thread's
/// work: each is written at its offset, in order.
final class WriteQueue: Sendable {
    /// Spare buffers: how far the writing may fall behind.
    private static let spareCount = 2

    private struct State {
        /// Buffers waiting to be written, oldest first, with their lengths and offsets.
        var waiting: [(bytes: UnsafeMutableRawPointer, count: Int, offset: Int64)] = []
        var spare: [UnsafeMutableRawPointer] = []
        var allocated = 0
        /// Where the muxer's next bytes go, and the end of the file as written so far.
        var position: Int64 = 0
        var extent: Int64 = 0
        /// The `errno` of the first failed write; 0 while none failed.
        var failure: Int32 = 0
        var closing = false
        var finished = false
    }

    private let state = Guarded(State())
    private let descriptor: Int32
    /// What every error says was being done: `cannot write NAME`.
    private let operation: String
    /// Buffers go at their offsets; a stream's go one after another.
    private let seekable: Bool

    init(descriptor: Int32, operation: String, seekable: Bool) {
        self.descriptor = descriptor
        self.operation = operation
        self.seekable = seekable
    }

    deinit {
        state.withLock { for bytes in $0.spare { bytes.deallocate() } }
    }

    /// The muxer's full buffer: copied into a spare one (waiting for one
    /// while all are queued), queued at the current position.
    func enqueue(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int32 {
        var done = 0
        while done < count {
            let taken = min(count - done, FileWriter.bufferSize)
            let target: UnsafeMutableRawPointer? = state.withLock(
                when: { $0.failure != 0 || !$0.spare.isEmpty || $0.allocated < Self.spareCount }
            ) { state in
                guard state.failure == 0 else { return nil }
                if let reused = state.spare.popLast() { return reused }
                state.allocated += 1
                return .allocate(byteCount: FileWriter.bufferSize, alignment: 64)
            }
            guard let target else { return state.withLock { sv_averror($0.failure) } }
            target.copyMemory(from: bytes + done, byteCount: taken)
            state.withLock { state in
                state.waiting.append((target, taken, state.position))
                state.position += Int64(taken)
                state.extent = max(state.extent, state.position)
            }
            state.broadcast()
            done += taken
        }
        return Int32(count)
    }

    /// Moves where the next bytes go; `AVSEEK_SIZE` asks the file's size.
    func seek(_ offset: Int64, whence: Int32) -> Int64 {
        state.withLock { state in
            guard state.failure == 0 else { return Int64(sv_averror(state.failure)) }
            switch whence & ~AVSEEK_FORCE {
            case AVSEEK_SIZE: return state.extent
            case SEEK_SET: state.position = offset
            case SEEK_CUR: state.position += offset
            case SEEK_END: state.position = state.extent + offset
            default: return Int64(sv_averror(EINVAL))
            }
            return state.position
        }
    }

    /// The writing thread: writes each queued buffer at its offset until
    /// `close()` has been asked and nothing waits.
    func writeWaiting() {
        while true {
            let next = state.withLock(when: { !$0.waiting.isEmpty || $0.closing }) { state in
                state.waiting.isEmpty ? nil : (state.waiting.removeFirst(), state.failure != 0)
            }
            guard let (buffer, failed) = next else { break }
            let error =
                failed ? 0 : Self.write(buffer.bytes, count: buffer.count, at: seekable ? buffer.offset : nil, to: descriptor)
            state.withLock { state in
                if state.failure == 0 { state.failure = error }
                state.spare.append(buffer.bytes)
            }
            state.broadcast()
        }
        state.withLock { $0.finished = true }
        state.broadcast()
    }

    /// Writes all `count` bytes at `offset`, or where the stream is; the
    /// `errno` of a failure, or 0.
    private static func write(_ bytes: UnsafeMutableRawPointer, count: Int, at offset: Int64?, to descriptor: Int32) -> Int32 {
        var done = 0
        while done < count {
            let written =
                offset.map { pwrite(descriptor, bytes + done, count - done, off_t($0) + off_t(done)) }
                ?? Glibc.write(descriptor, bytes + done, count - done)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            done += written
        }
        return 0
    }

    /// Waits until every queued buffer is written and the thread has ended,
    /// then closes the file.
    func close() throws {
        state.withLock { $0.closing = true }
        state.broadcast()
        let failure = state.withLock(when: { $0.finished }) { $0.failure }
        let closed = Glibc.close(descriptor)
        if failure != 0 { throw FFmpegError(sv_averror(failure), operation) }
        if closed != 0 { throw FFmpegError(sv_averror(errno), operation) }
    }

    /// The first failed write's error, if any.
    var error: FFmpegError? {
        state.withLock { $0.failure == 0 ? nil : FFmpegError(sv_averror($0.failure), operation) }
    }
}
