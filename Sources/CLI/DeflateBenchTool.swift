import DeflateBenchSupport
import Foundation

/// The entry point: finds the subcommand, parses its options, runs it and turns every error
/// into one message on stderr and one exit code. `main.swift` only calls `main` and `exit`.
public enum DeflateBenchTool {
  public static let version = "0.1.0"

  /// Ends the process with `status`. A measuring thread that `run` gave up on (`MeasuringThread`)
  /// may still be writing a results file under its temporary name: it is removed first.
  public static func exit(_ status: Int32) -> Never {
    OutputFile.removeTemporaries { Foundation.exit(status) }
  }

  public static func main(_ arguments: [String], console: Console = Console()) -> Int32 {
    // Before anything is opened: a closed 0, 1 or 2 must not become a file of ours.
    StandardDescriptors.takeClosedOnes()
    let words = Array(arguments.dropFirst())
    guard let first = words.first, first != "--help", first != "-h", first != "help" else {
      if words.first == "help", words.count > 1, let command = CommandRegistry.command(named: words[1]) {
        console.out(HelpFormatter.render(command.spec))
      } else {
        console.out(overview)
      }
      return outputStatus(console: console, program: "deflate-bench")
    }
    if first == "--version" {
      console.out("deflate-bench \(version)\n")
      return outputStatus(console: console, program: "deflate-bench")
    }
    guard let command = CommandRegistry.command(named: first) else {
      var message = "unknown command '\(first)'"
      if let suggestion = EditDistance.closest(to: first, in: CommandRegistry.commands.map(\.spec.name)) {
        message += "; did you mean '\(suggestion)'?"
      }
      console.error("deflate-bench: error: \(message) (see 'deflate-bench --help')\n")
      return ExitCode.usage.rawValue
    }
    return command.execute(Array(words.dropFirst()), console)
  }

  /// Parses one command's arguments, runs it, and maps a `CLIError` to its message and status.
  static func execute<C: Command>(_ command: C.Type, arguments: [String], console: Console) -> Int32 {
    do throws(CLIError) {
      let parsed = try ArgumentParser.parse(arguments, for: C.spec)
      if parsed.wantsHelp {
        console.out(HelpFormatter.render(C.spec))
        return outputStatus(console: console, program: "deflate-bench \(C.spec.name)")
      }
      let status = try C.run(parsed, console: console).rawValue
      if let code = Console.standardOutputFailure.withLock({ $0 }) {
        throw CLIError(.cannotCreate, "cannot write to standard output: \(String(cString: strerror(code)))")
      }
      return status
    } catch {
      console.error("deflate-bench \(C.spec.name): error: \(error.message)\n")
      return error.code.rawValue
    }
  }

  /// 0, or 73 with one line on stderr when help or version text could not be written (a full
  /// or closed standard output): a script that captures `--help` must not get nothing and 0.
  private static func outputStatus(console: Console, program: String) -> Int32 {
    guard let code = Console.standardOutputFailure.withLock({ $0 }) else { return ExitCode.success.rawValue }
    console.error("\(program): error: cannot write to standard output: \(String(cString: strerror(code)))\n")
    return ExitCode.cannotCreate.rawValue
  }

  static var overview: String {
    var lines = [
      "OVERVIEW: Measures how well compression libraries shrink HTTP upload bodies, how fast,",
      "and whether compressing pays on a given link.",
      "",
      "USAGE: deflate-bench <command> [<options>]",
      "",
      "COMMANDS:",
    ]
    for command in CommandRegistry.commands {
      lines.append(contentsOf: HelpFormatter.row(label: command.spec.name, help: command.spec.abstract))
    }
    lines += [
      "",
      "OPTIONS:",
      "  --version                 Show the version.",
      "  -h, --help                Show help information.",
      "",
      "See 'deflate-bench <command> --help' for a command's options.",
      "",
      "EXIT CODES:",
      ExitCode.table,
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}
