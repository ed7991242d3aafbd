import DeflateBenchCodecs
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
    /// Open connections waiting for a request head (no byte yet, or part of one), with when
    /// that head started: the candidates for eviction at the connection limit, oldest first.
    var idleSince: [Socket: UInt64] = [:]
  }

  public init(configuration: ServerConfiguration) {
    var configuration = configuration
    // One budget for every connection's decoders: the server's, not a request's.
    configuration.limits.decode.memoryBudget = DecoderMemoryBudget(limit: configuration.limits.decoderMemoryBytes)
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
      let acceptedAt = Deadline.now()
      let (admitted, evicted) = state.withLock { state -> (Bool, Socket?) in
        guard !state.stopping else { return (false, nil) }
        var evicted: Socket?
        // At the limit, the connection whose head has been awaited the longest makes room: idle
        // sockets and slow partial heads must not lock out a client that has a request to send.
        // Only when every connection is receiving a body is the newcomer refused.
        if state.open.count >= configuration.limits.maxConnections {
          guard let oldest = state.idleSince.min(by: { $0.value < $1.value })?.key else { return (false, nil) }
          state.idleSince[oldest] = nil
          state.open.remove(oldest)
          evicted = oldest
        }
        state.open.insert(client)
        state.idleSince[client] = acceptedAt
        return (true, evicted)
      }
      // Its thread wakes from recv with end-of-stream and closes the socket.
      evicted?.shutdown()
      finished.enter()
      let thread = Thread { [self] in
        let connection = UploadConnection(
          socket: client, acceptedAt: acceptedAt, configuration: configuration, pacer: pacer,
          isStopping: { [self] in isStopping },
          setIdle: { [self] since in
            state.withLock { state in
              guard state.open.contains(client) else { return }
              state.idleSince[client] = since
            }
          })
        if admitted {
          connection.run()
          state.withLock {
            _ = $0.open.remove(client)
            $0.idleSince[client] = nil
          }
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
