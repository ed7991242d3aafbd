import DeflateBenchCodecs
import DeflateBenchCorpora

/// Takes one upload's body as it arrives: decodes it, hashes what the client's digest fields
/// ask for, counts bytes and times the work. Nothing of the body is kept, unless a recording
/// (`serve --record`) takes the decoded pieces.
final class UploadBodyReceiver {
  let decoder: any StreamingDecoder
  let digests: DigestFields
  let recording: RecordingBody?
  private(set) var receivedBytes = 0
  private(set) var decodeNanoseconds: UInt64 = 0
  private(set) var hashNanoseconds: UInt64 = 0
  private var encodedHasher: SHA256?
  private var decodedHasher: SHA256?
  /// Identity bytes are the same before and after decoding: hash them once.
  private let hashesOnce: Bool

  init(decoder: any StreamingDecoder, digests: DigestFields, recording: RecordingBody? = nil) {
    self.decoder = decoder
    self.digests = digests
    self.recording = recording
    hashesOnce = decoder is IdentityStreamingDecoder
    if digests.decoded != nil || (hashesOnce && digests.encoded != nil) { decodedHasher = SHA256() }
    if digests.encoded != nil, !hashesOnce { encodedHasher = SHA256() }
  }

  func consume(_ bytes: UnsafeRawBufferPointer) throws(StreamingDecodeError) {
    receivedBytes += bytes.count
    if encodedHasher != nil {
      let start = Deadline.now()
      encodedHasher?.update(bytes)
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
    guard decodedHasher != nil else { return }
    let start = Deadline.now()
    decodedHasher?.update(piece)
    nanoseconds += Deadline.now() - start
  }

  /// The digest verdict and the digests computed, once the body is complete.
  func digestResult() -> (verdict: String, received: String?, decoded: String?) {
    guard !digests.isEmpty else { return ("none", nil, nil) }
    let decoded = decodedHasher.map { hasher in
      var copy = hasher
      return copy.finalize()
    }
    let received =
      hashesOnce
      ? decoded
      : encodedHasher.map { hasher in
        var copy = hasher
        return copy.finalize()
      }
    var matches = true
    if let expected = digests.encoded, received?.bytes != expected { matches = false }
    if let expected = digests.decoded, decoded?.bytes != expected { matches = false }
    return (
      matches ? "match" : "mismatch", digests.encoded != nil ? received?.hex : nil,
      digests.decoded != nil ? decoded?.hex : nil
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
