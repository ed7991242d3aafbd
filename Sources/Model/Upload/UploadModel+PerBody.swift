import DeflateBenchResults

/// The verdict's refinements of `UploadModel.time`, kept apart from the link terms: a fixed
/// client cost per request (a compressor created for each body), the server's decode overlapping
/// delivery, and a payload set's bodies each put through the model at its own size.
extension UploadModel {
  /// Seconds the server's decode adds after the last byte of the body has arrived.
  ///
  /// The server decodes while it receives, so of `decodeSeconds` only what delivery cannot hide
  /// is left: the decode of the last segment (it cannot start before that segment arrives), or,
  /// when decoding is slower than delivery, the decode time delivery did not cover. This is
  /// `max(decodeSeconds x min(1, segmentBytes / wireBytes), decodeSeconds - deliverSeconds)`,
  /// which never exceeds `decodeSeconds`: a body of one segment pays its whole decode.
  public static func decodeAfterLastByte(
    decodeSeconds: Double, deliverSeconds: Double, wireBytes: Double, segmentBytes: Double
  ) -> Double {
    guard decodeSeconds > 0 else { return 0 }
    let lastSegment = wireBytes > segmentBytes ? decodeSeconds * segmentBytes / wireBytes : decodeSeconds
    return max(lastSegment, decodeSeconds - deliverSeconds)
  }

  /// One request as the verdict times it: `time`'s terms, with `setupSeconds` of client CPU per
  /// request on the measuring machine (the cold call's extra over the warm call, for a compressor
  /// made for each body; 0 for identity or a reused one), scaled by the device like the compress
  /// time, and the decode charged only after the last byte (`decodeAfterLastByte`).
  public static func requestTime(
    _ request: Request, setupSeconds: Double, link: LinkPreset, device: DeviceClass, parameters: ModelParameters
  ) -> Breakdown {
    var parts = time(request, link: link, device: device, parameters: parameters)
    if request.compressBytesPerSecond != nil { parts.compress += max(0, setupSeconds) * device.compressSlowdown }
    parts.decode = decodeAfterLastByte(
      decodeSeconds: parts.decode, deliverSeconds: parts.deliver, wireBytes: request.wireBytes,
      segmentBytes: Double(parameters.mssBytes))
    return parts
  }

  /// The totals of a payload set's requests, each body at its own size.
  public struct BodyTotals: Sendable, Equatable {
    /// Mean, median and 95th percentile over the bodies of one request's total, seconds.
    public var mean: Double
    public var p50: Double
    public var p95: Double
    /// Mean client CPU per body on the device (compress and setup), seconds.
    public var clientCPU: Double
  }

  /// `requestTime` for every body of `inputSizes`, the wire size of each being its input size
  /// times `wireRatio` (the setting's output over input bytes across the whole set: the cells
  /// record the set's total output, not each body's; 1 for identity).
  public static func bodyTotals(
    inputSizes: [Double], wireRatio: Double, template: Request, setupSeconds: Double, link: LinkPreset,
    device: DeviceClass, parameters: ModelParameters
  ) -> BodyTotals {
    let parts = eachBody(inputSizes: inputSizes, wireRatio: wireRatio, template: template) { request in
      requestTime(request, setupSeconds: setupSeconds, link: link, device: device, parameters: parameters)
    }
    var totals = parts.map(\.total)
    let cpu = parts.reduce(0) { $0 + $1.compress }
    let count = Double(max(totals.count, 1))
    let mean = totals.reduce(0, +) / count
    totals.sort()
    return BodyTotals(
      mean: mean, p50: Quantile.value(0.5, ofSorted: totals) ?? mean,
      p95: Quantile.value(0.95, ofSorted: totals) ?? mean,
      clientCPU: cpu / count)
  }

  /// `body` applied to every body of `inputSizes`: `template` at each body's input size, sent as
  /// that size times `wireRatio`. The one place a payload set's bodies become requests, for the
  /// times above and the energy model's timelines.
  public static func eachBody<T>(
    inputSizes: [Double], wireRatio: Double, template: Request, _ body: (Request) -> T
  ) -> [T] {
    inputSizes.map { size in
      var request = template
      request.inputBytes = size
      request.wireBytes = size * wireRatio
      return body(request)
    }
  }
}
