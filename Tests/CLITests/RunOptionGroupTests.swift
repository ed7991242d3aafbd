import DeflateBenchCodecs
import DeflateBenchResults
import DeflateBenchSupport
import Testing

@testable import DeflateBenchCLI

/// `run`'s options in groups (issue #41, item 2): each option is declared by one group and
/// listed once in the manual; the shared timing group reads `--container` and `--min-time` alike
/// for `run` and `calibrate`; each value type lists its own words for help and errors.
@Suite("run: option groups")
struct RunOptionGroupTests {
  @Test("the manual lists every group's options, each once, and nothing else")
  func manualListsEveryGroupOptionOnce() {
    let listed = RunOptions.specs.map(\.name)
    let declared = RunOptions.groups.flatMap { $0.map(\.name) }
    #expect(Set(declared).count == declared.count, "\(declared)")
    #expect(listed == RunOptions.manualOrder)
    #expect(listed.sorted() == declared.sorted())
    #expect(RunCommand.spec.options.map(\.name) == listed)
  }

  @Test("run and calibrate parse --container and --min-time with one group")
  func timingGroupIsShared() throws {
    for command in [RunCommand.spec, CalibrateCommand.spec] {
      let parsed = try ArgumentParser.parse(["--container", "raw", "--min-time", "0.25"], for: command)
      let timing = try TimingOptions(parsed, defaultMinTime: 1)
      #expect(timing.container == .raw && timing.minTimeSeconds == 0.25)
      let names = command.options.map(\.name)
      #expect(names.contains("container") && names.contains("min-time"))
    }
    let refused = try ArgumentParser.parse(["--container", "zstd"], for: CalibrateCommand.spec)
    #expect(throws: CLIError.self) { try TimingOptions(refused, defaultMinTime: 1) }
  }

  @Test("a value's words come from its type: the help and the error list the same ones")
  func choicesAreListedOnce() throws {
    #expect(TimingOptions.containers.values == Container.deflate.map(\.rawValue))
    #expect(ModelOptions.connections.values == ModelParameters.connections)
    #expect(ModelOptions.httpVersions.listed == "1.1, 2 or 3")
    let error = TimingOptions.containers.refusing("zstd")
    #expect(error.message == "--container expects gzip, zlib or raw; got 'zstd'")
    let help = TimingOptions.container(.calibrate).help
    #expect(help.contains(TimingOptions.containers.listed))
  }
}
