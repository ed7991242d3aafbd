import Synchronization

/// Set from a signal handler's queue, read by the runner between cells and between the phases of
/// a cell. An atomic, not a lock: the reader must never wait on the signal side.
public final class CancellationFlag: Sendable {
  private let raised = Atomic<Bool>(false)

  public init() {}

  /// Asks the run to stop at the next safe point. Safe to call from any thread, any number of times.
  public func cancel() { raised.store(true, ordering: .relaxed) }

  public var isCancelled: Bool { raised.load(ordering: .relaxed) }
}
