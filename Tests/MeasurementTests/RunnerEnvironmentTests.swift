import DeflateBenchResults
import Foundation
import Testing

@testable import DeflateBenchMeasurement

@Suite("Run context and environment warnings")
struct RunnerEnvironmentTests {
  @Test("the CPU model comes from the first model name of /proc/cpuinfo")
  func cpuModelFromCPUInfo() {
    let x86 = "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) Gold 6354\nprocessor\t: 1\n"
    #expect(SystemInfo.cpuModel(fromCPUInfo: x86) == "Intel(R) Xeon(R) Gold 6354")
    let arm = "processor\t: 0\nBogoMIPS\t: 50.00\nCPU part\t: 0xd0c\n"
    #expect(SystemInfo.cpuModel(fromCPUInfo: arm) == "0xd0c")
    #expect(SystemInfo.cpuModel(fromCPUInfo: "") == nil)
  }

  @Test("the OS name is PRETTY_NAME, unquoted, else NAME and VERSION")
  func osRelease() {
    let debian = "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nNAME=\"Debian GNU/Linux\"\nVERSION_ID=\"12\"\n"
    #expect(SystemInfo.operatingSystem(fromOSRelease: debian) == "Debian GNU/Linux 12 (bookworm)")
    #expect(SystemInfo.operatingSystem(fromOSRelease: "NAME=Alpine\nVERSION='3.19'\n") == "Alpine 3.19")
    #expect(SystemInfo.operatingSystem(fromOSRelease: "ID=x\n") == nil)
  }

  @Test("this machine's context has every field filled")
  func currentSystem() {
    let system = SystemInfo.current()
    #expect(system.logicalCores >= 1)
    #expect(system.memoryBytes > 0)
    #expect(!system.kernel.isEmpty && !system.os.isEmpty && !system.cpuModel.isEmpty)
  }

  @Test("debug builds, busy machines and non-performance governors are warned about")
  func warnings() {
    let quiet = SystemInfo(
      cpuModel: "cpu", logicalCores: 4, memoryBytes: 1, os: "os", kernel: "k", loadAverage: 0.3,
      governor: "performance")
    #expect(EnvironmentWarnings.warnings(for: quiet, buildConfiguration: "release").isEmpty)

    var busy = quiet
    busy.loadAverage = 3.5
    busy.governor = "powersave"
    let messages = EnvironmentWarnings.warnings(for: busy, buildConfiguration: "debug")
    #expect(messages.count == 3)
    #expect(messages[0].contains("debug build") && messages[0].contains("swift build -c release"))
    #expect(messages[1].contains("load average was 3.5 on 4 logical cores"))
    #expect(messages[2].contains("'powersave'"))
  }

  @Test("the context records the run's settings and quotes the command line for a shell")
  func contextRecordsSettings() throws {
    var settings = RunSettings(seed: 42, minTimeSeconds: 0.25, repetitions: 7)
    settings.shard = Shard(index: 2, count: 3)
    let system = SystemInfo(
      cpuModel: "cpu", logicalCores: 2, memoryBytes: 8, os: "os", kernel: "k", loadAverage: nil, governor: nil)
    let context = RunContext.make(
      system: system, libraryVersions: ["zlib": "1.3"],
      commandLine: ["deflate-bench", "run", "--corpus", "my file.json", "--levels", "1,6"], settings: settings,
      projectVersion: "v1.0-3-gabc", date: Date(timeIntervalSince1970: 0))
    #expect(context.date == "1970-01-01T00:00:00Z")
    #expect(context.commandLine == "deflate-bench run --corpus 'my file.json' --levels 1,6")
    #expect(context.seed == 42 && context.repetitions == 7 && context.minTimeSeconds == 0.25)
    #expect(context.shard == "2/3")
    #expect(context.buildConfiguration == BuildInfo.configuration)
    #expect(RunContext.shellQuoted("it's") == "'it'\\''s'")
  }
}
