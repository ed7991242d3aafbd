import DeflateBenchSupport
import Dispatch
import Foundation
import Synchronization

/// A `deflate-bench serve` child process on a free loopback port, for `run --upload local` and
/// for tests: started with `--port 0`, its port read from the line it prints, stopped with
/// SIGTERM and waited for.
///
/// The child never outlives this process: its standard input is the read end of a pipe whose
/// only write end this process holds (close-on-exec, so no other child inherits it), and it runs
/// with `--stop-at-input-end`. However this process ends, SIGKILL included, the kernel closes the
/// write end and the server stops. (PR_SET_PDEATHSIG would fire when the spawning *thread* ends,
/// not the process, and exists on Linux only.)
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
  /// The write end of the server's standard input; closing it stops the server.
  private let lifeline: FileHandle

  /// Starts the server and returns once it listens.
  /// - Parameters:
  ///   - executable: the `deflate-bench` binary; default: the running executable.
  ///   - arguments: extra `serve` options, such as `--rate 5Mbit --latency 60`.
  ///   - timeoutSeconds: how long to wait for the listening line.
  ///   - launcher: a program and its arguments that start the server, such as `ip netns exec NS`
  ///     (which execs it, so the lifeline still reaches the server); empty: started directly.
  ///   - port: the loopback port to listen on; 0 lets the system pick a free one.
  public init(
    executable: URL = LocalServer.currentExecutable, arguments: [String] = [], timeoutSeconds: Double = 30,
    launcher: [String] = [], port: Int = 0
  ) throws(StartError) {
    let process = Process()
    let serve = ["serve", "--port", String(port), "--quiet", "--stop-at-input-end"] + arguments
    if let program = launcher.first {
      process.executableURL = URL(fileURLWithPath: program)
      process.arguments = Array(launcher.dropFirst()) + [executable.path] + serve
    } else {
      process.executableURL = executable
      process.arguments = serve
    }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let (readEnd, writeEnd) = try Self.lifelinePipe()
    process.standardInput = readEnd
    do {
      try process.run()
    } catch {
      try? readEnd.close()
      try? writeEnd.close()
      throw StartError(message: "cannot start \(executable.path) serve: \(error.localizedDescription)")
    }
    // The child has its own copy on its standard input; this one would keep the pipe open.
    try? readEnd.close()
    guard let line = Self.firstLine(of: output.fileHandleForReading, timeoutSeconds: timeoutSeconds),
      let url = Self.listeningURL(line), let port = url.port
    else {
      try? writeEnd.close()
      process.terminate()
      process.waitUntilExit()
      let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      throw StartError(message: "deflate-bench serve did not report a port: \(stderr.prefix(500))")
    }
    self.process = process
    self.baseURL = url
    self.port = port
    self.errorOutput = errors
    lifeline = writeEnd
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
    try? lifeline.close()
  }

  /// The running executable: /proc/self/exe on Linux, the first argument elsewhere.
  public static var currentExecutable: URL {
    #if os(Linux)
      return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    #else
      return Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    #endif
  }

  /// A pipe whose ends are both close-on-exec: the read end reaches the child only as its
  /// standard input (dup2 clears the flag there), and the write end reaches no child at all.
  private static func lifelinePipe() throws(StartError) -> (read: FileHandle, write: FileHandle) {
    var ends: [Int32] = [-1, -1]
    // pipe2(O_CLOEXEC) would do this atomically but Glibc's module does not export it. `run`
    // spawns nothing else while it starts its servers; elsewhere (tests in parallel) a child
    // spawned in between could only hold the write end, delaying this self-stop until it exits.
    guard pipe(&ends) == 0 else {
      throw StartError(message: "cannot create a pipe for deflate-bench serve: \(String(cString: strerror(errno)))")
    }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return (
      FileHandle(fileDescriptor: ends[0], closeOnDealloc: true),
      FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    )
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
