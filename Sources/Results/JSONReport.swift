import DeflateBenchSupport
import Foundation

/// `results.json`: the whole document with every raw sample, keys in snake_case and sorted, pretty
/// printed so that two runs diff line by line.
public enum JSONReport {
  /// The file name inside a results folder.
  public static let fileName = "results.json"

  /// Encodes the document. Throws only for a non-finite sample (NaN or infinity), which JSON
  /// cannot represent and no measurement should produce.
  public static func encode(_ document: ResultsDocument) throws(ResultsWriteError) -> Data {
    let encoder = SnakeCaseKeys.encoder([.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    do {
      var data = try encoder.encode(document)
      data.append(0x0A)  // End with a newline, like any text file.
      return data
    } catch {
      throw .encoding(reason: String(describing: error))
    }
  }

  /// Decodes a document, refusing schemas newer than this build.
  ///
  /// - Parameter path: named in errors; the data's origin.
  public static func decode(_ data: Data, path: String) throws(ResultsLoadError) -> ResultsDocument {
    let decoder = SnakeCaseKeys.decoder()
    // Read the version alone first: a newer schema may not decode at all, and "update
    // deflate-bench" is a far better message than a missing-key error.
    let version = try SchemaVersionProbe.version(of: data, path: path)
    guard version <= ResultsDocument.currentSchemaVersion else {
      throw .newerSchema(path: path, found: version, supported: ResultsDocument.currentSchemaVersion)
    }
    do {
      return try decoder.decode(ResultsDocument.self, from: data)
    } catch {
      if DecodingErrorText.isUnnamedCorruption(error),
        let reason = NumberMisfitProbe.describe(
          data,
          stillMisfit: { candidate in
            do {
              _ = try decoder.decode(ResultsDocument.self, from: candidate)
              return false
            } catch {
              return DecodingErrorText.isUnnamedCorruption(error)
            }
          })
      {
        throw .notAResultsFile(path: path, reason: reason)
      }
      throw .notAResultsFile(path: path, reason: DecodingErrorText.describe(error))
    }
  }

}

/// Turns a DecodingError into one line that names the JSON path at fault.
enum DecodingErrorText {
  static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return String(describing: error) }
    switch error {
    case .keyNotFound(let key, let context):
      return "missing \(location(context.codingPath + [key]))"
    case .typeMismatch(let type, let context):
      return "\(location(context.codingPath)) has the wrong type; expected \(expectation(type))"
    case .valueNotFound(let type, let context):
      return "\(location(context.codingPath)) is null; expected \(expectation(type))"
    case .dataCorrupted(let context):
      let underlying = context.underlyingError.map { ": \(String(describing: $0))" } ?? ""
      return context.codingPath.isEmpty
        ? "not valid JSON\(underlying)" : "\(location(context.codingPath)): \(context.debugDescription)"
    @unknown default:
      return String(describing: error)
    }
  }

  /// Foundation's "not valid JSON" without a field: on JSON that parses, a number that does not
  /// fit its field (see `NumberMisfitProbe`).
  static func isUnnamedCorruption(_ error: any Error) -> Bool {
    guard case .dataCorrupted(let context) = error as? DecodingError else { return false }
    return context.codingPath.isEmpty
  }

  /// A Swift type in the words of a JSON document.
  static func expectation(_ type: Any.Type) -> String {
    switch type {
    case is Int.Type, is Int64.Type, is UInt64.Type, is UInt32.Type, is Int32.Type: "a whole number"
    case is Double.Type, is Float.Type: "a number"
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    default:
      String(describing: type).hasPrefix("Array") ? "a list" : "an object"
    }
  }

  /// `cells[3].output_bytes`, in the file's own spelling.
  private static func location(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + SnakeCaseKeys.snakeCase(key.stringValue)
      }
    }
    return text.isEmpty ? "the top level" : text
  }
}
