import DeflateBenchReports
import DeflateBenchResults
import Foundation
import TestSupport
import Testing

/// Issue #25, item 4, for `compare`: a reference cell it needs is never silently missing, an
/// instruction-only run is gated on what it measured, and absurd documents are refused.
@Suite("compare under hostile input")
struct CompareHostileTests {
  let scratch: ScratchDirectory

  init() throws {
    scratch = try ScratchDirectory("compare-hostile")
  }

  func write(_ document: ResultsDocument, as name: String) throws -> String {
    let folder = scratch.url.appendingPathComponent(name)
    try ResultsWriter.write(document, to: folder)
    return folder.path
  }

  func compare(_ arguments: [String]) throws -> ProcessOutput {
    try ProcessRunner.run(try DeflateBenchExecutable.url.path, arguments: ["compare"] + arguments)
  }

  /// The fixture with every speed of the current run 60 % lower: any judged cell regresses.
  func slowed(_ document: ResultsDocument) -> ResultsDocument {
    var slower = document
    for index in slower.cells.indices {
      slower.cells[index].compressSamplesMBps = slower.cells[index].compressSamplesMBps.map { $0 * 0.4 }
    }
    return slower
  }

  @Test("M1: a missing reference cell is exit 3 naming it, never a PASS; --lenient reports the speeds unjudged")
  func missingReference() throws {
    let baseline = makeFixtureDocument(uploadLink: nil)
    let baselinePath = try write(baseline, as: "baseline")
    let current = try write(slowed(baseline), as: "current")
    let typo = try compare([baselinePath, current, "--reference", "nosuch:99"])
    #expect(typo.status == 3, "\(typo.stdoutText)\(typo.stderrText)")
    #expect(
      typo.stderrText.contains("relative speeds need each cell's reference, nosuch level 99"), "\(typo.stderrText)")
    // Another machine's baseline without zlib level 6: relative mode is chosen for it.
    var elsewhere = baseline
    elsewhere.context.cpuModel = "Other CPU @ 2.00GHz"
    elsewhere.cells.removeAll { $0.backend == "zlib" && $0.level == 6 }
    let otherPath = try write(elsewhere, as: "elsewhere")
    let machine = try compare([otherPath, current])
    #expect(machine.status == 3, "\(machine.stdoutText)\(machine.stderrText)")
    #expect(machine.stderrText.contains("which the baseline run lacks"), "\(machine.stderrText)")
    let lenient = try compare([baselinePath, current, "--reference", "nosuch:99", "--lenient"])
    #expect(lenient.status == 0, "\(lenient.stderrText)")
    #expect(lenient.stdoutText.contains("no reference cell"))
  }

  @Test("instruction-only runs are gated on instructions and sizes, not refused for empty speeds")
  func instructionOnlyRuns() throws {
    var counted = makeFixtureDocument(uploadLink: nil)
    for index in counted.cells.indices {
      counted.cells[index].compressSamplesMBps = []
      counted.cells[index].compressCPUSamplesMBps = []
      counted.cells[index].decompressSamplesMBps = []
      counted.cells[index].compressInstructionsPerByte = 20 + Double(index)
      counted.cells[index].decompressInstructionsPerByte = 5
    }
    let baselinePath = try write(counted, as: "counted")
    let same = try compare([baselinePath, baselinePath + "/results.json"])
    #expect(same.status == 0, "\(same.stderrText)")
    #expect(same.stdoutText.contains("Speeds were not compared"), "\(same.stdoutText)")
    var more = counted
    more.cells[0].compressInstructionsPerByte = (more.cells[0].compressInstructionsPerByte ?? 0) * 1.5
    let instructions = try compare([baselinePath, try write(more, as: "more")])
    #expect(instructions.status == 2, "\(instructions.stderrText)")
    var bigger = counted
    bigger.cells[0].outputBytes += 1
    let sizes = try compare([baselinePath, try write(bigger, as: "bigger")])
    #expect(sizes.status == 2, "\(sizes.stderrText)")
  }

  @Test("L8: schema_version 0 or -1 is refused with 65")
  func schemaVersionBelowOne() throws {
    let good = try write(makeFixtureDocument(uploadLink: nil), as: "good")
    let text = try String(contentsOfFile: good + "/results.json", encoding: .utf8)
    for version in ["0", "-1"] {
      let edited = text.replacingOccurrences(of: #""schema_version" : 1"#, with: #""schema_version" : \#(version)"#)
        .replacingOccurrences(of: #""schema_version":1"#, with: #""schema_version":\#(version)"#)
      #expect(edited != text, "the fixture's schema_version was found")
      let path = scratch.path("v\(version).json")
      try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
      let result = try compare([good, path])
      #expect(result.status == 65, "\(version): \(result.stderrText)")
      #expect(result.stderrText.contains("versions start at 1"), "\(result.stderrText)")
    }
  }
}
