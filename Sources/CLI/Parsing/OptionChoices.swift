/// The words an option takes from a closed list, named once by the type the value belongs to, so
/// the help screen and the error list the same words (swift-argument-parser's `allValueStrings`).
struct OptionChoices: Sendable {
  /// The option's long name, without dashes.
  let option: String
  let values: [String]

  /// "a, b or c": as help and errors list them.
  var listed: String { RegistryText.list(values) }

  /// The value given, or `fallback` when the option is absent.
  /// - Throws: a usage error listing the choices when the value is none of them.
  func parse(_ arguments: ParsedArguments, default fallback: String) throws(CLIError) -> String {
    guard let text = arguments.string(option) else { return fallback }
    guard values.contains(text) else { throw refusing(text) }
    return text
  }

  /// "--name expects a, b or c; got 'text'".
  func refusing(_ text: String) -> CLIError { .usage("--\(option) expects \(listed); got '\(text)'") }
}
