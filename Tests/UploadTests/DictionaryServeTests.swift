import DeflateBenchSupport
import Foundation
import TestSupport
import Testing

/// `serve --dictionary` decodes dictionary bodies made by outside encoders: dcz built from the
/// `zstd -D` command's frame behind the RFC 9842 header, and zlib bodies with a preset
/// dictionary made by Python's `zlib.compressobj(zdict=...)`. Unknown dictionaries, wrong or
/// truncated headers get 400; a dictionary bomb is cut off like a gzip one.
@Suite(
  "serve with dictionaries", .serialized,
  .enabled(if: Condition.executableIsBuilt, Comment(rawValue: Condition.executableMissing)))
struct DictionaryServeTests {
  static let event = Array(
    #"{"event":"Order Completed","properties":{"distinct_id":"user-4711","revenue":42.5,"currency":"EUR","items":3}}"#
      .utf8)

  /// A raw-content dictionary (no zstd header): its DEFLATE preset is the whole file, so Python
  /// can use the same bytes as `zdict`.
  static let dictionary = Array(
    String(
      repeating: #"{"event":"Order Completed","properties":{"distinct_id":"user-","revenue":,"currency":"EUR"}}"#,
      count: 20
    )
    .utf8)

  @Test(
    .enabled(
      if: Judge.areAvailable(.curl, .zstd, .python3), Comment(rawValue: Judge.missing(.curl, .zstd, .python3))))
  func dczAndPresetBodiesFromOutsideEncodersDecode() throws {
    let scratch = try ScratchDirectory("serve-dict")
    let file = try scratch.write("events.dict", Self.dictionary)
    let server = try ServeProcess.start(["--dictionary", file.path])
    defer { server.stop() }
    let url = server.baseURL.appendingPathComponent("events")
    let digest = "X-Content-SHA256: \(SHA256.hash(Self.event).hex)"

    do {
      let frame = try ProcessRunner.run("zstd", arguments: ["-q", "-c", "-D", file.path], stdin: Self.event)
      try #require(frame.succeeded, "\(frame.stderrText)")
      let body = DczFrameHeader.bytes(for: Self.dictionary) + frame.stdout
      let answer = try #require(try CurlAnswer.post(url, body: body, headers: ["Content-Encoding: dcz", digest]))
      #expect(answer.status == 200, "\(answer.json)")
      #expect(answer.json["decoded_bytes"] as? Int == Self.event.count)
      // Without a dictionary the frame is 2-3x larger: the server really used it.
      let plain = try ProcessRunner.run("zstd", arguments: ["-q", "-c"], stdin: Self.event)
      #expect(frame.stdout.count < plain.stdout.count)
    }

    do {
      let python = try #require(Judge.python3.path)
      let script = """
        import sys, zlib
        c = zlib.compressobj(6, zdict=open(sys.argv[1], "rb").read())
        sys.stdout.buffer.write(c.compress(sys.stdin.buffer.read()) + c.flush())
        """
      let body = try ProcessRunner.run(python, arguments: ["-c", script, file.path], stdin: Self.event)
      try #require(body.succeeded, "\(body.stderrText)")
      #expect(body.stdout[1] & 0x20 != 0, "Python set FDICT")
      let answer = try #require(
        try CurlAnswer.post(url, body: body.stdout, headers: ["Content-Encoding: deflate", digest]))
      #expect(answer.status == 200, "\(answer.json)")
      #expect(answer.json["decoded_bytes"] as? Int == Self.event.count)
    }
  }

  @Test(.enabled(if: Judge.curl.isAvailable, Comment(rawValue: Judge.curl.missing)))
  func unknownWrongAndTruncatedDictionaryBodiesGet400() throws {
    let scratch = try ScratchDirectory("serve-dict-bad")
    let file = try scratch.write("events.dict", Self.dictionary)
    let server = try ServeProcess.start(["--dictionary", file.path])
    defer { server.stop() }
    let url = server.baseURL.appendingPathComponent("events")
    let other = Array("another dictionary entirely".utf8)
    let unknownHash = SHA256.hash(other).hex
    let cases: [([UInt8], String, String)] = [
      (DczFrameHeader.bytes(for: other) + [0x28, 0xB5, 0x2F, 0xFD], "dcz", unknownHash),
      (Array(DczFrameHeader.bytes(for: Self.dictionary).prefix(20)), "dcz", "truncated"),
      ([0x28, 0xB5, 0x2F, 0xFD] + [UInt8](repeating: 0, count: 40), "dcz", "not 5e2a4d18"),
      // A zlib header with FDICT naming Adler-32 0x01020304, which no held preset has.
      ([0x78, 0xBB, 1, 2, 3, 4, 0x03, 0x00], "deflate", "01020304"),
    ]
    for (body, coding, message) in cases {
      let answer = try #require(try CurlAnswer.post(url, body: body, headers: ["Content-Encoding: \(coding)"]))
      #expect(answer.status == 400, "\(coding) \(message): \(answer.json)")
      #expect((answer.json["error"] as? String)?.contains(message) == true, "\(answer.json)")
    }
  }

  @Test(.enabled(if: Judge.areAvailable(.curl, .zstd), Comment(rawValue: Judge.missing(.curl, .zstd))))
  func aDictionaryBombIsCutOffAtTheLimit() throws {
    let scratch = try ScratchDirectory("serve-dict-bomb")
    let file = try scratch.write("events.dict", Self.dictionary)
    let server = try ServeProcess.start(["--dictionary", file.path, "--max-decoded", "1M"])
    defer { server.stop() }
    let zeros = [UInt8](repeating: 0, count: 8 << 20)
    let frame = try ProcessRunner.run("zstd", arguments: ["-q", "-c", "-D", file.path], stdin: zeros)
    let answer = try #require(
      try CurlAnswer.post(
        server.baseURL.appendingPathComponent("bomb"), body: DczFrameHeader.bytes(for: Self.dictionary) + frame.stdout,
        headers: ["Content-Encoding: dcz"]))
    #expect(answer.status == 413, "\(answer.json)")
  }
}
