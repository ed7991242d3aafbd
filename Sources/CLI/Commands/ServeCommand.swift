import DeflateBenchCodecs
import DeflateBenchCorpora
import DeflateBenchModel
import DeflateBenchResults
import DeflateBenchUpload
import Foundation
import Synchronization

/// `deflate-bench serve`: the HTTP/1.1 upload echo server that `run --upload local` starts, and
/// that any client can be pointed at.
enum ServeCommand: Command {
  /// The limits without options, whose values the help states.
  private static let defaults = ServerLimits()

  static let spec = CommandSpec(
    name: "serve",
    abstract: "Runs an HTTP/1.1 echo server that decodes uploads and answers with what it received.",
    discussion: """
      POST or PUT a body to any path, with Content-Length or Transfer-Encoding: chunked, and a \
      Content-Encoding of gzip, deflate, zstd, br, dcz or identity (or a list of them, applied \
      in order); dcz and preset-dictionary deflate bodies need --dictionary. The server decodes \
      it as it streams in and answers 200 with a JSON object: \
      wire_bytes, received_bytes, decoded_bytes, content_encoding, digest, decode_ms and more. \
      Send Content-Digest or Repr-Digest with sha-256 or sha-512 members (RFC 9530, digests of \
      the body as sent) or X-Content-SHA256: HEX (the digest of the decoded body) to have them \
      checked; any mismatch is answered 400. Errors: 400 corrupt or truncated bodies, malformed \
      chunk extensions or trailers, and HTTP/1.1 requests without exactly one Host; 408 stalled \
      or trickling clients; 411 bodies without a length; 413 bodies over a limit (a \
      decompression bomb is cut off at the limit); 415 unknown encodings or more than 4 stacked \
      (with Accept-Encoding). GET / or /health answers 200 when ready.

      Once listening it prints 'listening on http://HOST:PORT' on standard output, so a parent \
      process can read the port when --port is 0. SIGINT, SIGTERM or SIGHUP stops it cleanly with \
      status 0 (not 130 as for the other commands: a signal is how a server is stopped), and so \
      does the end of standard input with --stop-at-input-end.

      With --record DIR it also stores every body it decoded and verified into DIR (created \
      0700; files 0600): 000001.json, 000002.bin ... named by arrival and Content-Type, and one \
      index.jsonl line per body with time, method, path (no query), content type, the encoding \
      it arrived in and both sizes. 'deflate-bench run --corpus DIR' then measures them in \
      arrival order. Past --record-max-files or --record-max-bytes it keeps answering and stops \
      storing, saying so on stderr.

      Example: deflate-bench serve --port 8080 --rate 5Mbit --latency 60
      Example: deflate-bench serve --port 8080 --listen 0.0.0.0 --record captured
      """,
    options: [
      .value(
        "listen", "address",
        help:
          "The address to listen on: 0.0.0.0 or :: for every network (a phone on the same network), which with --record prints a warning. Default: 127.0.0.1 (this machine only)."
      ),
      .value(
        "port", "port",
        help: "The TCP port to listen on; 0 lets the system pick a free one, which is then printed. Default: 0."),
      .value(
        "max-body", "bytes",
        help:
          "The largest body accepted as sent, before decoding, such as 64M. Larger ones get 413. Default: \(ByteCountParser.format(defaults.maxBodyBytes))."
      ),
      .value(
        "max-decoded", "bytes",
        help:
          "The largest body accepted after decoding, such as 256M. Decoding stops at this size with 413. Default: \(ByteCountParser.format(defaults.decode.maxDecodedBytes))."
      ),
      .value(
        "max-ratio", "ratio",
        help:
          "The largest decoded-to-sent size ratio accepted once a body passes \(NumberText.binaryBytes(defaults.decode.ratioGraceBytes)) decoded; beyond it the answer is 413. 0 turns the check off. Default: \(NumberText.factor(defaults.decode.maxRatio ?? 0))."
      ),
      .value(
        "rate", "rate",
        help:
          "Emulates a slow uplink: reads no faster than this, shared by all connections. Bytes per second, or with a unit such as 5Mbit, 750kbit or 2MB. Default: unthrottled."
      ),
      .value(
        "latency", "ms",
        help:
          "Emulates a round-trip time: each response, and each 100 Continue, waits this many milliseconds after the request. With --rate, each request's bytes also go through TCP slow start: flights of \(ModelParameters.standard.initialWindowSegments) x \(ModelParameters.standard.mssBytes) payload bytes, doubling each round trip (the upload model's slow start without its per-packet headers and ACK clocking: docs/model.md). Default: 0."
      ),
      .value(
        "header-timeout", "seconds",
        help:
          "How long a request head may take before the answer is 408: from accept for a connection's first request (one that sends nothing is closed), from its first byte for later ones. Default: \(NumberText.factor(defaults.headerTimeoutSeconds))."
      ),
      .value(
        "body-timeout", "seconds",
        help:
          "The longest silence allowed while a body arrives before the answer is 408. Default: \(NumberText.factor(defaults.bodyTimeoutSeconds))."
      ),
      .repeatable(
        "dictionary", "file",
        help:
          "Hold this dictionary (repeatable): dcz bodies naming its SHA-256 and deflate bodies whose preset-dictionary id is the Adler-32 of its DEFLATE preset are decoded with it. Others are answered 400 naming the unknown hash."
      ),
      .value(
        "min-body-rate", "bytes",
        help:
          "The slowest average, in bytes per second, a body may arrive at once it has been arriving for --body-timeout; slower is 408. 0 turns it off. Default: \(ByteCountParser.format(Int(defaults.minBodyBytesPerSecond)))."
      ),
      .value(
        "max-connections", "n",
        help:
          "Connections served at once. At the limit the longest-idle connection is closed to make room; only when all are busy is a newcomer answered 503. Default: \(defaults.maxConnections)."
      ),
      .value(
        "max-decoder-memory", "bytes",
        help:
          "The memory the zstd and brotli decoders of all connections may hold at once, their windows included (8 MiB per zstd body at most: a larger window is 413). A body that would pass it is answered 503. Default: \(ByteCountParser.format(defaults.decoderMemoryBytes))."
      ),
      .flag("quiet", short: "q", help: "Print nothing per request; only the listening line and errors."),
      .flag(
        "stop-at-input-end",
        help:
          "Stop, as on SIGTERM, when standard input ends. run --upload local starts the server with a pipe as its input that closes when run ends, so the server never outlives it, even when run is killed."
      ),
    ] + RecordOptions.options,
    exitCodes: """
        0    stopped by SIGINT, SIGTERM, SIGHUP or (--stop-at-input-end) the end of its input, connections
             closed
        1    the server could not listen (address in use, permission denied)
        64   usage error: unknown option, bad or missing value, a --record folder that is not empty
        65   a --dictionary file is empty or malformed, or --append found a corrupt index.jsonl in the --record
             folder (a line that does not parse, a negative size, a sequence or size sum that would overflow)
        66   a --dictionary file is missing or unreadable
        73   the --record folder cannot be created or written; standard output is closed or full, so the
             "listening on" line cannot be written (the server stops before serving)
      """)

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) -> ExitCode {
    var configuration = try configuration(from: arguments, console: console)
    configuration.recorder = try RecordOptions.recorder(from: arguments, console: console)
    let server = EchoServer(configuration: configuration)
    let unannounced = Mutex<String?>(nil)
    do throws(SystemCallError) {
      try server.runUntilSignalled(stopAtInputEnd: arguments.flag("stop-at-input-end")) { port in
        let line = "listening on http://\(urlHost(configuration.host)):\(port)"
        console.out(line + "\n")
        // The line is how a client learns the port (`--port 0`) and a script that the server is
        // up: a server whose standard output is closed or full serves no one who waits for it,
        // so it stops before accepting anything (issue #39, N7).
        if let code = Console.standardOutputFailure.withLock({ $0 }) {
          unannounced.withLock { $0 = "cannot write '\(line)' to standard output (\(String(cString: strerror(code))))" }
          server.stop()
        } else if let recorder = configuration.recorder {
          RecordOptions.announce(recorder, host: configuration.host, port: port, console: console)
        }
      }
    } catch {
      throw .failure("cannot listen on \(configuration.host) port \(configuration.port): \(error)")
    }
    if let reason = unannounced.withLock({ $0 }) {
      configuration.recorder?.abandon()
      throw CLIError(.cannotCreate, "\(reason); stopped without serving")
    }
    if !arguments.flag("quiet") { console.error("serve: stopped\n") }
    return .success
  }

  /// Turns the options into a server configuration; every bad value is a usage error naming its option.
  static func configuration(from arguments: ParsedArguments, console: Console) throws(CLIError) -> ServerConfiguration {
    var limits = ServerLimits()
    if let maxBody = try arguments.byteCount("max-body") { limits.maxBodyBytes = maxBody }
    if let maxDecoded = try arguments.byteCount("max-decoded") { limits.decode.maxDecodedBytes = maxDecoded }
    if let ratio = try arguments.double("max-ratio") {
      guard ratio >= 0 else { throw .usage("--max-ratio must be 0 (off) or positive, got \(ratio)") }
      limits.decode.maxRatio = ratio == 0 ? nil : ratio
    }
    if let seconds = try arguments.double("header-timeout") {
      guard seconds > 0 else { throw .usage("--header-timeout must be positive, got \(seconds)") }
      limits.headerTimeoutSeconds = seconds
    }
    if let seconds = try arguments.double("body-timeout") {
      guard seconds > 0 else { throw .usage("--body-timeout must be positive, got \(seconds)") }
      limits.bodyTimeoutSeconds = seconds
    }
    if let rate = try arguments.byteCount("min-body-rate") { limits.minBodyBytesPerSecond = Double(rate) }
    if let memory = try arguments.byteCount("max-decoder-memory") {
      guard memory >= 1 << 20 else { throw .usage("--max-decoder-memory must be at least 1M, got \(memory)") }
      limits.decoderMemoryBytes = memory
    }
    if let connections = try arguments.int("max-connections") {
      guard connections > 0 else { throw .usage("--max-connections must be positive, got \(connections)") }
      limits.maxConnections = connections
    }
    var link = LinkEmulation.none
    if let rate = arguments.string("rate") {
      do throws(LinkRate.ParseError) {
        link.bytesPerSecond = try LinkRate.bytesPerSecond(rate)
      } catch {
        throw .usage("--rate: \(error)")
      }
    }
    if let latency = arguments.string("latency") {
      do throws(LinkRate.ParseError) {
        link.latencyMilliseconds = try LinkRate.milliseconds(latency)
      } catch {
        throw .usage("--latency: \(error)")
      }
    }
    let port = try arguments.int("port") ?? 0
    guard (0...65535).contains(port) else { throw .usage("--port must be between 0 and 65535, got \(port)") }
    var log: (@Sendable (String) -> Void)?
    if !arguments.flag("quiet") {
      log = { line in console.error("serve: \(line)\n") }
    }
    var configuration = ServerConfiguration(
      host: arguments.string("listen") ?? "127.0.0.1", port: port, limits: limits, link: link, log: log)
    let dictionaries = try CLIError.corpora { () throws(CorpusError) in
      try DictionaryFiles.loadAll(arguments.strings("dictionary"))
    }
    do throws(CodecError) {
      configuration.dictionaries = try DictionaryStore(dictionaries)
    } catch {
      throw CLIError(dictionary: error)
    }
    return configuration
  }

  /// IPv6 literals go in brackets inside a URL.
  static func urlHost(_ host: String) -> String { host.contains(":") ? "[\(host)]" : host }
}
