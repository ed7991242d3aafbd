import DeflateBenchSupport

/// Everything that can go wrong in the codec layer, as values. Each case keeps what a person
/// needs to act on it; raw library codes are kept beside a readable message.
public enum CodecError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No backend has this name.
  case unknownBackend(name: String, known: [String])
  /// The level is not one the backend supports.
  case unsupportedLevel(backend: String, level: Int, supported: [Int])
  /// The backend cannot write or read this container.
  case unsupportedContainer(backend: String, container: Container, supported: [Container])
  /// The input is larger than this backend accepts (zopfli's time limit, 32-bit APIs).
  case inputTooLarge(backend: String, bytes: Int, limit: Int)
  /// The caller's output buffer is too small for the result.
  case outputTooSmall(backend: String, capacity: Int)
  /// The compressed input is not a valid stream for the container (corrupt, truncated, wrong format).
  case corruptInput(backend: String, container: Container, detail: String)
  /// The library reported a failure the layer does not otherwise classify.
  case library(backend: String, operation: String, code: Int, message: String)
  /// A dictionary that cannot be used: empty, malformed, or larger than a window can reach.
  case invalidDictionary(name: String, detail: String)
  /// The backend's library has no dictionary API (libdeflate, zopfli, brotli 1.0.9).
  case dictionaryUnsupported(backend: String, reason: String)
  /// A round trip decoded to different bytes than went in.
  case verificationMismatch(backend: String, level: Int, container: Container, input: String, detail: String)

  public var description: String {
    switch self {
    case .unknownBackend(let name, let known):
      "unknown backend '\(name)'; known backends: \(known.joined(separator: ", "))"
    case .unsupportedLevel(let backend, let level, let supported):
      "\(backend) has no level \(level); its levels are \(LevelList.describe(supported))"
    case .unsupportedContainer(let backend, let container, let supported):
      "\(backend) cannot write the \(container.rawValue) container; it writes \(supported.map(\.rawValue).joined(separator: ", "))"
    case .inputTooLarge(let backend, let bytes, let limit):
      "\(backend) refuses inputs above \(limit) bytes; this input has \(bytes) bytes"
    case .outputTooSmall(let backend, let capacity):
      "\(backend): the output does not fit in \(capacity) bytes"
    case .corruptInput(let backend, let container, let detail):
      "\(backend): the input is not a valid \(container.rawValue) stream (\(detail))"
    case .library(let backend, let operation, let code, let message):
      "\(backend): \(operation) failed with code \(code): \(message)"
    case .invalidDictionary(let name, let detail):
      "dictionary '\(name)' cannot be used: \(detail)"
    case .dictionaryUnsupported(let backend, let reason):
      "\(backend) cannot use a dictionary: \(reason)"
    case .verificationMismatch(let backend, let level, let container, let input, let detail):
      "verification failed for \(backend) level \(level) \(container.rawValue) on \(input): \(detail)"
    }
  }
}

/// Formats a level list compactly: `0-9`, or `-7--1, 1-22`.
public enum LevelList {
  public static func describe(_ levels: [Int]) -> String {
    let sorted = levels.sorted()
    guard var start = sorted.first else { return "none" }
    var runs: [String] = []
    var previous = start
    for level in sorted.dropFirst() {
      if level == previous + 1 {
        previous = level
        continue
      }
      runs.append(start == previous ? "\(start)" : "\(start)-\(previous)")
      start = level
      previous = level
    }
    runs.append(start == previous ? "\(start)" : "\(start)-\(previous)")
    return runs.joined(separator: ", ")
  }
}
