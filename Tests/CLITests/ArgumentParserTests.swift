import Testing

@testable import DeflateBenchCLI

@Suite("Argument parser")
struct ArgumentParserTests {
  let spec = CommandSpec(
    name: "demo", abstract: "A command for tests.",
    options: [
      .value("level", "n", help: "A level."),
      .repeatable("corpus", "spec", help: "A corpus."),
      .flag("json", help: "JSON output."),
      .value("output", short: "o", "file", help: "Output file."),
    ],
    arguments: [ArgumentSpec("path", help: "A path.", isRequired: false)],
    exitCodes: ExitCode.table([.success, .usage]))

  @Test func readsValuesFlagsAndPositionals() throws {
    let parsed = try ArgumentParser.parse(
      ["--level", "6", "--json", "--corpus=a", "--corpus", "b,c", "-o", "out.gz", "input"], for: spec)
    #expect(try parsed.int("level") == 6)
    #expect(parsed.flag("json"))
    #expect(parsed.strings("corpus") == ["a", "b,c"])
    #expect(parsed.strings("corpus", splittingCommas: true) == ["a", "b", "c"])
    #expect(parsed.string("output") == "out.gz")
    #expect(parsed.positionals == ["input"])
  }

  @Test func doubleDashEndsOptions() throws {
    let parsed = try ArgumentParser.parse(["--", "--json"], for: spec)
    #expect(!parsed.flag("json"))
    #expect(parsed.positionals == ["--json"])
  }

  @Test func unknownOptionSuggestsTheClosestName() {
    #expect {
      try ArgumentParser.parse(["--levle", "3"], for: spec)
    } throws: { error in
      let error = error as! CLIError
      return error.code == .usage && error.message.contains("unknown option '--levle'")
        && error.message.contains("did you mean '--level'?")
    }
  }

  @Test func missingValueNamesTheOption() {
    #expect {
      try ArgumentParser.parse(["--level"], for: spec)
    } throws: { error in
      (error as! CLIError).message.contains("--level needs a value")
    }
  }

  @Test("an option is never the value before it: --help is answered, another option is a missing value")
  func optionIsNeverAValue() throws {
    // `serve --record --help` recorded into a folder named --help before.
    let help = try ArgumentParser.parse(["--output", "--help"], for: spec)
    #expect(help.wantsHelp)
    #expect(help.string("output") == nil)
    #expect(try ArgumentParser.parse(["-o", "-h"], for: spec).wantsHelp)
    #expect {
      try ArgumentParser.parse(["--output", "--json"], for: spec)
    } throws: { error in
      let error = error as! CLIError
      return error.code == .usage && error.message.contains("--output needs a value (file), not the option '--json'")
    }
    // Written with =, a value may start with --; a negative number is still a value.
    #expect(try ArgumentParser.parse(["--output=--odd"], for: spec).string("output") == "--odd")
    #expect(try ArgumentParser.parse(["--level", "-3"], for: spec).int("level") == -3)
  }

  @Test func nonIntegerValueIsAUsageError() throws {
    let parsed = try ArgumentParser.parse(["--level", "six"], for: spec)
    #expect {
      try parsed.int("level")
    } throws: { error in
      let error = error as! CLIError
      return error.code == .usage && error.message.contains("--level expects an integer, got 'six'")
    }
  }

  @Test func singleValuedOptionGivenTwiceIsRefused() {
    #expect(throws: CLIError.self) { try ArgumentParser.parse(["--level", "1", "--level", "2"], for: spec) }
  }

  @Test func flagWithValueIsRefused() {
    #expect(throws: CLIError.self) { try ArgumentParser.parse(["--json=yes"], for: spec) }
  }

  @Test func extraPositionalIsRefused() {
    #expect(throws: CLIError.self) { try ArgumentParser.parse(["a", "b"], for: spec) }
  }

  @Test func helpIsRecognisedAnywhere() throws {
    #expect(try ArgumentParser.parse(["--level", "3", "--help"], for: spec).wantsHelp)
    #expect(try ArgumentParser.parse(["-h"], for: spec).wantsHelp)
  }

  @Test func byteCountsTakeBinarySuffixes() {
    #expect(ByteCountParser.parse("64K") == 65536)
    #expect(ByteCountParser.parse("1M") == 1_048_576)
    #expect(ByteCountParser.parse("2GiB") == 2 << 30)
    #expect(ByteCountParser.parse("12") == 12)
    #expect(ByteCountParser.parse("-1") == nil)
    #expect(ByteCountParser.parse("lots") == nil)
  }

  @Test func helpScreenListsEveryOptionAndTheExitCodes() {
    let help = HelpFormatter.render(spec)
    #expect(help.hasPrefix("OVERVIEW: A command for tests."))
    #expect(help.contains("USAGE: deflate-bench demo [<path>] [<options>]"))
    for option in ["--level <n>", "--corpus <spec> ...", "--json", "-o, --output <file>", "-h, --help"] {
      #expect(help.contains(option), "help lacks \(option)")
    }
    #expect(help.contains("64   usage error"))
  }
}
