import DeflateBenchResults

/// The streaming form of the upload model: a body compressed chunk by chunk while it is sent.
/// Kept beside `UploadModel` (the whole-body contract) as its own function, so the whole-body
/// formula has one home and this one only composes its parts.
///
/// Whole-body: total = C + handshake + deliver(W) + RTT + D. Streaming is a two-stage pipeline:
/// nothing can leave before the first chunk is compressed; after that the slower stage sets the
/// pace, compressing the rest (C - C1) or delivering the body (deliver(W'), with W' the streamed
/// bytes plus chunk framing); the server decodes as bytes arrive, so only the last chunk's
/// decoding (D1) is left after the last byte:
///
///   streaming = C1 + handshake + max(C - C1, deliver(W')) + RTT + D1
///
/// with C1 = chunk / c and D1 = chunk / d (at most the whole body). For a body of one chunk it
/// is the whole-body formula with W'. Streaming wins when compressing and sending are of the
/// same order (C and deliver(W) both large); on a link much slower than the compressor it saves
/// only C - C1, and it always pays the flushes' extra bytes in W'.
public enum StreamingUploadModel {
  /// Bytes `Transfer-Encoding: chunked` adds to a body: `HEX\r\n` and `\r\n` around every chunk
  /// of `pieceBytes` or fewer, and the final `0\r\n\r\n`.
  public static func chunkFramingBytes(bodyBytes: Int, pieceBytes: Int) -> Int {
    guard bodyBytes > 0, pieceBytes > 0 else { return 5 }
    let pieces = (bodyBytes + pieceBytes - 1) / pieceBytes
    let sizeLine = String(pieceBytes, radix: 16).utf8.count + 2
    return pieces * (sizeLine + 2) + 5
  }

  /// The streaming total of one request under the whole-body model's parameters: `request` is the
  /// streamed form (its `wireBytes` the streamed bytes, flushes included, and its compress speed
  /// the streaming calls' speed), sent in pieces of one compressed chunk each. The head is the
  /// whole-body head: the few bytes `Transfer-Encoding: chunked` and `Content-Length` differ by
  /// are left out.
  public static func seconds(
    _ request: UploadModel.Request, chunkBytes: Int, link: LinkPreset, device: DeviceClass,
    parameters: ModelParameters
  ) -> Double {
    let whole = UploadModel.time(request, link: link, device: device, parameters: parameters)
    let wire = Int(request.wireBytes.rounded(.up))
    let chunks = max(1, Int((request.inputBytes / Double(max(chunkBytes, 1))).rounded(.up)))
    let framing = chunkFramingBytes(bodyBytes: wire, pieceBytes: max(1, (wire + chunks - 1) / chunks))
    let head = Double(parameters.requestHeadBytes + UploadModel.encodingLineBytes(request.contentEncoding))
    let bytes = HTTPFraming.requestBytes(
      headBytes: head, bodyBytes: request.wireBytes + Double(framing), encoded: request.contentEncoding != nil,
      parameters: parameters)
    let deliver = UploadModel.deliverSeconds(bytes: bytes, link: link, parameters: parameters)
    return totalSeconds(
      inputBytes: Int(request.inputBytes.rounded()), chunkBytes: chunkBytes, compressSeconds: whole.compress,
      decodeSeconds: whole.decode, deliverSeconds: deliver, handshakeSeconds: whole.handshake,
      roundTripSeconds: whole.response)
  }

  /// The modelled streaming total in seconds.
  /// - Parameters:
  ///   - inputBytes: s, the body before compression.
  ///   - chunkBytes: the uncompressed chunk size.
  ///   - compressSeconds: C for the whole body (device slowdown applied by the caller).
  ///   - decodeSeconds: D for the whole body.
  ///   - deliverSeconds: deliver(W') of the streamed bytes with chunk framing, from the same
  ///     delivery function the whole-body model uses.
  ///   - handshakeSeconds: the cold connection's handshake, 0 when warm.
  ///   - roundTripSeconds: one RTT, for the response.
  public static func totalSeconds(
    inputBytes: Int, chunkBytes: Int, compressSeconds: Double, decodeSeconds: Double, deliverSeconds: Double,
    handshakeSeconds: Double, roundTripSeconds: Double
  ) -> Double {
    let firstShare = inputBytes > 0 ? min(1, Double(chunkBytes) / Double(inputBytes)) : 1
    let firstCompress = compressSeconds * firstShare
    let lastDecode = decodeSeconds * firstShare
    return firstCompress + handshakeSeconds + max(compressSeconds - firstCompress, deliverSeconds) + roundTripSeconds
      + lastDecode
  }
}
