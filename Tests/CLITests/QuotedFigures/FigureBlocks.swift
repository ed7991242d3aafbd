import Foundation

/// The marked blocks of a Markdown page: figures the docs quote from a committed results folder,
/// written by `FigureGenerator` between an opening and a closing HTML comment (which Markdown
/// renders as nothing), for example
///
///     <!-- figures: run Results/example -->
///     696 cells, ...
///     <!-- /figures -->
///
/// The opening names what to write (`FigureGenerator.Kind`), from which folder, and any
/// arguments; blocks may also sit inside a sentence.
struct FigureBlock: Equatable {
  /// `run`, `machine`, `cold-classes`, `answer-lines`.
  var kind: String
  /// The results folder, relative to the package root: `Results/example`.
  var folder: String
  var arguments: [String]
  /// The text between the two comments, as the page has it.
  var content: String
  /// Where `content` sits in the page.
  var range: Range<String.Index>
  /// 1-based line of the opening comment, for messages.
  var line: Int
}

enum FigureBlocks {
  static let closing = "<!-- /figures -->"
  static let openingPrefix = "<!-- figures:"

  struct Malformed: Error, CustomStringConvertible {
    var description: String
  }

  /// Every block of `text`, in order; a block left open, nested, or naming no folder is refused.
  static func blocks(in text: String) throws -> [FigureBlock] {
    var blocks: [FigureBlock] = []
    var searchFrom = text.startIndex
    while let open = text.range(of: openingPrefix, range: searchFrom..<text.endIndex) {
      let line = text[..<open.lowerBound].filter { $0 == "\n" }.count + 1
      guard let openEnd = text.range(of: "-->", range: open.upperBound..<text.endIndex) else {
        throw Malformed(description: "line \(line): the opening comment is not closed")
      }
      let words = text[open.upperBound..<openEnd.lowerBound].split(whereSeparator: \.isWhitespace).map(String.init)
      guard words.count >= 2 else {
        throw Malformed(description: "line \(line): a block names its kind and its results folder")
      }
      guard let close = text.range(of: closing, range: openEnd.upperBound..<text.endIndex) else {
        throw Malformed(description: "line \(line): no \(closing) after the block")
      }
      let content = openEnd.upperBound..<close.lowerBound
      if text[content].contains(openingPrefix) {
        throw Malformed(description: "line \(line): a block opens inside another")
      }
      blocks.append(
        FigureBlock(
          kind: words[0], folder: words[1], arguments: Array(words.dropFirst(2)), content: String(text[content]),
          range: content, line: line))
      searchFrom = close.upperBound
    }
    if blocks.isEmpty, text.contains(closing) { throw Malformed(description: "\(closing) without an opening") }
    return blocks
  }

  /// `text` with every block's content replaced by `render(block)`, keeping the whitespace that
  /// surrounded the old content (a block on its own lines stays on its own lines).
  static func replacing(in text: String, render: (FigureBlock) throws -> String) throws -> String {
    var result = ""
    var position = text.startIndex
    for block in try blocks(in: text) {
      result += text[position..<block.range.lowerBound]
      var leading = String(block.content.prefix { $0.isWhitespace })
      var trailing = String(block.content.reversed().prefix { $0.isWhitespace }.reversed())
      if leading.count == block.content.count {
        // An empty block: one newline each side if it spanned lines.
        (leading, trailing) = block.content.contains("\n") ? ("\n", "\n") : ("", "")
      }
      result += leading + (try render(block)) + trailing
      position = block.range.upperBound
    }
    return result + text[position...]
  }

  /// Whether a block's content says what `rendered` says, surrounding whitespace aside.
  static func matches(_ block: FigureBlock, _ rendered: String) -> Bool {
    block.content.trimmingCharacters(in: .whitespacesAndNewlines) == rendered
  }
}
