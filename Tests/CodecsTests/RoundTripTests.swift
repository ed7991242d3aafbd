import Testing

/// Every backend x level x container on the inputs the issue names, each decoded by the
/// backend's own decompressor and by the verifier's other implementation.
@Suite("Round trips")
struct RoundTripTests {
  static let mixed = TestInputs.mixed(count: 24_000, seed: 42)
  /// For zopfli: 4 KB of JSON and 64 random bytes still mix literals, matches and noise.
  static let mixedForZopfli =
    Array(TestInputs.jsonEvents(count: 30, seed: 43).prefix(4_000)) + TestInputs.random(count: 64, seed: 44)

  @Test(arguments: Cell.all)
  func mixedInput(cell: Cell) throws {
    let compressor = try cell.backend.makeCompressor(level: cell.level, container: cell.container)
    let input = TestInputs.isSlow(cell.backendName) ? Self.mixedForZopfli : Self.mixed
    try roundTrip(input, with: compressor, cell: cell, inputName: "mixed \(input.count)")
    // The same compressor again: reuse must not leak state from the previous call.
    try roundTrip(input, with: compressor, cell: cell, inputName: "mixed \(input.count), second call")
    try roundTrip(Array(input.prefix(1000)), with: compressor, cell: cell, inputName: "mixed 1000 after a longer input")
  }

  @Test(arguments: Cell.all)
  func emptyAndOneByte(cell: Cell) throws {
    let compressor = try cell.backend.makeCompressor(level: cell.level, container: cell.container)
    let empty = try roundTrip([], with: compressor, cell: cell, inputName: "empty")
    #expect(!empty.isEmpty, "a valid stream of nothing still has framing")
    if cell.container == .gzip {
      #expect(Array(empty.prefix(3)) == [0x1F, 0x8B, 0x08], "a gzip member of nothing")
      #expect(Array(empty.suffix(8)) == [0, 0, 0, 0, 0, 0, 0, 0], "CRC-32 and ISIZE of nothing are 0")
    }
    try roundTrip([0x41], with: compressor, cell: cell, inputName: "1 byte")
    try roundTrip([0x00], with: compressor, cell: cell, inputName: "1 zero byte")
  }

  /// 64 KiB is DEFLATE's stored-block limit and a common buffer size; one byte either side
  /// catches off-by-one errors in block splitting and bound arithmetic.
  @Test(arguments: Cell.all)
  func around64KiB(cell: Cell) throws {
    let compressor = try cell.backend.makeCompressor(level: cell.level, container: cell.container)
    // zopfli gets zeros (about 0.05-0.4 s per call at 64 KiB, against 0.3-1.5 s for text).
    let slow = TestInputs.isSlow(cell.backendName)
    let base = slow ? [UInt8](repeating: 0, count: 65_537) : TestInputs.mixed(count: 65_537, seed: 7)
    for count in [65_535, 65_536, 65_537] {
      let input = Array(base.prefix(count))
      try #require(input.count == count)
      try roundTrip(input, with: compressor, cell: cell, inputName: "\(count) bytes")
    }
    // Incompressible 64 KiB: stored blocks, or their equivalent, at the 65535-byte limit.
    if !slow || cell.level == 1 {
      let random = TestInputs.random(count: 65_536, seed: 8)
      try roundTrip(random, with: compressor, cell: cell, inputName: "65536 random bytes")
    }
  }

  @Test(arguments: Cell.defaultContainer)
  func repeatedCallsGiveIdenticalOutput(cell: Cell) throws {
    let compressor = try cell.backend.makeCompressor(level: cell.level, container: cell.container)
    let input = TestInputs.jsonEvents(count: 40, seed: 9)
    let first = try compressor.compress(input)
    _ = try compressor.compress(
      TestInputs.isSlow(cell.backendName)
        ? TestInputs.jsonEvents(count: 5, seed: 10) : TestInputs.random(count: 3000, seed: 10))
    let again = try compressor.compress(input)
    let fresh = try cell.backend.makeCompressor(level: cell.level, container: cell.container).compress(input)
    #expect(first == again, "a reused compressor is deterministic")
    #expect(first == fresh, "a reused compressor writes what a fresh one writes")
  }
}
