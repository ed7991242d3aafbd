/// Checks an echo server's answer against what was sent.
public enum UploadVerification {
  /// The first thing wrong with a response, or nil when it proves the upload arrived intact:
  /// status 200, a JSON answer, the body size as sent, the decoded size, and (when digests
  /// were sent) a digest match.
  public static func problem(_ response: UploadResponse, sentBytes: Int, decodedBytes: Int, expectsDigest: Bool)
    -> String?
  {
    guard let answer = response.answer else {
      return "the server answered \(response.status) without a JSON answer (is it deflate-bench serve?)"
    }
    guard response.status == 200 else {
      return "the server answered \(response.status): \(answer.error ?? "no reason given")"
    }
    // A 200 with JSON but without the sizes is another server's answer, not a lost byte count.
    guard let received = answer.receivedBytes, let decoded = answer.decodedBytes else {
      let missing = answer.receivedBytes == nil ? "received_bytes" : "decoded_bytes"
      return "the server answered 200 without \(missing), so the upload cannot be checked "
        + "(--upload URL needs a server that answers as deflate-bench serve does)"
    }
    if received != sentBytes {
      return "the server received \(received) bytes of \(sentBytes) sent"
    }
    if decoded != decodedBytes {
      return "the body decoded to \(decoded) bytes instead of \(decodedBytes)"
    }
    if expectsDigest, answer.digest != "match" {
      return "the digest check answered '\(answer.digest ?? "nothing")' instead of 'match'"
    }
    return nil
  }

  /// Whether the server itself said it decoded the body and found every digest sent matching:
  /// the answer's own words, which `server_verified` records.
  public static func serverVerified(_ answer: UploadAnswer) -> Bool {
    answer.digest == "match" && answer.decodedBytes != nil
  }
}
