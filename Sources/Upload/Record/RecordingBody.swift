import DeflateBenchCorpora
import DeflateBenchSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One body being stored through the tool's one output path (`OutputFile`): decoded pieces go
/// into a hidden temporary file (mode 0600) as they arrive, so a large body is never held in
/// memory; `commit` gives it its real name once the server has verified it, never over a file
/// already there. A body that is never committed (a corrupt, truncated or mismatched upload, a
/// limit reached) is deleted when this object goes away.
final class RecordingBody {
  let sequence: Int
  let fileName: String
  private let recorder: BodyRecorder
  private let output: OutputFile
  private var written = 0
  private var failed = false
  /// A piece did not fit in `--record-max-bytes`. Only a body the server accepts then stops
  /// recording (at `commit`): a rejected one (400, 413) is deleted and stops nothing.
  private var overLimit = false
  private var committed = false

  init(recorder: BodyRecorder, sequence: Int, directory: String, fileName: String) throws(RecordingSetupError) {
    self.recorder = recorder
    self.sequence = sequence
    self.fileName = fileName
    do throws(AtomicFile.WriteError) {
      output = try OutputFile(path: directory + "/" + fileName, replacing: false, newFileMode: 0o600)
    } catch {
      throw .cannotCreate(path: directory + "/" + fileName, reason: error.message)
    }
  }

  deinit {
    if !committed {
      output.abandon()
      recorder.release(bytes: written)
    }
  }

  /// Writes one decoded piece; after a limit or a write error the rest is ignored and the body
  /// is not stored. A limit stops nothing here: the body may yet be rejected.
  func append(_ piece: UnsafeRawBufferPointer) {
    guard !failed, !overLimit, !piece.isEmpty else { return }
    guard recorder.reserve(bytes: piece.count) else {
      overLimit = true
      return
    }
    written += piece.count
    do throws(AtomicFile.WriteError) {
      try output.write(piece)
    } catch {
      failed = true
      recorder.stop("cannot write \(output.path): \(error.message)")
    }
  }

  /// Names the file and adds its index line. Returns false when the body was not stored whole.
  @discardableResult
  func commit(method: String, path: String, contentType: String?, contentEncoding: String, receivedBytes: Int)
    -> Bool
  {
    guard !failed, !committed else { return false }
    if overLimit {
      recorder.stop("--record-max-bytes \(recorder.options.maxBytes) reached")
      return false
    }
    do throws(AtomicFile.WriteError) {
      try output.commit()
    } catch {
      recorder.stop("cannot store \(output.path): \(error.message)")
      return false
    }
    committed = true
    let indexed = recorder.commit(
      RecordIndexLine(
        sequence: sequence, file: fileName, millisecondsSinceEpoch: Int(Date().timeIntervalSince1970 * 1000),
        method: method, path: path, contentType: contentType, contentEncoding: contentEncoding,
        receivedBytes: receivedBytes, decodedBytes: written))
    guard indexed else {
      // A body without its index line would make the folder read as plain files: remove it.
      unlink(output.path)
      recorder.release(bytes: written)
      return false
    }
    return true
  }
}
