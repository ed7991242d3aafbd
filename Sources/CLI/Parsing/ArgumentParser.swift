/// Turns a command's argument list into `ParsedArguments`, checked against its `CommandSpec`.
/// Every problem is a usage error that names the option at fault.
public enum ArgumentParser {
  /// Parses `arguments` (without the program and command names). `--help`/`-h` is answered by
  /// the caller, which checks `ParsedArguments.wantsHelp` before anything else.
  public static func parse(_ arguments: [String], for spec: CommandSpec) throws(CLIError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var index = 0
    var onlyPositionalsFollow = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionalsFollow || argument == "-" || !argument.hasPrefix("-") {
        parsed.positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionalsFollow = true
        continue
      }
      if argument == "--help" || argument == "-h" {
        parsed.wantsHelp = true
        continue
      }
      let (option, inlineValue) = try resolve(argument, in: spec)
      guard option.takesValue else {
        if inlineValue != nil {
          throw .usage("--\(option.name) is a flag and takes no value")
        }
        parsed.flags.insert(option.name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else if index < arguments.count {
        let next = arguments[index]
        // `serve --record --help` once recorded into a folder named --help: an option is never
        // taken as the value before it. Help is answered; any other option is a missing value.
        // A value that does start with -- is written --option=VALUE.
        if next == "--help" || next == "-h" {
          parsed.wantsHelp = true
          index += 1
          continue
        }
        if next.hasPrefix("--") && next.count > 2 {
          throw .usage(
            "--\(option.name) needs a value (\(option.placeholder ?? "value")), not the option '\(next)'; write --\(option.name)=VALUE for a value that starts with --"
          )
        }
        value = next
        index += 1
      } else {
        throw .usage("--\(option.name) needs a value (\(option.placeholder ?? "value"))")
      }
      if !option.isRepeatable, parsed.values[option.name] != nil {
        throw .usage("--\(option.name) was given more than once")
      }
      parsed.values[option.name, default: []].append(value)
    }
    if parsed.wantsHelp { return parsed }
    try checkPositionals(parsed.positionals, spec: spec)
    return parsed
  }

  private static func resolve(_ argument: String, in spec: CommandSpec) throws(CLIError) -> (OptionSpec, String?) {
    if argument.hasPrefix("--") {
      let body = argument.dropFirst(2)
      let name: Substring
      let value: String?
      if let equals = body.firstIndex(of: "=") {
        name = body[..<equals]
        value = String(body[body.index(after: equals)...])
      } else {
        name = body
        value = nil
      }
      guard let option = spec.options.first(where: { $0.name == name }) else {
        throw .usage(unknownOptionMessage("--\(name)", spec: spec))
      }
      return (option, value)
    }
    // A single dash: a one-letter alias, `-o FILE` or `-oFILE`.
    let letters = argument.dropFirst()
    guard let letter = letters.first, let option = spec.options.first(where: { $0.short == letter }) else {
      // Negative numbers are values, not options, but only where a value is expected; here
      // nothing expects one, so say what went wrong.
      throw .usage(unknownOptionMessage(argument, spec: spec))
    }
    let rest = letters.dropFirst()
    return (option, rest.isEmpty ? nil : String(rest))
  }

  private static func unknownOptionMessage(_ written: String, spec: CommandSpec) -> String {
    let names = spec.options.map { "--\($0.name)" }
    var message = "unknown option '\(written)'"
    if let suggestion = EditDistance.closest(to: written, in: names) {
      message += "; did you mean '\(suggestion)'?"
    }
    return message + " (see 'deflate-bench \(spec.name) --help')"
  }

  private static func checkPositionals(_ positionals: [String], spec: CommandSpec) throws(CLIError) {
    let required = spec.arguments.filter(\.isRequired)
    if positionals.count < required.count {
      let missing = required[positionals.count...].map { "<\($0.name)>" }.joined(separator: " ")
      throw .usage("missing \(missing) (see 'deflate-bench \(spec.name) --help')")
    }
    let acceptsAny = spec.arguments.last?.isVariadic ?? false
    if !acceptsAny, positionals.count > spec.arguments.count {
      let extra = positionals[spec.arguments.count...].joined(separator: " ")
      throw .usage("unexpected argument '\(extra)' (see 'deflate-bench \(spec.name) --help')")
    }
  }
}

/// Levenshtein distance, for "did you mean" suggestions on mistyped options and commands.
enum EditDistance {
  static func closest(to word: String, in candidates: [String]) -> String? {
    let scored = candidates.map { ($0, distance(word, $0)) }.min { $0.1 < $1.1 }
    guard let (candidate, score) = scored, score <= max(2, word.count / 3) else { return nil }
    return candidate
  }

  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...max(b.count, 1) where !b.isEmpty {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      previous = current
    }
    return previous[b.count]
  }
}
