import DeflateBenchModel
import DeflateBenchResults
import Testing

@Suite("Machine and run cost in words")
struct MachineTextTests {
  @Test("binary sizes print exact multiples whole and others to three figures")
  func binaryBytes() {
    #expect(NumberText.binaryBytes(512 << 10) == "512 KiB")
    #expect(NumberText.binaryBytes(32 << 20) == "32 MiB")
    #expect(NumberText.binaryBytes(225_800_000) == "215 MiB")
    #expect(NumberText.binaryBytes(3 << 29) == "1.50 GiB")
    #expect(NumberText.binaryBytes(1000) == "1000 B")
  }

  @Test("wall times read as seconds, minutes and seconds, or hours and minutes")
  func wallTime() {
    #expect(NumberText.wallTime(38.94) == "38.9 s")
    #expect(NumberText.wallTime(455.4) == "7 min 35 s")
    #expect(NumberText.wallTime(59.7) == "1 min 0 s")
    #expect(NumberText.wallTime(3720) == "1 h 2 min")
  }

  @Test("a device reads as its compress-time factor, as written: 0.53, not 0.530 nor a speed of 1.89x")
  func deviceFactor() {
    #expect(NumberText.factor(0.53) == "0.53")
    #expect(NumberText.factor(5.24) == "5.24")
    #expect(NumberText.factor(1) == "1")
    #expect(NumberText.factor(120) == "120")
    #expect(
      DeviceText.factor(.phoneHigh).hasPrefix(
        "phone-high (an iPhone 14 Pro-class phone): compress time 0.53 × this machine's"))
    #expect(DeviceText.factor(.this) == "this (this machine): compress time 1 × this machine's")
  }

  func context(caches: ReportedCaches?) -> RunContext {
    RunContext(
      date: "2026-12-02T00:00:00Z", cpuModel: "AMD EPYC", logicalCores: 2, memoryBytes: 1 << 30, os: "Debian",
      kernel: "Linux", swiftVersion: "6.3", buildConfiguration: "release", libraryVersions: [:], commandLine: "x",
      seed: 1, minTimeSeconds: 0.005, repetitions: 3, projectVersion: "v", caches: caches)
  }

  @Test("the machine names its caches, or says they were not recorded; the run cost only when recorded")
  func machine() {
    let epyc = ReportedCaches(l2Bytes: 512 << 10, lastLevel: 3, lastLevelBytes: 32 << 20, source: "sysfs")
    var recorded = context(caches: epyc)
    #expect(MachineText.machine(recorded) == "AMD EPYC, 2 logical cores, L2 512 KiB, L3 32 MiB (sysfs)")
    #expect(MachineText.runCost(recorded) == nil)
    recorded.runWallSeconds = 455.4
    recorded.peakResidentBytes = 225_800_000
    #expect(MachineText.runCost(recorded) == "7 min 35 s, peak resident memory 215 MiB")
    let noL3 = ReportedCaches(l2Bytes: 4 << 20, lastLevel: 2, lastLevelBytes: 4 << 20, source: "sysconf")
    #expect(MachineText.caches(noL3) == "L2 4 MiB (sysconf)")
    #expect(MachineText.machine(context(caches: nil)) == "AMD EPYC, 2 logical cores, caches not recorded")
  }
}
