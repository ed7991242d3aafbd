import Foundation

/// RFC 4180 field and number encoding for `results.csv`.
public enum CSVField {
  /// Quotes a field when it contains a comma, a double quote, CR or LF (RFC 4180 section 2.6),
  /// doubling the quotes inside (2.7). Other fields are written bare, so plain names stay plain.
  /// Text a spreadsheet would evaluate is neutralised first (`neutralized`).
  public static func escape(_ field: String) -> String {
    let safe = neutralized(field)
    let needsQuotes =
      safe != field || safe.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
    guard needsQuotes else { return safe }
    return "\"" + safe.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// The characters a spreadsheet reads as the start of a formula (or that hide one): `=`, `+`,
  /// `-`, `@`, tab and CR (OWASP, "CSV Injection").
  static let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r", "\r\n"]

  /// A text field starting with one of `formulaStarts` gets a leading apostrophe, OWASP's rule,
  /// so a corpus named `=1+2.json` or `@SUM(1).json` shows as that text instead of running;
  /// `escape` then quotes it. A number (`-0.25`, what `number` writes) stays as it is: a
  /// spreadsheet reads it as the number it is, and a reader parsing the column needs it bare.
  static func neutralized(_ field: String) -> String {
    guard let first = field.first, formulaStarts.contains(first) else { return field }
    if Double(field) != nil, field.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.e".contains($0)) }) {
      return field
    }
    return "'" + field
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
