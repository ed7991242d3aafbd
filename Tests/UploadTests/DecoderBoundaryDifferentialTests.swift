import DeflateBenchCodecs
import DeflateBenchSupport
import Foundation
import TestSupport
import Testing

/// The server's decoders never reject a valid body (issue #39). Bodies of 2^k - 1, 2^k and
/// 2^k + 1 decoded bytes (k = 10 ... 20: every buffer the decoders and the server cut at) of text,
/// JSON and random data, encoded by outside programs in every coding `serve` takes
/// (`OutsideEncodedBodies`), are decoded twice: in process, fed whole and in 1000-byte pieces,
/// byte for byte against the original; and POSTed over one kept-alive connection to the real
/// `deflate-bench serve`, which must answer each 200 with the decoded size (and, up to
/// `digestLimit`, the SHA-256) of the original.
@Suite(
  "decoders at every buffer boundary, against outside encoders", .serialized,
  .enabled(if: Condition.executableIsBuilt, Comment(rawValue: Condition.executableMissing)))
struct DecoderBoundaryDifferentialTests {
  /// Bodies up to here are sent with `X-Content-SHA256`: past the decoders' 128 KiB output
  /// buffer, so every boundary up to a body of two buffers is checked byte for byte by the server
  /// too. The debug server hashes at about 4 MB/s, and hashing every body would take it half a
  /// minute; the larger bodies' bytes are checked in process, and their size by the server.
  static let digestLimit = (128 << 10) + 1

  @Test(
    "every coding, every size on and around a power of two, every kind of data: decoded exactly, answered 200",
    .enabled(
      if: Judge.areAvailable(.gzip, .zstd, .brotli, .python3),
      Comment(rawValue: Judge.missing(.gzip, .zstd, .brotli, .python3))))
  func outsideEncodedBodiesDecodeAtEveryBoundary() throws {
    let scratch = try ScratchDirectory("decoder-boundaries")
    let dictionary = try scratch.write("boundary.dict", OutsideEncodedBodies.dictionary)
    let set = try OutsideEncodedBodies(in: scratch.url, dictionaryPath: dictionary.path)
    #expect(set.bodies.count == 3 * 33 * 8)

    let store = try DictionaryStore([
      CompressionDictionary(
        name: "boundary.dict", bytes: OutsideEncodedBodies.dictionary,
        sha256: SHA256.hash(OutsideEncodedBodies.dictionary).bytes)
    ])
    var failures: [String] = []
    for body in set.bodies {
      for pieceBytes in [body.encoded.count, 1000] {
        if let problem = Self.decodeInProcess(body, pieceBytes: pieceBytes, dictionaries: store) {
          failures.append("\(body.name), fed in \(pieceBytes)-byte pieces: \(problem)")
        }
      }
    }
    if !failures.isEmpty {
      Issue.record("\(failures.count) in-process decodes failed:\n\(failures.prefix(20).joined(separator: "\n"))")
    }

    let server = try ServeProcess.start(["--dictionary", dictionary.path, "--quiet"])
    defer { server.stop() }
    var client = try RawHTTPClient(port: server.port)
    failures = []
    for body in set.bodies {
      let sendsDigest = body.size <= Self.digestLimit
      client.send(Self.request(for: body, digest: sendsDigest))
      guard let response = client.readResponse() else {
        failures.append("\(body.name): the server closed the connection without answering")
        client = try RawHTTPClient(port: server.port)
        continue
      }
      let answer = response.json
      var problems: [String] = []
      if response.status != 200 { problems.append("status \(response.status): \(answer["error"] ?? "")") }
      if answer["decoded_bytes"] as? Int != body.size {
        problems.append("decoded_bytes \(answer["decoded_bytes"] ?? "none")")
      }
      if answer["received_bytes"] as? Int != body.encoded.count {
        problems.append("received_bytes \(answer["received_bytes"] ?? "none") of \(body.encoded.count)")
      }
      if sendsDigest, answer["digest"] as? String != "match" { problems.append("digest \(answer["digest"] ?? "none")") }
      if !problems.isEmpty { failures.append("\(body.name): \(problems.joined(separator: ", "))") }
      if response.fields["connection"]?.lowercased() == "close" { client = try RawHTTPClient(port: server.port) }
    }
    if !failures.isEmpty {
      let first = failures.prefix(20).joined(separator: "\n")
      Issue.record(
        "\(failures.count) of \(set.bodies.count) uploads were not answered 200 with the right size:\n\(first)")
    }
  }

  /// One request with a Content-Length body; the coding header only when there is a coding.
  static func request(for body: OutsideEncodedBodies.Body, digest: Bool) -> [UInt8] {
    var head = "POST /boundary HTTP/1.1\r\nHost: test\r\nContent-Type: application/octet-stream\r\n"
    if let header = body.coding.header { head += "Content-Encoding: \(header)\r\n" }
    if digest { head += "X-Content-SHA256: \(body.sha256)\r\n" }
    head += "Content-Length: \(body.encoded.count)\r\n\r\n"
    return Array(head.utf8) + body.encoded
  }

  /// Decodes `body` with the decoder the server would pick for its header, fed in pieces of
  /// `pieceBytes`; nil when the output is exactly the original, else what went wrong.
  static func decodeInProcess(_ body: OutsideEncodedBodies.Body, pieceBytes: Int, dictionaries: DictionaryStore)
    -> String?
  {
    var output: [UInt8] = []
    output.reserveCapacity(body.size)
    do throws(StreamingDecodeError) {
      let decoder = try HTTPContentCoding.decoder(
        forHeader: body.coding.header, limits: .init(), dictionaries: dictionaries)
      var start = 0
      while start < body.encoded.count {
        let end = min(body.encoded.count, start + pieceBytes)
        let fed: Result<Void, StreamingDecodeError> = body.encoded[start..<end].withUnsafeBytes { piece in
          Result { () throws(StreamingDecodeError) in try decoder.feed(piece) { output.append(contentsOf: $0) } }
        }
        try fed.get()
        start = end
      }
      try decoder.finish { output.append(contentsOf: $0) }
    } catch {
      return "\(error) after \(output.count) bytes"
    }
    guard output.count == body.size else { return "\(output.count) bytes decoded" }
    let same = output.withUnsafeBytes { decoded in
      body.original.withUnsafeBytes { original in memcmp(decoded.baseAddress!, original.baseAddress!, body.size) == 0 }
    }
    return same ? nil : "the decoded bytes differ from the original"
  }
}
