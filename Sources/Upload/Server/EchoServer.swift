import Dispatch
import Foundation
import Synchronization

/// The upload echo server behind `deflate-bench serve`: accepts connections on one thread and
/// serves each on a thread of its own with blocking reads. A thread per connection keeps the
/// request flow straight-line code; at the few hundred connections a benchmark needs it costs
/// only stack address space.
public final class EchoServer: Sendable {
  public let configuration: ServerConfiguration
  private let pacer: LinkPacer?
  private let state = Mutex(State())
  private let finished = DispatchGroup()

  private struct State {
    var listener: Socket?
    var port = 0
    var stopping = false
    var open: Set<Socket> = []
  }

  public init(configuration: ServerConfiguration) {
    self.configuration = configuration
    pacer = configuration.link.makePacer()
  }

  /// The port the server listens on (the chosen one when the configuration asked for 0).
  public var port: Int { state.withLock { $0.port } }

  /// Binds, listens and starts accepting on a background thread. Returns the bound port.
  @discardableResult
  public func start() throws(SystemCallError) -> Int {
    let (listener, port) = try Socket.listen(host: configuration.host, port: configuration.port)
    state.withLock {
      $0.listener = listener
      $0.port = port
    }
    finished.enter()
    let thread = Thread { [self] in
      acceptLoop(listener)
      finished.leave()
    }
    thread.name = "serve-accept"
    thread.start()
    return port
  }

  /// Stops accepting, ends every open connection and returns once all of them have closed.
  /// Safe to call more than once and from any thread (a signal handler's queue included).
  public func stop() {
    let (listener, open) = state.withLock { state -> (Socket?, Set<Socket>) in
      state.stopping = true
      defer { state.listener = nil }
      return (state.listener, state.open)
    }
    // shutdown wakes the accept and recv calls blocked on these sockets; their threads close them.
    listener?.shutdown()
    for socket in open { socket.shutdown() }
    finished.wait()
  }

  /// Blocks until `stop` has finished.
  public func waitUntilStopped() {
    finished.wait()
  }

  private var isStopping: Bool { state.withLock { $0.stopping } }

  private func acceptLoop(_ listener: Socket) {
    defer { listener.close() }
    while !isStopping {
      let client: Socket
      do {
        client = try listener.accept()
      } catch {
        // EINVAL after shutdown means stop; EMFILE and friends are transient: back off a little.
        if isStopping { return }
        usleep(10_000)
        continue
      }
      let admitted = state.withLock { state -> Bool in
        guard !state.stopping, state.open.count < configuration.limits.maxConnections else { return false }
        state.open.insert(client)
        return true
      }
      finished.enter()
      let thread = Thread { [self] in
        let connection = UploadConnection(
          socket: client, configuration: configuration, pacer: pacer, isStopping: { [self] in isStopping })
        if admitted {
          connection.run()
          state.withLock { _ = $0.open.remove(client) }
        } else {
          connection.refuseOverloaded()
        }
        client.close()
        finished.leave()
      }
      thread.stackSize = 512 << 10
      thread.start()
    }
  }
}
