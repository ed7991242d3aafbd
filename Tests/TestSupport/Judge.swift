import Foundation

/// The outside programs the tests use as independent judges, and the conditions some tests need,
/// each with the reason a test gives when it is skipped for want of it. Found once, here, so every
/// test asks the same question the same way and a missing judge shows as a skipped test with this
/// reason (`.enabled(if: Judge.gzip.isAvailable, Comment(rawValue: Judge.gzip.missing))`), never as
/// a test that passed while checking nothing. scripts/setup.sh installs every one of them, and
/// scripts/test.sh fails when one is skipped there (docs/testing.md).
public struct Judge: Sendable {
  /// What the reason calls it.
  public let name: String
  /// The program's absolute path; nil when it is missing.
  public let path: String?
  /// Why a test that needs it is skipped when it is missing.
  public let missing: String

  public var isAvailable: Bool { path != nil }

  /// Judges to treat as missing although installed, named in `DEFLATEBENCH_HIDE_JUDGES`
  /// (`gzip,curl,/usr/bin/python3`): how to see, on a machine that has them all, that the tests
  /// needing them are skipped with their reason rather than passed (docs/testing.md).
  static let hidden = Set(
    (ProcessInfo.processInfo.environment["DEFLATEBENCH_HIDE_JUDGES"] ?? "").split(separator: ",").map(String.init))

  init(_ name: String, path: String?, purpose: String) {
    self.name = name
    self.path = Self.hidden.contains(name) ? nil : path
    missing = "needs \(name) (\(purpose)); it is not installed here, scripts/setup.sh installs it"
  }

  /// A program looked up on PATH.
  static func onPath(_ name: String, purpose: String) -> Judge {
    Judge(name, path: ProcessRunner.findExecutable(named: name), purpose: purpose)
  }

  public static let gzip = onPath("gzip", purpose: "GNU gzip judges gzip streams")
  public static let zstd = onPath("zstd", purpose: "the zstd command judges zstd frames and dictionaries")
  public static let brotli = onPath("brotli", purpose: "the brotli command judges brotli streams")
  public static let libdeflateGzip = onPath(
    "libdeflate-gzip", purpose: "libdeflate's own tool judges its gzip streams")
  public static let curl = onPath("curl", purpose: "curl is an HTTP client that is not ours")
  public static let valgrind = onPath("valgrind", purpose: "callgrind counts instructions for --metric instructions")
  public static let sha256sum = onPath("sha256sum", purpose: "coreutils judges our SHA-256")
  /// coreutils' nohup: starts a command with SIGHUP ignored, as a user who wants it to outlive
  /// the terminal does.
  public static let nohup = onPath("nohup", purpose: "coreutils' nohup starts a command with SIGHUP ignored")

  /// Debian's Python: a pyenv `python3` earlier on PATH may lack the Debian modules below.
  public static let python3 = Judge(
    "/usr/bin/python3", path: ProcessRunner.findExecutable(named: "/usr/bin/python3"),
    purpose: "Python's zlib, hashlib and http.server judge our streams, digests and HTTP")

  /// GNU time (`/usr/bin/time -f %M`): a command's peak resident memory as the kernel counts it.
  public static let gnuTime = Judge(
    "/usr/bin/time", path: ProcessRunner.findExecutable(named: "/usr/bin/time"),
    purpose: "GNU time reports a command's peak resident memory")

  /// util-linux's lscpu: the CPU caches as its own reading of sysfs gives them.
  public static let lscpu = onPath("lscpu", purpose: "util-linux's lscpu reports the CPU caches")

  /// python3-matplotlib, which `--plots` and scripts/plot.py draw with.
  public static let matplotlib = pythonModule("matplotlib", package: "python3-matplotlib")
  /// python3-yaml, which parses the CI workflow file.
  public static let pyyaml = pythonModule("yaml", package: "python3-yaml")
  /// PyPI's zlib-ng for Debian's Python (Debian has no python3-zlib-ng; scripts/install-zlib-ng.sh
  /// installs it): zlib-ng's own Python binding judges the zlib-ng backend.
  public static let pythonZlibNg = pythonModule("zlib_ng", package: "PyPI zlib-ng")

  /// A headless browser that runs the report page's scripts.
  public static let chromium = Judge(
    "chromium",
    path: ["chromium", "chromium-browser", "google-chrome"]
      .lazy.compactMap { ProcessRunner.findExecutable(named: $0) }.first,
    purpose: "a headless browser runs report.html's scripts")

  /// Whether every one of `judges` is installed, for a test that needs several.
  public static func areAvailable(_ judges: Judge...) -> Bool { judges.allSatisfy(\.isAvailable) }

  /// The reasons of those of `judges` that are missing, for the skip comment of a test that
  /// needs several.
  public static func missing(_ judges: Judge...) -> String {
    judges.filter { !$0.isAvailable }.map(\.missing).joined(separator: "; ")
  }

  static func pythonModule(_ module: String, package: String) -> Judge {
    let importable =
      python3.path.flatMap { try? ProcessRunner.run($0, arguments: ["-c", "import \(module)"]) }?.succeeded ?? false
    return Judge(package, path: importable ? python3.path : nil, purpose: "Debian's Python imports \(module)")
  }
}

/// Conditions a test needs that are not a program.
public enum Condition {
  /// The built `deflate-bench` sits next to the tests (SwiftPM builds it before `swift test`).
  public static let executableIsBuilt = (try? DeflateBenchExecutable.url) != nil
  public static let executableMissing =
    "needs the built deflate-bench next to the tests (swift build builds it; swift test --skip-build may not)"

  /// The words to put before a command so that it runs without root's right to read every file:
  /// none when the tests run as an ordinary user, `setpriv` to `nobody` when they run as root
  /// (CI does); nil when neither is possible.
  public static let unprivileged: [String]? =
    geteuid() != 0
    ? []
    : ProcessRunner.findExecutable(named: "setpriv").map { [$0, "--reuid=65534", "--regid=65534", "--clear-groups"] }
  public static let unprivilegedMissing = "runs as root and has no setpriv (util-linux) to run a command as nobody"
}
