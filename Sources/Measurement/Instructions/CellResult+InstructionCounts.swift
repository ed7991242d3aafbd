import DeflateBenchResults

extension CellResult {
  /// Adds the counts of the instruction run's twin of this cell (`run --metric
  /// time,instructions`: the same plan counted under valgrind in another process).
  ///
  /// Both runs verified their own output by decoding it. The counts belong to this cell only if
  /// the twin compressed the same way: the same size, or a different size that the code path
  /// explains (the backend declared its output CPU-dependent and valgrind's emulated CPU sent it
  /// down another path, as with ISA-L level 3 on an AVX-512 machine). Then the twin's size and
  /// path are kept beside the timed ones. Any other difference marks the cell failed, because
  /// the counts would describe different output.
  public mutating func addInstructionCounts(from twin: CellResult) {
    guard error == nil else { return }
    if let twinError = twin.error {
      error = "the instruction run failed: \(twinError)"
      return
    }
    if twin.outputBytes != outputBytes {
      guard let path = codePath, let twinPath = twin.codePath, path != twinPath else {
        error = "the instruction run compressed to \(twin.outputBytes) bytes, the timed run to \(outputBytes)"
        return
      }
      instructionCodePath = twinPath
      instructionOutputBytes = twin.outputBytes
    } else if let twinPath = twin.codePath, twinPath != codePath {
      instructionCodePath = twinPath
    }
    compressInstructionsPerByte = twin.compressInstructionsPerByte
    decompressInstructionsPerByte = twin.decompressInstructionsPerByte
  }
}
