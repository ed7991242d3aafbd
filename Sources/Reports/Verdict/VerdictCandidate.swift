import DeflateBenchCodecs
import DeflateBenchMeasurement
import DeflateBenchUpload

/// A single-threaded, verified cell as the upload model sees it: one mean request body with the
/// setting's median speeds. The verdict ranks these.
public struct VerdictCandidate: Sendable {
  public let summarized: SummarizedCell
  public let request: UploadModel.Request
  /// The request with the compress speed at the ends of its median's bootstrap interval, for the
  /// interval of the total; equal to `request` without an interval.
  let fastRequest: UploadModel.Request
  let slowRequest: UploadModel.Request

  public var cell: CellResult { summarized.cell }

  /// nil for a cell the model cannot use: failed, unverified, threaded, or without speeds.
  public init?(_ summarized: SummarizedCell) {
    let cell = summarized.cell
    guard cell.error == nil, cell.verified, cell.threads == 1, cell.payloads > 0, cell.outputBytes > 0,
      let compress = summarized.compress?.median, let decode = summarized.decompress?.median, compress > 0, decode > 0,
      let container = Container(rawValue: cell.container)
    else { return nil }
    self.summarized = summarized
    let payloads = Double(cell.payloads)
    let make = { (megabytesPerSecond: Double) in
      UploadModel.Request(
        inputBytes: Double(cell.inputBytes) / payloads, wireBytes: Double(cell.outputBytes) / payloads,
        compressBytesPerSecond: megabytesPerSecond * 1e6, decodeBytesPerSecond: decode * 1e6,
        contentEncoding: UploadModel.contentEncoding(container))
    }
    request = make(compress)
    let interval = summarized.compress?.medianInterval
    fastRequest = make(max(interval?.upper ?? compress, compress))
    slowRequest = make(min(interval?.lower ?? compress, compress))
  }

  /// Compressing makes the bodies smaller: the only cells the verdict may pick.
  public var shrinks: Bool { cell.outputBytes < cell.inputBytes }

  /// `zstd 3`, `libdeflate gzip 6`.
  public var setting: String { CellText.brief(cell) }

  /// The modelled total of one request, seconds.
  func total(_ link: LinkPreset, _ device: DeviceClass, _ parameters: ModelParameters) -> Double {
    UploadModel.time(request, link: link, device: device, parameters: parameters).total
  }

  /// The total's range over the compress speed's interval, seconds.
  func totalRange(_ link: LinkPreset, _ device: DeviceClass, _ parameters: ModelParameters) -> ClosedRange<Double> {
    let low = UploadModel.time(fastRequest, link: link, device: device, parameters: parameters).total
    let high = UploadModel.time(slowRequest, link: link, device: device, parameters: parameters).total
    return min(low, high)...max(low, high)
  }
}
