import DeflateBenchMeasurement
import DeflateBenchUpload

/// The one place the verdict is computed: per payload set, link and device, whether to compress
/// and with what, from the cells and the upload model (README, "The upload model").
///
/// Candidates are a payload set's verified single-threaded cells whose output is smaller than
/// their input. fastest = the lowest modelled total; recommended = the smallest output among
/// candidates within `timeTolerance` of the fastest total. Equal outputs (brotli 7 and 8 write the
/// same bytes) are broken by the lower total, then the lower level, then the backend name. The
/// gzip recommendation applies the same rule to the gzip container only. compress = the
/// recommended total is below identity's. With streaming forms (`--streaming`), each row also
/// sets the fastest streaming form against that whole-body answer (Verdict+Streaming.swift).
public enum Verdict {
  /// Every verdict row for the document's cells under `parameters`, in payload-set order, then
  /// link, then device.
  public static func rows(
    _ document: ResultsDocument, cells: [SummarizedCell], parameters: ModelParameters,
    extraUploads: [CellKey: [UploadMeasurement]] = [:]
  ) -> [VerdictRow] {
    let sets = PayloadSetCells.grouped(cells, corpora: document.corpora)
    return sets.flatMap { set -> [VerdictRow] in
      let usable = set.cells.compactMap(VerdictCandidate.init)
      guard let first = usable.first else { return [] }
      return parameters.links.flatMap { link in
        parameters.devices.map { device in
          row(
            first.cell, usable, link: link, device: device, parameters: parameters,
            uploads: { measurements($0, extraUploads) })
        }
      }
    }
  }

  /// A pick and its modelled total.
  public struct Pick: Sendable {
    public let candidate: VerdictCandidate
    public let seconds: Double
  }

  /// The lowest total among `candidates`; exact ties by level, then backend name.
  public static func fastest(
    _ candidates: [VerdictCandidate], link: LinkPreset, device: DeviceClass, parameters: ModelParameters
  ) -> Pick? {
    timed(candidates, link, device, parameters).min { order($0, $1, bySize: false) }
  }

  /// The smallest output among candidates within the tolerance of the fastest total.
  public static func recommended(
    _ candidates: [VerdictCandidate], link: LinkPreset, device: DeviceClass, parameters: ModelParameters
  ) -> Pick? {
    let picks = timed(candidates, link, device, parameters)
    guard let fastest = picks.min(by: { order($0, $1, bySize: false) }) else { return nil }
    let limit = fastest.seconds * (1 + parameters.timeTolerance)
    return picks.filter { $0.seconds <= limit }.min { order($0, $1, bySize: true) }
  }

  // MARK: - Private

  private static func row(
    _ sample: CellResult, _ usable: [VerdictCandidate], link: LinkPreset, device: DeviceClass,
    parameters: ModelParameters, uploads: (CellResult) -> [UploadMeasurement]
  ) -> VerdictRow {
    let payloadBytes = Double(sample.inputBytes) / Double(sample.payloads)
    let identity = UploadModel.time(.identity(bytes: payloadBytes), link: link, device: device, parameters: parameters)
      .total
    let candidates = usable.filter(\.shrinks)
    let best = recommended(candidates, link: link, device: device, parameters: parameters)
    let gzip = recommended(
      candidates.filter { $0.cell.container == "gzip" }, link: link, device: device, parameters: parameters)
    let fast = fastest(candidates, link: link, device: device, parameters: parameters)
    let zlib6 = usable.first { $0.cell.backend == "zlib" && $0.cell.level == 6 && $0.cell.dictionary == nil }

    let saving = best.map { identity - $0.seconds } ?? 0
    var row = VerdictRow(
      corpus: sample.corpus, split: sample.split, link: link.name, device: device.name,
      connection: parameters.connection, compress: saving > 0, payloadBytes: payloadBytes,
      identityMs: identity * 1000, savingMs: saving * 1000, savingPct: identity > 0 ? 100 * saving / identity : 0)
    row.zlib6Ms = zlib6.map { $0.total(link, device, parameters) * 1000 }
    if let gzip {
      row.gzipBackend = gzip.candidate.cell.backend
      row.gzipLevel = gzip.candidate.cell.level
      row.gzipMs = gzip.seconds * 1000
    }
    if let fast {
      row.fastestBackend = fast.candidate.cell.backend
      row.fastestLevel = fast.candidate.cell.level
      row.fastestContainer = fast.candidate.cell.container
      row.fastestDictionary = fast.candidate.cell.dictionary?.name
      row.fastestMs = fast.seconds * 1000
    }
    compareStreaming(&row, candidates, best: best, link: link, device: device, parameters: parameters)
    guard let best else { return row }
    let request = best.candidate.request
    row.bestBackend = best.candidate.cell.backend
    row.bestLevel = best.candidate.cell.level
    row.bestContainer = best.candidate.cell.container
    row.bestDictionary = best.candidate.cell.dictionary?.name
    row.bestMs = best.seconds * 1000
    row.bytesSavedPerRequest = request.inputBytes - request.wireBytes
    row.bytesSavedPerMillionRequests = row.bytesSavedPerRequest * 1e6
    row.clientCPUMicrosecondsPerBody =
      UploadModel.time(request, link: link, device: device, parameters: parameters).compress * 1e6
    row.serverDecodeSecondsPerGigabyte = request.decodeBytesPerSecond.map { 1e9 / $0 }
    row.bestTies = ties(of: best.candidate, among: candidates, link: link, device: device, parameters: parameters)
    if device.name == DeviceClass.this.name {
      let payloads = Double(sample.payloads)
      if let measured = uploads(best.candidate.cell).first(where: { $0.link == link.name }) {
        row.measuredBestMs = measured.uploadMs / payloads
        row.measuredIdentityMs = measured.uploadIdentityMs / payloads
      }
    }
    return row
  }

  /// Settings the pick cannot be told apart from: the same output size, or an output within
  /// 1 % whose total's interval (from the compress speed's bootstrap interval) overlaps the pick's.
  private static func ties(
    of pick: VerdictCandidate, among candidates: [VerdictCandidate], link: LinkPreset, device: DeviceClass,
    parameters: ModelParameters
  ) -> [String] {
    let range = pick.totalRange(link, device, parameters)
    return candidates.filter { other in
      guard other.cell.key != pick.cell.key else { return false }
      if other.cell.outputBytes == pick.cell.outputBytes { return true }
      let closeInSize =
        abs(Double(other.cell.outputBytes - pick.cell.outputBytes)) <= 0.01 * Double(pick.cell.outputBytes)
      return closeInSize && other.totalRange(link, device, parameters).overlaps(range)
    }
    .map(\.setting).sorted()
  }

  private static func timed(
    _ candidates: [VerdictCandidate], _ link: LinkPreset, _ device: DeviceClass, _ parameters: ModelParameters
  ) -> [Pick] {
    candidates.map { Pick(candidate: $0, seconds: $0.total(link, device, parameters)) }
  }

  /// The fixed order: smaller output first when `bySize`, then lower total, lower level, name.
  private static func order(_ a: Pick, _ b: Pick, bySize: Bool) -> Bool {
    if bySize, a.candidate.cell.outputBytes != b.candidate.cell.outputBytes {
      return a.candidate.cell.outputBytes < b.candidate.cell.outputBytes
    }
    if a.seconds != b.seconds { return a.seconds < b.seconds }
    if a.candidate.cell.level != b.candidate.cell.level { return a.candidate.cell.level < b.candidate.cell.level }
    if a.candidate.cell.backend != b.candidate.cell.backend {
      return a.candidate.cell.backend < b.candidate.cell.backend
    }
    if a.candidate.cell.container != b.candidate.cell.container {
      return a.candidate.cell.container < b.candidate.cell.container
    }
    return (a.candidate.cell.dictionary?.name ?? "") < (b.candidate.cell.dictionary?.name ?? "")
  }

  private static func measurements(_ cell: CellResult, _ extra: [CellKey: [UploadMeasurement]]) -> [UploadMeasurement] {
    (cell.upload.map { [$0] } ?? []) + (extra[cell.key] ?? [])
  }
}
