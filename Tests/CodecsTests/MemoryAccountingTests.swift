import DeflateBenchSupport
import Foundation
import TestSupport
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

/// docs/backends.md's working-memory figures, asserted: every backend's peak after compressing
/// the same 256 KiB as the memory table, counted through the library's own allocator hook, and
/// the quoted figures read back from the page so a changed library or a changed sentence fails.
@Suite("Working memory as backends.md quotes it")
struct QuotedWorkingMemoryTests {
  /// Every backend and level with an allocator hook, and the peak it counted.
  static func peaks() throws -> [(backend: String, level: Int, bytes: Int)] {
    try BackendRegistry.all.flatMap { backend in
      try backend.levels.compactMap { level -> (backend: String, level: Int, bytes: Int)? in
        let compressor = try backend.makeCompressor(level: level, container: backend.containers[0])
        _ = try compressor.compress(MemoryAccountingTests.input)
        return compressor.peakMemoryBytes.map { (backend.name, level, $0) }
      }
    }
  }

  /// Each figure as the page words it, the settings it covers, and its unit in bytes.
  static let quoted: [(words: String, backend: String, levels: ClosedRange<Int>?, unit: Double)] = [
    ("6 KB (libdeflate level 0)", "libdeflate", 0...0, 1e3), ("268 KB (zlib, every level)", "zlib", nil, 1e3),
    ("9 MB (libdeflate 10-12)", "libdeflate", 10...12, 1e6), ("46 MB (brotli 9)", "brotli", 9...9, 1e6),
  ]

  @Test("the smallest, zlib's, libdeflate 10-12's and the largest figure are what the hooks count, rounded as quoted")
  func quotedFiguresHold() throws {
    // The page wraps its lines: compared with every run of spaces and line breaks as one space.
    let page = try String(
      contentsOf: DeflateBenchExecutable.packageRoot.appendingPathComponent("docs/backends.md"), encoding: .utf8
    ).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let peaks = try Self.peaks()
    for figure in Self.quoted {
      #expect(page.contains(figure.words), "backends.md no longer says \(figure.words)")
      let value = try #require(Double(figure.words.prefix { $0.isNumber }))
      let covered = peaks.filter { $0.backend == figure.backend && (figure.levels?.contains($0.level) ?? true) }
      #expect(!covered.isEmpty, "\(figure.words)")
      for peak in covered {
        #expect(
          (Double(peak.bytes) / figure.unit).rounded() == value,
          "\(figure.words): \(peak.backend) \(peak.level) counted \(peak.bytes) bytes")
      }
    }
    // "ranges from" the first figure to the last: no hooked setting below the one nor above the other.
    let smallest = try #require(peaks.min { $0.bytes < $1.bytes })
    let largest = try #require(peaks.max { $0.bytes < $1.bytes })
    for (peak, figure) in [(smallest, Self.quoted[0]), (largest, Self.quoted[Self.quoted.count - 1])] {
      #expect(
        peak.backend == figure.backend && (figure.levels?.contains(peak.level) ?? true),
        "the range's end is \(peak.backend) \(peak.level) (\(peak.bytes) bytes), not \(figure.words)")
    }
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
