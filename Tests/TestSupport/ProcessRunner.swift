import Foundation

/// What a finished process left behind.
public struct ProcessOutput: Sendable {
  /// The exit status, or the signal number when `terminatedBySignal` is true.
  public let status: Int32
  public let terminatedBySignal: Bool
  public let stdout: [UInt8]
  public let stderr: [UInt8]

  /// True for a normal exit with status 0.
  public var succeeded: Bool { !terminatedBySignal && status == 0 }
  public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
  public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}

/// Why a process could not be run to completion.
public enum ProcessRunnerError: Error, CustomStringConvertible {
  case notFound(name: String, searched: [String])
  case launchFailed(executable: String, reason: String)
  case timedOut(executable: String, seconds: Double)
  case io(String)

  public var description: String {
    switch self {
    case .notFound(let name, let searched):
      "'\(name)' is not on PATH (searched \(searched.joined(separator: ":")))"
    case .launchFailed(let executable, let reason): "could not start \(executable): \(reason)"
    case .timedOut(let executable, let seconds): "\(executable) did not finish within \(seconds) s and was terminated"
    case .io(let reason): "process I/O failed: \(reason)"
    }
  }
}

/// Runs outside programs (judges such as gzip, zstd, brotli, python3, curl, or the built
/// `deflate-bench`) to completion and captures what they print.
///
/// Standard input, output and error go through temporary files rather than pipes: a child that
/// exits without reading all its input cannot raise SIGPIPE in the test process, and large
/// outputs cannot deadlock a pipe. For programs that must keep running (servers), use Process
/// directly.
///
///     guard let gzip = ProcessRunner.findExecutable(named: "gzip") else { return }  // skip
///     let result = try ProcessRunner.run(gzip, arguments: ["-dc"], stdin: compressed)
///     #expect(result.succeeded)
///     #expect(result.stdout == original)
public enum ProcessRunner {
  /// The absolute path of an executable: `name` itself when it contains a slash, otherwise the
  /// first executable file called `name` in the `PATH` directories (the environment's `PATH`
  /// when `searchPath` is nil). Nil when there is none.
  public static func findExecutable(named name: String, searchPath: String? = nil) -> String? {
    if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
    for directory in pathDirectories(searchPath) {
      let candidate = (directory as NSString).appendingPathComponent(name)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
        FileManager.default.isExecutableFile(atPath: candidate)
      {
        return candidate
      }
    }
    return nil
  }

  /// Whether `findExecutable(named:)` finds the program; for `.enabled(if:)` traits.
  public static func isAvailable(_ name: String) -> Bool { findExecutable(named: name) != nil }

  /// Runs a program to completion.
  ///
  /// - Parameters:
  ///   - executable: a name looked up on PATH, or a path.
  ///   - arguments: the arguments, without the program name.
  ///   - stdin: bytes fed to standard input (empty: an empty file, i.e. immediate end of input).
  ///   - environment: the child's whole environment; nil inherits the test process's.
  ///   - currentDirectory: the child's working directory; nil inherits.
  ///   - timeoutSeconds: the child is terminated and `.timedOut` thrown after this long.
  /// - Returns: exit status and captured output. A non-zero status is not an error here.
  public static func run(
    _ executable: String, arguments: [String] = [], stdin: [UInt8] = [], environment: [String: String]? = nil,
    currentDirectory: String? = nil, timeoutSeconds: Double = 120
  ) throws(ProcessRunnerError) -> ProcessOutput {
    guard let path = findExecutable(named: executable) else {
      throw .notFound(name: executable, searched: pathDirectories(nil))
    }
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("process-runner-\(UUID().uuidString)", isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    } catch {
      throw .io("cannot create \(scratch.path): \(error)")
    }
    defer { try? FileManager.default.removeItem(at: scratch) }
    let inputURL = scratch.appendingPathComponent("stdin")
    let outputURL = scratch.appendingPathComponent("stdout")
    let errorURL = scratch.appendingPathComponent("stderr")
    let created =
      FileManager.default.createFile(atPath: inputURL.path, contents: Data(stdin))
      && FileManager.default.createFile(atPath: outputURL.path, contents: nil)
      && FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    guard created,
      let inputHandle = FileHandle(forReadingAtPath: inputURL.path),
      let outputHandle = FileHandle(forWritingAtPath: outputURL.path),
      let errorHandle = FileHandle(forWritingAtPath: errorURL.path)
    else { throw .io("cannot create the standard stream files in \(scratch.path)") }
    defer {
      try? inputHandle.close()
      try? outputHandle.close()
      try? errorHandle.close()
    }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
    process.standardInput = inputHandle
    process.standardOutput = outputHandle
    process.standardError = errorHandle
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    do {
      try process.run()
    } catch {
      throw .launchFailed(executable: path, reason: "\(error)")
    }
    if finished.wait(timeout: .now() + timeoutSeconds) == .timedOut {
      process.terminate()
      finished.wait()
      throw .timedOut(executable: path, seconds: timeoutSeconds)
    }
    process.waitUntilExit()
    do {
      let stdout = try Data(contentsOf: outputURL)
      let stderr = try Data(contentsOf: errorURL)
      return ProcessOutput(
        status: process.terminationStatus, terminatedBySignal: process.terminationReason == .uncaughtSignal,
        stdout: [UInt8](stdout), stderr: [UInt8](stderr))
    } catch {
      throw .io("cannot read the captured output: \(error)")
    }
  }

  private static func pathDirectories(_ searchPath: String?) -> [String] {
    let path = searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    return path.split(separator: ":").map(String.init).filter { !$0.isEmpty }
  }
}
