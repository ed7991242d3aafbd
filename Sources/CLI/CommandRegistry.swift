/// Every subcommand, in the order the overview lists them. A new command is one file in
/// Commands/ and one line here.
enum CommandRegistry {
  static let commands: [any Command.Type] = [
    BackendsCommand.self,
    CompressCommand.self,
    DecompressCommand.self,
  ]

  static func command(named name: String) -> (any Command.Type)? {
    commands.first { $0.spec.name == name }
  }
}
