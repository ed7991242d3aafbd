import DeflateBenchCodecs
import Foundation
import TestSupport
import Testing

/// ISA-L level 3 on two real code paths of one machine: natively, and under `qemu-x86_64 -cpu
/// Nehalem`, an emulated CPU without AVX, where ISA-L's dispatcher picks its base matcher. The two
/// runs stand for two CI machines (with and without AVX-512): `compare` must list the level-3 size
/// change and still fail a real one, and a timed run whose instruction run under valgrind takes
/// another path must keep both sizes instead of failing the cell.
@Suite("code paths: real runs on two paths")
struct CodePathRunTests {
  static let hasQemu: Bool = {
    #if arch(x86_64)
      return ProcessRunner.isAvailable("qemu-x86_64")
    #else
      return false
    #endif
  }()
  static let hasQemuAndValgrind = hasQemu && ProcessRunner.isAvailable("valgrind")

  let corpus = ["--corpus", "binary:records:bytes=32768", "--backends", "isal", "--quick", "--quiet"]

  /// Runs the built executable, under `qemu-x86_64 -cpu Nehalem` when `emulated`.
  func deflateBench(_ arguments: [String], emulated: Bool, in folder: URL) throws -> ProcessOutput {
    let executable = try DeflateBenchExecutable.url.path
    return try ProcessRunner.run(
      emulated ? "qemu-x86_64" : executable,
      arguments: emulated ? ["-cpu", "Nehalem", executable] + arguments : arguments,
      currentDirectory: folder.path, timeoutSeconds: 600)
  }

  func cells(_ folder: String) throws -> [[String: Any]] {
    let data = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/results.json"))
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return try #require(document["cells"] as? [[String: Any]])
  }

  func cell(_ cells: [[String: Any]], level: Int) throws -> [String: Any] {
    try #require(cells.first { $0["level"] as? Int == level })
  }

  @Test(
    "compare lists ISA-L level 3's size change between paths and fails a real size change",
    .enabled(if: hasQemu, "needs qemu-x86_64 (Debian: qemu-user; scripts/setup.sh installs it) on x86-64"))
  func compareAcrossPaths() throws {
    let scratch = try ScratchDirectory("code-paths")
    for (name, emulated) in [("native", false), ("nehalem", true)] {
      let result = try deflateBench(
        ["run", "--allow-debug", "--levels", "all", "--out", name] + corpus, emulated: emulated, in: scratch.url)
      #expect(result.status == 0, "\(result.stderrText)")
    }
    let native = try cells(scratch.path("native"))
    let emulated = try cells(scratch.path("nehalem"))
    let nativePath = IsalBackend.level3Path(on: .current).rawValue
    #expect(try cell(native, level: 3)["code_path"] as? String == nativePath)
    #expect(try cell(emulated, level: 3)["code_path"] as? String == "base")
    for level in 0...2 {
      #expect(try cell(native, level: level)["code_path"] == nil)
      #expect(
        try cell(native, level: level)["output_bytes"] as? Int == cell(emulated, level: level)["output_bytes"] as? Int)
    }
    let level3Differs =
      try cell(native, level: 3)["output_bytes"] as? Int != cell(emulated, level: 3)["output_bytes"] as? Int
    // Measured: 14,713 bytes on the AVX2 matcher, 14,925 on the base one.
    #expect(level3Differs == (nativePath != "base"))

    let compareArguments = ["compare", "native", "nehalem", "--relative", "--reference", "isal:1", "--advisory-speeds"]
    let passing = try deflateBench(compareArguments, emulated: false, in: scratch.url)
    #expect(passing.status == 0, "\(passing.stdoutText)\(passing.stderrText)")
    if level3Differs {
      #expect(passing.stdoutText.contains("\(nativePath) -> base"))
      #expect(passing.stdoutText.contains("reported (code path changed)"))
    }

    // One byte more at level 1, whose output every CPU writes alike: a real change, which fails.
    let resultsPath = scratch.path("nehalem/results.json")
    var text = try String(contentsOfFile: resultsPath, encoding: .utf8)
    let level1Bytes = try #require(cell(emulated, level: 1)["output_bytes"] as? Int)
    let occurrences = text.components(separatedBy: "\"output_bytes\" : \(level1Bytes),").count - 1
    try #require(occurrences == 1, "the fixture's level-1 size must be unique in the file")
    text = text.replacingOccurrences(
      of: "\"output_bytes\" : \(level1Bytes),", with: "\"output_bytes\" : \(level1Bytes + 1),")
    try text.write(toFile: resultsPath, atomically: true, encoding: .utf8)
    let failing = try deflateBench(compareArguments, emulated: false, in: scratch.url)
    #expect(failing.status == 2, "\(failing.stdoutText)\(failing.stderrText)")
    #expect(failing.stdoutText.contains("FAIL (1 size change)"))
  }

  @Test(
    "timed on one path and counted under valgrind on another, the cell keeps both sizes and the run exits 0",
    .enabled(if: hasQemuAndValgrind, "needs qemu-x86_64 and valgrind (scripts/setup.sh installs both) on x86-64"))
  func instructionRunOnAnotherPath() throws {
    // The parent times under qemu's Nehalem (base matcher); its valgrind child runs natively and
    // takes the host's path, as on an AVX-512 machine the native run and valgrind's AVX2 differ.
    let scratch = try ScratchDirectory("code-paths-instructions")
    let result = try deflateBench(
      ["run", "--allow-debug", "--levels", "3", "--metric", "time,instructions", "--out", "run"] + corpus,
      emulated: true, in: scratch.url)
    #expect(result.status == 0, "\(result.stderrText)")
    let level3 = try cell(try cells(scratch.path("run")), level: 3)
    #expect(level3["error"] == nil)
    #expect(level3["verified"] as? Bool == true)
    #expect(level3["code_path"] as? String == "base")
    #expect(level3["compress_instructions_per_byte"] as? Double != nil)
    let valgrindPath = level3["instruction_code_path"] as? String
    if let valgrindPath {
      #expect(valgrindPath != "base")
      #expect(level3["instruction_output_bytes"] as? Int != level3["output_bytes"] as? Int)
    } else {
      // A host on which valgrind's CPU also takes the base matcher: one path, one size.
      #expect(level3["instruction_output_bytes"] == nil)
    }
  }
}
