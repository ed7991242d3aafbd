import DeflateBenchCorpora
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `serve --record DIR`: stores every body the server decoded and verified, one file per
/// request (mode 0600) and one `index.jsonl` line each, up to a number of files and of bytes.
/// Past a limit the server keeps answering and stops storing, and says so once on stderr.
///
/// Shared by all connections: numbering, the limits and the index are guarded by one lock; the
/// bytes of each body are written by its own connection's thread without it.
public final class BodyRecorder: Sendable {
  public let options: RecordingOptions
  private let notice: @Sendable (String) -> Void
  private let state: Mutex<State>
  /// What `init` made that was not there before: the folder, `index.jsonl`.
  private let createdFolder: Bool
  private let createdIndex: Bool

  private struct State {
    var nextSequence: Int
    /// Files stored or being written, and their bytes so far: a body reserves before it writes.
    var files: Int
    var bytes: Int
    /// Files committed (or already in an appended-to folder): only these end recording at
    /// `--record-max-files`; the slots of bodies in flight come back if they are rejected.
    var storedFiles: Int
    var index: Int32
    var stopped = false
  }

  /// Prepares the folder (see `RecordFolder`) and opens its index for appending.
  /// - Parameter notice: where the one "recording stopped" line goes (stderr in `serve`).
  public init(options: RecordingOptions, notice: @escaping @Sendable (String) -> Void) throws(RecordingSetupError) {
    let existing = try RecordFolder.prepare(options)
    let indexPath = options.directory + "/" + RecordedFolder.indexName
    createdIndex = access(indexPath, F_OK) != 0
    createdFolder = existing.created
    let index = open(indexPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard index >= 0 else { throw .cannotCreate(path: indexPath, reason: String(cString: strerror(errno))) }
    self.options = options
    self.notice = notice
    state = Mutex(
      State(
        nextSequence: existing.nextSequence, files: existing.files, bytes: existing.bytes,
        storedFiles: existing.files, index: index))
    if existing.files >= options.maxFiles || existing.bytes >= options.maxBytes {
      stop("the folder already holds \(existing.files) bodies, \(existing.bytes) bytes, at a --record-max limit")
    }
  }

  deinit {
    state.withLock { _ = close($0.index) }
  }

  /// Removes what `init` made, for a server that stops before serving anyone: an `index.jsonl`
  /// it created that is still empty, then a folder it created that is empty again. Anything
  /// else stays (rmdir refuses a folder that holds files).
  public func abandon() {
    let indexPath = options.directory + "/" + RecordedFolder.indexName
    var info = stat()
    if createdIndex, stat(indexPath, &info) == 0, info.st_size == 0 { unlink(indexPath) }
    if createdFolder { rmdir(options.directory) }
  }

  /// Whether a limit or a write failure has ended recording.
  public var isStopped: Bool { state.withLock { $0.stopped } }

  /// A file for the next body, or nil when recording has stopped or the file limit is reached.
  func begin(contentType: String?) -> RecordingBody? {
    let reserved = state.withLock { state -> (sequence: Int?, full: Bool) in
      guard !state.stopped, state.files < options.maxFiles else {
        return (nil, state.storedFiles >= options.maxFiles)
      }
      state.files += 1
      defer { state.nextSequence += 1 }
      return (state.nextSequence, false)
    }
    guard let sequence = reserved.sequence else {
      // Slots held by bodies still in flight are not a reached limit: they may be rejected.
      if reserved.full { stop("--record-max-files \(options.maxFiles) reached") }
      return nil
    }
    let name = RecordFolder.fileName(sequence: sequence, fileExtension: MediaTypeExtension.forType(contentType))
    do throws(RecordingSetupError) {
      return try RecordingBody(recorder: self, sequence: sequence, directory: options.directory, fileName: name)
    } catch {
      release(bytes: 0)
      stop("\(error)")
      return nil
    }
  }

  /// Claims `count` more bytes for a body being written; false when they would pass `maxBytes`.
  /// Recording stops only when a body the server accepted did not fit (`RecordingBody.commit`).
  func reserve(bytes count: Int) -> Bool {
    state.withLock { state -> Bool in
      guard !state.stopped, count <= options.maxBytes - state.bytes else { return false }
      state.bytes += count
      return true
    }
  }

  /// Gives back the file slot and bytes of a body that was not stored.
  func release(bytes count: Int) {
    state.withLock { state in
      state.files -= 1
      state.bytes -= count
    }
  }

  /// Appends a stored body's line to the index, under the lock so lines never interleave, and
  /// all or nothing: a short write is carried on (the next write names the real errno, ENOSPC
  /// say), and a line that could not be finished is cut off again, so the index stays parseable.
  /// Returns false (and recording stops) when the line was not written; the caller then removes
  /// the body, so no body is left without its line.
  func commit(_ line: RecordIndexLine) -> Bool {
    let bytes = line.jsonLine
    let failure = state.withLock { state -> Int32? in
      let start = lseek(state.index, 0, SEEK_END)
      var done = 0
      while done < bytes.count {
        let written = bytes.withUnsafeBytes { write(state.index, $0.baseAddress! + done, $0.count - done) }
        if written < 0, errno == EINTR { continue }
        guard written > 0 else {
          let code = written == 0 ? EIO : errno
          if start >= 0 { _ = ftruncate(state.index, start) }
          return code
        }
        done += written
      }
      state.storedFiles += 1
      return nil
    }
    if let failure {
      stop("cannot write \(RecordedFolder.indexName): \(String(cString: strerror(failure)))")
      return false
    }
    return true
  }

  /// Ends recording for the rest of the server's life, saying why once.
  func stop(_ reason: String) {
    let first = state.withLock { state -> Bool in
      defer { state.stopped = true }
      return !state.stopped
    }
    if first { notice("recording stopped: \(reason); still answering uploads, no longer storing them") }
  }
}
