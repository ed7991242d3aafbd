import DeflateBenchCorpora
import Foundation

/// Payloads copied into one allocation with a table of views, built once per payload set before
/// any timing. The timing loop then walks raw pointers: no array bounds checks, no retain or
/// release of `[UInt8]` storage, no bridging per payload.
///
/// A set of `borrowThreshold` bytes or more is not copied: its views point into the set's own
/// storage (`PayloadBodies`), which the arena keeps alive (it is never mutated). A second copy of a
/// large corpus would cost as much memory as the corpus itself, while the cache-line alignment
/// the copy buys matters only for small payloads.
///
/// Read-only after `init`, which is why workers on several threads may share one.
final class InputArena: @unchecked Sendable {
  /// Sets this large (16 MiB) or larger are borrowed rather than copied.
  static let borrowThreshold = 16 << 20
  /// One view per payload, in payload order.
  let views: UnsafeMutableBufferPointer<UnsafeRawBufferPointer>
  let sizes: [Int]
  let totalBytes: Int
  private let storage: UnsafeMutableRawBufferPointer?
  /// The borrowed payloads, kept alive for as long as the views point into them.
  private let borrowed: PayloadBodies?

  init(_ payloadSet: PayloadSet) {
    sizes = payloadSet.payloads.map(\.count)
    totalBytes = sizes.reduce(0, +)
    views = .allocate(capacity: sizes.count)
    if totalBytes >= Self.borrowThreshold {
      borrowed = payloadSet.payloads
      storage = nil
      for (index, payload) in payloadSet.payloads.enumerated() {
        // The storage of an immutable chunk held by `borrowed` does not move or change.
        views[index] = payload.withUnsafeBytes { $0 }
      }
      return
    }
    borrowed = nil
    let layout = SlotLayout(capacities: sizes)
    let storage = layout.allocate()
    self.storage = storage
    for (index, payload) in payloadSet.payloads.enumerated() {
      let start = storage.baseAddress! + layout.offsets[index]
      payload.withUnsafeBytes { source in
        if let base = source.baseAddress { start.copyMemory(from: base, byteCount: source.count) }
      }
      views[index] = UnsafeRawBufferPointer(start: start, count: payload.count)
    }
  }

  deinit {
    views.deallocate()
    storage?.deallocate()
  }
}

/// Output slots for one worker: one slot per payload with room for the largest result, and the
/// length each call wrote. Allocated and written once before timing, so the timed loop never
/// takes a page fault on a fresh page or calls the allocator.
final class OutputArena {
  let slots: UnsafeMutableBufferPointer<UnsafeMutableRawBufferPointer>
  /// Bytes written into each slot by the last pass.
  let lengths: UnsafeMutableBufferPointer<Int>
  /// `slots` cut to `lengths`, refreshed by `publish()`: the input of the next stage.
  let written: UnsafeMutableBufferPointer<UnsafeRawBufferPointer>
  private let storage: UnsafeMutableRawBufferPointer

  /// - Parameter prefaultLimit: touch every page up front only when the arena is at most this
  ///   large. The kernel maps anonymous memory lazily, and a first write inside the timed loop
  ///   charges a page fault to the codec; for a small arena that is a real share of the time.
  ///   For a large one it is below 0.1 % of compressing it, while touching a compression
  ///   bound's worth of pages would hold the size of the input again in memory.
  init(capacities: [Int], prefaultLimit: Int = .max) {
    let layout = SlotLayout(capacities: capacities)
    storage = layout.allocate()
    if let base = storage.baseAddress, storage.count <= prefaultLimit { memset(base, 0xA5, storage.count) }
    slots = .allocate(capacity: capacities.count)
    lengths = .allocate(capacity: capacities.count)
    written = .allocate(capacity: capacities.count)
    for index in capacities.indices {
      let start = storage.baseAddress! + layout.offsets[index]
      slots[index] = UnsafeMutableRawBufferPointer(start: start, count: capacities[index])
      lengths[index] = 0
      written[index] = UnsafeRawBufferPointer(start: start, count: 0)
    }
  }

  /// Total bytes the last pass wrote.
  var totalLength: Int { lengths.reduce(0, +) }

  /// Refreshes `written` from `lengths` after a pass, outside any timing.
  func publish() {
    for index in slots.indices {
      written[index] = UnsafeRawBufferPointer(start: slots[index].baseAddress, count: lengths[index])
    }
  }

  /// The written bytes as `Data` over this arena's memory, without a copy, for hooks that send
  /// them (uploads): each keeps the arena alive for as long as it lives, and nothing writes the
  /// arena after its visit hands them out (the next visit makes its own arenas).
  func sharedWritten() -> [Data] {
    let keeper = ArenaKeeper(self)
    return (0..<slots.count).map { index in
      guard lengths[index] > 0, let base = slots[index].baseAddress else { return Data() }
      return Data(
        bytesNoCopy: base, count: lengths[index], deallocator: .custom { _, _ in withExtendedLifetime(keeper) {} })
    }
  }

  deinit {
    slots.deallocate()
    lengths.deallocate()
    written.deallocate()
    storage.deallocate()
  }
}

/// Holds an arena for the `Data` that point into it. Unchecked: the arena is only read once handed out.
private final class ArenaKeeper: @unchecked Sendable {
  let arena: OutputArena
  init(_ arena: OutputArena) { self.arena = arena }
}

/// Slot offsets in one allocation, each slot starting on a cache line so two payloads never
/// share one and the library sees the same alignment on every run.
private struct SlotLayout {
  static let alignment = 64
  let offsets: [Int]
  let totalBytes: Int

  init(capacities: [Int]) {
    var offsets: [Int] = []
    offsets.reserveCapacity(capacities.count)
    var offset = 0
    for capacity in capacities {
      offsets.append(offset)
      offset += (capacity + Self.alignment - 1) / Self.alignment * Self.alignment
    }
    self.offsets = offsets
    // Never zero: a zero-byte allocation may return a null base, which the views cannot use.
    totalBytes = max(offset, Self.alignment)
  }

  /// The whole allocation starts on a page: memcpy picks its path by the distance between source
  /// and destination modulo the page size (4K aliasing), so with heap-placed arenas that distance,
  /// and an instruction count, varied with the heap's history from run to run.
  static let baseAlignment = 4096

  func allocate() -> UnsafeMutableRawBufferPointer {
    .allocate(byteCount: totalBytes, alignment: Self.baseAlignment)
  }
}
