import DeflateBenchCodecs
import DeflateBenchMeasurement

/// One measured cell seen through the link model: its speeds as medians, and its modelled
/// upload on any link.
struct UploadCellModel {
  let cell: CellResult
  /// Bytes of uncompressed input per second, median over repetitions.
  let compressBytesPerSecond: Double
  let decompressBytesPerSecond: Double

  init?(_ cell: CellResult) {
    guard cell.error == nil, cell.inputBytes > 0, cell.outputBytes > 0,
      let compress = Self.median(cell.compressSamplesMBps), let decompress = Self.median(cell.decompressSamplesMBps),
      compress > 0, decompress > 0
    else { return nil }
    self.cell = cell
    compressBytesPerSecond = compress * 1e6
    decompressBytesPerSecond = decompress * 1e6
  }

  /// `libdeflate gzip level 6`.
  var setting: String { "\(cell.backend) \(cell.containerLabel) level \(cell.level)" }
  var container: Container? { Container(rawValue: cell.container) }

  func estimate(on link: LinkPreset) -> UploadModel.Estimate {
    UploadModel.estimate(
      inputBytes: cell.inputBytes, wireBytes: cell.outputBytes + headerBytes, requests: cell.payloads,
      compressBytesPerSecond: compressBytesPerSecond, decompressBytesPerSecond: decompressBytesPerSecond, link: link)
  }

  func identity(on link: LinkPreset) -> UploadModel.Estimate {
    UploadModel.identity(inputBytes: cell.inputBytes, requests: cell.payloads, link: link)
  }

  /// The `Content-Encoding` lines the compressed requests carry and identity ones do not.
  var headerBytes: Int { container.map { UploadModel.headerBytes($0) * cell.payloads } ?? 0 }

  var breakEvenBytesPerSecond: Double? {
    UploadModel.breakEvenBytesPerSecond(
      inputBytes: cell.inputBytes, outputBytes: cell.outputBytes, compressBytesPerSecond: compressBytesPerSecond,
      decompressBytesPerSecond: decompressBytesPerSecond)
  }

  /// The payload size below which compressing with this setting does not pay on `link`.
  func smallPayloadThreshold(on link: LinkPreset) -> Int? {
    guard let container else { return nil }
    let framing = UploadModel.framingBytes(container)
    let ratio = max(0, Double(cell.outputBytes - framing * cell.payloads)) / Double(cell.inputBytes)
    return UploadModel.smallPayloadThresholdBytes(
      ratioWithoutFraming: ratio, overheadBytes: framing + UploadModel.headerBytes(container),
      compressBytesPerSecond: compressBytesPerSecond, decompressBytesPerSecond: decompressBytesPerSecond, link: link)
  }

  static func median(_ samples: [Double]) -> Double? {
    guard !samples.isEmpty else { return nil }
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}

/// For one payload set on one link: the fastest setting and the smallest one nearly as fast.
struct UploadChoice {
  let link: LinkPreset
  let fastest: UploadCellModel
  /// The setting with the fewest bytes among those within 5 % of the fastest total time.
  let smallestNearFastest: UploadCellModel

  /// Picks among the cells of one payload set; nil when none can be modelled.
  init?(cells: [UploadCellModel], link: LinkPreset) {
    let timed = cells.map { ($0, $0.estimate(on: link).totalSeconds) }
    guard let best = timed.min(by: { $0.1 < $1.1 }) else { return nil }
    let near = timed.filter { $0.1 <= best.1 * 1.05 }
    self.link = link
    fastest = best.0
    smallestNearFastest = near.min { $0.0.cell.outputBytes < $1.0.cell.outputBytes }?.0 ?? best.0
  }

  /// How much sooner than identity the fastest setting finishes, in percent (negative: later).
  var percentSooner: Double {
    let compressed = fastest.estimate(on: link).totalSeconds
    let identity = fastest.identity(on: link).totalSeconds
    return identity > 0 ? 100 * (1 - compressed / identity) : 0
  }
}
