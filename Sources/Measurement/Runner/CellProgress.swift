import DeflateBenchCorpora
import DeflateBenchModel
import DeflateBenchResults

/// What the run knows about one cell so far. Samples arrive one per repetition, because the
/// repetitions are separate shuffled passes over the whole matrix.
struct CellProgress: Sendable {
  /// Passes per sample, found on the cell's first visit and kept for the rest, so every sample
  /// of a cell does the same amount of work.
  var compressPasses: Int?
  var decompressPasses: Int?
  /// Compressed bytes of the payload set, set when the first visit verified them.
  var outputBytes: Int?
  var memoryBytes: Int?
  /// Whether decoding is timed with the backend's own decoder (else with its verifier's).
  var timesOwnDecoder: Bool?
  var verified = false
  var verifiedWith = ""
  var error: String?
  var compressMBps: [Double] = []
  var compressCPUMBps: [Double] = []
  var decompressMBps: [Double] = []
  var coldMicroseconds: [Double] = []
  /// CPU µs of one warm call compressing the cold payload, one per repetition.
  var warmCallMicroseconds: [Double] = []
  /// Calls per warm-call sample of a twin, calibrated on the first visit like `compressPasses`.
  var warmCallPasses: Int?
  /// Whether the warm call is timed alone (a call of 100 µs or more) rather than as the batch's
  /// mean per call, decided on the first visit.
  var warmCallTimedSingly: Bool?
  /// How a one-thread cell's warm call on the worker's context is made (its untimed warm-up calls
  /// and the calls its figure is the mean of), found on the first visit.
  var warmCallOnWorker: CellVisit.WarmCallPlan?
  /// The size of the payload the cold calls compress: the set's median.
  var coldPayloadBytes: Int?
  var upload: UploadMeasurement?
  /// Set by an instruction run (`RunMetric.instructions`) instead of the timing samples.
  var compressInstructionsPerByte: Double?
  var decompressInstructionsPerByte: Double?
  /// Wall time spent visiting this cell so far, for `--max-time`.
  var measuringNanoseconds: UInt64 = 0
  /// One entry per `--streaming` chunk size, in the order given, once measured.
  var streaming: [StreamingMeasurement] = []

  var hasFailed: Bool { error != nil }
  var hasSamples: Bool { !compressMBps.isEmpty || compressInstructionsPerByte != nil }

  /// The cell as the results file holds it, or nil when it has neither a sample nor an error to
  /// report (an interrupted run never reached it).
  func result(for cell: PlannedCell, payloadSet: PayloadSet) -> CellResult? {
    guard hasSamples || hasFailed else { return nil }
    let inputBytes = payloadSet.totalBytes
    let payloads = payloadSet.payloads.count
    return CellResult(
      corpus: cell.key.corpus, split: cell.key.split,
      payloadBytes: payloads > 0 ? Int((Double(inputBytes) / Double(payloads)).rounded()) : 0,
      payloads: payloads, backend: cell.backend.name, version: cell.backend.version,
      container: cell.container.rawValue, level: cell.level, threads: cell.threads, inputBytes: inputBytes,
      outputBytes: outputBytes ?? 0, compressSamplesMBps: compressMBps, compressCPUSamplesMBps: compressCPUMBps,
      decompressSamplesMBps: decompressMBps, coldSamplesMicroseconds: coldMicroseconds, memoryBytes: memoryBytes,
      verified: verified && !hasFailed, verifiedWith: verifiedWith, error: error, upload: upload,
      dictionary: cell.dictionary.map {
        DictionaryRecord(name: $0.name, bytes: $0.bytes.count, sha256: $0.sha256Hex, origin: $0.origin)
      },
      coldPayloadBytes: coldPayloadBytes,
      compressInstructionsPerByte: compressInstructionsPerByte,
      decompressInstructionsPerByte: decompressInstructionsPerByte,
      warmCallSamplesMicroseconds: warmCallMicroseconds.isEmpty ? nil : warmCallMicroseconds,
      streaming: streaming.isEmpty ? nil : streaming,
      // Computed here, as the samples are written, so results.json carries the class and
      // scripts read it rather than recompute it.
      coldExtra: warmCallMicroseconds.isEmpty ? nil : ColdExtra(cold: coldMicroseconds, warm: warmCallMicroseconds),
      codePath: cell.backend.codePath(level: cell.level, cpu: .current))
  }
}

extension CellProgress {
  /// A cell that failed before it could be measured (its payload set could not be loaded).
  static func failedResult(for cell: PlannedCell, message: String) -> CellResult {
    CellResult(
      corpus: cell.key.corpus, split: cell.key.split, payloadBytes: 0, payloads: 0, backend: cell.backend.name,
      version: cell.backend.version, container: cell.container.rawValue, level: cell.level, threads: cell.threads,
      inputBytes: 0, outputBytes: 0, compressSamplesMBps: [], compressCPUSamplesMBps: [], decompressSamplesMBps: [],
      coldSamplesMicroseconds: [], memoryBytes: nil, verified: false, verifiedWith: "", error: message,
      dictionary: cell.dictionary.map {
        DictionaryRecord(name: $0.name, bytes: $0.bytes.count, sha256: $0.sha256Hex, origin: $0.origin)
      })
  }
}
