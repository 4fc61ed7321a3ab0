import CFFmpeg
import Glibc

/// The byte stream a muxer writes a file through (an `AVIOContext`), with
/// the writing itself on a thread of its own: each full buffer is copied
/// into one of a few spare ones and handed over with the offset it belongs
/// at, so the thread that muxes does not wait for the kernel to take its
/// bytes. The muxer's seeks only move where the next buffer goes; the
/// writing thread puts each buffer at its offset, in order, so the file is
/// the one sequential writing would make. The first failed write is
/// reported by every later write and seek, and by `close()`.
final class FileWriter: @unchecked Sendable {
    /// Bytes in the muxer's buffer and in each spare one: what FFmpeg's own
    /// file protocol writes at a time.
    private static let bufferSize = 262_144
    /// Spare buffers: how far the writing may fall behind.
    private static let spareCount = 2

    private(set) var context: UnsafeMutablePointer<AVIOContext>?
    private let descriptor: Int32
    /// What every error says was being done: `cannot write NAME`.
    private let operation: String
    private let lock = Lock()
    /// Buffers waiting to be written, oldest first, with their lengths and offsets.
    private var waiting: [(bytes: UnsafeMutableRawPointer, count: Int, offset: Int64)] = []
    private var spare: [UnsafeMutableRawPointer] = []
    private var allocated = 0
    /// Where the muxer's next bytes go, and the end of the file as written so far.
    private var position: Int64 = 0
    private var extent: Int64 = 0
    /// The `errno` of the first failed write; 0 while none failed.
    private var failure: Int32 = 0
    private var closing = false
    private var finished = false
    /// Whether `close()` has run: the file is closed once.
    private var closed = false

    /// Creates (or empties) the file at `path` and starts its writing
    /// thread; errors say `cannot write` `name`, the output as the user named it.
    init(path: String, name: String) throws {
        operation = "cannot write \(name)"
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw FFmpegError(sv_averror(errno), operation) }
        guard let buffer = av_malloc(Self.bufferSize) else {
            Glibc.close(descriptor)
            throw FFmpegError(sv_averror(ENOMEM), operation)
        }
        let opaque = Unmanaged.passUnretained(self).toOpaque()
        context = avio_alloc_context(
            buffer.assumingMemoryBound(to: UInt8.self), Int32(Self.bufferSize), 1, opaque, nil,
            { opaque, bytes, count in
                Unmanaged<FileWriter>.fromOpaque(opaque!).takeUnretainedValue().enqueue(bytes!, count: Int(count))
            },
            { opaque, offset, whence in
                Unmanaged<FileWriter>.fromOpaque(opaque!).takeUnretainedValue().seek(offset, whence: whence)
            })
        guard let context else {
            av_free(buffer)
            Glibc.close(descriptor)
            throw FFmpegError(sv_averror(ENOMEM), operation)
        }
        // Hand over full buffers only, not one per packet the muxer writes.
        context.pointee.min_packet_size = Int32(Self.bufferSize)
        // The thread holds the writer until `close()` lets it end.
        let writer = Unmanaged.passRetained(self)
        startThread {
            writer.takeUnretainedValue().writeWaiting()
            writer.release()
        }
    }

    deinit {
        if let buffer = context?.pointee.buffer { av_free(buffer) }
        avio_context_free(&context)
        for bytes in spare { bytes.deallocate() }
    }

    /// The muxer's full buffer: copied into a spare one (waiting for one
    /// while all are queued), queued at the current position.
    private func enqueue(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int32 {
        var done = 0
        while done < count {
            let taken = min(count - done, Self.bufferSize)
            lock.lock()
            while failure == 0 && spare.isEmpty && allocated == Self.spareCount { lock.wait() }
            guard failure == 0 else {
                lock.unlock()
                return sv_averror(failure)
            }
            let target: UnsafeMutableRawPointer
            if let reused = spare.popLast() {
                target = reused
            } else {
                target = .allocate(byteCount: Self.bufferSize, alignment: 64)
                allocated += 1
            }
            lock.unlock()
            target.copyMemory(from: bytes + done, byteCount: taken)
            lock.withLock {
                waiting.append((target, taken, position))
                position += Int64(taken)
                extent = max(extent, position)
                lock.broadcast()
            }
            done += taken
        }
        return Int32(count)
    }

    /// Moves where the next bytes go; `AVSEEK_SIZE` asks the file's size.
    private func seek(_ offset: Int64, whence: Int32) -> Int64 {
        lock.withLock {
            guard failure == 0 else { return Int64(sv_averror(failure)) }
            switch whence & ~AVSEEK_FORCE {
            case AVSEEK_SIZE: return extent
            case SEEK_SET: position = offset
            case SEEK_CUR: position += offset
            case SEEK_END: position = extent + offset
            default: return Int64(sv_averror(EINVAL))
            }
            return position
        }
    }

    /// The writing thread: writes each queued buffer at its offset until
    /// `close()` has been asked and nothing waits.
    private func writeWaiting() {
        lock.lock()
        while true {
            while waiting.isEmpty && !closing { lock.wait() }
            guard !waiting.isEmpty else { break }
            let next = waiting.removeFirst()
            let failed = failure != 0
            lock.unlock()
            let error = failed ? 0 : Self.write(next.bytes, count: next.count, at: next.offset, to: descriptor)
            lock.lock()
            if failure == 0 { failure = error }
            spare.append(next.bytes)
            lock.broadcast()
        }
        finished = true
        lock.broadcast()
        lock.unlock()
    }


    /// Writes all `count` bytes at `offset`; the `errno` of a failure, or 0.
    private static func write(_ bytes: UnsafeMutableRawPointer, count: Int, at offset: Int64, to descriptor: Int32) -> Int32 {
        var done = 0
        while done < count {
            let written = pwrite(descriptor, bytes + done, count - done, off_t(offset) + off_t(done))
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            done += written
        }
        return 0
    }

    /// Waits until every queued buffer is written, ends the thread and
    /// closes the file; later calls do nothing. The muxer's buffer must
    /// have been flushed.
    func close() throws {
        guard !closed else { return }
        closed = true
        let failure = lock.withLock {
            closing = true
            lock.broadcast()
            while !finished { lock.wait() }
            return self.failure
        }
        let closed = Glibc.close(descriptor)
        if failure != 0 { throw FFmpegError(sv_averror(failure), operation) }
        if closed != 0 { throw FFmpegError(sv_averror(errno), operation) }
    }

    /// The first failed write's error, if any.
    var error: FFmpegError? {
        lock.withLock { failure == 0 ? nil : FFmpegError(sv_averror(failure), operation) }
    }
}
