import DeflateBenchCodecs
import DeflateBenchCorpora

/// One visit of one cell during one repetition: make the contexts, warm up, verify (first
/// visit), calibrate (first visit), take one compression, one decompression and one cold-call
/// sample, and free everything again. Contexts live only for the visit, so a matrix of hundreds
/// of cells never holds hundreds of library contexts (zstd and brotli at high levels take tens
/// of megabytes each).
struct CellVisit {
  enum Outcome: Equatable {
    /// One sample of each kind was added.
    case measured
    /// The run was cancelled part-way; nothing from this visit was kept.
    case abandoned
    /// The cell failed; the message says why. It is not visited again.
    case failed(String)
  }

  let cell: PlannedCell
  let payloadSet: PayloadSet
  let inputs: InputArena
  let settings: RunSettings
  let clock: any MeasurementClock
  let cancellation: CancellationFlag
  let resolveVerifier: (any CompressionBackend) -> (any CompressionBackend)?
  let uploadStep: (any CellUploadStep)?
  /// Counts instructions instead of timing, when the run's metric is instructions.
  var instructionCounter: (any InstructionCounter)? = nil

  /// Measures into a copy of `progress` and keeps it unless the visit was abandoned, so an
  /// abandoned visit adds nothing (not the whole-body samples taken before a streaming pass saw
  /// Ctrl-C). A failure after Ctrl-C is the interruption's doing (the echo server, in the
  /// terminal's process group, closes its connections on the same SIGINT), not the cell's.
  func run(_ progress: inout CellProgress) -> Outcome {
    var visit = progress
    do throws(VisitFailure) {
      let outcome = try measure(&visit)
      if outcome != .abandoned { progress = visit }
      return outcome
    } catch {
      if cancellation.isCancelled { return .abandoned }
      progress = visit
      return .failed(error.message)
    }
  }

  private func measure(_ progress: inout CellProgress) throws(VisitFailure) -> Outcome {
    let isFirstVisit = progress.outputBytes == nil
    guard let verifier = resolveVerifier(cell.backend) else {
      throw VisitFailure("no verifier for \(cell.backend.name): \(cell.backend.verifierName) is not available")
    }
    let workers = try makeWorkers(verifier: verifier, progress: &progress)
    if let instructionCounter {
      return try countInstructions(workers, verifier: verifier, counter: instructionCounter, progress: &progress)
    }
    let compressWork = workers.map(\.compressPass)
    let decompressWork = workers.map(\.decompressPass)

    // Compression. On the first visit one pass comes first: it warms up, makes the outputs that
    // are verified before anything is reported, and is the first estimate for the batch size; the
    // calibration's last batch is the first of the sample's batches (CellVisit+Sampling.swift).
    let compressPasses: Int
    let compression: Timing
    if isFirstVisit {
      let first = try timed(compressWork, passes: 1)
      workers.forEach { $0.compressed.publish() }
      try verify(workers, with: verifier, into: &progress)
      // A slow level's single pass can last seconds: look for Ctrl-C between each of them.
      if cancellation.isCancelled { return .abandoned }
      let calibrated = try calibrate(compressWork, first: first)
      if cancellation.isCancelled { return .abandoned }
      compressPasses = calibrated.passes
      compression = try fastestBatch(compressWork, passes: compressPasses, first: calibrated.lastBatch)
      progress.compressPasses = compressPasses
    } else {
      compressPasses = progress.compressPasses ?? 1
      try warmUp(compressWork, batch: compressPasses)
      compression = try fastestBatch(compressWork, passes: compressPasses)
    }
    workers.forEach { $0.compressed.publish() }
    // Compression is deterministic: a size that moves between visits is a library or harness bug.
    if let changed = workers.first(where: { $0.compressed.totalLength != progress.outputBytes }) {
      throw VisitFailure(
        "the compressed size changed between passes (\(progress.outputBytes ?? 0) then "
          + "\(changed.compressed.totalLength) bytes)")
    }
    // A cell on one thread takes its warm call now, on the context the sample just warmed, and
    // its cold call right after it, so the pair stays back to back (CellVisit+ColdCall.swift);
    // cells on several threads take both from a twin after the decompression.
    var oneThreadCall: (coldMicroseconds: Double, warmMicroseconds: Double)?
    if workers.count == 1 {
      let perPass = Double(compression.cpu) / Double(max(compressPasses, 1))
      oneThreadCall = try measureColdCall(
        &progress, worker: workers[0], warmCall: .worker(sampleNanosecondsPerPass: perPass))
      if cancellation.isCancelled { return .abandoned }
      // The sweep just emptied the caches. The decompression sample's own warm-up pass brings
      // the decoder's code, tables and data back; where it has none (the first visit calibrates
      // from its first pass; a pass of min-time or more is not warmed up), one untimed pass does.
      if !sampleWarmsUp(batch: progress.decompressPasses) { _ = try timed(decompressWork, passes: 1) }
    }
    if cancellation.isCancelled { return .abandoned }

    // Decompression of the outputs the compression sample just wrote, with the same batch logic.
    let (decompressPasses, decompression) = try sample(decompressWork, knownPasses: progress.decompressPasses)
    progress.decompressPasses = decompressPasses
    // The timed decoder must also have restored every byte, or its speed means nothing.
    for worker in workers {
      if let index = worker.firstMismatch(against: inputs) {
        throw VisitFailure(mismatch(payload: index, detail: "the timed decoder did not restore it exactly"))
      }
    }
    if cancellation.isCancelled { return .abandoned }

    // A cold call and a warm call of the same body (CellVisit+ColdCall.swift).
    let call: (coldMicroseconds: Double, warmMicroseconds: Double)
    if let oneThreadCall {
      call = oneThreadCall
    } else {
      call = try measureColdCall(&progress, worker: workers[0], warmCall: .twin)
      if cancellation.isCancelled { return .abandoned }
    }

    let bytesPerBatch = Double(inputs.totalBytes) * Double(workers.count)
    progress.compressMBps.append(megabytesPerSecond(bytesPerBatch * Double(compressPasses), compression.wall))
    progress.compressCPUMBps.append(megabytesPerSecond(bytesPerBatch * Double(compressPasses), compression.cpu))
    progress.decompressMBps.append(megabytesPerSecond(bytesPerBatch * Double(decompressPasses), decompression.wall))
    progress.coldMicroseconds.append(call.coldMicroseconds)
    progress.warmCallMicroseconds.append(call.warmMicroseconds)
    progress.coldPayloadBytes = inputs.views[Self.medianPayloadIndex(inputs.views)].count

    if isFirstVisit, let uploadStep {
      try upload(workers[0], through: uploadStep, into: &progress)
    }
    // The streaming forms (`--streaming`), beside the whole-body passes above.
    try streamingSamples(workers[0], verifier: verifier, passes: compressPasses, into: &progress)
    if cancellation.isCancelled { return .abandoned }
    return .measured
  }

  // MARK: - Steps

  private func makeWorkers(
    verifier: any CompressionBackend, progress: inout CellProgress
  ) throws(VisitFailure) -> [CellWorker] {
    // Decoding is timed with the backend's own decoder when it has one (what a server linking
    // the same library pays); a backend without a decoder (zopfli) is timed with its verifier.
    // Which one is found once, on the first visit.
    let ownDecoder: Bool
    if let known = progress.timesOwnDecoder {
      ownDecoder = known
    } else {
      do throws(CodecError) {
        _ = try cell.backend.makeDecompressor(container: cell.container)
        ownDecoder = true
      } catch {
        ownDecoder = false
      }
      progress.timesOwnDecoder = ownDecoder
    }
    let decoder = ownDecoder ? cell.backend : verifier
    var workers: [CellWorker] = []
    for _ in 0..<cell.threads {
      do throws(CodecError) {
        workers.append(try CellWorker(cell: cell, inputs: inputs, decoder: decoder))
      } catch {
        throw VisitFailure(error.description)
      }
    }
    return workers
  }

  /// Decodes every output of every worker with the verifier, a different implementation where
  /// one exists, and compares it byte for byte with its input.
  func verify(
    _ workers: [CellWorker], with verifier: any CompressionBackend, into progress: inout CellProgress
  ) throws(VisitFailure) {
    let decoder: any Decompressor
    do throws(CodecError) {
      decoder = try verifier.makeDecompressor(container: cell.container)
    } catch {
      throw VisitFailure("cannot verify with \(verifier.name): \(error.description)")
    }
    for worker in workers {
      let check = DecompressPass(decompressor: decoder, inputs: worker.compressed.written, outputs: worker.restored)
      for index in 0..<check.count {
        do throws(CodecError) {
          try check.perform(index)
        } catch {
          throw VisitFailure(mismatch(payload: index, detail: "\(verifier.name) could not decode it: \(error)"))
        }
      }
      if let index = worker.firstMismatch(against: inputs) {
        throw VisitFailure(mismatch(payload: index, detail: "\(verifier.name) decoded different bytes"))
      }
    }
    progress.outputBytes = workers[0].compressed.totalLength
    progress.memoryBytes = workers[0].compressor.peakMemoryBytes
    progress.verified = true
    // A backend that is its own verifier (no second implementation installed) says so in words.
    progress.verifiedWith = verifier.name == cell.backend.name ? cell.backend.verifierName : verifier.name
  }

  func upload(
    _ worker: CellWorker, through step: any CellUploadStep, into progress: inout CellProgress
  ) throws(VisitFailure) {
    // A raw DEFLATE body names no dictionary, so no server can know its preset: such cells are
    // measured but never uploaded (the plan says so in a note).
    guard !Self.isNeverUploaded(cell) else { return }
    let compressed = CompressedCell(
      key: cell.key, container: cell.container, originals: payloadSet.payloads,
      compressed: worker.compressed.sharedWritten())
    do throws(UploadStepError) {
      progress.upload = try step.upload(compressed)
    } catch {
      throw VisitFailure("upload failed: \(error.message)")
    }
  }

  /// Whether `--upload` leaves the cell out: a dictionary cell in the raw container.
  static func isNeverUploaded(_ cell: PlannedCell) -> Bool { cell.container == .raw && cell.dictionary != nil }

  static let rawDictionaryNote =
    "raw dictionary cells are measured but not uploaded with --upload: a raw DEFLATE body names no dictionary, "
    + "so no server can know its preset (use the zlib container, whose header names it by Adler-32)"

  // MARK: - Timing helpers

  /// The index of the payload of median size (the lower middle for an even count).
  static func medianPayloadIndex(_ views: UnsafeMutableBufferPointer<UnsafeRawBufferPointer>) -> Int {
    let order = views.indices.sorted { (views[$0].count, $0) < (views[$1].count, $1) }
    return order.isEmpty ? 0 : order[(order.count - 1) / 2]
  }

  /// Wall and CPU nanoseconds of one batch.
  typealias Timing = (wall: UInt64, cpu: UInt64)

  func timed<Work: PassWork>(_ work: [Work], passes: Int) throws(VisitFailure) -> Timing {
    do throws(CodecError) {
      let timing = try TimingLoop.measureConcurrently(work, passes: passes, clock: clock)
      return (timing.wallNanoseconds, timing.cpuNanoseconds)
    } catch {
      throw VisitFailure(error.description)
    }
  }

  /// MB (10^6 bytes) per second. A zero interval (a clock that did not advance) counts as one
  /// nanosecond so the figure stays finite and JSON can hold it.
  func megabytesPerSecond(_ bytes: Double, _ nanoseconds: UInt64) -> Double {
    // bytes / 10^6 per nanoseconds / 10^9, folded into one multiplication and one division.
    bytes * 1e3 / Double(max(nanoseconds, 1))
  }

  func mismatch(payload index: Int, detail: String) -> String {
    CodecError.verificationMismatch(
      backend: cell.backend.name, level: cell.level, container: cell.container,
      input: "\(payloadSet.label) payload \(index + 1) of \(payloadSet.payloads.count)", detail: detail
    ).description
  }
}

/// Why a visit failed, as the message the cell records.
struct VisitFailure: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
