import DeflateBenchCorpora

/// A payload shape `calibrate` times and the overhead the harness may show on it. One large
/// payload shows the per-byte cost; many small ones show the per-call costs.
public struct CalibrationGoal: Sendable, Equatable {
  /// The payload set's split label in the table (`1mb`, `200b`).
  public let label: String
  public let payloadBytes: Int
  public let payloadCount: Int
  /// The overhead the shape may show, as a fraction of the C time.
  public let tolerance: Double

  /// One 1 MB payload: within 2 %.
  public static let large = CalibrationGoal(label: "1mb", payloadBytes: 1_000_000, payloadCount: 1, tolerance: 0.02)
  /// 500 payloads of 200 bytes: within 5 %.
  public static let small = CalibrationGoal(label: "200b", payloadBytes: 200, payloadCount: 500, tolerance: 0.05)
  /// The shapes `calibrate` measures, in the order it prints them.
  public static let all = [large, small]

  /// Whether a median Swift/C ratio is within the goal (a NaN ratio never is).
  public func isMet(byRatio ratio: Double) -> Bool { abs(ratio - 1) <= tolerance }

  /// `payloadCount` payloads of `payloadBytes` bytes taken one after another from `source`,
  /// wrapping around, so a short source still fills every payload. `source` must not be empty.
  public func payloadSet(cutFrom source: [UInt8]) -> PayloadSet {
    precondition(!source.isEmpty, "calibration payloads need a non-empty source")
    var payloads: [[UInt8]] = []
    var offset = 0
    for _ in 0..<payloadCount {
      var payload: [UInt8] = []
      payload.reserveCapacity(payloadBytes)
      while payload.count < payloadBytes {
        let take = min(payloadBytes - payload.count, source.count - offset)
        payload += source[offset..<(offset + take)]
        offset = (offset + take) % source.count
      }
      payloads.append(payload)
    }
    return PayloadSet(corpus: "calibration", kind: "calibration", split: label, payloads: payloads, sha256: "")
  }

  /// The bytes payloads are cut from without `--input`: about 2 MB of generated Mixpanel events
  /// (JSON, the harness's typical upload body), the same for every call.
  public static func defaultSource() throws(CorpusError) -> [UInt8] {
    let configuration = try CorpusConfiguration(specs: ["json-events:mixpanel:count=6000,whole,name=calibration"])
    return try configuration.makePayloadSets().first?.payloads.first.map { Array($0) } ?? []
  }
}
