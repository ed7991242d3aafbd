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
    // A FIFO (`compare <(curl ...) current`) is read to its end like a file.
    let data: Data
    do throws(WholeFile.Failure) {
      data = Data(try WholeFile.read(file.path))
    } catch {
      throw .unreadable(path: file.path, reason: error.reason)
    }
    return try JSONReport.decode(data, path: file.path)
  }
}
