import Foundation

/// Reads a HAR file into its entries, or says precisely what is wrong with it: the line and
/// column of a JSON syntax error, a missing `log.entries`, or the index of the entry whose
/// field has the wrong type.
///
/// Memory: the file's bytes are read once into one buffer, checked for syntax in place and
/// decoded without a copy; only the fields in `HARArchive` become Swift values, so the peak is
/// the file plus the request strings (see README, "HAR corpora", for the measured figure).
enum HARReader {
  static func entries(ofFile path: String) throws(CorpusError) -> [HARArchive.Entry] {
    let bytes = try FileSystem.readFile(path, role: "HAR file")
    return try entries(of: bytes, path: path)
  }

  static func entries(of bytes: [UInt8], path: String) throws(CorpusError) -> [HARArchive.Entry] {
    // A key repeated where nothing is read (a response, `_initiator`) is no reason to refuse.
    let duplicates = JSONSyntaxChecker.DuplicateKeys.refusedAt { HARArchive.readsDuplicate(at: $0) }
    if let failure = JSONSyntaxChecker.check(bytes, duplicateKeys: duplicates) {
      // A repeated key is valid JSON grammar: say what it is, not "not JSON".
      let kind = failure.message.hasPrefix("duplicate key") ? "ambiguous" : "not JSON"
      throw .invalidHAR(
        path: path, entry: nil, message: "\(kind): line \(failure.line), column \(failure.column): \(failure.message)")
    }
    let archive: HARArchive
    do {
      archive = try bytes.withUnsafeBytes { buffer in
        // The decoder reads the array's own storage; a copy would double a large file's cost.
        let data = Data(
          bytesNoCopy: UnsafeMutableRawPointer(mutating: buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!),
          count: buffer.count, deallocator: .none)
        return try JSONDecoder().decode(HARArchive.self, from: data)
      }
    } catch let error as DecodingError {
      throw describe(error, path: path)
    } catch {
      throw .invalidHAR(path: path, entry: nil, message: "cannot be decoded: \(error)")
    }
    guard let entries = archive.log?.entries else {
      throw .invalidHAR(
        path: path, entry: nil,
        message: archive.log == nil
          ? "has no \"log\" object; a HAR file is {\"log\": {\"entries\": [...]}}"
          : "has no \"log.entries\" list of requests")
    }
    return entries
  }

  /// A decoding error as `entry 3: request.postData.text: expected a string`.
  private static func describe(_ error: DecodingError, path: String) -> CorpusError {
    let codingPath: [any CodingKey]
    let problem: String
    switch error {
    case .typeMismatch(let type, let context):
      (codingPath, problem) = (context.codingPath, "expected \(expectation(type))")
    case .valueNotFound(let type, let context):
      (codingPath, problem) = (context.codingPath, "expected \(expectation(type)), found null")
    case .keyNotFound(let key, let context):
      (codingPath, problem) = (context.codingPath + [key], "is required")
    case .dataCorrupted(let context):
      (codingPath, problem) = (context.codingPath, "cannot be decoded")
    @unknown default:
      return .invalidHAR(path: path, entry: nil, message: "cannot be decoded")
    }
    // [log, entries, 3, request, postData, text]: the entry index, then the field inside it.
    let keys = Array(codingPath)
    if keys.count >= 3, keys[0].stringValue == "log", keys[1].stringValue == "entries", let index = keys[2].intValue {
      let field = DecodingError.path(Array(keys.dropFirst(3)))
      return .invalidHAR(path: path, entry: index, message: "\(field): \(problem)")
    }
    return .invalidHAR(path: path, entry: nil, message: "\(DecodingError.path(keys)): \(problem)")
  }

  private static func expectation(_ type: Any.Type) -> String {
    if type == String.self { return "a string" }
    return String(describing: type).hasPrefix("Array") ? "a list" : "an object"
  }
}
