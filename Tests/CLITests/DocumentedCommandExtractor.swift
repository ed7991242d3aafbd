/// Finds the `deflate-bench` commands a Markdown page writes: in code (fenced blocks, indented
/// blocks, `$ ` lines) and in inline code spans, with `\` continuation lines joined. Each is cut
/// into words the way a shell would (quotes removed), up to the first redirection, pipe, `;`,
/// `&&` or comment. Text the tool printed (`deflate-bench run: warning: ...`) is not a command.
enum DocumentedCommandExtractor {
  /// - Returns: each command's line, its words after `deflate-bench`, and whether it stands in
  ///   code (a command to copy) rather than in an inline span of prose (which may name an
  ///   option without its value: "`serve --record`").
  static func commands(in text: String) -> [(line: Int, words: [String], inCode: Bool)] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var found: [(Int, [String], Bool)] = []
    var inFence = false
    var index = 0
    while index < lines.count {
      let line = lines[index]
      let number = index + 1
      index += 1
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("```") {
        inFence.toggle()
        continue
      }
      let isCode = inFence || line.hasPrefix("    ") || trimmed.hasPrefix("$ ")
      var pieces: [String] = []
      if isCode {
        var joined = line
        while joined.hasSuffix("\\"), index < lines.count {
          joined = String(joined.dropLast()) + " " + lines[index].trimmingCharacters(in: .whitespaces)
          index += 1
        }
        if let start = invocationStart(in: joined) { pieces.append(String(joined[start...])) }
      } else {
        pieces = line.matches(of: /`([^`]+)`/).map { String($0.1) }.compactMap { span in
          invocationStart(in: span).map { String(span[$0...]) }
        }
      }
      for piece in pieces {
        let words = Array(shellWords(piece).dropFirst())
        guard let first = words.first, !first.hasSuffix(":") else { continue }
        found.append((number, words, isCode))
      }
    }
    return found
  }

  /// Where `deflate-bench COMMAND` (or `.build/release/deflate-bench`) starts: at the start or
  /// after a space, `|`, `(` or `$`, and followed by a word, so a folder named `deflate-bench/`
  /// or the name alone in prose is not taken for a command.
  static func invocationStart(in text: String) -> String.Index? {
    let pattern = /(?:^|[\s|($])((?:\.build\/release\/)?deflate-bench [a-z-])/
    return text.firstMatch(of: pattern)?.output.1.startIndex
  }

  /// The words of a shell command line up to the first operator or comment, quotes removed.
  static func shellWords(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character?
    var characters = text.makeIterator()
    while let character = characters.next() {
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
        continue
      }
      switch character {
      case "'", "\"":
        quote = character
        inWord = true
      case "\\":
        if let next = characters.next() { current.append(next) }
        inWord = true
      case " ", "\t":
        if inWord { words.append(current) }
        current = ""
        inWord = false
      case "#" where !inWord, "|", "<", ">", ";", "&":
        // `2>` names a descriptor, not a word of the command.
        let descriptor = (character == ">" || character == "<") && !current.isEmpty && current.allSatisfy(\.isNumber)
        if inWord, !descriptor { words.append(current) }
        return words
      default:
        current.append(character)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    return words
  }
}
