import DeflateBenchSupport
import Foundation
import TestSupport
import Testing

@testable import DeflateBenchCodecs

/// Dictionary compression: every capable backend and container round-trips through a different
/// implementation, outside programs (`zstd -D`, Python's `zlib.decompressobj(zdict=...)`) judge
/// the bytes, a dictionary trained on other events beats none on small bodies, and bad
/// dictionaries fail with a clear error.
@Suite("Dictionaries")
struct DictionaryTests {
  /// Single events, 200 for training (seed 1) and 40 held out (seed 2).
  static let training = events(count: 200, seed: 1)
  static let heldOut = events(count: 40, seed: 2)
  static let dictionary = makeDictionary(
    (try? trainFast(training, size: 4096)) ?? [], name: "events-4k.dict")

  /// One fast pass with seed 1: the trainer `run` uses for a corpus's dictionary.
  static func trainFast(_ samples: [[UInt8]], size: Int) throws(DictionaryTrainingError) -> [UInt8] {
    try ZstdDictionaryTrainer.train(samples: samples, size: size, seed: 1, method: .fast).dictionary
  }

  static func events(count: Int, seed: UInt64) -> [[UInt8]] {
    (0..<UInt64(count)).map { Array(TestInputs.jsonEvents(count: 1, seed: seed &* 1000 &+ $0)) }
  }

  static func makeDictionary(_ bytes: [UInt8], name: String) -> CompressionDictionary {
    // An empty array (a failed training) becomes one byte, so the tests fail on their checks.
    let bytes = bytes.isEmpty ? [0] : bytes
    return try! CompressionDictionary(name: name, bytes: bytes, sha256: SHA256.hash(bytes).bytes)
  }

  static let cells: [(String, Container)] = [
    ("zstd", .dcz), ("zstd", .zstd), ("zlib", .zlib), ("zlib", .raw), ("isal", .zlib), ("isal", .raw),
    ("zlib-ng", .zlib), ("zlib-ng", .raw),
  ]

  @Test func trainerWritesAZstdDictionaryOfTheAskedSize() throws {
    let bytes = try Self.trainFast(Self.training, size: 4096)
    #expect(bytes.count <= 4096 && bytes.count > 1024)
    #expect(Self.dictionary.isZstdFormat)
    #expect(try Self.dictionary.contentOffset() > 8)
    #expect(try Self.dictionary.deflatePreset() == Array(bytes[try Self.dictionary.contentOffset()...]))
  }

  @Test(arguments: cells.indices)
  func roundTripsThroughTheVerifyingLibrary(index: Int) throws {
    let (name, container) = Self.cells[index]
    let backend = try DictionaryBackend(BackendRegistry.backend(named: name), dictionary: Self.dictionary)
    let verifier = try #require(Verifier.decodingBackend(for: backend))
    if name != "zstd" { #expect(verifier.name != name, "a different DEFLATE library verifies \(name)") }
    for level in backend.levels where level % 3 == 0 || level == backend.levels.first {
      let compressor = try backend.makeCompressor(level: level, container: container)
      let decoder = try verifier.makeDecompressor(container: container)
      let own = try backend.makeDecompressor(container: container)
      var withDictionary = 0
      var without = 0
      let plain = try BackendRegistry.backend(named: name).makeCompressor(
        level: level, container: container == .dcz ? .zstd : container)
      for event in Self.heldOut + [[]] {
        let compressed = try compressor.compress(event)
        #expect(try decoder.decompress(compressed, expectedSize: event.count) == event, "\(name) \(container) \(level)")
        #expect(try own.decompress(compressed, expectedSize: nil) == event)
        // The dcz header's 40 bytes are compared separately; here the frames are compared.
        withDictionary += compressed.count - (container == .dcz ? DczFrame.headerBytes : 0)
        without += try plain.compress(event).count
      }
      // zlib level 0 stores; ISA-L level 0 uses static Huffman codes and a tiny hash. Every other
      // level must save a third.
      if level != 0 {
        #expect(
          withDictionary * 3 < without * 2, "\(name) \(container) level \(level): \(withDictionary) vs \(without)")
      }
    }
  }

  @Test func dczBodiesStartWithTheHeaderAndTheHash() throws {
    let backend = try DictionaryBackend(ZstdBackend(), dictionary: Self.dictionary)
    let body = try backend.makeCompressor(level: 3, container: .dcz).compress(Self.heldOut[0])
    #expect(Array(body.prefix(8)) == [0x5E, 0x2A, 0x4D, 0x18, 0x20, 0, 0, 0])
    #expect(Array(body[8..<40]) == Self.dictionary.sha256)
  }

  @Test func aBodyForAnotherDictionaryIsRefused() throws {
    let other = Self.makeDictionary(
      try Self.trainFast(Self.events(count: 200, seed: 9), size: 2048), name: "other.dict")
    for (name, container) in Self.cells {
      let body = try DictionaryBackend(BackendRegistry.backend(named: name), dictionary: other)
        .makeCompressor(level: name == "isal" ? 1 : 3, container: container).compress(Self.heldOut[1])
      let decoder = try DictionaryBackend(BackendRegistry.backend(named: name), dictionary: Self.dictionary)
        .makeDecompressor(container: container)
      // Raw DEFLATE carries no id: a wrong preset decodes to wrong bytes or fails, never to the original.
      do {
        let decoded = try decoder.decompress(body, expectedSize: nil)
        #expect(container == .raw && decoded != Self.heldOut[1], "\(name) \(container)")
      } catch {
        guard case .corruptInput = error else {
          Issue.record("\(name) \(container): \(error)")
          continue
        }
      }
    }
  }

  @Test func backendsWithoutADictionaryApiSaySo() {
    for name in ["libdeflate", "zopfli", "brotli"] {
      #expect(throws: CodecError.self) {
        try DictionaryBackend(BackendRegistry.backend(named: name), dictionary: Self.dictionary)
      }
    }
    let reason = BrotliBackend().dictionaryUnsupportedReason
    #expect(reason.contains("1.1.0"))
  }

  @Test func oversizedAndMalformedDictionariesAreRefused() throws {
    let big = Self.makeDictionary(TestInputs.random(count: 1 << 20, seed: 3), name: "big.dict")
    #expect(throws: CodecError.self) {
      try DictionaryBackend(ZstdBackend(), dictionary: big).makeCompressor(level: 1, container: .dcz)
    }
    #expect(throws: CodecError.self) {
      try DictionaryBackend(ZlibBackend(), dictionary: big).makeCompressor(level: 6, container: .zlib)
    }
    let broken = Self.makeDictionary([0x37, 0xA4, 0x30, 0xEC, 1, 2, 3], name: "broken.dict")
    #expect(throws: CodecError.self) {
      try DictionaryBackend(ZstdBackend(), dictionary: broken).makeCompressor(level: 3, container: .zstd)
    }
    #expect(throws: CodecError.self) {
      try CompressionDictionary(name: "empty", bytes: [], sha256: SHA256.hash([]).bytes)
    }
  }

  @Test func theShuffleIsAPermutationFixedByTheSeed() {
    let samples = (0..<50).map { [UInt8($0)] }
    let shuffled = ZstdDictionaryTrainer.shuffle(samples, seed: 3)
    #expect(shuffled.sorted { $0[0] < $1[0] } == samples)
    #expect(shuffled != samples)
    #expect(shuffled == ZstdDictionaryTrainer.shuffle(samples, seed: 3))
    #expect(shuffled != ZstdDictionaryTrainer.shuffle(samples, seed: 4))
  }

  @Test(arguments: [ZstdDictionaryTrainer.Method.fast, .optimized(budgetSeconds: 600)])
  func theSameSeedWritesTheSameDictionaryAndAnotherSeedAnother(method: ZstdDictionaryTrainer.Method) throws {
    func train(_ seed: UInt64) throws -> [UInt8] {
      try ZstdDictionaryTrainer.train(samples: Self.training, size: 4096, seed: seed, method: method).dictionary
    }
    let first = try train(7)
    #expect(first.count > 1024 && first.count <= 4096)
    #expect(try train(7) == first)
    #expect(try train(8) != first)
  }

  @Test func theSearchReportsEveryTrainerItTriedWithItsHeldOutScore() throws {
    let result = try ZstdDictionaryTrainer.train(
      samples: Self.training, size: 4096, seed: 1, method: .optimized(budgetSeconds: 600))
    #expect(result.summary.first?.hasPrefix("chosen: ") == true, "\(result.summary)")
    #expect(result.summary.contains { $0.contains("zstd --train's own procedure") })
    #expect(result.summary.contains { $0.contains("scored 33 of 33 trainers") && $0.contains("4-fold") })
    #expect(
      result.summary.last?.hasPrefix("written: ") == true
        && result.summary.last?.contains("in 8 sample orders (the seed's and 7 drawn from it)") == true,
      "\(result.summary)")
    // Cross-validation holds every sample out once.
    #expect(
      result.summary.allSatisfy {
        !$0.hasPrefix("chosen") && !$0.hasPrefix("tried") || $0.contains("held-out 200 samples")
      })
  }

  /// The choice rule: a trainer replaces zstd's own procedure only by beating it in both uses.
  @Test func aTrainerIsChosenOnlyIfItBeatsTheReferenceInBothUses() {
    typealias Score = ZstdDictionarySearch.Score
    let reference = Score(trainer: .reference, zstdBytes: 1000, deflateBytes: 1000)
    let betterForZstdOnly = Score(trainer: .cover(k: 1024, d: 8), zstdBytes: 800, deflateBytes: 1010)
    let slightlyBetterInBoth = Score(trainer: .fastCover(k: 512, d: 6), zstdBytes: 990, deflateBytes: 995)
    let equal = Score(trainer: .fastCover(k: 256, d: 8), zstdBytes: 1000, deflateBytes: 1000)
    #expect(
      ZstdDictionarySearch.ranked([reference, equal, betterForZstdOnly], reference: reference).first?.trainer
        == .reference)
    let ranked = ZstdDictionarySearch.ranked(
      [reference, betterForZstdOnly, slightlyBetterInBoth], reference: reference)
    #expect(ranked.map(\.trainer) == [.fastCover(k: 512, d: 6), .reference, .cover(k: 1024, d: 8)])
    #expect(ZstdDictionarySearch.Trainer.all(size: 512).count == 1 + 2 * 2 * 2, "k never exceeds the size")
  }

  /// The last step's orders: the run's order first, then 7 other permutations fixed by the seed.
  @Test func theOrdersTriedAreTheSeedsFirstThenPermutationsFixedByTheSeed() {
    let samples = ZstdDictionaryTrainer.shuffle((0..<40).map { [UInt8($0)] }, seed: 5)
    let orders = ZstdDictionarySearch.orders(of: samples, seed: 5)
    #expect(orders.count == ZstdDictionarySearch.orderCount && orders.count == 8)
    #expect(orders[0] == samples)
    #expect(orders.allSatisfy { $0.sorted { $0[0] < $1[0] } == samples.sorted { $0[0] < $1[0] } })
    #expect(Set(orders.map { $0.map { $0[0] } }).count == 8, "eight different orders")
    #expect(orders == ZstdDictionarySearch.orders(of: samples, seed: 5))
    #expect(Array(orders.dropFirst()) != Array(ZstdDictionarySearch.orders(of: samples, seed: 6).dropFirst()))
  }

  /// The kept order has the fewest zstd + DEFLATE bytes; on a tie the earlier, so the seed's order
  /// stays unless another is strictly smaller.
  @Test func theKeptOrderHasTheFewestSummedBytesAndTheEarlierOnATie() {
    typealias Candidate = ZstdDictionarySearch.OrderCandidate
    let seedOrder = Candidate(order: 1, dictionary: [1], zstdBytes: 1000, deflateBytes: 1000)
    let smallerForZstdOnly = Candidate(order: 2, dictionary: [2], zstdBytes: 900, deflateBytes: 1050)
    let tied = Candidate(order: 3, dictionary: [3], zstdBytes: 1010, deflateBytes: 990)
    #expect(ZstdDictionarySearch.kept([seedOrder, tied])?.order == 1)
    #expect(ZstdDictionarySearch.kept([seedOrder, tied, smallerForZstdOnly])?.order == 2)
    #expect(ZstdDictionarySearch.kept([]) == nil)
  }

  @Test func trainingRefusesTooFewSamples() {
    #expect(throws: DictionaryTrainingError.tooFewSamples(3, minimum: ZstdDictionaryTrainer.minimumSamples)) {
      try Self.trainFast(Array(Self.training.prefix(3)), size: 4096)
    }
    #expect(throws: DictionaryTrainingError.self) {
      try Self.trainFast(Array(Self.training.prefix(20)), size: 64 << 10)
    }
  }

  // MARK: - Outside judges

  @Test(.enabled(if: ProcessRunner.isAvailable("zstd"), "needs the zstd command"))
  func zstdCommandDecodesZstdAndDczBodies() throws {
    let scratch = try ScratchDirectory()
    let dictionaryFile = try scratch.write("events.dict", Self.dictionary.bytes)
    let backend = try DictionaryBackend(ZstdBackend(), dictionary: Self.dictionary)
    for container in [Container.zstd, .dcz] {
      for level in [-3, 1, 3, 19] {
        let body = try backend.makeCompressor(level: level, container: container).compress(Self.heldOut[2])
        let result = try ProcessRunner.run(
          "zstd", arguments: ["-d", "-q", "-c", "-D", dictionaryFile.path], stdin: body)
        #expect(result.succeeded, "\(container) \(level): \(result.stderrText)")
        #expect(result.stdout == Self.heldOut[2])
      }
    }
  }

  static let pythonScript = """
    import sys, zlib
    preset = open(sys.argv[1], "rb").read()
    wbits = int(sys.argv[2])
    d = zlib.decompressobj(wbits, zdict=preset)
    sys.stdout.buffer.write(d.decompress(sys.stdin.buffer.read()) + d.flush())
    assert d.eof and not d.unused_data
    """

  @Test(.enabled(if: ProcessRunner.isAvailable("/usr/bin/python3"), "needs Debian's /usr/bin/python3"))
  func pythonZlibDecodesPresetDictionaryBodies() throws {
    let scratch = try ScratchDirectory()
    let presetFile = try scratch.write("preset", try Self.dictionary.deflatePreset())
    for (name, container) in Self.cells where container != .dcz && container != .zstd {
      let backend = try DictionaryBackend(BackendRegistry.backend(named: name), dictionary: Self.dictionary)
      for level in backend.levels {
        let body = try backend.makeCompressor(level: level, container: container).compress(Self.heldOut[3])
        if container == .zlib { #expect(body[1] & 0x20 != 0, "FDICT is set") }
        let result = try ProcessRunner.run(
          "/usr/bin/python3", arguments: ["-c", Self.pythonScript, presetFile.path, container == .zlib ? "15" : "-15"],
          stdin: body)
        #expect(result.succeeded, "\(name) \(container) \(level): \(result.stderrText)")
        #expect(result.stdout == Self.heldOut[3], "\(name) \(container) \(level)")
      }
    }
  }
}
