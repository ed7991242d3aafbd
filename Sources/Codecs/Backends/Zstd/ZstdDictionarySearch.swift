import CZstd
import DeflateBenchSupport
import Synchronization

/// The parameter search of `dict train` (without `--fast`), within a time budget.
///
/// The reference is what `zstd --train` runs: `ZDICT_optimizeTrainFromBuffer_fastCover` with
/// d = 8 and 4 steps of k, which trains on the first 75 % of the samples it is given. Against it
/// stand single passes of cover and fastCover with d = 6 and 8 and k from 256 to 2048 in steps of
/// 256, each later trained on every sample.
///
/// Every trainer is scored by 4-fold cross-validation on the (shuffled) samples: trained on three
/// folds, it compresses each sample of the fourth on its own twice, by zstd level 3 with the
/// dictionary and by zlib level 6 with its DEFLATE preset, the two uses `run` measures; the four
/// folds' bytes add up per use. Every sample is held out once, so the choice does not rest on the
/// quarter a single split leaves out (a few lines of a small file). A trainer is chosen only if it
/// beats the reference in both uses: the winner has the largest of the smaller of its two gains,
/// and the reference's own gain is 1. The written dictionary is the winner trained on every
/// sample, or the reference run on every sample when nothing beat it, in the best of 8 sample
/// orders (`ZstdDictionarySearch+Orders.swift`).
///
/// A trainer that has started runs its four folds to the end (ZDICT cannot be interrupted), so
/// the budget bounds when work starts; the output prints how many trainers were scored, and the
/// same seed writes the same bytes when the same trainers were.
struct ZstdDictionarySearch {
  let set: SampleSet
  let size: Int
  /// The run's seed, which also draws the extra sample orders of the last step.
  let seed: UInt64
  let budgetSeconds: Double

  /// The folds of the cross-validation.
  static let folds = 4
  /// The zstd level the scores use: the level `run` measures by default.
  static let scoreLevel = 3
  /// The zlib level the DEFLATE preset is scored at: zlib's default.
  static let deflateLevel = 6
  /// The segment sizes tried, cover's and fastCover's k.
  static let segmentSizes = Array(stride(from: 256, through: 2048, by: 256))
  /// The d-mer sizes tried, ZDICT's own search range.
  static let dmerSizes: [UInt32] = [8, 6]

  /// One way to train a dictionary from samples.
  enum Trainer: Equatable, CustomStringConvertible {
    /// `zstd --train`'s procedure: fastCover's search over d = 8 and 4 steps of k.
    case reference
    case fastCover(k: UInt32, d: UInt32)
    case cover(k: UInt32, d: UInt32)

    var description: String {
      switch self {
      case .reference: "zstd --train's own procedure (fastCover search, d=8, 4 k steps, 75 % of the samples)"
      case .fastCover(let k, let d): "fastCover d=\(d) k=\(k)"
      case .cover(let k, let d): "cover d=\(d) k=\(k)"
      }
    }

    /// The reference first (every other trainer is measured against it), then the cheap fastCover
    /// passes, then cover's, so a short budget still compares the most trainers. A segment is
    /// never longer than the dictionary (ZDICT refuses k above its size).
    static func all(size: Int) -> [Trainer] {
      let sizes = segmentSizes.filter { $0 <= size }.map(UInt32.init)
      let fast = dmerSizes.flatMap { d in sizes.map { Trainer.fastCover(k: $0, d: d) } }
      let cover = dmerSizes.flatMap { d in sizes.map { Trainer.cover(k: $0, d: d) } }
      return [.reference] + fast + cover
    }

    /// A dictionary of at most `size` bytes from `set`.
    func train(_ set: SampleSet, size: Int) throws(DictionaryTrainingError) -> [UInt8] {
      switch self {
      case .reference:
        var parameters = ZDICT_fastCover_params_t()
        parameters.d = 8
        parameters.steps = 4
        parameters.nbThreads = 1
        parameters.zParams.compressionLevel = Int32(ZstdDictionarySearch.scoreLevel)
        return try set.train(size: size, operation: "ZDICT_optimizeTrainFromBuffer_fastCover") {
          ZDICT_optimizeTrainFromBuffer_fastCover($0, $1, $2, $3, $4, &parameters)
        }
      case .fastCover(let k, let d):
        var parameters = ZDICT_fastCover_params_t()
        parameters.k = k
        parameters.d = d
        parameters.f = 20
        parameters.accel = 1
        parameters.splitPoint = 1
        parameters.zParams.compressionLevel = Int32(ZstdDictionarySearch.scoreLevel)
        return try set.train(size: size, operation: "ZDICT_trainFromBuffer_fastCover") {
          ZDICT_trainFromBuffer_fastCover($0, $1, $2, $3, $4, parameters)
        }
      case .cover(let k, let d):
        var parameters = ZDICT_cover_params_t()
        parameters.k = k
        parameters.d = d
        parameters.splitPoint = 1
        parameters.zParams.compressionLevel = Int32(ZstdDictionarySearch.scoreLevel)
        return try set.train(size: size, operation: "ZDICT_trainFromBuffer_cover") {
          out, capacity, flat, sizes, count in
          coverTurns.withLock { _ in ZDICT_trainFromBuffer_cover(out, capacity, flat, sizes, count, parameters) }
        }
      }
    }
  }

  /// The held-out bytes of one trainer, summed over the folds.
  struct Score {
    let trainer: Trainer
    let zstdBytes: Int
    let deflateBytes: Int

    /// How many times smaller each use's output is than the reference's (above 1: better).
    func gains(over reference: Score) -> (zstd: Double, deflate: Double) {
      (Double(reference.zstdBytes) / Double(zstdBytes), Double(reference.deflateBytes) / Double(deflateBytes))
    }

    /// The smaller of the two gains: a trainer is only as good as its worse use.
    func worseGain(over reference: Score) -> Double {
      let gains = gains(over: reference)
      return min(gains.zstd, gains.deflate)
    }
  }

  /// The dictionary chosen as described above, and what the search did, for `dict train` to print.
  func run() throws(DictionaryTrainingError) -> (dictionary: [UInt8], summary: [String]) {
    let clock = ContinuousClock()
    let start = clock.now
    let foldSets = (0..<Self.folds).map { fold in
      (
        training: SampleSet(set.samples.enumerated().filter { $0.offset % Self.folds != fold }.map(\.element)),
        heldOut: set.samples.enumerated().filter { $0.offset % Self.folds == fold }.map(\.element)
      )
    }
    let trainers = Trainer.all(size: size)
    var scores: [Score] = []
    var failed = 0
    for trainer in trainers {
      guard (clock.now - start).seconds < budgetSeconds else { break }
      if let score = crossValidated(trainer, foldSets) { scores.append(score) } else { failed += 1 }
    }
    let attempted = scores.count + failed
    guard let reference = scores.first, reference.trainer == .reference else {
      // The folds are too small for zstd's own procedure: train it on every sample, unscored.
      let written = try bestOfOrders(.reference, startedAt: start)
      return (
        written.dictionary,
        [
          "chosen: \(Trainer.reference): the \(Self.folds) folds are too small to train on, so nothing was compared",
          written.summary,
        ]
      )
    }
    let ranked = Self.ranked(scores, reference: reference)
    let chosen = ranked[0]
    let written = try bestOfOrders(chosen.trainer, startedAt: start)
    var summary = ["chosen: \(line(chosen, reference))"]
    // The reference has its own line when another trainer won.
    summary += ranked.dropFirst().filter { $0.trainer != .reference }.prefix(2).map { "tried: \(line($0, reference))" }
    if chosen.trainer != .reference { summary.append("reference: \(line(reference, reference))") }
    summary.append(
      "scored \(scores.count) of \(trainers.count) trainers (cover and fastCover, d 6/8, k \(Self.segmentSizes[0])-"
        + "\(Self.segmentSizes.last ?? 0) in steps of 256, and zstd's own) by \(Self.folds)-fold cross-validation "
        + "over \(set.samples.count) samples"
        + (failed > 0 ? "; \(failed) could not train on the folds" : "")
        + (attempted < trainers.count ? "; the budget ran out before the other \(trainers.count - attempted)" : ""))
    summary.append(written.summary)
    return (written.dictionary, summary)
  }

  /// The scores best first by the smaller of their two gains over `reference`; on equal gains the
  /// earlier (cheaper) trainer first, so the reference leads unless another beats it in both uses.
  static func ranked(_ scores: [Score], reference: Score) -> [Score] {
    scores.enumerated().sorted {
      ($0.element.worseGain(over: reference), -$0.offset) > ($1.element.worseGain(over: reference), -$1.offset)
    }.map(\.element)
  }

  /// One summary line: the trainer, its held-out bytes per use, and its gains over the reference.
  private func line(_ score: Score, _ reference: Score) -> String {
    let gains = score.gains(over: reference)
    let versus =
      score.trainer == .reference
      ? "" : ", \(percent(gains.zstd)) and \(percent(gains.deflate)) against zstd's own procedure"
    return "\(score.trainer), \(score.zstdBytes) + \(score.deflateBytes) bytes for the held-out \(set.samples.count) "
      + "samples (zstd \(Self.scoreLevel) + zlib \(Self.deflateLevel) with the preset)\(versus)"
  }

  /// A gain (bytes before / bytes after) as a signed percentage with one decimal.
  func percent(_ gain: Double) -> String {
    let value = (gain - 1) * 100
    return (value >= 0 ? "+" : "") + String(Double((value * 10).rounded()) / 10) + " %"
  }

  /// The trainer's held-out bytes over every fold; nil when it cannot train on one of them.
  private func crossValidated(_ trainer: Trainer, _ foldSets: [(training: SampleSet, heldOut: [[UInt8]])]) -> Score? {
    var zstdBytes = 0
    var deflateBytes = 0
    for fold in foldSets {
      guard let dictionary = try? trainer.train(fold.training, size: size),
        let zstd = try? zstdScore(dictionary, fold.heldOut),
        let deflate = try? deflateScore(dictionary, fold.heldOut)
      else { return nil }
      zstdBytes += zstd
      deflateBytes += deflate
    }
    return Score(trainer: trainer, zstdBytes: zstdBytes, deflateBytes: deflateBytes)
  }

  /// The bytes `samples` take compressed one by one at zlib `deflateLevel` with the dictionary's
  /// DEFLATE preset, in the zlib container (as `run` writes them).
  func deflateScore(_ dictionary: [UInt8], _ samples: [[UInt8]]) throws(CodecError) -> Int {
    let preset = try CompressionDictionary(name: "candidate", bytes: dictionary, sha256: SHA256.hash(dictionary).bytes)
      .deflatePreset()
    let compressor = try ZlibBackend().makeCompressor(level: Self.deflateLevel, container: .zlib, preset: preset)
    var total = 0
    for sample in samples { total += try compressor.compress(sample).count }
    return total
  }

  /// The bytes `samples` take as zstd frames at `scoreLevel` with the dictionary, written as the
  /// `zstd -D` command and `run` write them (loaded dictionary, content size and checksum).
  func zstdScore(_ dictionary: [UInt8], _ samples: [[UInt8]]) throws(CodecError) -> Int {
    let compressor = try ZstdCompressor(level: Self.scoreLevel, dictionary: dictionary)
    var total = 0
    for sample in samples { total += try compressor.compress(sample).count }
    return total
  }
}

/// zstd 1.5.4's cover pass sorts through a process-wide context (`g_coverCtx` in cover.c, for
/// qsort's comparator), so two cover passes at once in one process corrupt each other (the tests
/// crashed in libzstd when two searches ran side by side); they take turns. fastCover keeps its
/// state per call.
private let coverTurns = Mutex(())

extension Duration {
  /// The duration in seconds, for printing and budgets.
  var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
