import DeflateBenchResults
import TestSupport
import Testing

/// How `run --metric time,instructions` adds the valgrind run's counts to the timed cells.
@Suite("instruction counts: adding the counted twin to the timed cell")
struct InstructionCountMergeTests {
  static func cell(bytes: Int, path: String?, instructions: Double? = nil) -> CellResult {
    var cell = makeFixtureCell(backend: "isal", version: "2.30.0", level: 3, outputBytes: bytes)
    cell.codePath = path
    cell.compressInstructionsPerByte = instructions
    cell.decompressInstructionsPerByte = instructions.map { $0 / 4 }
    return cell
  }

  @Test("same size: the counts are added and nothing else changes")
  func sameSize() {
    var timed = Self.cell(bytes: 45_633, path: "avx2")
    timed.addInstructionCounts(from: Self.cell(bytes: 45_633, path: "avx2", instructions: 41))
    #expect(timed.error == nil)
    #expect(timed.compressInstructionsPerByte == 41)
    #expect(timed.instructionCodePath == nil && timed.instructionOutputBytes == nil)
  }

  @Test("another size on another code path: both sizes and paths are kept, the cell does not fail")
  func otherPath() {
    var timed = Self.cell(bytes: 45_630, path: "avx512")
    timed.addInstructionCounts(from: Self.cell(bytes: 45_633, path: "avx2", instructions: 41))
    #expect(timed.error == nil)
    #expect(timed.outputBytes == 45_630)
    #expect(timed.instructionOutputBytes == 45_633)
    #expect(timed.instructionCodePath == "avx2")
    #expect(timed.compressInstructionsPerByte == 41)
  }

  @Test("another size on the same path, or from a backend with no path, fails the cell")
  func unexplainedSize() {
    for path in ["avx2", nil] as [String?] {
      var timed = Self.cell(bytes: 45_630, path: path)
      timed.addInstructionCounts(from: Self.cell(bytes: 45_633, path: path, instructions: 41))
      #expect(timed.error == "the instruction run compressed to 45633 bytes, the timed run to 45630")
      #expect(timed.compressInstructionsPerByte == nil)
    }
  }

  @Test("a failed twin fails the cell; a cell that failed already keeps its own error")
  func failures() {
    var timed = Self.cell(bytes: 1, path: nil)
    var twin = Self.cell(bytes: 1, path: nil)
    twin.error = "boom"
    timed.addInstructionCounts(from: twin)
    #expect(timed.error == "the instruction run failed: boom")
    var failed = Self.cell(bytes: 1, path: nil)
    failed.error = "first"
    failed.addInstructionCounts(from: Self.cell(bytes: 2, path: nil, instructions: 3))
    #expect(failed.error == "first")
  }
}
