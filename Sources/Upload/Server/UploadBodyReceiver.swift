import DeflateBenchCodecs
import DeflateBenchSupport

/// Takes one upload's body as it arrives: decodes it, hashes what the client's digest fields
/// ask for, counts bytes and times the work. Nothing of the body is kept, unless a recording
/// (`serve --record`) takes the decoded pieces.
final class UploadBodyReceiver {
  let decoder: any StreamingDecoder
  private(set) var digests: DigestFields
  let recording: RecordingBody?
  private(set) var receivedBytes = 0
  private(set) var decodeNanoseconds: UInt64 = 0
  private(set) var hashNanoseconds: UInt64 = 0
  private var encodedSHA256: SHA256?
  private var encodedSHA512: SHA512?
  private var decodedSHA256: SHA256?
  /// Identity bytes are the same before and after decoding: hash them once.
  private let hashesOnce: Bool

  init(decoder: any StreamingDecoder, digests: DigestFields, recording: RecordingBody? = nil) {
    self.decoder = decoder
    self.digests = digests
    self.recording = recording
    hashesOnce = decoder is IdentityStreamingDecoder
    // A digest announced as a trailer arrives after the body: hash for it from the start.
    let decodedWanted = digests.decoded != nil || digests.expectsDecodedTrailer
    if digests.needs(.sha256) || digests.expectsEncodedTrailer || (hashesOnce && decodedWanted) {
      encodedSHA256 = SHA256()
    }
    if digests.needs(.sha512) || digests.expectsEncodedTrailer { encodedSHA512 = SHA512() }
    if decodedWanted, !hashesOnce { decodedSHA256 = SHA256() }
  }

  /// The digests a chunked body sent as trailers, checked with the others by `digestResult`.
  func addTrailers(_ fields: [HTTPRequestHead.Field]) throws(DigestFields.Malformed) {
    try digests.add(trailers: fields)
  }

  func consume(_ bytes: UnsafeRawBufferPointer) throws(StreamingDecodeError) {
    receivedBytes += bytes.count
    if encodedSHA256 != nil || encodedSHA512 != nil {
      let start = Deadline.now()
      encodedSHA256?.update(bytes)
      encodedSHA512?.update(bytes)
      hashNanoseconds += Deadline.now() - start
    }
    let start = Deadline.now()
    var sinkNanoseconds: UInt64 = 0
    try decoder.feed(bytes) { piece in self.hashDecoded(piece, into: &sinkNanoseconds) }
    decodeNanoseconds += Deadline.now() - start - sinkNanoseconds
    hashNanoseconds += sinkNanoseconds
  }

  func finish() throws(StreamingDecodeError) {
    let start = Deadline.now()
    var sinkNanoseconds: UInt64 = 0
    try decoder.finish { piece in self.hashDecoded(piece, into: &sinkNanoseconds) }
    decodeNanoseconds += Deadline.now() - start - sinkNanoseconds
    hashNanoseconds += sinkNanoseconds
  }

  private func hashDecoded(_ piece: UnsafeRawBufferPointer, into nanoseconds: inout UInt64) {
    // Recording time is sink time, kept out of decode_ms like hashing.
    if let recording {
      let start = Deadline.now()
      recording.append(piece)
      nanoseconds += Deadline.now() - start
    }
    guard decodedSHA256 != nil else { return }
    let start = Deadline.now()
    decodedSHA256?.update(piece)
    nanoseconds += Deadline.now() - start
  }

  /// The digest verdict, the digests computed, and the first digest that did not match (the
  /// field and algorithm, for the error message), once the body is complete.
  func digestResult() -> (verdict: String, received: String?, decoded: String?, mismatch: String?) {
    guard !digests.isEmpty else { return ("none", nil, nil, nil) }
    let received256 = encodedSHA256.map { hasher in
      var copy = hasher
      return copy.finalize()
    }
    let received512 = encodedSHA512.map { hasher in
      var copy = hasher
      return copy.finalize()
    }
    let decoded =
      hashesOnce
      ? received256
      : decodedSHA256.map { hasher in
        var copy = hasher
        return copy.finalize()
      }
    var mismatch: String?
    for expected in digests.encoded where mismatch == nil {
      let actual = expected.algorithm == .sha256 ? received256?.bytes : received512
      if actual != expected.bytes { mismatch = "\(expected.field) \(expected.algorithm.rawValue)" }
    }
    if mismatch == nil, let expected = digests.decoded, decoded?.bytes != expected { mismatch = "X-Content-SHA256" }
    return (
      mismatch == nil ? "match" : "mismatch", digests.needs(.sha256) ? received256?.hex : nil,
      digests.decoded != nil ? decoded?.hex : nil, mismatch
    )
  }
}

extension UploadBodyReceiver {
  /// The hook of `serve --record`: the body is complete, decoded and verified, so it is stored
  /// under its real name with its index line. A recording that is never handed over here is
  /// deleted.
  func recordVerifiedBody(_ head: HTTPRequestHead, contentEncoding: String?) {
    recording?.commit(
      method: head.method, path: String(head.path), contentType: head.value("Content-Type"),
      contentEncoding: contentEncoding ?? "identity", receivedBytes: receivedBytes)
  }
}
