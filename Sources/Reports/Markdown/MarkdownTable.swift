import Foundation

/// A GitHub-flavoured Markdown table.
struct MarkdownTable {
  enum Alignment {
    case left, right

    var rule: String { self == .left ? ":---" : "---:" }
  }

  var headers: [String]
  var alignments: [Alignment]
  var rows: [[String]] = []

  /// Left-aligned text columns followed by right-aligned numeric ones, the common shape.
  init(text: [String], numbers: [String]) {
    headers = text + numbers
    alignments = text.map { _ in .left } + numbers.map { _ in .right }
  }

  init(headers: [String], alignments: [Alignment]) {
    precondition(headers.count == alignments.count, "one alignment per column")
    self.headers = headers
    self.alignments = alignments
  }

  mutating func append(_ row: [String]) {
    precondition(row.count == headers.count, "one field per column")
    rows.append(row)
  }

  func render() -> String {
    let lines =
      [line(headers), "|" + alignments.map { " \($0.rule) " }.joined(separator: "|") + "|"] + rows.map(line)
    return lines.joined(separator: "\n") + "\n"
  }

  private func line(_ fields: [String]) -> String {
    "|" + fields.map { " \(MarkdownText.cell($0)) " }.joined(separator: "|") + "|"
  }
}

/// Escaping for text that comes from outside (corpus names, errors, command lines).
enum MarkdownText {
  /// A table cell cannot hold a line break, and a pipe would end it (GitHub splits rows on `|`
  /// before it looks at code spans, so pipes inside code need the backslash too).
  static func cell(_ text: String) -> String {
    // Most cells are plain numbers and names: skip the rewriting for them.
    guard text.contains(where: { $0 == "|" || $0.isNewline }) else { return text }
    return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " ")
      .replacingOccurrences(of: "|", with: "\\|")
  }

  /// Inline code that survives backticks in its content (CommonMark: use a longer fence).
  static func code(_ text: String) -> String {
    var fence = "`"
    while text.contains(fence) { fence += "`" }
    let padding = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
    return fence + padding + text + padding + fence
  }

  /// Characters that would turn plain text into emphasis, links or HTML are backslash-escaped.
  /// (Pipes are left to `cell`, which escapes them where they matter.)
  static func plain(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if "\\`*_[]<>#".contains(character) { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }
}
