import Foundation

/// Reads a HAR file entry by entry, or says precisely what is wrong with it: the line and
/// column of a JSON syntax error, a missing `log.entries`, or the index of the entry whose
/// field has the wrong type.
///
/// Memory (issue #26): the file's bytes are read once into one buffer and checked for syntax in
/// place; `log.entries` is then found by a byte scan, and each entry is decoded on its own when
/// it is asked for, so JSONDecoder's map of the JSON and the Swift strings of a request exist
/// for one entry at a time. Decoding the whole document at once kept those of every request
/// alive together (for 100,000 small entries they weighed more than the file itself).
struct HARDocument {
  let path: String
  private let bytes: [UInt8]
  /// Where each element of `log.entries` lies in `bytes`, in file order.
  private let entryRanges: [Range<Int>]
  private let decoder = JSONDecoder()

  fileprivate init(path: String, bytes: [UInt8], entryRanges: [Range<Int>]) {
    self.path = path
    self.bytes = bytes
    self.entryRanges = entryRanges
  }

  var count: Int { entryRanges.count }

  /// Entry `index` of `log.entries`, decoded from its own bytes.
  func entry(_ index: Int) throws(CorpusError) -> HARArchive.Entry {
    let range = entryRanges[index]
    do {
      return try bytes.withUnsafeBytes { buffer in
        // The decoder reads the file's own storage; a copy of each entry would be churn for nothing.
        let data = Data(
          bytesNoCopy: UnsafeMutableRawPointer(mutating: buffer.baseAddress! + range.lowerBound),
          count: range.count, deallocator: .none)
        return try decoder.decode(HARArchive.Entry.self, from: data)
      }
    } catch let error as DecodingError {
      throw HARReader.describe(error, entry: index, path: path)
    } catch {
      throw .invalidHAR(path: path, entry: index, message: "cannot be decoded: \(error)")
    }
  }
}

enum HARReader {
  static func document(ofFile path: String) throws(CorpusError) -> HARDocument {
    let bytes = try FileSystem.readFile(path, role: "HAR file")
    return try document(of: bytes, path: path)
  }

  static func document(of bytes: [UInt8], path: String) throws(CorpusError) -> HARDocument {
    // A key repeated where nothing is read (a response, `_initiator`) is no reason to refuse.
    let duplicates = JSONSyntaxChecker.DuplicateKeys.refusedAt { HARArchive.readsDuplicate(at: $0) }
    if let failure = JSONSyntaxChecker.check(bytes, duplicateKeys: duplicates) {
      // A repeated key is valid JSON grammar: say what it is, not "not JSON".
      let kind = failure.message.hasPrefix("duplicate key") ? "ambiguous" : "not JSON"
      throw .invalidHAR(
        path: path, entry: nil, message: "\(kind): line \(failure.line), column \(failure.column): \(failure.message)")
    }
    var top = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while top < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[top]) { top += 1 }
    guard bytes[top] == UInt8(ascii: "{") else {
      throw .invalidHAR(path: path, entry: nil, message: "(top level): expected an object")
    }
    guard let log = JSONSyntaxChecker.memberValueStart("log", ofObjectAt: top, in: bytes), !isNull(log, in: bytes)
    else {
      throw .invalidHAR(
        path: path, entry: nil, message: "has no \"log\" object; a HAR file is {\"log\": {\"entries\": [...]}}")
    }
    guard bytes[log] == UInt8(ascii: "{") else {
      throw .invalidHAR(path: path, entry: nil, message: "log: expected an object")
    }
    guard let entries = JSONSyntaxChecker.memberValueStart("entries", ofObjectAt: log, in: bytes),
      !isNull(entries, in: bytes)
    else {
      throw .invalidHAR(path: path, entry: nil, message: "has no \"log.entries\" list of requests")
    }
    guard let ranges = JSONSyntaxChecker.elements(ofArrayAt: entries, in: bytes) else {
      throw .invalidHAR(path: path, entry: nil, message: "log.entries: expected a list")
    }
    return HARDocument(path: path, bytes: bytes, entryRanges: ranges)
  }

  /// Every entry decoded, for callers that want them all at once (the fuzz target); a corpus
  /// reads them one at a time through `document(ofFile:)`.
  static func entries(of bytes: [UInt8], path: String) throws(CorpusError) -> [HARArchive.Entry] {
    let document = try document(of: bytes, path: path)
    var entries: [HARArchive.Entry] = []
    for index in 0..<document.count { entries.append(try document.entry(index)) }
    return entries
  }

  private static func isNull(_ start: Int, in bytes: [UInt8]) -> Bool {
    bytes[start] == UInt8(ascii: "n")
  }

  /// A decoding error of entry `entry` as `entry 3 (log.entries[3]): request.postData.text: expected a string`.
  fileprivate static func describe(_ error: DecodingError, entry: Int, path: String) -> CorpusError {
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
      return .invalidHAR(path: path, entry: entry, message: "cannot be decoded")
    }
    let message = codingPath.isEmpty ? problem : "\(DecodingError.path(codingPath)): \(problem)"
    return .invalidHAR(path: path, entry: entry, message: message)
  }

  private static func expectation(_ type: Any.Type) -> String {
    if type == String.self { return "a string" }
    return String(describing: type).hasPrefix("Array") ? "a list" : "an object"
  }
}
