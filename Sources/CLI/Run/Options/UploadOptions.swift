/// `run --upload`: sending every cell's compressed payloads to a server over real HTTP.
struct UploadOptions {
  /// `--upload local|URL`.
  var target: String?
  /// `--upload-timeout`: how long one upload may take before it fails its cell.
  var timeoutSeconds = 600.0
  /// `--upload-port`: the local server's port; nil lets the system pick a free one.
  var port: Int?

  static let all: [OptionSpec] = [
    .value(
      "upload", "target",
      help:
        "Also upload every cell's compressed payloads: 'local' starts 'deflate-bench serve' on a free loopback port for the run (or --upload-port), a URL (http://HOST:PORT/PATH) sends them to that server, which must answer as deflate-bench serve does. Adds upload times to the results. Dictionary cells in the raw container are measured but not uploaded: a raw body names no dictionary."
    ),
    .value(
      "upload-port", "port",
      help:
        "With --upload local: the loopback port the server listens on, 1-65535, instead of a free one the system picks (for a firewall rule or a harness that watches the port). With several --link values the n-th link's server listens on PORT + n - 1. A port in use fails the run before measuring, exit 1."
    ),
    .value(
      "upload-timeout", "seconds",
      help:
        "How long one upload may take before it fails its cell with a timeout (a stalled link or server); the run goes on with the other cells and exits 1. Default: \(Int(UploadOptions().timeoutSeconds))."
    ),
  ]

  private init() {}

  init(_ arguments: ParsedArguments) throws(CLIError) {
    target = arguments.string("upload")
    if let timeout = try arguments.double("upload-timeout") {
      guard timeout > 0, timeout <= 86_400, target != nil else {
        throw .usage(
          "--upload-timeout expects seconds above 0 and at most 86400, with --upload; got '\(timeout)'")
      }
      timeoutSeconds = timeout
    }
    if let port = try arguments.int("upload-port") {
      guard (1...65_535).contains(port), target == "local" else {
        throw .usage("--upload-port expects a port from 1 to 65535, with --upload local; got '\(port)'")
      }
      self.port = port
    }
  }

  /// `--link` makes the local server emulate each link: with a URL there is no server to ask,
  /// and each link's server needs a port of its own after `--upload-port`.
  func check(links: [String]) throws(CLIError) {
    if !links.isEmpty, let target, target != "local" {
      throw .usage("--link emulates a link on the local server; with --upload it needs --upload local")
    }
    if let port, port + max(links.count, 1) - 1 > 65_535 {
      throw .usage("--upload-port \(port) leaves no port for each of the \(links.count) links")
    }
  }
}
