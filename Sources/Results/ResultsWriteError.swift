import DeflateBenchSupport

/// Why a results folder could not be written.
public enum ResultsWriteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The document holds a value JSON cannot represent (a NaN or infinite sample).
  case encoding(reason: String)
  /// The folder could not be created.
  case createFolder(path: String, reason: String)
  /// A system call on a file failed; `errno` is the raw code, `message` its strerror text.
  case file(path: String, operation: String, errno: Int32, message: String)

  public var description: String {
    switch self {
    case .encoding(let reason):
      "cannot encode the results: \(reason)"
    case .createFolder(let path, let reason):
      "cannot create the results folder \(path): \(reason)"
    case .file(let path, let operation, let errno, let message):
      "cannot write \(path): \(operation) failed with errno \(errno) (\(message))"
    }
  }
}

extension ResultsWriteError {
  /// The same failure as `AtomicFile` reports it, for the results files.
  public init(_ error: AtomicFile.WriteError) {
    self = .file(path: error.path, operation: error.operation, errno: error.errno, message: error.message)
  }
}
