/// One path component of a glob pattern, matched against one file or folder name:
/// `*` (any run of characters), `?` (one character), `[abc]`, `[a-z]`, `[!a-z]` or `[^a-z]`
/// (one character in or not in the set) and `\x` (a literal x). `**` is handled by
/// `GlobExpander`, since it spans components.
struct GlobPattern: Equatable {
  private enum Token: Equatable {
    case literal(Character)
    case any
    case star
    case set(negated: Bool, items: [SetItem])
  }

  private enum SetItem: Equatable {
    case character(Character)
    case range(Character, Character)
  }

  private let tokens: [Token]
  /// The pattern as written, for literal components and messages.
  let text: String

  init(_ text: String) {
    self.text = text
    tokens = Self.tokenize(Array(text))
  }

  /// True when the component has no wildcard, so it names one entry directly.
  var isLiteral: Bool {
    tokens.allSatisfy {
      if case .literal = $0 { return true }
      return false
    }
  }

  /// The literal name, for a component without wildcards (escapes removed).
  var literalName: String {
    String(
      tokens.compactMap {
        if case .literal(let character) = $0 { return character }
        return nil
      })
  }

  /// True when the pattern starts with a literal dot, the only way to match hidden names.
  var matchesHidden: Bool { tokens.first == .literal(".") }

  /// Whether `name` matches, with the usual star backtracking (linear in practice).
  func matches(_ name: String) -> Bool {
    let characters = Array(name)
    var t = 0
    var c = 0
    var starToken = -1
    var starCharacter = 0
    while c < characters.count {
      if t < tokens.count, tokens[t] != .star, Self.matchesOne(tokens[t], characters[c]) {
        t += 1
        c += 1
      } else if t < tokens.count, tokens[t] == .star {
        starToken = t
        starCharacter = c
        t += 1
      } else if starToken >= 0 {
        t = starToken + 1
        starCharacter += 1
        c = starCharacter
      } else {
        return false
      }
    }
    while t < tokens.count, tokens[t] == .star { t += 1 }
    return t == tokens.count
  }

  private static func matchesOne(_ token: Token, _ character: Character) -> Bool {
    switch token {
    case .literal(let expected): return expected == character
    case .any: return true
    case .star: return false
    case .set(let negated, let items):
      let found = items.contains {
        switch $0 {
        case .character(let member): member == character
        case .range(let low, let high): low <= character && character <= high
        }
      }
      return found != negated
    }
  }

  private static func tokenize(_ characters: [Character]) -> [Token] {
    var tokens: [Token] = []
    var index = 0
    while index < characters.count {
      let character = characters[index]
      switch character {
      case "*":
        if tokens.last != .star { tokens.append(.star) }
        index += 1
      case "?":
        tokens.append(.any)
        index += 1
      case "\\" where index + 1 < characters.count:
        tokens.append(.literal(characters[index + 1]))
        index += 2
      case "[":
        if let (set, next) = parseSet(characters, from: index) {
          tokens.append(set)
          index = next
        } else {
          // An unclosed bracket is a literal, as in the shell.
          tokens.append(.literal("["))
          index += 1
        }
      default:
        tokens.append(.literal(character))
        index += 1
      }
    }
    return tokens
  }

  /// Parses `[...]` starting at `start`; returns the token and the index after `]`.
  private static func parseSet(_ characters: [Character], from start: Int) -> (Token, Int)? {
    var index = start + 1
    var negated = false
    if index < characters.count, characters[index] == "!" || characters[index] == "^" {
      negated = true
      index += 1
    }
    var items: [SetItem] = []
    var first = true
    while index < characters.count {
      let character = characters[index]
      if character == "]" && !first { return (.set(negated: negated, items: items), index + 1) }
      first = false
      if index + 2 < characters.count, characters[index + 1] == "-", characters[index + 2] != "]" {
        items.append(.range(character, characters[index + 2]))
        index += 3
      } else {
        items.append(.character(character))
        index += 1
      }
    }
    return nil
  }
}
