import DeflateBenchCorpora
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue #25, item 2: `serve --record` keeps recording and never leaks. Each test runs the
/// executable and talks to it with curl, as a client would.
@Suite("serve --record under hostile input", .serialized, .enabled(if: ProcessRunner.isAvailable("curl"), "needs curl"))
struct ServeRecordHostileTests {
  static let body: [UInt8] = (0..<5000).map { UInt8(($0 * 131 + 7) % 251) }
  static let octets = ["Content-Type: application/octet-stream"]

  @Test("H2: a rejected body (400, 413) that would pass --record-max-bytes stops nothing; later uploads are stored")
  func rejectedBodiesStopNothing() throws {
    let scratch = try ScratchDirectory("h2")
    let folder = scratch.path("rec")
    let server = try RecordingServer(["--record", folder, "--record-max-bytes", "12000"])
    let large = [UInt8](repeating: 0x61, count: 20_000)
    // A digest mismatch is found only at the end, after the body passed the byte limit.
    let wrongDigest = "X-Content-SHA256: " + String(repeating: "0", count: 64)
    #expect(try server.curl("/big", body: large, headers: Self.octets + [wrongDigest]) == 400)
    #expect(try server.curl("/ok", body: Self.body, headers: Self.octets) == 200)
    #expect(try server.curl("/ok", body: Self.body, headers: Self.octets) == 200)
    server.stop()
    #expect(!server.errors().contains("recording stopped"), "\(server.errors())")
    let lines = try #require(RecordedFolder.index(of: folder))
    #expect(lines.map(\.file) == ["000002.bin", "000003.bin"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
        "000002.bin", "000003.bin", "index.jsonl",
      ])
  }

  /// With standard output closed the server does not serve at all (issue #39, N7:
  /// `HostileOutputRoundTwoTests.serveWithoutItsListeningLine`).
  @Test("H3: with standard error closed, console text never reaches index.jsonl")
  func closedStandardError() throws {
    let scratch = try ScratchDirectory("h3")
    // stderr closed: the port is still read from stdout.
    let stderrClosed = try RecordingServer(["--record", scratch.path("a")], redirect: "2>&-")
    #expect(try stderrClosed.curl("/v1/batch?api_key=SECRET", body: Self.body, headers: Self.octets) == 200)
    #expect(try stderrClosed.curl("/v1/batch?api_key=SECRET", body: Self.body, headers: Self.octets) == 200)
    stderrClosed.stop()
    let text = try String(contentsOfFile: scratch.path("a") + "/index.jsonl", encoding: .utf8)
    #expect(!text.contains("SECRET") && !text.contains("serve") && !text.contains("listening"), "\(text)")
    #expect(RecordedFolder.index(of: scratch.path("a"))?.allSatisfy { $0.path == "/v1/batch" } == true, "\(text)")
    #expect(RecordedFolder.index(of: scratch.path("a"))?.count == 2)
  }

  @Test(
    "H4, L9: --append refuses a corrupt index (overflowing sizes or sequence, negative sizes) with 65, never crashes",
    arguments: [
      ("decoded_bytes", "9223372036854775807", "1", "add up past"),
      ("sequence", "9223372036854775807", "2", "is outside"),
      ("decoded_bytes", "-1000000", "5", "a size is negative"),
    ])
  func corruptIndexIsRefused(field: String, first: String, second: String, message: String) throws {
    let scratch = try ScratchDirectory("h4")
    let folder = scratch.path("rec")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    func line(_ sequence: String, _ decoded: String, file: String) -> String {
      let values = field == "sequence" ? (sequence, "10") : ("1", decoded)
      return #"{"content_encoding":"identity","decoded_bytes":\#(values.1),"file":"\#(file)","method":"POST","#
        + #""path":"/","received_bytes":10,"sequence":\#(values.0),"time":"2026-01-01T00:00:00.000Z"}"# + "\n"
    }
    let index = line(first, first, file: "000001.bin") + line(second, second, file: "000002.bin")
    try Data(index.utf8).write(to: URL(fileURLWithPath: folder + "/index.jsonl"))
    let result = try ProcessRunner.run(
      try DeflateBenchExecutable.url.path, arguments: ["serve", "--port", "0", "--record", folder, "--append"],
      timeoutSeconds: 30)
    #expect(result.status == 65, "\(result.stderrText)")
    #expect(result.stderrText.contains("index.jsonl is corrupt"), "\(result.stderrText)")
    #expect(result.stderrText.contains(message), "\(result.stderrText)")
    #expect(try String(contentsOfFile: folder + "/index.jsonl", encoding: .utf8) == index, "left as it was")
  }

  @Test("M7: a full disk while writing the index leaves whole lines, names the real errno and no body without a line")
  func indexWritesAreAllOrNothing() throws {
    let scratch = try ScratchDirectory("m7")
    let folder = scratch.path("rec")
    // RLIMIT_FSIZE of 1 KiB with SIGXFSZ ignored: a write past it is cut short, then fails with
    // EFBIG, as on a full disk (ENOSPC), without needing one.
    let server = try RecordingServer(["--record", folder], prefix: "ulimit -f 2; trap '' XFSZ;")
    let small = Array(#"{"event":"e"}"#.utf8)
    var statuses: [Int] = []
    for _ in 0..<12 { statuses.append(try server.curl("/e", body: small)) }
    server.stop()
    #expect(statuses.allSatisfy { $0 == 200 }, "uploads are answered whatever the recording does: \(statuses)")
    #expect(server.errors().contains("cannot write index.jsonl: File too large"), "\(server.errors())")
    let lines = try #require(RecordedFolder.index(of: folder), "the index must still parse")
    #expect(lines.count >= 3 && lines.count < 12)
    let bodies = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "index.jsonl" }
    #expect(bodies.sorted() == lines.map(\.file).sorted(), "every body has its line and every line its body")
    let text = try String(contentsOfFile: folder + "/index.jsonl", encoding: .utf8)
    #expect(text.hasSuffix("}\n"))
  }

  @Test("M6, L10: absolute-form targets lose user info, query and ;params in the index, the answer and the log")
  func absoluteFormTargets() throws {
    let scratch = try ScratchDirectory("m6")
    let folder = scratch.path("rec")
    let server = try RecordingServer(["--record", folder])
    let target = "http://user:SECRET1@example.test/v1/track;jsessionid=SECRET2?api_key=SECRET3"
    let output = try ProcessRunner.run(
      "curl",
      arguments: [
        "-s", "--data-binary", "@-", "-H", "Content-Type: application/json", "--request-target", target,
        "http://127.0.0.1:\(server.port)/",
      ], stdin: Array(#"{"a":1}"#.utf8))
    #expect(output.stdoutText.contains(#""path":"/v1/track""#), "\(output.stdoutText)")
    // A 415 is logged too, by path.
    #expect(try server.curl("/x?token=SECRET4", body: [1, 2, 3], headers: ["Content-Encoding: compress"]) == 415)
    server.stop()
    let index = try String(contentsOfFile: folder + "/index.jsonl", encoding: .utf8)
    #expect(RecordedFolder.index(of: folder)?.map(\.path) == ["/v1/track"])
    for text in [index, output.stdoutText, server.errors()] {
      #expect(!text.contains("SECRET"), "\(text)")
    }
    #expect(server.errors().contains("POST /v1/track 200"))
    #expect(server.errors().contains("POST /x 415"), "\(server.errors())")
  }

  @Test("N4: a request target starting // loses the user info and host a URL parser would read in it")
  func networkPathTargets() throws {
    let scratch = try ScratchDirectory("n4")
    let folder = scratch.path("rec")
    let server = try RecordingServer(["--record", folder])
    let output = try ProcessRunner.run(
      "curl",
      arguments: [
        "-s", "--data-binary", "@-", "-H", "Content-Type: application/json", "--request-target",
        "//u:SECRET@h/p", "http://127.0.0.1:\(server.port)/",
      ], stdin: Array(#"{"a":1}"#.utf8))
    #expect(output.stdoutText.contains(#""status":200"#), "\(output.stdoutText)")
    server.stop()
    let index = try String(contentsOfFile: folder + "/index.jsonl", encoding: .utf8)
    #expect(RecordedFolder.index(of: folder)?.map(\.path) == ["/p"], "\(index)")
    for text in [index, output.stdoutText, server.errors()] {
      #expect(!text.contains("SECRET"), "\(text)")
    }
  }
}
