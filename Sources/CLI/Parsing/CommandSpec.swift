/// A command's declaration: its name, what it does and every option it takes. The help screen
/// is generated from this, so the declaration is the manual.
public struct CommandSpec: Sendable {
  public var name: String
  /// One sentence: what the command does.
  public var abstract: String
  /// Longer text shown under the overview: how to use it, formats, examples.
  public var discussion = ""
  public var options: [OptionSpec] = []
  public var arguments: [ArgumentSpec] = []
  /// The EXIT CODES section: the statuses this command can return and no others, as
  /// `ExitCode.table([...])` words them, or in the command's own words where it gives a status a
  /// meaning of its own.
  public var exitCodes: String
}

/// One `--name` option: a flag, or an option that takes a value.
public struct OptionSpec: Sendable {
  public enum Kind: Sendable {
    /// Present or absent; takes no value.
    case flag
    /// Takes one value, written `--name VALUE` or `--name=VALUE`.
    case value(placeholder: String)
    /// Like `.value`, but may be given more than once; every value is kept in order.
    case repeatable(placeholder: String)
  }

  /// The long name without dashes: `level` for `--level`.
  public var name: String
  /// An optional one-letter alias without the dash: `o` for `-o`.
  public var short: Character?
  public var kind: Kind
  /// Full-sentence help, shown in the help screen.
  public var help: String

  public init(_ name: String, short: Character? = nil, _ kind: Kind, help: String) {
    self.name = name
    self.short = short
    self.kind = kind
    self.help = help
  }

  public static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
    OptionSpec(name, short: short, .flag, help: help)
  }

  public static func value(_ name: String, short: Character? = nil, _ placeholder: String, help: String)
    -> OptionSpec
  {
    OptionSpec(name, short: short, .value(placeholder: placeholder), help: help)
  }

  public static func repeatable(_ name: String, short: Character? = nil, _ placeholder: String, help: String)
    -> OptionSpec
  {
    OptionSpec(name, short: short, .repeatable(placeholder: placeholder), help: help)
  }

  var takesValue: Bool {
    if case .flag = kind { return false }
    return true
  }

  var isRepeatable: Bool {
    if case .repeatable = kind { return true }
    return false
  }

  var placeholder: String? {
    switch kind {
    case .flag: nil
    case .value(let placeholder), .repeatable(let placeholder): placeholder
    }
  }
}

/// A positional argument.
public struct ArgumentSpec: Sendable {
  public var name: String
  public var help: String
  /// Whether the command fails with a usage error when it is missing.
  public var isRequired: Bool
  /// Whether it takes every remaining positional value (`merge DIR...`).
  public var isVariadic: Bool

  public init(_ name: String, help: String, isRequired: Bool = true, isVariadic: Bool = false) {
    self.name = name
    self.help = help
    self.isRequired = isRequired
    self.isVariadic = isVariadic
  }
}
