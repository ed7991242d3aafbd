import DeflateBenchCorpora
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// `serve --record DIR` as a process, fed by curl (bodies compressed by the system gzip and
/// zstd) and by URLSession: stored bodies equal the originals byte for byte, the folder and
/// files are private, the index says what arrived, limits hold, and `run --corpus DIR` measures
/// the folder.
@Suite("serve --record", .serialized)
struct ServeRecordTests {
  /// A JSON batch and its gzip and zstd forms made by the system tools.
  static let batch = Array(
    String(repeating: #"{"event":"page_view","user":"u-17","props":{"path":"/p/9","ms":412}},"#, count: 300).utf8)
  static let binary: [UInt8] = (0..<5000).map { UInt8(($0 * 131 + 7) % 251) }
  static let octets = ["Content-Type: application/octet-stream"]

  @Test(
    "curl uploads in gzip, zstd and identity are stored decoded, byte-identical, 0600 in a 0700 folder",
    .enabled(if: Judge.areAvailable(.curl, .gzip, .zstd), Comment(rawValue: Judge.missing(.curl, .gzip, .zstd))))
  func curlUploads() throws {
    let gzipped = try compress(Self.batch, "gzip")
    let zstded = try compress(Self.batch, "zstd")
    let scratch = try ScratchDirectory("record-curl")
    let folder = scratch.path("captured/bodies")
    let server = try RecordingServer(["--record", folder])
    defer { server.stop() }
    #expect(try server.curl("/v1/batch?api_key=SECRET", body: gzipped, headers: ["Content-Encoding: gzip"]) == 200)
    #expect(try server.curl("/v1/track", body: zstded, headers: ["Content-Encoding: zstd"]) == 200)
    #expect(try server.curl("/blob", body: Self.binary, headers: Self.octets) == 200)
    // A corrupt body and a digest mismatch are answered 400 and not stored.
    #expect(try server.curl("/bad", body: Array(gzipped.prefix(40)), headers: ["Content-Encoding: gzip"]) == 400)
    #expect(
      try server.curl("/bad", body: Self.batch, headers: ["X-Content-SHA256: " + String(repeating: "0", count: 64)])
        == 400)
    server.stop()

    let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(names == ["000001.json", "000002.json", "000003.bin", "index.jsonl"])
    #expect(try bytes(folder + "/000001.json") == Self.batch)
    #expect(try bytes(folder + "/000002.json") == Self.batch)
    #expect(try bytes(folder + "/000003.bin") == Self.binary)
    #expect(mode(folder) == 0o700)
    for name in names { #expect(mode(folder + "/" + name) == 0o600, "\(name)") }
    let lines = try #require(RecordedFolder.index(of: folder))
    #expect(lines.map(\.contentEncoding) == ["gzip", "zstd", "identity"])
    #expect(lines.map(\.path) == ["/v1/batch", "/v1/track", "/blob"])
    #expect(lines.map(\.method) == ["POST", "POST", "POST"])
    #expect(lines.map(\.receivedBytes) == [gzipped.count, zstded.count, Self.binary.count])
    #expect(lines.map(\.decodedBytes) == [Self.batch.count, Self.batch.count, Self.binary.count])
    #expect(lines.map(\.contentType) == ["application/json", "application/json", "application/octet-stream"])
    #expect(lines.allSatisfy { $0.time.hasSuffix("Z") && $0.time.count == 24 })
    #expect(!(try String(contentsOfFile: folder + "/index.jsonl", encoding: .utf8)).contains("SECRET"))
    #expect(server.errors().contains("recording verified bodies into \(folder)"))

    // The folder is a corpus: its bodies in arrival order, the index not among them.
    let run = try ProcessRunner.run(
      try DeflateBenchExecutable.url.path,
      arguments: [
        "run", "--allow-debug", "--quick", "--quiet", "--corpus", folder, "--backends", "zlib", "--levels", "1",
        "--out", "out",
      ], currentDirectory: scratch.url.path)
    #expect(run.status == 0, "\(run.stderrText)")
    let results =
      try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.url.appendingPathComponent("out/results.json")))
      as? [String: Any]
    let corpus = try #require((results?["corpora"] as? [[String: Any]])?.first)
    #expect(corpus["payloads"] as? Int == 3)
    #expect(corpus["bytes"] as? Int == 2 * Self.batch.count + Self.binary.count)
    #expect((corpus["notes"] as? [String])?.first?.contains("POST /v1/batch 1") == true)
  }

  @Test(
    "header values (authorization, cookies, API keys, user agent, request ids) reach neither the recording nor the log",
    .enabled(if: Judge.areAvailable(.curl, .gzip), Comment(rawValue: Judge.missing(.curl, .gzip))))
  func headerValuesAreNeverRecorded() throws {
    let gzipped = try compress(Self.batch, "gzip")
    let scratch = try ScratchDirectory("record-headers")
    let folder = scratch.path("rec")
    let server = try RecordingServer(["--record", folder])
    defer { server.stop() }
    // Each secret is a header value a real SDK sends; none is in the body.
    let secrets = [
      "Authorization: Bearer TOKEN-4f1c", "Cookie: session=COOKIE-9a2e; other=CRUMB-77b0", "X-Api-Key: APIKEY-c3d5",
      "User-Agent: AGENT-SECRET-18e2", "X-Request-Id: REQUEST-6b0f",
    ]
    #expect(
      try server.curl("/v1/batch", body: gzipped, headers: ["Content-Encoding: gzip"] + secrets) == 200)
    #expect(try server.curl("/v1/raw", body: Self.batch, headers: secrets) == 200)
    server.stop()
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(names == ["000001.json", "000002.json", "index.jsonl"])
    let words = ["TOKEN-4f1c", "COOKIE-9a2e", "CRUMB-77b0", "APIKEY-c3d5", "AGENT-SECRET-18e2", "REQUEST-6b0f"]
    var written = names.map { (name: $0, text: String(decoding: (try? bytes(folder + "/" + $0)) ?? [], as: UTF8.self)) }
    written.append((name: "serve's log", text: server.errors()))
    for file in written {
      for word in words { #expect(!file.text.contains(word), "\(word) reached \(file.name): \(file.text.prefix(400))") }
    }
    // The bodies themselves were recorded, so the check above looked at a real recording.
    #expect(try bytes(folder + "/000001.json") == Self.batch)
    #expect(try #require(RecordedFolder.index(of: folder)).map(\.path) == ["/v1/batch", "/v1/raw"])
  }

  @Test(
    "URLSession uploads (gzip by the system gzip, and identity) are stored byte-identical",
    .enabled(if: Judge.gzip.isAvailable, Comment(rawValue: Judge.gzip.missing)))
  func urlSessionUploads() throws {
    let gzipped = try compress(Self.batch, "gzip")
    let scratch = try ScratchDirectory("record-urlsession")
    let folder = scratch.path("rec")
    let server = try RecordingServer(["--record", folder])
    defer { server.stop() }
    #expect(try server.urlSession("/collect", body: gzipped, contentEncoding: "gzip") == 200)
    #expect(try server.urlSession("/collect", body: Self.batch, contentEncoding: nil) == 200)
    server.stop()
    #expect(try bytes(folder + "/000001.json") == Self.batch)
    #expect(try bytes(folder + "/000002.json") == Self.batch)
    #expect(try #require(RecordedFolder.index(of: folder)).map(\.contentEncoding) == ["gzip", "identity"])
  }

  @Test(
    "past --record-max-files and --record-max-bytes it answers 200, stores nothing more and says so",
    .enabled(if: Judge.curl.isAvailable, Comment(rawValue: Judge.curl.missing)))
  func limits() throws {
    let scratch = try ScratchDirectory("record-limits")
    let files = try RecordingServer(["--record", scratch.path("files"), "--record-max-files", "2"])
    for _ in 0..<4 { #expect(try files.curl("/e", body: Self.binary, headers: Self.octets) == 200) }
    files.stop()
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("files")).count == 3)
    #expect(files.errors().contains("recording stopped: --record-max-files 2 reached"))

    let bytes = try RecordingServer(["--record", scratch.path("bytes"), "--record-max-bytes", "12000"])
    for _ in 0..<3 { #expect(try bytes.curl("/e", body: Self.binary, headers: Self.octets) == 200) }
    bytes.stop()
    // Two bodies of 5000 fit in 12000; the third would not, and leaves no partial file behind.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: scratch.path("bytes")).sorted() == [
        "000001.bin", "000002.bin", "index.jsonl",
      ])
    #expect(bytes.errors().contains("recording stopped: --record-max-bytes 12000 reached"))
  }

  @Test(
    "a folder that is not empty is refused (64) unless --append, which numbers on",
    .enabled(if: Judge.curl.isAvailable, Comment(rawValue: Judge.curl.missing)))
  func appendAndRefusal() throws {
    let scratch = try ScratchDirectory("record-append")
    let folder = scratch.path("rec")
    let first = try RecordingServer(["--record", folder])
    #expect(try first.curl("/a", body: Self.binary, headers: Self.octets) == 200)
    first.stop()
    let refused = try ProcessRunner.run(
      try DeflateBenchExecutable.url.path, arguments: ["serve", "--port", "0", "--record", folder], timeoutSeconds: 30)
    #expect(refused.status == 64)
    #expect(refused.stderrText.contains("is not empty"))
    #expect(refused.stderrText.contains("--append"))
    let second = try RecordingServer(["--record", folder, "--append"])
    #expect(try second.curl("/b", body: Self.batch) == 200)
    second.stop()
    let lines = try #require(RecordedFolder.index(of: folder))
    #expect(lines.map(\.sequence) == [1, 2])
    #expect(lines.map(\.file) == ["000001.bin", "000002.json"])
  }

  @Test("record options without --record and bad limits are usage errors naming the option")
  func usageErrors() throws {
    for (arguments, option) in [
      (["--record-max-files", "3"], "--record-max-files"), (["--append"], "--append"),
      (["--record", "/tmp/x", "--record-max-files", "0"], "--record-max-files"),
      (["--record", "/tmp/x", "--record-max-bytes", "lots"], "--record-max-bytes"),
    ] {
      let result = try ProcessRunner.run(try DeflateBenchExecutable.url.path, arguments: ["serve"] + arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.stderrText.contains(option), "\(result.stderrText)")
    }
  }

  // MARK: - Helpers

  /// `input` compressed by the system `tool`, which the calling test declares.
  func compress(_ input: [UInt8], _ tool: String) throws -> [UInt8] {
    let output = try ProcessRunner.run(tool, arguments: ["-c"], stdin: input)
    try #require(output.succeeded, "\(tool) -c failed: \(output.stderrText)")
    return output.stdout
  }

  func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

  func mode(_ path: String) -> Int {
    var info = stat()
    guard stat(path, &info) == 0 else { return -1 }
    return Int(info.st_mode & 0o777)
  }
}

/// `deflate-bench serve --port 0 ...` as a child process whose stderr goes to a file, so tests
/// can read what it said after stopping it.
final class RecordingServer: @unchecked Sendable {
  let process = Process()
  let port: Int
  private let errorFile: URL

  /// - Parameters:
  ///   - redirect: shell redirections for the server (`2>&-` closes its standard error).
  ///   - prefix: shell commands run before it (`ulimit -f 2;`).
  ///   - fixedPort: the port to listen on, for a server whose standard output is closed (the
  ///     port is then not read from it; the server is waited for until it accepts).
  init(_ arguments: [String], redirect: String = "", prefix: String = "", fixedPort: Int? = nil) throws {
    errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString).err")
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    let serve = ["serve", "--port", String(fixedPort ?? 0)] + arguments
    if redirect.isEmpty && prefix.isEmpty {
      process.executableURL = try DeflateBenchExecutable.url
      process.arguments = serve
    } else {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      let quoted = serve.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
      process.arguments = ["-c", "\(prefix) exec \"$0\" \(quoted) \(redirect)", try DeflateBenchExecutable.url.path]
    }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try process.run()
    if let fixedPort {
      let deadline = Date().addingTimeInterval(30)
      while !LoopbackTCP.accepts(port: fixedPort), Date() < deadline { usleep(20_000) }
      port = fixedPort
      return
    }
    let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    guard let port = Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") else {
      process.terminate()
      throw ProcessRunnerError.io("serve did not print its port: \(line)")
    }
    self.port = port
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(at: errorFile)
  }

  func stop() {
    if process.isRunning {
      kill(process.processIdentifier, SIGTERM)
      process.waitUntilExit()
    }
  }

  func errors() -> String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

  /// POSTs `body` with curl and returns the status.
  func curl(_ path: String, body: [UInt8], headers: [String] = []) throws -> Int {
    var arguments = ["-s", "-o", "/dev/null", "-w", "%{http_code}", "--data-binary", "@-"]
    if !headers.contains(where: { $0.lowercased().hasPrefix("content-type") }) {
      arguments += ["-H", "Content-Type: application/json"]
    }
    for header in headers { arguments += ["-H", header] }
    let output = try ProcessRunner.run("curl", arguments: arguments + ["http://127.0.0.1:\(port)\(path)"], stdin: body)
    return Int(output.stdoutText) ?? -1
  }

  /// POSTs `body` with URLSession, as an app would, and returns the status.
  func urlSession(_ path: String, body: [UInt8], contentEncoding: String?) throws -> Int {
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    if let contentEncoding { request.setValue(contentEncoding, forHTTPHeaderField: "Content-Encoding") }
    let status = StatusBox()
    let done = DispatchSemaphore(value: 0)
    let task = URLSession.shared.uploadTask(with: request, from: Data(body)) { _, response, _ in
      status.set((response as? HTTPURLResponse)?.statusCode ?? -1)
      done.signal()
    }
    task.resume()
    guard done.wait(timeout: .now() + 30) == .success else { return -2 }
    return status.get()
  }
}

/// A status code handed from URLSession's callback thread to the test.
final class StatusBox: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0
  func set(_ new: Int) { lock.withLock { value = new } }
  func get() -> Int { lock.withLock { value } }
}
