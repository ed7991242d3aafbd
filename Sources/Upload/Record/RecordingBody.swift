import DeflateBenchCorpora
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One body being stored: decoded pieces go into a hidden `.000001.json.partial` file (mode
/// 0600) as they arrive, so a large body is never held in memory; `commit` gives it its real
/// name once the server has verified it. A body that is never committed (a corrupt, truncated
/// or mismatched upload, a limit reached) is deleted when this object goes away.
final class RecordingBody {
  let sequence: Int
  let fileName: String
  private let recorder: BodyRecorder
  private let partialPath: String
  private let finalPath: String
  private var descriptor: Int32
  private var written = 0
  private var failed = false
  private var committed = false

  init(recorder: BodyRecorder, sequence: Int, directory: String, fileName: String) throws(RecordingSetupError) {
    self.recorder = recorder
    self.sequence = sequence
    self.fileName = fileName
    partialPath = directory + "/." + fileName + ".partial"
    finalPath = directory + "/" + fileName
    descriptor = open(partialPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .cannotCreate(path: partialPath, reason: String(cString: strerror(errno))) }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
    if !committed {
      unlink(partialPath)
      recorder.release(bytes: written)
    }
  }

  /// Writes one decoded piece; after a limit or a write error the rest is ignored and the body
  /// is not stored.
  func append(_ piece: UnsafeRawBufferPointer) {
    guard !failed, !piece.isEmpty else { return }
    guard recorder.reserve(bytes: piece.count) else {
      failed = true
      return
    }
    written += piece.count
    var offset = 0
    while offset < piece.count {
      let result = write(descriptor, piece.baseAddress! + offset, piece.count - offset)
      if result > 0 {
        offset += result
      } else if result < 0 && errno == EINTR {
        continue
      } else {
        failed = true
        recorder.stop("cannot write \(partialPath): \(String(cString: strerror(errno)))")
        return
      }
    }
  }

  /// Names the file and adds its index line. Returns false when the body was not stored whole.
  @discardableResult
  func commit(method: String, path: String, contentType: String?, contentEncoding: String, receivedBytes: Int)
    -> Bool
  {
    guard !failed, !committed else { return false }
    close(descriptor)
    descriptor = -1
    guard rename(partialPath, finalPath) == 0 else {
      recorder.stop("cannot rename \(partialPath): \(String(cString: strerror(errno)))")
      return false
    }
    committed = true
    recorder.commit(
      RecordIndexLine(
        sequence: sequence, file: fileName, millisecondsSinceEpoch: Int(Date().timeIntervalSince1970 * 1000),
        method: method, path: path, contentType: contentType, contentEncoding: contentEncoding,
        receivedBytes: receivedBytes, decodedBytes: written))
    return true
  }
}
