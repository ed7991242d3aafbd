/// Turns `DecodingError` into a `CorpusError` with a key path (`corpora[2].count`) and a
/// sentence of our own: Foundation's wording differs between platforms and versions, ours is
/// stable and tested.
extension DecodingError {
  var corpusError: CorpusError {
    switch self {
    case .typeMismatch(_, let context), .dataCorrupted(let context):
      let field = Self.path(context.codingPath)
      return .invalidValue(field: field, message: "expected \(Self.expectation(for: context.codingPath))")
    case .valueNotFound(_, let context):
      let field = Self.path(context.codingPath)
      return .invalidValue(field: field, message: "expected \(Self.expectation(for: context.codingPath)), found null")
    case .keyNotFound(let key, let context):
      return .invalidValue(field: Self.path(context.codingPath + [key]), message: "is required")
    @unknown default:
      return .invalidValue(field: "(configuration)", message: "cannot be decoded")
    }
  }

  /// `corpora[2].split[0]`, or `(top level)` for the document itself.
  static func path(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : "." + key.stringValue
      }
    }
    return text.isEmpty ? "(top level)" : text
  }

  /// What the key at the end of `codingPath` takes, in words.
  private static func expectation(for codingPath: [any CodingKey]) -> String {
    let named = codingPath.last { $0.intValue == nil }?.stringValue
    let inList = codingPath.last?.intValue != nil
    switch named {
    case nil: return "an object with a \"corpora\" list"
    case "corpora":
      return inList
        ? "a corpus object such as {\"kind\": \"file\", \"path\": \"data.json\"}" : "a list of corpus objects"
    case "version": return "the number 1"
    case "seed": return "a whole number from 0 to 18446744073709551615"
    case "count", "bytes": return "a whole number"
    case "batch": return "a whole number or a list of whole numbers"
    case "name", "kind", "profile", "path", "pattern", "description": return "a string"
    default: return "a different value"
    }
  }
}
