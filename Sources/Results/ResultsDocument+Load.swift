import DeflateBenchSupport
import Foundation

extension ResultsDocument {
  /// Reads a results document from a results folder (its results.json) or from a results.json
  /// path, as `compare`, `report` and the plotting script accept either.
  public static func load(from url: URL) throws(ResultsLoadError) -> ResultsDocument {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw .missingFile(path: url.path)
    }
    let file = isDirectory.boolValue ? url.appendingPathComponent(JSONReport.fileName) : url
    guard FileManager.default.fileExists(atPath: file.path) else { throw .missingFile(path: file.path) }
    // Only a regular file: a FIFO without a writer would hang the command for ever (issue #39,
    // N6), and one with a writer is not a file that can be read twice or named in a report.
    let data: Data
    do throws(WholeFile.Failure) {
      data = Data(try WholeFile.readRegularFile(file.path))
    } catch {
      throw .unreadable(path: file.path, reason: error.reason)
    }
    return try JSONReport.decode(data, path: file.path)
  }
}
