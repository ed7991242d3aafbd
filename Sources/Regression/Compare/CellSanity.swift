import DeflateBenchResults

/// Refuses cells the gate could not judge honestly, and cells no run of ours writes. A sample
/// that is zero, negative or not a number cannot be a speed, and an empty sample list for a gated
/// metric would otherwise slip through as "not judged", which a CI gate reads as a pass. Every
/// field is held to the range and form a run writes (sizes of 0 or more, 1 to 256 threads, a
/// verified cell, version and decoder names a report can print as they are: issue #39, N2).
/// Cells that recorded an error are left alone: they carry no measurement and are judged as
/// broken, not as malformed.
public enum CellSanity {
  /// The fastest a sample may claim, in MB/s: 10 TB/s, far beyond memcpy on any machine; a
  /// figure above it is a corrupt or hand-edited file, not a measurement.
  static let maxPlausibleMBps = 1e7

  /// The check `compare`, `merge` and `baseline update` all make on a results document they
  /// read: the speeds of a run that timed anything, sizes and samples always (issue #25, M2).
  public static func validate(_ document: ResultsDocument, run: String) throws(ComparisonError) {
    try check(document, run: run, metrics: document.timedAnyCell ? SpeedMetric.standard : [])
  }

  static func check(_ document: ResultsDocument, run: String, metrics: [SpeedMetric]) throws(ComparisonError) {
    for cell in document.cells where cell.error == nil {
      if let problem = problem(in: cell, metrics: metrics) {
        throw .malformedCell(run: run, key: cell.key, reason: problem)
      }
    }
  }

  static func problem(in cell: CellResult, metrics: [SpeedMetric]) -> String? {
    sizeProblem(in: cell) ?? sampleProblem(in: cell, metrics: metrics) ?? labelProblem(in: cell)
      ?? partProblem(in: cell)
  }

  static func sizeProblem(in cell: CellResult) -> String? {
    let sizes = [
      ("input_bytes", cell.inputBytes), ("output_bytes", cell.outputBytes), ("payload_bytes", cell.payloadBytes),
      ("payloads", cell.payloads), ("cold_payload_bytes", cell.coldPayloadBytes ?? 0),
      ("memory_bytes", cell.memoryBytes ?? 0), ("instruction_output_bytes", cell.instructionOutputBytes ?? 0),
    ]
    if let (field, value) = sizes.first(where: { $0.1 < 0 }) {
      return "\(field) is \(value); expected a size of 0 or more"
    }
    // Every speed, ratio and per-byte count divides by it: a measured cell read at least one byte.
    if cell.inputBytes == 0 || cell.payloads == 0 {
      return
        "\(cell.inputBytes == 0 ? "input_bytes" : "payloads") is 0; a measured cell compressed at least one payload of at least one byte"
    }
    if !(1...CellResult.maxThreads).contains(cell.threads) {
      return "threads is \(cell.threads); expected 1 to \(CellResult.maxThreads), the worker counts run measures"
    }
    // The runner fails a cell whose output did not decode back: a cell without an error that is
    // not verified was never measured by it, and would compare as sound.
    if !cell.verified {
      return "verified is false without an error; a measured cell is verified, a failed one says why in error"
    }
    return nil
  }

  static func sampleProblem(in cell: CellResult, metrics: [SpeedMetric]) -> String? {
    for metric in metrics where metric.samples(of: cell).isEmpty {
      return "\(metric.fieldName) is empty; expected at least one sample"
    }
    let sampleLists: [(String, [Double])] = [
      ("compress_samples_mbps", cell.compressSamplesMBps), ("compress_cpu_samples_mbps", cell.compressCPUSamplesMBps),
      ("decompress_samples_mbps", cell.decompressSamplesMBps),
      ("cold_samples_microseconds", cell.coldSamplesMicroseconds),
      ("warm_call_samples_microseconds", cell.warmCallSamplesMicroseconds ?? []),
      ("compress_instructions_per_byte", cell.compressInstructionsPerByte.map { [$0] } ?? []),
      ("decompress_instructions_per_byte", cell.decompressInstructionsPerByte.map { [$0] } ?? []),
    ]
    for (field, samples) in sampleLists {
      if let problem = positiveProblem(field, samples) { return problem }
    }
    return nil
  }

  /// A list of samples that are not all positive finite numbers (and, for speeds, plausible).
  static func positiveProblem(_ field: String, _ samples: [Double]) -> String? {
    if let bad = samples.firstIndex(where: { !$0.isFinite || $0 <= 0 }) {
      return "\(field)[\(bad)] is \(samples[bad]); expected a positive finite number"
    }
    if field.hasSuffix("_mbps"), let bad = samples.firstIndex(where: { $0 > maxPlausibleMBps }) {
      return "\(field)[\(bad)] is \(samples[bad]) MB/s; no machine measures more than \(Int(maxPlausibleMBps))"
    }
    return nil
  }
}

extension SpeedMetric {
  /// The results.json field that holds this metric's samples.
  var fieldName: String {
    switch self {
    case .compress: "compress_samples_mbps"
    case .decompress: "decompress_samples_mbps"
    case .compressCPU: "compress_cpu_samples_mbps"
    }
  }
}
