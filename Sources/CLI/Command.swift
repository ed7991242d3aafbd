/// A subcommand of `deflate-bench`: a spec that documents it and a function that does it.
/// Commands throw `CLIError` for anything the user should read; the tool maps it to an exit code.
public protocol Command: Sendable {
  static var spec: CommandSpec { get }
  /// Does the work. Returning normally means exit status 0 unless the command returns another
  /// status (for example `compare` returns `.regression`).
  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) -> ExitCode
}
