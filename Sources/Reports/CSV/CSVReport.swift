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
/// instructions executed per input byte (`run --metric instructions`), empty when not counted.
/// The speeds `compress_mbps`, `compress_cpu_mbps` and `decompress_mbps` are headlines: each
/// cell's fastest sample (`HeadlineSpeed`, docs/methodology.md), as `_best` is too; `_ci_low` and
/// `_ci_high` are the headline's 95 % interval (`compress_mbps_ci_note` says when it rests on
/// fewer than 10 samples). `_median` is the typical sample, and `_min`, `_max`, `_cv_pct`
/// (coefficient of variation, percent) and `_mad` (median absolute deviation, MB/s) describe the
/// spread. Rows are sorted by cell key; records end with CRLF as RFC 4180 specifies.
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
    "compress_mbps_median", "decompress_mbps_median", "decompress_mbps_ci_low", "decompress_mbps_ci_high",
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
    let decompress = summarized.decompress
    let upload = cell.upload
    let fields: [String] = [
      cell.corpus, String(cell.payloadBytes), String(cell.payloads), cell.backend, cell.version, cell.container,
      String(cell.level), String(cell.threads), String(cell.inputBytes), String(cell.outputBytes),
      CSVField.number(cell.ratio), CSVField.number(cell.savingPercent),
      CSVField.number(compress?.headline), CSVField.number(compress?.minimum), CSVField.number(compress?.maximum),
      CSVField.number(compress?.coefficientOfVariationPercent), CSVField.number(summarized.compressCPU?.headline),
      CSVField.number(decompress?.headline), CSVField.number(summarized.cold?.median),
      cell.memoryBytes.map(String.init) ?? "", String(cell.verified),
      cell.split, CSVField.number(compress?.headlineInterval.lower), CSVField.number(compress?.headlineInterval.upper),
      CSVField.number(compress?.medianAbsoluteDeviation),
      CSVField.number(decompress?.coefficientOfVariationPercent),
      cell.verifiedWith, cell.error ?? "",
      upload?.link ?? "", CSVField.number(upload?.uploadMs), CSVField.number(upload?.uploadIdentityMs),
      upload.map { String($0.wireBytes) } ?? "", upload.map { String($0.serverVerified) } ?? "",
      CSVField.number(upload?.modelledMs),
      CSVField.number(cell.compressInstructionsPerByte), CSVField.number(cell.decompressInstructionsPerByte),
      CSVField.number(compress?.best), CSVField.number(decompress?.best), intervalNote(compress),
      cell.dictionary?.name ?? "", cell.dictionary.map { String($0.bytes) } ?? "", cell.dictionary?.sha256 ?? "",
      cell.coldPayloadBytes.map(String.init) ?? "", CSVField.number(summarized.warmCall?.median),
      CSVField.number(summarized.coldExtra?.medianMicroseconds), summarized.coldExtra?.finding.rawValue ?? "",
      CSVField.number(compress?.median), CSVField.number(decompress?.median),
      CSVField.number(decompress?.headlineInterval.lower), CSVField.number(decompress?.headlineInterval.upper),
    ]
    assert(fields.count == columns.count, "every CSV column needs a field")
    return fields
  }

  /// Why `compress_mbps_ci_low`/`_high` are wide: with fewer samples than 10 the interval's lower
  /// end lies deep among them (`HeadlineSpeed.lowerRankFromTop`), the slowest of 3.
  private static func intervalNote(_ summary: SampleSummary?) -> String {
    guard let summary, summary.count < SampleSummary.minimumSamplesForInterval else { return "" }
    let rank = HeadlineSpeed.lowerRankFromTop(count: summary.count)
    let sample = rank == summary.count ? "the slowest" : "sample \(rank) from the fastest"
    return "\(SampleSummary.tooFewSamples) (\(summary.count) < \(SampleSummary.minimumSamplesForInterval)): "
      + "the interval reaches \(sample)"
  }
}
