import DeflateBenchUpload
import Foundation
import TestSupport
import Testing

@testable import DeflateBenchCLI

#if canImport(Glibc)
  import Glibc
#endif

/// `deflate-bench serve`: its manual (the help screen), its option errors, and its life as a
/// process: the listening line, requests, and a clean stop on SIGTERM and SIGINT.
@Suite("serve command")
struct ServeCommandTests {
  @Test("the help screen documents every option in full sentences")
  func helpScreen() {
    let help = HelpFormatter.render(ServeCommand.spec)
    let expected = """
      OPTIONS:
        --listen <address>        The address to listen on: 0.0.0.0 or :: for every network (a phone on
                                  the same network), which with --record prints a warning. Default:
                                  127.0.0.1 (this machine only).
        --port <port>             The TCP port to listen on; 0 lets the system pick a free one, which is
                                  then printed. Default: 0.
        --max-body <bytes>        The largest body accepted as sent, before decoding, such as 64M. Larger
                                  ones get 413. Default: 1G.
        --max-decoded <bytes>     The largest body accepted after decoding, such as 256M. Decoding stops
                                  at this size with 413. Default: 1G.
        --max-ratio <ratio>       The largest decoded-to-sent size ratio accepted once a body passes 1 MiB
                                  decoded; beyond it the answer is 413. 0 turns the check off. Default:
                                  1000.
        --rate <rate>             Emulates a slow uplink: reads no faster than this, shared by all
                                  connections. Bytes per second, or with a unit such as 5Mbit, 750kbit or
                                  2MB. Default: unthrottled.
        --latency <ms>            Emulates a round-trip time: each response, and each 100 Continue, waits
                                  this many milliseconds after the request. With --rate, each request's
                                  bytes also go through TCP slow start: flights of 10 x 1448 payload
                                  bytes, doubling each round trip (the upload model's slow start without
                                  its per-packet headers and ACK clocking: docs/model.md). Default: 0.
        --header-timeout <seconds>
                                  How long a request head may take before the answer is 408: from accept
                                  for a connection's first request (one that sends nothing is closed),
                                  from its first byte for later ones. Default: 10.
        --body-timeout <seconds>  The longest silence allowed while a body arrives before the answer is
                                  408. Default: 30.
        --dictionary <file> ...   Hold this dictionary (repeatable): dcz bodies naming its SHA-256 and
                                  deflate bodies whose preset-dictionary id is the Adler-32 of its DEFLATE
                                  preset are decoded with it. Others are answered 400 naming the unknown
                                  hash.
        --min-body-rate <bytes>   The slowest average, in bytes per second, a body may arrive at once it
                                  has been arriving for --body-timeout; slower is 408. 0 turns it off.
                                  Default: 1K.
        --max-connections <n>     Connections served at once. At the limit the longest-idle connection is
                                  closed to make room; only when all are busy is a newcomer answered 503.
                                  Default: 512.
        --max-decoder-memory <bytes>
                                  The memory the zstd and brotli decoders of all connections may hold at
                                  once, their windows included (8 MiB per zstd body at most: a larger
                                  window is 413). A body that would pass it is answered 503. Default:
                                  256M.
        -q, --quiet               Print nothing per request; only the listening line and errors.
        --stop-at-input-end       Stop, as on SIGTERM, when standard input ends. run --upload local starts
                                  the server with a pipe as its input that closes when run ends, so the
                                  server never outlives it, even when run is killed.
        --record <dir>            Stores every decoded, verified body in this folder, one file each plus
                                  index.jsonl; the folder is created 0700 and must be empty unless
                                  --append is given.
        --record-max-files <n>    With --record: stop storing (and keep answering) once the folder holds
                                  this many bodies. Default: 10000.
        --record-max-bytes <bytes>
                                  With --record: stop storing once the stored bodies would pass this many
                                  decoded bytes, such as 256M. Default: 1G.
        --append                  With --record: add to a folder that already holds files, numbering on
                                  from its index.
        -h, --help                Show help information.
      """
    #expect(help.contains(expected))
    #expect(help.hasPrefix("OVERVIEW: Runs an HTTP/1.1 echo server that decodes uploads"))
    for option in ServeCommand.spec.options {
      #expect(option.help.hasSuffix("."), "--\(option.name)")
    }
  }

  @Test(
    "bad option values are usage errors that name the option",
    arguments: [
      (["--rate", "fast"], "--rate"), (["--latency", "soon"], "--latency"), (["--port", "70000"], "--port"),
      (["--max-body", "lots"], "--max-body"), (["--max-ratio", "-2"], "--max-ratio"),
      (["--header-timeout", "0"], "--header-timeout"), (["--bogus"], "--bogus"),
    ])
  func usageErrors(arguments: [String], option: String) throws {
    let result = try ProcessRunner.run(try DeflateBenchExecutable.url.path, arguments: ["serve"] + arguments)
    #expect(result.status == 64)
    #expect(result.stderrText.contains(option))
    #expect(result.stdout.isEmpty)
  }

  @Test("options become the server configuration")
  func configuration() throws {
    let arguments = try ArgumentParser.parse(
      ["--max-body", "64M", "--max-decoded", "2G", "--max-ratio", "0", "--rate", "5Mbit", "--latency", "0.06s", "-q"],
      for: ServeCommand.spec)
    let configuration = try ServeCommand.configuration(
      from: arguments, console: Console(out: { _ in }, error: { _ in }))
    #expect(configuration.host == "127.0.0.1" && configuration.port == 0)
    #expect(configuration.limits.maxBodyBytes == 64 << 20)
    #expect(configuration.limits.decode.maxDecodedBytes == 2 << 30)
    #expect(configuration.limits.decode.maxRatio == nil)
    #expect(configuration.link == LinkEmulation(bytesPerSecond: 625_000, latencyMilliseconds: 60))
    #expect(configuration.log == nil)
  }

  @Test(
    "the process prints its port, serves, and stops cleanly on SIGTERM and on SIGINT", arguments: [SIGTERM, SIGINT])
  func lifecycle(signal: Int32) throws {
    let process = Process()
    process.executableURL = try DeflateBenchExecutable.url
    process.arguments = ["serve", "--port", "0"]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    let port = try #require(Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
    #expect(line.hasPrefix("listening on http://127.0.0.1:"))
    let health = try ProcessRunner.run("curl", arguments: ["-s", "http://127.0.0.1:\(port)/health"])
    #expect(health.stdoutText.contains("\"status\":200"))
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
    let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(log.contains("GET /health 200"))
    #expect(log.contains("serve: stopped"))
  }

  @Test("--stop-at-input-end: the server serves while its input is open and stops cleanly when it ends")
  func stopsAtInputEnd() throws {
    let process = Process()
    process.executableURL = try DeflateBenchExecutable.url
    process.arguments = ["serve", "--port", "0", "--quiet", "--stop-at-input-end"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    let port = try #require(Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
    // Bytes on the input change nothing; only its end does.
    input.fileHandleForWriting.write(Data("still here\n".utf8))
    let health = try ProcessRunner.run("curl", arguments: ["-s", "http://127.0.0.1:\(port)/health"])
    #expect(health.stdoutText.contains("\"status\":200"))
    #expect(process.isRunning)
    try input.fileHandleForWriting.close()
    if finished.wait(timeout: .now() + 10) == .timedOut {
      process.terminate()
      Issue.record("serve did not stop within 10 s of its input ending")
    }
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
  }

  @Test("recording while listening beyond loopback warns that anyone who can reach the port is recorded")
  func recordingWarning() throws {
    let scratch = try ScratchDirectory("record-warning")
    let recorder = try BodyRecorder(options: RecordingOptions(directory: scratch.path("rec"))) { _ in }
    for (host, warns) in [
      ("0.0.0.0", true), ("::", true), ("192.168.1.20", true), ("127.0.0.1", false), ("::1", false),
    ] {
      let captured = CapturedConsole()
      RecordOptions.announce(recorder, host: host, port: 8080, console: captured.console)
      let text = captured.error
      #expect(text.contains("recording verified bodies into \(scratch.path("rec"))"))
      #expect(
        text.contains("warning: listening on \(host) with --record: bodies from anyone who can reach port 8080")
          == warns,
        "\(host)")
    }
  }

  @Test("a port in use is a failure, not a usage error")
  func portInUse() throws {
    let first = try LocalServer(executable: try DeflateBenchExecutable.url)
    defer { first.stop() }
    let result = try ProcessRunner.run(
      try DeflateBenchExecutable.url.path, arguments: ["serve", "--port", String(first.port)], timeoutSeconds: 30)
    #expect(result.status == 1)
    #expect(result.stderrText.contains("cannot listen"))
  }
}
