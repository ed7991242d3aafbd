import DeflateBenchSupport
import Dispatch
import Foundation

extension EchoServer {
  /// Runs until SIGINT, SIGTERM or SIGHUP (a closed terminal), then stops: no new connections, open ones are ended, and
  /// the call returns once every connection thread has finished. `announce` runs once the
  /// server listens (where `serve` prints its address).
  /// - Parameter stopAtInputEnd: also stop when standard input reaches its end. A parent that
  ///   hands the server the read end of a pipe it never writes to ties the server's life to its
  ///   own: the kernel closes the write end when the parent exits, however it exits (SIGKILL too).
  public func runUntilSignalled(stopAtInputEnd: Bool = false, announce: (Int) -> Void) throws(SystemCallError) {
    // Dispatch sources see the signals only once their default action (exit) is off. SIGHUP
    // stops it like the others: every signal that ends a command cleanly ends serve with 0.
    let stopping = [SIGINT, SIGTERM, SIGHUP]
    for number in stopping { signal(number, SIG_IGN) }
    let port: Int
    do throws(SystemCallError) {
      port = try start()
    } catch {
      for number in stopping { signal(number, SIG_DFL) }
      throw error
    }
    // Made only once the server runs: a dispatch source released without being resumed traps.
    let queue = DispatchQueue(label: "serve-signals")
    let sources = stopping.map { DispatchSource.makeSignalSource(signal: $0, queue: queue) }
    for source in sources {
      source.setEventHandler { [self] in stop() }
      source.resume()
    }
    announce(port)
    if stopAtInputEnd { stopAtEndOfStandardInput() }
    waitUntilStopped()
    for source in sources { source.cancel() }
  }

  /// Reads standard input on a thread of its own until end of file or an error, then stops the
  /// server. Whatever arrives is discarded: only the end matters.
  private func stopAtEndOfStandardInput() {
    let thread = Thread { [self] in
      var buffer = [UInt8](repeating: 0, count: 512)
      while true {
        let count = buffer.withUnsafeMutableBytes { bytes in
          retryingOnInterrupt { read(STDIN_FILENO, bytes.baseAddress, bytes.count) }
        }
        if count <= 0 { break }
      }
      stop()
    }
    thread.name = "serve-stdin-watch"
    thread.start()
  }
}
