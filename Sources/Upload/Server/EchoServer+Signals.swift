import DeflateBenchSupport
import Dispatch

extension EchoServer {
  /// Runs until SIGINT or SIGTERM, then stops: no new connections, open ones are ended, and
  /// the call returns once every connection thread has finished. `announce` runs once the
  /// server listens (where `serve` prints its address).
  public func runUntilSignalled(announce: (Int) -> Void) throws(SystemCallError) {
    // Dispatch sources see the signals only once their default action (exit) is off.
    signal(SIGINT, SIG_IGN)
    signal(SIGTERM, SIG_IGN)
    let port: Int
    do throws(SystemCallError) {
      port = try start()
    } catch {
      signal(SIGINT, SIG_DFL)
      signal(SIGTERM, SIG_DFL)
      throw error
    }
    // Made only once the server runs: a dispatch source released without being resumed traps.
    let queue = DispatchQueue(label: "serve-signals")
    let sources = [SIGINT, SIGTERM].map { DispatchSource.makeSignalSource(signal: $0, queue: queue) }
    for source in sources {
      source.setEventHandler { [self] in stop() }
      source.resume()
    }
    announce(port)
    waitUntilStopped()
    for source in sources { source.cancel() }
  }
}
