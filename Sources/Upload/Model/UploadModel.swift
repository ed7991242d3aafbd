import DeflateBenchCodecs

/// The link model as pure functions: how long an upload takes on a link, with and without
/// compression, where compressing stops paying, and below which payload size it never does.
///
/// total = compress time + wire bytes / uplink rate + server decode time + RTT x requests
///
/// Speeds are in bytes of uncompressed data per second, as the harness measures them; sizes in
/// bytes; times in seconds.
public enum UploadModel {
  /// The parts of one modelled upload, in seconds.
  public struct Estimate: Sendable, Equatable {
    public var compressSeconds: Double
    public var transferSeconds: Double
    public var decodeSeconds: Double
    public var roundTripSeconds: Double

    public init(compressSeconds: Double, transferSeconds: Double, decodeSeconds: Double, roundTripSeconds: Double) {
      self.compressSeconds = compressSeconds
      self.transferSeconds = transferSeconds
      self.decodeSeconds = decodeSeconds
      self.roundTripSeconds = roundTripSeconds
    }

    public var totalSeconds: Double { compressSeconds + transferSeconds + decodeSeconds + roundTripSeconds }
  }

  /// The modelled time to compress and upload `inputBytes` as `wireBytes` in `requests` requests.
  /// - Parameters:
  ///   - compressBytesPerSecond: nil for identity (no compression step).
  ///   - decompressBytesPerSecond: the server's decode speed; nil for identity.
  ///   - extraWireBytes: bytes on the wire besides the bodies (request heads), charged at the rate.
  public static func estimate(
    inputBytes: Int, wireBytes: Int, requests: Int, compressBytesPerSecond: Double?,
    decompressBytesPerSecond: Double?, link: LinkPreset, extraWireBytes: Int = 0
  ) -> Estimate {
    let input = Double(inputBytes)
    return Estimate(
      compressSeconds: compressBytesPerSecond.map { $0 > 0 ? input / $0 : 0 } ?? 0,
      transferSeconds: Double(wireBytes + extraWireBytes) / link.uplinkBytesPerSecond,
      decodeSeconds: decompressBytesPerSecond.map { $0 > 0 ? input / $0 : 0 } ?? 0,
      roundTripSeconds: link.rttSeconds * Double(requests))
  }

  /// The same payloads sent uncompressed.
  public static func identity(inputBytes: Int, requests: Int, link: LinkPreset, extraWireBytes: Int = 0) -> Estimate {
    estimate(
      inputBytes: inputBytes, wireBytes: inputBytes, requests: requests, compressBytesPerSecond: nil,
      decompressBytesPerSecond: nil, link: link, extraWireBytes: extraWireBytes)
  }

  /// How many times faster the compressed upload finishes than the identity one (above 1 pays).
  public static func speedup(compressed: Estimate, identity: Estimate) -> Double {
    compressed.totalSeconds > 0 ? identity.totalSeconds / compressed.totalSeconds : 0
  }

  /// The uplink rate (bytes per second) above which compressing with this setting no longer
  /// pays: saving / (1 / compress speed + 1 / decompress speed), where saving = 1 - out/in.
  /// Below it the bytes saved cross the link in more time than compressing and decoding cost.
  /// Round trips cancel out (both ways send the same requests). Nil when nothing is saved.
  public static func breakEvenBytesPerSecond(
    inputBytes: Int, outputBytes: Int, compressBytesPerSecond: Double, decompressBytesPerSecond: Double
  ) -> Double? {
    guard inputBytes > 0, outputBytes < inputBytes, compressBytesPerSecond > 0, decompressBytesPerSecond > 0 else {
      return nil
    }
    let saving = 1 - Double(outputBytes) / Double(inputBytes)
    return saving / (1 / compressBytesPerSecond + 1 / decompressBytesPerSecond)
  }

  /// The payload size in bytes below which compressing one request does not pay on `link`.
  ///
  /// A payload of s bytes compresses to about r·s + F bytes (r: the setting's ratio without
  /// framing, F: framing such as gzip's 18 bytes) and the request grows by its
  /// `Content-Encoding` line. Compressing pays when the bytes saved cross the link in more time
  /// than compressing and decoding cost: s·(1 - r)/B > (F + header)/B + s/c + s/d + fixed, so
  /// s > ((F + header)/B + fixed) / ((1 - r)/B - 1/c - 1/d).
  ///
  /// Small payloads compress worse than the batch r was measured on, so the true threshold is
  /// somewhat higher: read the result as a lower bound.
  /// - Returns: nil when compression does not pay on this link at any size.
  public static func smallPayloadThresholdBytes(
    ratioWithoutFraming r: Double, overheadBytes: Int, compressBytesPerSecond: Double,
    decompressBytesPerSecond: Double, link: LinkPreset, fixedSecondsPerRequest: Double = 0
  ) -> Int? {
    let rate = link.uplinkBytesPerSecond
    guard rate > 0, compressBytesPerSecond > 0, decompressBytesPerSecond > 0 else { return nil }
    let gainPerByte = (1 - r) / rate - 1 / compressBytesPerSecond - 1 / decompressBytesPerSecond
    guard gainPerByte > 0 else { return nil }
    let fixedCost = Double(overheadBytes) / rate + fixedSecondsPerRequest
    return Int((fixedCost / gainPerByte).rounded(.up))
  }

  /// Bytes a container adds to every body: header and trailer of the frame.
  public static func framingBytes(_ container: Container) -> Int {
    switch container {
    // 10-byte header, 8-byte CRC-32 and ISIZE trailer.
    case .gzip: 18
    // 2-byte header, 4-byte Adler-32.
    case .zlib: 6
    case .raw: 0
    // Magic, frame header descriptor, content size (typically 2-4 bytes), 3-byte block header.
    case .zstd: 12
    // A window-size nibble and the last-block marker: a byte or two.
    case .br: 2
    // The 40-byte dictionary header (skippable-frame magic, length, SHA-256) before a zstd frame.
    case .dcz: 40 + 12
    }
  }

  /// Bytes of the request line `Content-Encoding: TOKEN\r\n` that compression adds to a request.
  public static func headerBytes(_ container: Container) -> Int {
    guard let token = container.contentEncoding else { return 0 }
    return "Content-Encoding: \(token)\r\n".utf8.count
  }
}
