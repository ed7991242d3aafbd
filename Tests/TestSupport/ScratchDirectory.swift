import Foundation

/// A fresh folder under the system temporary folder, removed when the value is released, for
/// tests that need real files (corpora, written payloads, reports).
public final class ScratchDirectory: @unchecked Sendable {
  /// The folder's URL (already created).
  public let url: URL

  public init(_ label: String = "scratch") throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("deflatebench-\(label)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// The absolute path of `relativePath` inside the folder.
  public func path(_ relativePath: String) -> String {
    url.appendingPathComponent(relativePath).path
  }

  /// Writes `bytes` to `relativePath`, creating intermediate folders; returns the file URL.
  @discardableResult
  public func write(_ relativePath: String, _ bytes: [UInt8]) throws -> URL {
    let file = url.appendingPathComponent(relativePath)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: file)
    return file
  }

  /// Writes UTF-8 text to `relativePath`; returns the file URL.
  @discardableResult
  public func write(_ relativePath: String, text: String) throws -> URL {
    try write(relativePath, Array(text.utf8))
  }

  /// The JSON object at `relativePath` (a written results.json, say) as `JSONSerialization`
  /// reads it, or nil when the file holds another JSON value.
  public func jsonObject(_ relativePath: String) throws -> [String: Any]? {
    try JSONSerialization.jsonObject(with: Data(contentsOf: url.appendingPathComponent(relativePath))) as? [String: Any]
  }

  /// Creates an empty folder at `relativePath`; returns its URL.
  @discardableResult
  public func makeFolder(_ relativePath: String) throws -> URL {
    let folder = url.appendingPathComponent(relativePath, isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}
