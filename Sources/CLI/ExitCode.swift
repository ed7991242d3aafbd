/// The exit statuses of `deflate-bench`, one table for every command. The numbers follow
/// sysexits(3) where it has one, so scripts can tell a typo from a failed measurement.
public enum ExitCode: Int32, Sendable, CaseIterable {
  /// Everything asked for was done.
  case success = 0
  /// A measurement, verification or server failure (the report, if any, is still written).
  case failure = 1
  /// `compare`: at least one cell regressed.
  case regression = 2
  /// `compare`: the inputs cannot be compared (no common cells, different corpora).
  case incomparable = 3
  /// Bad command line: unknown option, missing value, value out of range (EX_USAGE).
  case usage = 64
  /// Compressed input is corrupt or truncated, or too large for the backend; a dictionary is
  /// empty, malformed or too large for a window, or too few samples were given to train one; a
  /// malformed HAR file; `decompress` output past `--max-output` (EX_DATAERR).
  case dataError = 65
  /// An input file or folder does not exist or cannot be read (EX_NOINPUT).
  case missingInput = 66
  /// A program the command needs is not installed: valgrind for `run --metric instructions`
  /// (EX_UNAVAILABLE).
  case unavailable = 69
  /// `linkcheck` needs root (network namespaces, TUN devices, real-time priority) (EX_NOPERM).
  case noPermission = 77
  /// An output file or folder cannot be written, standard output included, or an `--out` folder
  /// already holds results and `--force` was not given (EX_CANTCREAT).
  case cannotCreate = 73
  /// Stopped by SIGINT, SIGTERM or SIGHUP: `run` writes what was measured, marked incomplete;
  /// `compress -o` and `decompress -o` remove their temporary file and leave FILE as it was.
  case interrupted = 130

  /// What the status means, as help screens list it: the one home of these words. A command
  /// that gives its statuses meanings of its own (`compare`'s 2 and 3) writes its own lines.
  public var summary: [String] {
    switch self {
    case .success: ["success"]
    case .failure: ["a measurement, verification or server failure (reports are still written)"]
    case .regression: ["compare: a regression was found"]
    case .incomparable: ["compare: the inputs cannot be compared"]
    case .usage: ["usage error: unknown option, bad or missing value, invalid corpus configuration"]
    case .dataError:
      [
        "corrupt or truncated compressed input, or input too large for the backend; decompress",
        "output past --max-output; an empty or unusable dictionary, or too few samples to train",
        "one; a malformed HAR; a corrupt index.jsonl in a serve --record --append folder",
      ]
    case .missingInput: ["an input file or folder is missing or unreadable"]
    case .unavailable: ["a program the command needs is missing (valgrind for run --metric instructions)"]
    case .cannotCreate:
      [
        "an output file or folder cannot be written (standard output included), or an --out",
        "folder already holds results or other files (without --force), is, holds or lies",
        "inside an input, or is the working folder or one above it",
      ]
    case .noPermission: ["linkcheck: not running as root (it makes network namespaces and TUN devices)"]
    case .interrupted:
      [
        "interrupted by SIGINT, SIGTERM or SIGHUP (run: results kept, marked incomplete;",
        "compress/decompress -o: the file left as it was)",
      ]
    }
  }

  /// The EXIT CODES lines of `codes`, in the order given, for a command's help screen: only
  /// the statuses that command can return.
  public static func table(_ codes: [ExitCode]) -> String {
    codes.flatMap { code in
      code.summary.enumerated().map { index, line in
        index == 0
          ? "  " + String(code.rawValue).padding(toLength: 5, withPad: " ", startingAt: 0) + line : "       " + line
      }
    }.joined(separator: "\n")
  }

  /// Every status, for `deflate-bench --help`.
  public static let table = table(allCases.sorted { $0.rawValue < $1.rawValue })
}

/// A user-facing failure: a message for stderr and the exit status it maps to. Commands throw
/// these; `DeflateBenchTool` prints the message once and exits with the code.
public struct CLIError: Error, Sendable, CustomStringConvertible {
  public var code: ExitCode
  public var message: String

  public init(_ code: ExitCode, _ message: String) {
    self.code = code
    self.message = message
  }

  public static func usage(_ message: String) -> CLIError { CLIError(.usage, message) }
  public static func missingInput(_ message: String) -> CLIError { CLIError(.missingInput, message) }
  public static func failure(_ message: String) -> CLIError { CLIError(.failure, message) }
  public static func dataError(_ message: String) -> CLIError { CLIError(.dataError, message) }

  public var description: String { message }
}
