import CZstd
import DeflateBenchSupport

/// The parameter search of `dict train` (without `--fast`), within a time budget:
///
/// 1. fastCover's own search (`ZDICT_optimizeTrainFromBuffer_fastCover`) over d = 6 and 8 and
///    40 steps of k from 50 to 2000, where `ZDICT_trainFromBuffer` and `zstd --train` try d = 8
///    and 4 steps;
/// 2. cover (`ZDICT_trainFromBuffer_cover`), slower and often better: first one pass with the
///    parameters fastCover chose, timed; then cover's own search over d = 6 and 8 with as many
///    k steps (at most 40) as that timing says fit in what is left of the budget, or none.
///
/// Every trainer trains on the first 75 % of the (shuffled) samples, as ZDICT's searches do, and
/// the dictionaries are compared here on the other 25 %, each sample compressed on its own twice:
/// by zstd level 3 with the dictionary and by zlib level 6 with its DEFLATE preset, the two uses
/// `run` measures. The smallest sum wins, and its parameters then train the dictionary that is
/// written on every sample (the searches' own dictionaries saw only the 75 %). A search that has
/// started runs to its end (ZDICT cannot be interrupted), so the budget bounds when work starts,
/// and the cover search is sized so that it should end inside it.
struct ZstdDictionarySearch {
  let set: SampleSet
  let size: Int
  let budgetSeconds: Double

  /// The share of the samples the trainers train on; the rest scores them.
  static let splitPoint = 0.75
  /// The zstd level the searches and the held-out scores use: the level `run` measures by default.
  static let scoreLevel: Int32 = 3
  /// The most k steps a search takes (ZDICT's default).
  static let maximumSteps = 40
  /// The k steps cover's search may take, the most that fits the budget left.
  static let stepLadder = [maximumSteps, 20, 10, 5]

  private struct Candidate {
    let name: String
    let dictionary: [UInt8]
    let score: Int
    /// Trains the same parameters on every sample.
    let retrain: () throws(DictionaryTrainingError) -> [UInt8]
  }

  /// The dictionary with the smallest held-out total, and one line per candidate (chosen first).
  func run() throws(DictionaryTrainingError) -> (dictionary: [UInt8], summary: [String]) {
    let clock = ContinuousClock()
    let start = clock.now
    func elapsed() -> Double { (clock.now - start).seconds }
    // ZDICT's split: the first nbSamples * splitPoint samples train, the rest test.
    let trainingCount = Int(Double(set.samples.count) * Self.splitPoint)
    let heldOut = Array(set.samples[trainingCount...])
    let training = SampleSet(Array(set.samples[..<trainingCount]))
    var candidates: [Candidate] = []

    var fast = ZDICT_fastCover_params_t()
    fast.steps = UInt32(Self.maximumSteps)
    fast.splitPoint = Self.splitPoint
    fast.nbThreads = 1
    fast.zParams.compressionLevel = Self.scoreLevel
    let fastDictionary = try set.train(size: size, operation: "ZDICT_optimizeTrainFromBuffer_fastCover") {
      ZDICT_optimizeTrainFromBuffer_fastCover($0, $1, $2, $3, $4, &fast)
    }
    let fastChosen = fast
    candidates.append(
      Candidate(
        name: "fastCover d=\(fast.d) k=\(fast.k) f=\(fast.f) (searched d 6/8, \(Self.maximumSteps) k steps)",
        dictionary: fastDictionary, score: score(fastDictionary, heldOut),
        retrain: { () throws(DictionaryTrainingError) in
          try set.train(size: size, operation: "ZDICT_trainFromBuffer_fastCover") {
            ZDICT_trainFromBuffer_fastCover($0, $1, $2, $3, $4, Self.single(fastChosen))
          }
        }))

    var notes: [String] = []
    if elapsed() < budgetSeconds {
      var cover = ZDICT_cover_params_t()
      cover.k = fast.k
      cover.d = fast.d
      cover.zParams.compressionLevel = Self.scoreLevel
      let trialStart = clock.now
      let coverDictionary = try training.train(size: size, operation: "ZDICT_trainFromBuffer_cover") {
        ZDICT_trainFromBuffer_cover($0, $1, $2, $3, $4, cover)
      }
      let trial = (clock.now - trialStart).seconds
      let coverChosen = cover
      candidates.append(
        Candidate(
          name: "cover d=\(cover.d) k=\(cover.k) (fastCover's parameters, one pass of \(format(trial)) s)",
          dictionary: coverDictionary, score: score(coverDictionary, heldOut),
          retrain: { () throws(DictionaryTrainingError) in try retrainCover(coverChosen) }))
      // Each d of the search builds its context (about one pass) and runs one pass per step. The
      // step count comes from a short ladder, not straight from the timing, so that a budget
      // with room to spare always picks the same count and the same seed writes the same bytes.
      let left = budgetSeconds - elapsed()
      if let steps = Self.stepLadder.first(where: { 2 * Double($0 + 1) * trial <= left }) {
        var search = ZDICT_cover_params_t()
        search.steps = UInt32(steps)
        search.splitPoint = Self.splitPoint
        search.nbThreads = 1
        search.zParams.compressionLevel = Self.scoreLevel
        let searched = try set.train(size: size, operation: "ZDICT_optimizeTrainFromBuffer_cover") {
          ZDICT_optimizeTrainFromBuffer_cover($0, $1, $2, $3, $4, &search)
        }
        let searchChosen = search
        candidates.append(
          Candidate(
            name: "cover d=\(search.d) k=\(search.k) (searched d 6/8, \(steps) k steps)", dictionary: searched,
            score: score(searched, heldOut),
            retrain: { () throws(DictionaryTrainingError) in try retrainCover(searchChosen) }))
      } else {
        notes.append("cover search skipped: one pass took \(format(trial)) s, too long for what is left of the budget")
      }
    } else {
      notes.append("cover skipped: the fastCover search used the whole budget")
    }
    // Stable: on equal scores the earlier (cheaper) trainer wins.
    let ranked = candidates.enumerated().sorted { ($0.element.score, $0.offset) < ($1.element.score, $1.offset) }
      .map(\.element)
    let summary = ranked.enumerated().map { index, candidate in
      "\(index == 0 ? "chosen" : "tried"): \(candidate.name), \(candidate.score) bytes for the held-out "
        + "\(heldOut.count) samples (zstd \(Self.scoreLevel) + zlib 6 with the preset)"
    }
    let final = try ranked[0].retrain()
    return (final, summary + notes + ["written: the chosen parameters trained on all \(set.samples.count) samples"])
  }

  private func retrainCover(_ parameters: ZDICT_cover_params_t) throws(DictionaryTrainingError) -> [UInt8] {
    var single = parameters
    single.steps = 0
    single.splitPoint = 1
    return try set.train(size: size, operation: "ZDICT_trainFromBuffer_cover") {
      ZDICT_trainFromBuffer_cover($0, $1, $2, $3, $4, single)
    }
  }

  /// The parameters a search chose, for one training pass on every sample.
  private static func single(_ parameters: ZDICT_fastCover_params_t) -> ZDICT_fastCover_params_t {
    var single = parameters
    single.steps = 0
    single.splitPoint = 1
    return single
  }

  /// The bytes `samples` take compressed one by one at zstd `scoreLevel` with `dictionary` plus
  /// at zlib level 6 with its DEFLATE preset; Int.max for a dictionary either cannot use.
  private func score(_ dictionary: [UInt8], _ samples: [[UInt8]]) -> Int {
    let zstd = zstdScore(dictionary, samples)
    guard zstd < Int.max, let deflate = try? deflateScore(dictionary, samples) else { return Int.max }
    return zstd + deflate
  }

  private func deflateScore(_ dictionary: [UInt8], _ samples: [[UInt8]]) throws(CodecError) -> Int {
    let preset = try CompressionDictionary(name: "candidate", bytes: dictionary, sha256: SHA256.hash(dictionary).bytes)
      .deflatePreset()
    let compressor = try ZlibBackend().makeCompressor(level: 6, container: .zlib, preset: preset)
    var total = 0
    for sample in samples { total += try compressor.compress(sample).count }
    return total
  }

  private func zstdScore(_ dictionary: [UInt8], _ samples: [[UInt8]]) -> Int {
    guard let context = ZSTD_createCCtx() else { return Int.max }
    defer { ZSTD_freeCCtx(context) }
    let largest = samples.map(\.count).max() ?? 0
    var output = [UInt8](repeating: 0, count: ZSTD_compressBound(largest))
    var total = 0
    for sample in samples {
      let written = output.withUnsafeMutableBytes { out in
        sample.withUnsafeBytes { input in
          dictionary.withUnsafeBytes { dict in
            ZSTD_compress_usingDict(
              context, out.baseAddress, out.count, input.baseAddress, input.count, dict.baseAddress, dict.count,
              Self.scoreLevel)
          }
        }
      }
      guard ZSTD_isError(written) == 0 else { return Int.max }
      total += written
    }
    return total
  }

  private func format(_ seconds: Double) -> String {
    String(Double(Int(seconds * 100)) / 100)
  }
}

extension Duration {
  /// The duration in seconds, for printing and budgets.
  var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
