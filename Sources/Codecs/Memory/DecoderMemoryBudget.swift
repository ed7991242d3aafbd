import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Memory that streaming decoders may hold at once, all connections of a server together. zstd
/// and brotli allocate their windows (up to 8 MiB and 16 MiB) through a hook that charges this
/// budget; an allocation that would pass it fails, the decoder reports `.memoryBudgetExhausted`,
/// and the server answers 503 instead of growing: 300 stalled zstd uploads that each filled a
/// window would otherwise hold 2.4 GiB (issue #25, M3).
///
/// zlib's inflate state (about 44 KiB, allocated once per body) is not charged: it is bounded by
/// the connection limit and small beside the read buffer each connection has anyway.
public final class DecoderMemoryBudget: Sendable {
  /// The most bytes the charged decoders may hold at once.
  public let limit: Int
  private let used = Atomic<Int>(0)

  public init(limit: Int) {
    self.limit = limit
  }

  /// Bytes held right now.
  public var usedBytes: Int { used.load(ordering: .relaxed) }

  /// Takes `size` bytes when they fit; false (nothing taken) when they would pass the limit.
  func take(_ size: Int) -> Bool {
    var current = used.load(ordering: .relaxed)
    while true {
      let (next, overflow) = current.addingReportingOverflow(size)
      guard !overflow, next <= limit else { return false }
      let (exchanged, original) = used.compareExchange(
        expected: current, desired: next, ordering: .relaxed)
      if exchanged { return true }
      current = original
    }
  }

  func give(_ size: Int) {
    used.subtract(size, ordering: .relaxed)
  }
}

/// One decoder's account with a `DecoderMemoryBudget`, handed to the library as `opaque`: its
/// allocations are charged to the budget (each block carries its size in a 16-byte header, as in
/// `AllocationCounter`), and whether one was refused, so the decoder can tell a budget refusal
/// from a real out-of-memory. Used by one decoder, so one thread, at a time.
final class BudgetAccount {
  private struct Ledger {
    var budget: Unmanaged<DecoderMemoryBudget>
    var refused = false
  }

  private let ledger: UnsafeMutablePointer<Ledger>
  let budget: DecoderMemoryBudget

  init(_ budget: DecoderMemoryBudget) {
    self.budget = budget
    ledger = .allocate(capacity: 1)
    ledger.initialize(to: Ledger(budget: .passUnretained(budget)))
  }

  deinit {
    ledger.deinitialize(count: 1)
    ledger.deallocate()
  }

  /// The pointer to hand the library as its `opaque` argument. Valid while this object lives,
  /// which must be longer than the library state that uses it.
  var opaque: UnsafeMutableRawPointer { UnsafeMutableRawPointer(ledger) }

  /// Whether an allocation was refused for the budget.
  var refused: Bool { ledger.pointee.refused }

  static func allocate(_ size: Int, opaque: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let opaque, size >= 0 else { return nil }
    let ledger = opaque.assumingMemoryBound(to: Ledger.self)
    let budget = ledger.pointee.budget.takeUnretainedValue()
    let (total, overflow) = size.addingReportingOverflow(AllocationCounter.headerSize)
    guard !overflow, budget.take(size) else {
      ledger.pointee.refused = true
      return nil
    }
    guard let block = malloc(total) else {
      budget.give(size)
      return nil
    }
    block.storeBytes(of: size, as: Int.self)
    return block + AllocationCounter.headerSize
  }

  static func free(_ address: UnsafeMutableRawPointer?, opaque: UnsafeMutableRawPointer?) {
    guard let address, let opaque else { return }
    let block = address - AllocationCounter.headerSize
    let ledger = opaque.assumingMemoryBound(to: Ledger.self)
    ledger.pointee.budget.takeUnretainedValue().give(block.load(as: Int.self))
    #if canImport(Glibc)
      Glibc.free(block)
    #else
      Darwin.free(block)
    #endif
  }
}
