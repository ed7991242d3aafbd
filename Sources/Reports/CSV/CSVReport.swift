import DeflateBenchModel
import DeflateBenchResults

/// `results.csv`: one row per cell, for spreadsheets and scripts.
///
/// Units: MB = 10^6 bytes of uncompressed data; speeds in MB/s; `cold_us` and `warm_call_us`
/// (the same payload, `cold_payload_bytes`, compressed by a kept context in cache) in microseconds;
/// `cold_extra_us` the median of the paired differences cold - warm and `cold_finding` its class
/// (`penalty`, `within_noise`, `below`, `too_few_samples`; see `ColdExtra`), empty without a warm call;
/// `memory_bytes` in bytes, empty when the backend has no allocator hook to count with; `upload_*`
/// times in milliseconds, empty when the run had no `--upload`; `*_instructions_per_byte` are
/// instructions executed per input byte (`run --metric instructions`), empty when not counted. Headline speeds are medians of the
/// samples; `_min`, `_max`, `_cv_pct` (coefficient of variation, percent), `_mad` (median absolute
/// deviation, MB/s) and `_ci_low`/`_ci_high` (95 % bootstrap interval of the median, empty with
/// fewer than 10 samples, when `compress_mbps_ci_note` says "too few samples") describe the spread;
/// `_best` is the fastest sample (the best-of estimate). Rows are sorted by cell key; records end with CRLF as RFC 4180 specifies.
public enum CSVReport {
  /// The header, in order. The first 21 names are the published interface and never move.
  public static let columns: [String] = [
    "corpus", "payload_bytes", "payloads", "backend", "version", "container", "level", "threads",
    "input_bytes", "output_bytes", "ratio", "saving_pct", "compress_mbps", "compress_mbps_min",
    "compress_mbps_max", "compress_cv_pct", "compress_cpu_mbps", "decompress_mbps", "cold_us",
    "memory_bytes", "verified",
    // Extras after the fixed block.
    "split", "compress_mbps_ci_low", "compress_mbps_ci_high", "compress_mad", "decompress_cv_pct",
    "verified_with", "error",
    "upload_link", "upload_ms", "upload_identity_ms", "upload_wire_bytes", "upload_server_verified",
    "upload_modelled_ms",
    "compress_instructions_per_byte", "decompress_instructions_per_byte",
    "compress_mbps_best", "decompress_mbps_best", "compress_mbps_ci_note",
    "dictionary", "dictionary_bytes", "dictionary_sha256",
    "cold_payload_bytes", "warm_call_us", "cold_extra_us", "cold_finding",
  ]

  /// The file's text.
  public static func render(_ document: ResultsDocument) -> String {
    render(cells: SummarizedCell.all(document))
  }

  /// The file's text for cells already summarized (in the order given).
  public static func render(cells: [SummarizedCell]) -> String {
    let lines = [columns] + cells.map(row)
    return lines.map { $0.map(CSVField.escape).joined(separator: ",") + "\r\n" }.joined()
  }

  /// One cell's fields, in `columns` order.
  public static func row(_ summarized: SummarizedCell) -> [String] {
    let cell = summarized.cell
    let compress = summarized.compress
    let upload = cell.upload
    let fields: [String] = [
      cell.corpus, String(cell.payloadBytes), String(cell.payloads), cell.backend, cell.version, cell.container,
      String(cell.level), String(cell.threads), String(cell.inputBytes), String(cell.outputBytes),
      CSVField.number(cell.ratio), CSVField.number(cell.savingPercent),
      CSVField.number(compress?.median), CSVField.number(compress?.minimum), CSVField.number(compress?.maximum),
      CSVField.number(compress?.coefficientOfVariationPercent), CSVField.number(summarized.compressCPU?.median),
      CSVField.number(summarized.decompress?.median), CSVField.number(summarized.cold?.median),
      cell.memoryBytes.map(String.init) ?? "", String(cell.verified),
      cell.split, CSVField.number(compress?.medianInterval?.lower), CSVField.number(compress?.medianInterval?.upper),
      CSVField.number(compress?.medianAbsoluteDeviation),
      CSVField.number(summarized.decompress?.coefficientOfVariationPercent),
      cell.verifiedWith, cell.error ?? "",
      upload?.link ?? "", CSVField.number(upload?.uploadMs), CSVField.number(upload?.uploadIdentityMs),
      upload.map { String($0.wireBytes) } ?? "", upload.map { String($0.serverVerified) } ?? "",
      CSVField.number(upload?.modelledMs),
      CSVField.number(cell.compressInstructionsPerByte), CSVField.number(cell.decompressInstructionsPerByte),
      CSVField.number(compress?.best), CSVField.number(summarized.decompress?.best), intervalNote(compress),
      cell.dictionary?.name ?? "", cell.dictionary.map { String($0.bytes) } ?? "", cell.dictionary?.sha256 ?? "",
      cell.coldPayloadBytes.map(String.init) ?? "", CSVField.number(summarized.warmCall?.median),
      CSVField.number(summarized.coldExtra?.medianMicroseconds), summarized.coldExtra?.finding.rawValue ?? "",
    ]
    assert(fields.count == columns.count, "every CSV column needs a field")
    return fields
  }

  /// Why `compress_mbps_ci_low`/`_high` are empty although the cell has samples.
  private static func intervalNote(_ summary: SampleSummary?) -> String {
    guard let summary, summary.medianInterval == nil else { return "" }
    return "\(SampleSummary.tooFewSamples) (\(summary.count) < \(SampleSummary.minimumSamplesForInterval))"
  }
}
