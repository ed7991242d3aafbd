import DeflateBenchCodecs

/// The instruction metric's visit: the same contexts, buffers, verification and upload as a
/// timed visit, but instead of timed batches one counted compression pass and one counted
/// decompression pass, each after an uncounted pass of the same work.
extension CellVisit {
  func countInstructions(
    _ workers: [CellWorker], verifier: any CompressionBackend, counter: any InstructionCounter,
    progress: inout CellProgress
  ) throws(VisitFailure) -> Outcome {
    // Uncounted first pass: it writes the outputs that are verified, and it settles everything
    // that happens once per process or context (lazy symbol binding, lazily built tables), so
    // the counted pass is the steady-state cost of every later call.
    _ = try timed(workers.map(\.compressPass), passes: 1)
    workers.forEach { $0.compressed.publish() }
    try verify(workers, with: verifier, into: &progress)
    if cancellation.isCancelled { return .abandoned }

    // Every worker does the same work, so one worker's count is the per-worker cost.
    let worker = workers[0]
    let compressions = try count("compress", worker.compressPass, counter: counter)
    worker.compressed.publish()
    if worker.compressed.totalLength != progress.outputBytes {
      throw VisitFailure(
        "the compressed size changed between passes (\(progress.outputBytes ?? 0) then "
          + "\(worker.compressed.totalLength) bytes)")
    }

    _ = try timed([worker.decompressPass], passes: 1)
    let decompressions = try count("decompress", worker.decompressPass, counter: counter)
    if let index = worker.firstMismatch(against: inputs) {
      throw VisitFailure(mismatch(payload: index, detail: "the counted decoder did not restore it exactly"))
    }

    let bytes = Double(max(inputs.totalBytes, 1))
    progress.compressInstructionsPerByte = Double(compressions) / bytes
    progress.decompressInstructionsPerByte = Double(decompressions) / bytes
    if let uploadStep { try upload(worker, through: uploadStep, into: &progress) }
    return .measured
  }

  /// One pass of `work` with the counter on: nothing but the library calls and the loop
  /// around them (no clock reads, unlike a timed batch).
  private func count<Work: PassWork>(
    _ what: String, _ work: Work, counter: any InstructionCounter
  ) throws(VisitFailure) -> UInt64 {
    var failure: CodecError?
    let instructions: UInt64
    do throws(InstructionCountError) {
      instructions = try counter.count(label: "\(what) \(cell.key)") {
        do throws(CodecError) {
          var index = 0
          while index < work.count {
            try work.perform(index)
            index &+= 1
          }
        } catch {
          failure = error
        }
      }
    } catch {
      throw VisitFailure("cannot count instructions: \(error.message)")
    }
    if let failure { throw VisitFailure(failure.description) }
    return instructions
  }
}

/// Stands in when an instruction run was started without a counter: every cell fails with
/// this message rather than being silently timed.
final class MissingInstructionCounter: InstructionCounter {
  func count(label: String, _ body: () -> Void) throws(InstructionCountError) -> UInt64 {
    throw InstructionCountError(
      "this run has no instruction counter (run it through 'deflate-bench run --metric instructions')")
  }
}
