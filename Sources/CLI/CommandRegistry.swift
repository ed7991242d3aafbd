/// Every subcommand, in the order the overview lists them. A new command is one file in
/// Commands/ and one line here.
enum CommandRegistry {
  static let commands: [CommandEntry] = [
    CommandEntry(RunCommand.self),
    CommandEntry(CalibrateCommand.self),
    CommandEntry(BackendsCommand.self),
    CommandEntry(CompressCommand.self),
    CommandEntry(DecompressCommand.self),
    CommandEntry(DictCommand.self),
    CommandEntry(CorporaCommand.self),
    CommandEntry(ServeCommand.self),
    CommandEntry(LinkCheckCommand.self),
    CommandEntry(CompareCommand.self),
    CommandEntry(MergeCommand.self),
    CommandEntry(BaselineCommand.self),
  ]

  static func command(named name: String) -> CommandEntry? {
    commands.first { $0.spec.name == name }
  }
}

/// A command with its type erased into a closure. Kept generic so no call goes through an
/// `any Command.Type` existential: calling a typed-throws static requirement that way crashes
/// the Swift 6.3 compiler.
struct CommandEntry: Sendable {
  let spec: CommandSpec
  /// Parses the arguments, runs the command and returns the exit status.
  let execute: @Sendable (_ arguments: [String], _ console: Console) -> Int32

  init<C: Command>(_ command: C.Type) {
    spec = C.spec
    execute = { arguments, console in DeflateBenchTool.execute(C.self, arguments: arguments, console: console) }
  }
}
