import DeflateBenchSupport
import Foundation

/// Reads `schema_version` before the whole document is decoded, so each way a file can fail to
/// be a results document gets its own sentence: not JSON at all (a truncated file says where it
/// stops), not an object, no version, or a version that is not a whole number.
enum SchemaVersionProbe {
  static func version(of data: Data, path: String) throws(ResultsLoadError) -> Int {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw .notAResultsFile(path: path, reason: syntaxProblem(data))
    }
    guard let top = object as? [String: Any] else {
      throw .notAResultsFile(path: path, reason: "the top level is not a JSON object")
    }
    guard let value = top["schema_version"] else {
      throw .notAResultsFile(path: path, reason: "missing schema_version (expected a whole number such as 1)")
    }
    // JSONDecoder, not NSNumber, tells a number from true and false on every platform.
    let number = try? SnakeCaseKeys.decoder().decode(Probe.self, from: data).schemaVersion
    guard let number, let version = Int(exactly: number) else {
      let shown = number.map { "\($0)" } ?? describe(value)
      throw .notAResultsFile(path: path, reason: "schema_version is \(shown); expected a whole number such as 1")
    }
    // Versions start at 1: 0 or a negative number is no version any deflate-bench wrote.
    guard version >= 1 else {
      throw .notAResultsFile(path: path, reason: "schema_version is \(version); versions start at 1")
    }
    return version
  }

  private struct Probe: Decodable {
    let schemaVersion: Double
  }

  /// Why bytes are not JSON, in words that do not depend on Foundation's wording: empty, cut off
  /// (the usual case: a copy or a run that stopped), not UTF-8, or a syntax error.
  static func syntaxProblem(_ data: Data) -> String {
    let bytes = [UInt8](data)
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return "the file is empty" }
    if String(validating: bytes, as: UTF8.self) == nil { return "not valid JSON (the file is not UTF-8 text)" }
    if isCutOff(bytes) {
      return "not valid JSON: it ends after \(bytes.count) bytes with unclosed brackets, so the file is truncated"
    }
    return "not valid JSON (a syntax error; check it with python3 -m json.tool)"
  }

  /// Whether brackets outside strings are still open at the end of the bytes.
  private static func isCutOff(_ bytes: [UInt8]) -> Bool {
    var depth = 0
    var inString = false
    var escaped = false
    for byte in bytes {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
      default: break
      }
    }
    return depth > 0 || inString
  }

  private static func describe(_ value: Any) -> String {
    switch value {
    case let number as NSNumber: "\(number)"
    case let string as String: "the string \"\(string.prefix(40))\""
    case is NSNull: "null"
    case is [Any]: "a list"
    default: "an object"
    }
  }
}
