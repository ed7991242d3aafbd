import DeflateBenchModel
import DeflateBenchResults
import Foundation

/// Measures the request head the upload model charges: starts an echo server on a free loopback
/// port, sends it one JSON POST through URLSession (the client the harness uses, with only the
/// fields an app sets: Content-Type), and reads back how many head bytes the server received.
public enum RequestHeadProbe {
  /// The head size and where it came from: `measured`, or `default` when the probe failed
  /// (no loopback, no URLSession), with `ModelParameters.defaultRequestHeadBytes`.
  public static func measure() -> (bytes: Int, source: String) {
    let server = EchoServer(configuration: ServerConfiguration())
    guard let port = try? server.start() else { return (ModelParameters.defaultRequestHeadBytes, "default") }
    defer { server.stop() }
    guard let url = URL(string: "http://127.0.0.1:\(port)/upload") else {
      return (ModelParameters.defaultRequestHeadBytes, "default")
    }
    let client = UploadClient(endpoint: url)
    let request = UploadRequest(
      body: Data("{\"event\":\"probe\"}".utf8), contentEncoding: nil, contentType: "application/json")
    guard let response = try? client.upload(request), response.status == 200, let bytes = response.answer?.headBytes,
      bytes > 0
    else { return (ModelParameters.defaultRequestHeadBytes, "default") }
    return (bytes, "measured")
  }
}
