import Foundation

/// RFC 4180 field and number encoding for `results.csv`.
public enum CSVField {
  /// Quotes a field when it contains a comma, a double quote, CR or LF (RFC 4180 section 2.6),
  /// doubling the quotes inside (2.7). Other fields are written bare, so plain names stay plain.
  public static func escape(_ field: String) -> String {
    let needsQuotes = field.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
    guard needsQuotes else { return field }
    return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// The shortest decimal that parses back to exactly the same Double (Swift's `description`,
  /// which never depends on the locale): 0.1 -> "0.1", 1e-7 -> "1e-07", 250.0 -> "250.0".
  /// Non-finite values, which no measurement produces, become an empty field rather than a token
  /// ("nan", "inf") that spreadsheets and CSV readers disagree about.
  public static func number(_ value: Double) -> String {
    value.isFinite ? value.description : ""
  }

  /// `number` for an optional; empty when absent.
  public static func number(_ value: Double?) -> String {
    value.map { number($0) } ?? ""
  }
}
