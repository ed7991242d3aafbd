import DeflateBenchReports
import DeflateBenchResults
import Foundation
import TestSupport
import Testing

/// `deflate-bench compare`, run as the built executable: exit codes, the summary on stdout and in
/// $GITHUB_STEP_SUMMARY, and error messages that name what is wrong.
@Suite("compare command")
struct CompareCommandTests {
  let scratch: ScratchDirectory
  let baseline = makeFixtureDocument(uploadLink: nil)
  let baselinePath: String

  init() throws {
    scratch = try ScratchDirectory("compare")
    baselinePath = try Self.write(baseline, to: scratch, as: "baseline")
  }

  static func write(_ document: ResultsDocument, to scratch: ScratchDirectory, as name: String) throws -> String {
    let folder = scratch.url.appendingPathComponent(name)
    try ResultsWriter.write(document, to: folder)
    return folder.path
  }

  func compare(_ arguments: [String], environment: [String: String]? = nil) throws -> ProcessOutput {
    try ProcessRunner.run(
      try DeflateBenchExecutable.url.path, arguments: ["compare"] + arguments, environment: environment)
  }

  @Test func identicalRunsExitZero() throws {
    let current = try Self.write(baseline, to: scratch, as: "current")
    let result = try compare([baselinePath, current + "/results.json"])
    #expect(result.status == 0, "\(result.stderrText)")
    #expect(result.stdoutText.hasPrefix("## DeflateBench comparison: PASS"))
    #expect(result.stderrText.isEmpty)
  }

  @Test func aChangedSizeExitsTwoAndTheSummaryNamesTheCellInBothPlaces() throws {
    var changed = baseline
    changed.cells[3].outputBytes += 1
    let current = try Self.write(changed, to: scratch, as: "current")
    let summaryFile = try scratch.write("step-summary.md", text: "earlier step\n")
    var environment = ProcessInfo.processInfo.environment
    environment["GITHUB_STEP_SUMMARY"] = summaryFile.path
    let result = try compare([baselinePath, current], environment: environment)
    #expect(result.status == 2)
    let cell = "`\(changed.cells[3].key.description)`"
    #expect(result.stdoutText.contains(cell))
    #expect(result.stdoutText.contains("FAIL (1 size change)"))
    let appended = try String(contentsOf: summaryFile, encoding: .utf8)
    #expect(appended == "earlier step\n" + result.stdoutText)
  }

  @Test func aMissingCellFailsWithoutLenient() throws {
    var fewer = baseline
    fewer.cells.removeLast()
    let current = try Self.write(fewer, to: scratch, as: "current")
    #expect(try compare([baselinePath, current]).status == 2)
    let lenient = try compare([baselinePath, current, "--lenient"])
    #expect(lenient.status == 0)
    #expect(lenient.stdoutText.contains("### Missing cells (1)"))
  }

  @Test func aDifferentCorpusHashExitsThree() throws {
    var other = baseline
    other.corpora[1].sha256 = String(repeating: "a", count: 64)
    let current = try Self.write(other, to: scratch, as: "current")
    let result = try compare([baselinePath, current])
    #expect(result.status == 3)
    #expect(result.stderrText.contains("the corpora differ"))
    #expect(result.stderrText.contains(other.corpora[1].name))
  }

  @Test func noCommonCellsExitsThree() throws {
    var other = baseline
    other.cells = other.cells.map { cell in
      var cell = cell
      cell.backend += "-other"
      return cell
    }
    let current = try Self.write(other, to: scratch, as: "current")
    let result = try compare([baselinePath, current])
    #expect(result.status == 3)
    #expect(result.stderrText.contains("no cell in common"))
  }

  @Test func aSlowerMachinePassesInRelativeMode() throws {
    var slower = baseline
    for index in slower.cells.indices {
      slower.cells[index].compressSamplesMBps = slower.cells[index].compressSamplesMBps.map { $0 * 0.5 }
      slower.cells[index].decompressSamplesMBps = slower.cells[index].decompressSamplesMBps.map { $0 * 0.5 }
    }
    let current = try Self.write(slower, to: scratch, as: "current")
    #expect(try compare([baselinePath, current]).status == 2)
    let relative = try compare([baselinePath, current, "--relative"])
    #expect(relative.status == 0, "\(relative.stdoutText)")
    #expect(relative.stdoutText.contains("relative to zlib level 6 threads 1"))
    #expect(try compare([baselinePath, current, "--reference", "libdeflate:6"]).status == 0)
  }

  @Test func advisorySpeedsListASlowerCellWithoutFailingButSizesStillGate() throws {
    var slower = baseline
    slower.cells[2].compressSamplesMBps = slower.cells[2].compressSamplesMBps.map { $0 * 0.2 }
    let current = try Self.write(slower, to: scratch, as: "current")
    #expect(try compare([baselinePath, current]).status == 2)
    let advisory = try compare([baselinePath, current, "--advisory-speeds"])
    #expect(advisory.status == 0, "\(advisory.stdoutText)")
    #expect(advisory.stdoutText.hasPrefix("## DeflateBench comparison: PASS (1 speed regression reported, not gated)"))
    #expect(advisory.stdoutText.contains("### Speed regressions (reported, not gated: --advisory-speeds) (1)"))
    #expect(advisory.stdoutText.contains("`\(slower.cells[2].key.description)`"))

    var resized = slower
    resized.cells[0].outputBytes += 1
    let both = try Self.write(resized, to: scratch, as: "resized")
    let gated = try compare([baselinePath, both, "--advisory-speeds"])
    #expect(gated.status == 2)
    #expect(gated.stdoutText.contains("FAIL (1 size change)"))
  }

  @Test func aMissingFileExitsSixtySixAndNamesIt() throws {
    let missing = scratch.path("no-such-run")
    let result = try compare([baselinePath, missing])
    #expect(result.status == 66)
    #expect(result.stderrText.contains(missing))
  }

  @Test func aMalformedResultsFileExitsSixtyFive() throws {
    let file = try scratch.write("broken/results.json", text: "{\"schema_version\": 1, \"cells\": 3}")
    let result = try compare([baselinePath, file.path])
    #expect(result.status == 65)
    #expect(result.stderrText.contains("is not a DeflateBench results file"))
  }

  @Test(arguments: [
    (["only-one"], "missing <current>"),
    (["a", "b", "--threshold", "ten"], "--threshold expects a percentage from 0 to 99, got 'ten'"),
    (["a", "b", "--threshold", "150"], "--threshold expects a percentage"),
    (["a", "b", "--reference", "zlib"], "--reference expects BACKEND:LEVEL"),
    (["a", "b", "--metric", "speed"], "--metric expects compress, decompress or compress-cpu, got 'speed'"),
    (["a", "b", "--treshold", "5"], "did you mean '--threshold'?"),
  ])
  func usageErrorsExitSixtyFourAndNameTheOption(arguments: [String], message: String) throws {
    let result = try compare(arguments)
    #expect(result.status == 64)
    #expect(result.stderrText.contains(message), "\(result.stderrText)")
  }

  @Test func helpDocumentsEveryOptionAndTheExitCodes() throws {
    let result = try compare(["--help"])
    #expect(result.status == 0)
    for text in [
      "--threshold <percent>", "--relative", "--reference <backend:level[:threads]>", "--metric", "--strict-sizes",
      "--lenient", "--advisory-speeds", "--confidence <percent>", "3    the runs cannot be compared",
      "GITHUB_STEP_SUMMARY",
    ] {
      #expect(result.stdoutText.contains(text), "\(text)")
    }
  }
}
