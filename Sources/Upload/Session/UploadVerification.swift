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
    if answer.receivedBytes != sentBytes {
      return "the server received \(answer.receivedBytes.map(String.init) ?? "?") bytes of \(sentBytes) sent"
    }
    if answer.decodedBytes != decodedBytes {
      return "the body decoded to \(answer.decodedBytes.map(String.init) ?? "?") bytes instead of \(decodedBytes)"
    }
    if expectsDigest, answer.digest != "match" {
      return "the digest check answered '\(answer.digest ?? "nothing")' instead of 'match'"
    }
    return nil
  }
}
