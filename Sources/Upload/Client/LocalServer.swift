import Dispatch
import Foundation
import Synchronization

/// A `deflate-bench serve` child process on a free loopback port, for `run --upload local` and
/// for tests: started with `--port 0`, its port read from the line it prints, stopped with
/// SIGTERM and waited for.
public final class LocalServer: Sendable {
  /// Why the server could not be started.
  public struct StartError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  public let process: Process
  /// `http://127.0.0.1:PORT`.
  public let baseURL: URL
  public let port: Int
  private let errorOutput: Pipe

  /// Starts the server and returns once it listens.
  /// - Parameters:
  ///   - executable: the `deflate-bench` binary; default: the running executable.
  ///   - arguments: extra `serve` options, such as `--rate 5Mbit --latency 60`.
  ///   - timeoutSeconds: how long to wait for the listening line.
  public init(executable: URL = LocalServer.currentExecutable, arguments: [String] = [], timeoutSeconds: Double = 30)
    throws(StartError)
  {
    let process = Process()
    process.executableURL = executable
    process.arguments = ["serve", "--port", "0", "--quiet"] + arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw StartError(message: "cannot start \(executable.path) serve: \(error.localizedDescription)")
    }
    guard let line = Self.firstLine(of: output.fileHandleForReading, timeoutSeconds: timeoutSeconds),
      let url = Self.listeningURL(line), let port = url.port
    else {
      process.terminate()
      process.waitUntilExit()
      let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      throw StartError(message: "deflate-bench serve did not report a port: \(stderr.prefix(500))")
    }
    self.process = process
    self.baseURL = url
    self.port = port
    self.errorOutput = errors
  }

  deinit {
    stop()
  }

  /// The process id, to read its memory from /proc in tests.
  public var processIdentifier: Int32 { process.processIdentifier }

  /// Sends SIGTERM and waits for the server to exit. Safe to call more than once.
  public func stop() {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }

  /// The running executable: /proc/self/exe on Linux, the first argument elsewhere.
  public static var currentExecutable: URL {
    #if os(Linux)
      return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    #else
      return Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    #endif
  }

  /// Parses `listening on http://127.0.0.1:PORT`.
  static func listeningURL(_ line: String) -> URL? {
    guard let range = line.range(of: "listening on ") else { return nil }
    return URL(string: String(line[range.upperBound...]).trimming(characters: " \r\n"))
  }

  /// Reads up to the first newline, giving up after the timeout (a server that hangs).
  private static func firstLine(of handle: FileHandle, timeoutSeconds: Double) -> String? {
    let result = Mutex<String?>(nil)
    let done = DispatchSemaphore(value: 0)
    // A reader thread, because FileHandle reads block and cannot time out themselves.
    Thread.detachNewThread {
      var bytes: [UInt8] = []
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        bytes += chunk
        if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
          result.withLock { $0 = String(decoding: bytes[..<newline], as: UTF8.self) }
          break
        }
      }
      done.signal()
    }
    guard done.wait(timeout: .now() + timeoutSeconds) == .success else { return nil }
    return result.withLock { $0 }
  }
}
