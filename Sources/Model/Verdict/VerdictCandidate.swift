import DeflateBenchResults
import DeflateBenchSupport

/// A single-threaded, verified cell as the upload model sees it: the setting's headline speeds
/// (the fastest sample, `HeadlineSpeed`) with the ends of their 95 % intervals, and the cold
/// call's extra a compressor made for each request costs. The verdict ranks these.
public struct VerdictCandidate: Sendable {
  public let summarized: SummarizedCell
  /// One mean request body at the headline speeds (the page's what-if model and streaming use it).
  public let request: UploadModel.Request
  /// The request at the favourable and unfavourable ends of the compress and decode speeds'
  /// headline intervals (`SampleSummary.headlineInterval`).
  let fastRequest: UploadModel.Request
  let slowRequest: UploadModel.Request
  /// The cold call's extra over its warm twin, seconds on this machine: median and range ends
  /// (all 0 when the cell has no paired cold and warm calls).
  let setup: (median: Double, low: Double, high: Double)

  public var cell: CellResult { summarized.cell }

  /// The speeds and the cold call's extra this candidate's estimates are made of, with the ends
  /// of their intervals, as results.json records them for the checkers.
  public let figures: CellFigures

  /// nil for a cell the model cannot use: failed, unverified, threaded, or without speeds.
  public init?(_ summarized: SummarizedCell) {
    let cell = summarized.cell
    guard cell.error == nil, cell.verified, cell.threads == 1, cell.payloads > 0, cell.outputBytes > 0,
      let figures = CellFigures(summarized), let container = Container(rawValue: cell.container)
    else { return nil }
    self.summarized = summarized
    self.figures = figures
    let payloads = Double(cell.payloads)
    let make = { (compressMBps: Double, decodeMBps: Double) in
      UploadModel.Request(
        inputBytes: Double(cell.inputBytes) / payloads, wireBytes: Double(cell.outputBytes) / payloads,
        compressBytesPerSecond: compressMBps * 1e6, decodeBytesPerSecond: decodeMBps * 1e6,
        contentEncoding: UploadModel.contentEncoding(container))
    }
    request = make(figures.compressMBps, figures.decompressMBps)
    fastRequest = make(figures.compressFastMBps, figures.decompressFastMBps)
    slowRequest = make(figures.compressSlowMBps, figures.decompressSlowMBps)
    setup = CellFigures.setupSeconds(summarized)
  }

  /// Compressing makes the bodies smaller: the only cells the verdict may pick.
  public var shrinks: Bool { cell.outputBytes < cell.inputBytes }

  /// `zstd 3`, `libdeflate gzip 6`.
  public var setting: String { CellText.brief(cell) }

  /// Output over input bytes across the set, the wire size of every body per byte of input.
  var wireRatio: Double { Double(cell.outputBytes) / Double(cell.inputBytes) }

  /// The modelled total of one mean request at the headline warm speed, seconds (`UploadModel.time`).
  func total(_ link: LinkPreset, _ device: DeviceClass, _ parameters: ModelParameters) -> Double {
    UploadModel.time(request, link: link, device: device, parameters: parameters).total
  }

  /// The verdict's estimate over `bodies` (input sizes): each body through the model at its own
  /// size, at the headline speeds and at both ends of their intervals.
  func estimate(
    bodies: [Double], _ link: LinkPreset, _ device: DeviceClass, _ parameters: ModelParameters
  ) -> VerdictEstimate {
    let ends = speedEnds(parameters)
    let totals = { (end: SpeedEnd) in
      UploadModel.bodyTotals(
        inputSizes: bodies, wireRatio: wireRatio, template: end.request, setupSeconds: end.setupSeconds, link: link,
        device: device, parameters: parameters)
    }
    return VerdictEstimate(point: totals(ends.median), fast: totals(ends.fast), slow: totals(ends.slow))
  }

  /// A request template and the setup seconds each request pays with it (none with a reused
  /// compressor).
  struct SpeedEnd {
    let request: UploadModel.Request
    let setupSeconds: Double
  }

  /// The requests at the headline speeds and at the favourable and unfavourable ends of their
  /// intervals, each with its end of the cold call's extra: what the times' and the energies'
  /// intervals are computed from.
  func speedEnds(_ parameters: ModelParameters) -> (median: SpeedEnd, fast: SpeedEnd, slow: SpeedEnd) {
    let reused = parameters.reusesCompressor
    return (
      SpeedEnd(request: request, setupSeconds: reused ? 0 : setup.median),
      SpeedEnd(request: fastRequest, setupSeconds: reused ? 0 : setup.low),
      SpeedEnd(request: slowRequest, setupSeconds: reused ? 0 : setup.high)
    )
  }
}

/// A modelled total over a payload set's bodies, seconds: the mean, its 95 % interval, the
/// median and 95th percentile body, and the client CPU per body on the device with its interval.
public struct VerdictEstimate: Sendable, Equatable {
  public var mean: Double
  public var low: Double
  public var high: Double
  public var p50: Double
  public var p95: Double
  public var clientCPU: Double
  /// The ends of the client CPU's interval (the compress speed's and the cold call extra's): the
  /// tie-break compares CPU beyond this noise.
  public var clientCPULow: Double
  public var clientCPUHigh: Double

  /// The estimate from the totals at the headline speeds (`point`) and at the favourable
  /// (`fast`) and unfavourable (`slow`) ends of their intervals; each end also holds the point.
  init(point: UploadModel.BodyTotals, fast: UploadModel.BodyTotals, slow: UploadModel.BodyTotals) {
    mean = point.mean
    low = min(fast.mean, point.mean)
    high = max(slow.mean, point.mean)
    p50 = point.p50
    p95 = point.p95
    clientCPU = point.clientCPU
    clientCPULow = min(fast.clientCPU, point.clientCPU)
    clientCPUHigh = max(slow.clientCPU, point.clientCPU)
  }

  /// Sending the bodies uncompressed: no speeds, so no interval (and no client CPU).
  static func identity(
    bodies: [Double], _ link: LinkPreset, _ device: DeviceClass, _ parameters: ModelParameters
  ) -> VerdictEstimate {
    let totals = UploadModel.bodyTotals(
      inputSizes: bodies, wireRatio: 1, template: .identity(bytes: 0), setupSeconds: 0, link: link, device: device,
      parameters: parameters)
    return VerdictEstimate(point: totals, fast: totals, slow: totals)
  }

  func overlaps(_ other: VerdictEstimate) -> Bool { low <= other.high && other.low <= high }
}
