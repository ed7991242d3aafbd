import DeflateBenchSupport
import Foundation

/// Writes payloads as files (`deflate-bench corpora --write DIR`) so people can inspect them or
/// feed them to other tools: `DIR/<corpus>/<split>/000001.json`, numbered from 1 in payload
/// order, with the payload's extension (`json`, `ndjson`, `envelope`, a user file's own, `bin`).
public enum PayloadWriter {
  /// Writes every payload of `sets` under `directory` (created if needed) and returns the
  /// number of files written. Existing files with the same names are replaced.
  @discardableResult
  public static func write(_ sets: [PayloadSet], to directory: URL) throws(CorpusError) -> Int {
    var written = 0
    for set in sets {
      let folder = directory.appendingPathComponent(safeComponent(set.corpus), isDirectory: true)
        .appendingPathComponent(safeComponent(set.split), isDirectory: true)
      do throws(AtomicFile.WriteError) {
        try FolderCreation.create(folder.path)
      } catch {
        throw .cannotWrite(path: folder.path, reason: error.message)
      }
      let width = max(6, String(set.payloads.count).count)
      for (index, payload) in set.payloads.enumerated() {
        let name = Timestamps.pad(index + 1, width) + "." + set.fileExtension(ofPayload: index)
        let file = folder.appendingPathComponent(name)
        do throws(AtomicFile.WriteError) {
          try AtomicFile.write(payload, to: file.path)
        } catch {
          throw .cannotWrite(path: file.path, reason: error.message)
        }
        written += 1
      }
    }
    return written
  }

  /// The path for payload `index` of `set` under `directory`, as `write` names it.
  public static func fileURL(for set: PayloadSet, payload index: Int, in directory: URL) -> URL {
    let width = max(6, String(set.payloads.count).count)
    return directory.appendingPathComponent(safeComponent(set.corpus)).appendingPathComponent(safeComponent(set.split))
      .appendingPathComponent(Timestamps.pad(index + 1, width) + "." + set.fileExtension(ofPayload: index))
  }

  /// A name usable as one path component: `/` and NUL become `_`, and `.`/`..` are escaped.
  static func safeComponent(_ name: String) -> String {
    let cleaned = String(name.map { $0 == "/" || $0 == "\0" ? "_" : $0 })
    return cleaned.isEmpty || cleaned == "." || cleaned == ".." ? "_" + cleaned : cleaned
  }
}
