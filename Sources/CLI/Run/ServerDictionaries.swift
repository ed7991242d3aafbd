import DeflateBenchCodecs
import DeflateBenchSupport
import Foundation

/// The configuration's dictionaries as files for a local upload server, which must hold them to
/// decode dictionary cells: written into a temporary folder of their own, removed after the run.
struct ServerDictionaries {
  let folder: URL
  let paths: [String]

  /// Nil when there is nothing to write.
  init?(_ dictionaries: [CompressionDictionary]) throws(CLIError) {
    guard !dictionaries.isEmpty else { return nil }
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "deflate-bench-dictionaries-\(UUID().uuidString)", isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      var paths: [String] = []
      for (index, dictionary) in dictionaries.enumerated() {
        let file = folder.appendingPathComponent("\(index)-\(dictionary.name)")
        try AtomicFile.write(dictionary.bytes, to: file.path)
        paths.append(file.path)
      }
      self.paths = paths
    } catch {
      throw CLIError(.cannotCreate, "cannot write trained dictionaries for the upload server: \(error)")
    }
  }

  func remove() { try? FileManager.default.removeItem(at: folder) }
}
