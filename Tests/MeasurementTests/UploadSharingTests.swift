import Foundation
import Testing

@testable import DeflateBenchMeasurement

/// What `run --upload` sends is the run's own memory, not copies of it (issue #26): the cell's
/// compressed bodies are views of the output arena the run measured and verified, and the
/// identity bodies are the payload set's arrays.
@Suite("Upload bodies share the run's memory")
struct UploadSharingTests {
  @Test("the compressed bodies handed to the upload step point into the output arena and keep it alive")
  func compressedBodiesAreViews() {
    var bodies: [Data] = []
    var slotBases: [UnsafeMutableRawPointer?] = []
    do {
      let arena = OutputArena(capacities: [100, 0, 5000])
      for (index, length) in [(0, 37), (2, 4321)] {
        let slot = arena.slots[index]
        for offset in 0..<length { slot[offset] = UInt8(truncatingIfNeeded: offset &* 31 &+ index) }
        arena.lengths[index] = length
      }
      arena.publish()
      bodies = arena.sharedWritten()
      slotBases = (0..<3).map { arena.slots[$0].baseAddress }
    }
    // The arena variable is gone; the bodies still read its bytes, at its addresses.
    #expect(bodies.map(\.count) == [37, 0, 4321])
    for index in [0, 2] {
      bodies[index].withUnsafeBytes { #expect($0.baseAddress == UnsafeRawPointer(slotBases[index])) }
      #expect(bodies[index] == Data((0..<bodies[index].count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }))
    }
  }

  @Test("Data(sharing:) reads the array's own storage and outlives the variable it came from")
  func identityBodiesAreTheArrays() {
    var data = Data()
    var storage: UnsafeRawPointer?
    do {
      let payload = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
      storage = payload.withUnsafeBytes { $0.baseAddress }
      data = Data(sharing: payload)
    }
    data.withUnsafeBytes { #expect($0.baseAddress == storage) }
    #expect(data == Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }))
    #expect(Data(sharing: []).isEmpty)
  }
}
