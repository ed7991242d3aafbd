import DeflateBenchResults

/// The one place the verdict is computed: per payload set, link and device, whether to compress
/// and with what, from the cells and the upload model (docs/verdict.md gives the rules).
///
/// Candidates are a payload set's verified single-threaded cells whose output is smaller than
/// their input and whose `Content-Encoding` the server accepts (`--accept`). Every total is the
/// mean over the set's bodies, each at its own size, with a 95 % interval from the intervals of
/// the compress and decode speeds (and of the cold call's extra, with a compressor made per
/// request). One comparison, `beats` (beyond both intervals and by the minimum saving), makes
/// every rule: the decision (`VerdictDecision.decide`: compress when some setting beats sending
/// uncompressed) and the pick (`SettingPick`: zlib 6 unless a setting beats it, then the fewest
/// bytes among the tied). The gzip pick applies the same rule to the gzip container, and is the
/// pick itself when the pick is gzip. The rules weigh the modelled times, or with `--objective
/// energy` the phone's energies per request in session (`Verdict.Objective`).
public enum Verdict {
  /// Every verdict row for the document's cells under `parameters`, in payload-set order, then
  /// link, then device.
  public static func rows(
    _ document: ResultsDocument, cells: [SummarizedCell], parameters: ModelParameters,
    extraUploads: [CellKey: [UploadMeasurement]] = [:]
  ) -> [VerdictRow] {
    PayloadSetCells.grouped(cells, corpora: document.corpora).flatMap { set -> [VerdictRow] in
      guard case let (usable, sample, bodies)? = modelled(set, document.corpora) else { return [] }
      return parameters.links.flatMap { link in
        parameters.devices.map { device in
          let choice = Choice(usable, bodies: bodies, link: link, device: device, parameters: parameters)
          return row(
            sample, choice, bodies: bodies, link: link, device: device, parameters: parameters,
            uploads: { measurements($0, extraUploads) })
        }
      }
    }
  }

  /// A pick and its modelled total (mean body, median warm speed: the page's what-if model).
  public struct Pick: Sendable {
    public let candidate: VerdictCandidate
    public let seconds: Double
  }

  /// A payload set as the model sees it: the cells it can use, the first of them (which stands for
  /// the set's sizes) and each body's input size (`bodySizes`); nil when no cell is usable.
  static func modelled(
    _ set: PayloadSetCells, _ corpora: [CorpusRecord]
  ) -> (usable: [VerdictCandidate], sample: CellResult, bodies: [Double])? {
    let usable = set.cells.compactMap(VerdictCandidate.init)
    guard let first = usable.first else { return nil }
    return (usable, first.cell, bodySizes(first.cell, corpora))
  }

  /// Each body's input size from the payload set's record, or the mean body for a file written
  /// before records held the sizes (or whose sizes do not add up to the cell's input). A set of
  /// more than `maximumBodies` is represented by that many evenly spaced order statistics of its
  /// sizes, which keeps a HAR of 100,000 requests from costing minutes per verdict row.
  static func bodySizes(_ cell: CellResult, _ corpora: [CorpusRecord]) -> [Double] {
    let record = corpora.first { $0.name == cell.corpus && $0.split == cell.split }
    guard let sizes = record?.payloadSizes, sizes.count == cell.payloads, sizes.reduce(0, +) == cell.inputBytes
    else { return [Double(cell.inputBytes) / Double(max(cell.payloads, 1))] }
    guard sizes.count > maximumBodies else { return sizes.map(Double.init) }
    let sorted = sizes.sorted()
    return (0..<maximumBodies).map { index in
      Double(sorted[(2 * index + 1) * sorted.count / (2 * maximumBodies)])
    }
  }

  static let maximumBodies = 2_000

  // MARK: - Private

  private static func row(
    _ sample: CellResult, _ choice: Choice, bodies: [Double], link: LinkPreset, device: DeviceClass,
    parameters: ModelParameters, uploads: (CellResult) -> [UploadMeasurement]
  ) -> VerdictRow {
    let identity = choice.identity
    let saving = choice.best.map { identity.mean - $0.estimate.mean } ?? 0
    var row = VerdictRow(
      corpus: sample.corpus, split: sample.split, link: link.name, device: device.name,
      connection: parameters.connection, compress: choice.decision == .compress,
      payloadBytes: Double(sample.inputBytes) / Double(sample.payloads), identityMs: identity.mean * 1000,
      savingMs: saving * 1000, savingPct: identity.mean > 0 ? 100 * saving / identity.mean : 0)
    row.decision = choice.decision.rawValue
    row.objective = choice.objective.kind.rawValue
    row.objectiveNote = choice.objective.note
    row.identityP50Ms = identity.p50 * 1000
    row.identityP95Ms = identity.p95 * 1000
    row.zlib6Ms = choice.zlib6.map { $0.estimate.mean * 1000 }
    row.zlib6Beaten = choice.zlib6Beaten
    if let gzip = choice.gzip {
      row.gzipBackend = gzip.candidate.cell.backend
      row.gzipLevel = gzip.candidate.cell.level
      row.gzipMs = gzip.estimate.mean * 1000
    }
    if let fast = choice.fastest {
      row.fastestBackend = fast.candidate.cell.backend
      row.fastestLevel = fast.candidate.cell.level
      row.fastestContainer = fast.candidate.cell.container
      row.fastestDictionary = fast.candidate.cell.dictionary?.name
      row.fastestMs = fast.estimate.mean * 1000
      row.fastestLowMs = fast.estimate.low * 1000
      row.fastestHighMs = fast.estimate.high * 1000
    }
    let bestPick = choice.best.map { Pick(candidate: $0.candidate, seconds: $0.estimate.mean) }
    compareStreaming(
      &row, choice.candidates, best: bestPick, bodies: bodies, link: link, device: device, parameters: parameters)
    row.energy = energy(
      best: choice.best?.candidate, zlib6: choice.zlib6?.candidate, bodies: bodies, link: link, device: device,
      parameters: parameters)
    guard let best = choice.best else { return row }
    let cell = best.candidate.cell
    row.bestBackend = cell.backend
    row.bestLevel = cell.level
    row.bestContainer = cell.container
    row.bestDictionary = cell.dictionary?.name
    row.bestMs = best.estimate.mean * 1000
    row.bestLowMs = best.estimate.low * 1000
    row.bestHighMs = best.estimate.high * 1000
    row.bestP50Ms = best.estimate.p50 * 1000
    row.bestP95Ms = best.estimate.p95 * 1000
    row.bytesSavedPerRequest = Double(cell.inputBytes - cell.outputBytes) / Double(cell.payloads)
    row.bytesSavedPerMillionRequests = row.bytesSavedPerRequest * 1e6
    row.clientCPUMicrosecondsPerBody = best.estimate.clientCPU * 1e6
    row.serverDecodeSecondsPerGigabyte = best.candidate.request.decodeBytesPerSecond.map { 1e9 / $0 }
    row.bestTies = choice.ties.map(\.candidate.setting).sorted()
    if device.name == DeviceClass.this.name {
      let payloads = Double(sample.payloads)
      if let measured = uploads(cell).first(where: { $0.link == link.name }) {
        row.measuredBestMs = measured.uploadMs / payloads
        row.measuredIdentityMs = measured.uploadIdentityMs / payloads
      }
    }
    return row
  }

  /// The fixed order that makes every ranking total: level, backend, container, dictionary.
  static func nameOrder(_ a: CellResult, _ b: CellResult) -> Bool {
    if a.level != b.level { return a.level < b.level }
    if a.backend != b.backend { return a.backend < b.backend }
    if a.container != b.container { return a.container < b.container }
    return (a.dictionary?.name ?? "") < (b.dictionary?.name ?? "")
  }

  private static func measurements(_ cell: CellResult, _ extra: [CellKey: [UploadMeasurement]]) -> [UploadMeasurement] {
    (cell.upload.map { [$0] } ?? []) + (extra[cell.key] ?? [])
  }
}
