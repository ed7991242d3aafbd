import DeflateBenchSupport
import Foundation
import Testing

@testable import DeflateBenchCodecs

/// Peak working memory counted through each library's allocator hook.
@Suite("Memory accounting")
struct MemoryAccountingTests {
  static let input = TestInputs.mixed(count: 256 << 10, seed: 71)

  @Test(arguments: [Container.gzip, .zlib, .raw])
  func zlibMatchesItsDocumentedFootprint(container: Container) throws {
    // zlib.h: deflate needs (1 << (windowBits + 2)) + (1 << (memLevel + 9)) bytes plus its state.
    let documented = (1 << 17) + (1 << 17)
    for level in 0...9 {
      let compressor = try ZlibBackend().makeCompressor(level: level, container: container)
      let peak = try #require(compressor.peakMemoryBytes)
      #expect(peak > documented && peak < documented + 16_384, "level \(level): \(peak)")
      _ = try compressor.compress(Self.input)
      #expect(compressor.peakMemoryBytes == peak, "deflate allocates nothing per call")
    }
  }

  @Test func libdeflateCountsItsOneAllocation() throws {
    let peaks = try (0...12).map { level in
      let compressor = try LibdeflateBackend().makeCompressor(level: level, container: .gzip)
      let peak = try #require(compressor.peakMemoryBytes)
      _ = try compressor.compress(Self.input)
      #expect(compressor.peakMemoryBytes == peak, "compressing allocates nothing")
      return peak
    }
    #expect(peaks.allSatisfy { $0 > 0 })
    #expect(peaks[0] < peaks[1], "level 0 needs no match finder")
    #expect(peaks[12] > peaks[6], "near-optimal parsing needs more memory than lazy matching")
  }

  @Test func isalIsItsStreamPlusLevelBuffer() throws {
    for level in 0...3 {
      let compressor = try IsalBackend().makeCompressor(level: level, container: .gzip)
      let expected = IsalDeflateState.streamBytes + IsalDeflateState.levelBufferBytes(level: level)
      #expect(compressor.peakMemoryBytes == expected, "level \(level)")
    }
    #expect(IsalDeflateState.streamBytes > 64 << 10, "the stream holds a 2 x 32 KiB history buffer")
    #expect(IsalDeflateState.levelBufferBytes(level: 0) == 0, "level 0 needs no level buffer")
    #expect(IsalDeflateState.levelBufferBytes(level: 3) > IsalDeflateState.levelBufferBytes(level: 1))
  }

  @Test func zstdGrowsWithLevelAndInput() throws {
    let fast = try ZstdBackend().makeCompressor(level: 1, container: .zstd)
    let strong = try ZstdBackend().makeCompressor(level: 19, container: .zstd)
    _ = try fast.compress(Array(Self.input.prefix(1000)))
    let fastSmall = try #require(fast.peakMemoryBytes)
    _ = try fast.compress(Self.input)
    let fastLarge = try #require(fast.peakMemoryBytes)
    _ = try strong.compress(Self.input)
    let strongLarge = try #require(strong.peakMemoryBytes)
    #expect(fastSmall > 0 && fastSmall < fastLarge, "tables sized to the input: \(fastSmall) < \(fastLarge)")
    #expect(strongLarge > fastLarge, "level 19 (\(strongLarge)) needs more than level 1 (\(fastLarge))")
  }

  @Test func brotliCountsEachCallsState() throws {
    let fast = try BrotliBackend().makeCompressor(level: 0, container: .br)
    let strong = try BrotliBackend().makeCompressor(level: 11, container: .br)
    _ = try fast.compress(Self.input)
    _ = try strong.compress(Self.input)
    let fastPeak = try #require(fast.peakMemoryBytes)
    let strongPeak = try #require(strong.peakMemoryBytes)
    #expect(fastPeak > 0 && strongPeak > fastPeak, "\(fastPeak) < \(strongPeak)")
  }

  @Test func zopfliHasNoHookSoNoFigure() throws {
    for level in ZopfliBackend().levels {
      #expect(try ZopfliBackend().makeCompressor(level: level, container: .gzip).peakMemoryBytes == nil)
    }
  }

  @Test func allocationCounterTracksCurrentAndPeak() throws {
    let counter = AllocationCounter()
    let a = try #require(AllocationCounter.allocate(1000, opaque: counter.opaque))
    let b = try #require(AllocationCounter.allocate(500, opaque: counter.opaque))
    #expect(Int(bitPattern: a) % 16 == 0 && Int(bitPattern: b) % 16 == 0, "malloc's alignment is kept")
    AllocationCounter.free(a, opaque: counter.opaque)
    let c = try #require(AllocationCounter.allocate(200, opaque: counter.opaque))
    #expect(counter.currentBytes == 700)
    #expect(counter.peakBytes == 1500)
    AllocationCounter.free(b, opaque: counter.opaque)
    AllocationCounter.free(c, opaque: counter.opaque)
    AllocationCounter.free(nil, opaque: counter.opaque)
    #expect(counter.currentBytes == 0)
    #expect(AllocationCounter.allocate(Int.max, opaque: counter.opaque) == nil, "overflow is refused, not wrapped")
  }

}

/// The peak working memory of every backend at every level, printed as a table: a tool, not a
/// check, so it is an opt-in suite (its name ends in `OptIn`, which scripts/test.sh leaves out)
/// that `scripts/test-opt-in.sh memory-table` runs.
@Suite("Memory table")
struct MemoryTableOptIn {
  @Test(
    .enabled(
      if: ProcessInfo.processInfo.environment["DEFLATEBENCH_PRINT_MEMORY"] == "1",
      "opt-in: scripts/test-opt-in.sh memory-table prints the memory table (DEFLATEBENCH_PRINT_MEMORY=1)"))
  func memoryTable() throws {
    print("backend     level  peak bytes after compressing 256 KiB (mixed)")
    for backend in BackendRegistry.all where backend.name != "zopfli" {
      for level in backend.levels {
        let compressor = try backend.makeCompressor(level: level, container: backend.containers[0])
        _ = try compressor.compress(MemoryAccountingTests.input)
        let peak = compressor.peakMemoryBytes.map(String.init) ?? "n/a (no allocator hook)"
        print(
          backend.name.padding(toLength: 12, withPad: " ", startingAt: 0),
          String(level).padding(toLength: 6, withPad: " ", startingAt: 0), peak)
      }
    }
    print("zopfli      1-4    n/a (no allocator hook)")
  }
}
