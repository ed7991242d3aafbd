import DeflateBenchSupport

/// The search's last step: the chosen trainer written in the best of several sample orders.
///
/// A trainer's dictionary moves by several per cent with the order of its samples alone (fastCover
/// and cover walk the samples in order, and zstd's own procedure trains on the first 75 %). So the
/// chosen trainer runs on every sample in `orderCount` orders, the run's shuffled order first and
/// the others drawn from the run's seed, and the dictionary with the fewest zstd 3 + zlib 6 bytes
/// (the DEFLATE preset) over those samples is kept. Every candidate has the same parameters, so
/// this compares how well each order's dictionary covers the samples, not which trainer is better;
/// on tuning splits it made the DEFLATE preset smaller on 29 of 36 split-draws (median +0.3 to
/// +0.8 %, docs/dictionary-training.md). The seed's order is always trained; another starts only
/// while the budget lasts.
extension ZstdDictionarySearch {
  /// How many orders the chosen trainer is written in: the seed's and 7 more.
  static let orderCount = 8

  /// One order's dictionary and its bytes over every sample.
  struct OrderCandidate {
    /// 1 for the seed's order, then 2, 3, ... in the order they were drawn.
    let order: Int
    let dictionary: [UInt8]
    let zstdBytes: Int
    let deflateBytes: Int
    var totalBytes: Int { zstdBytes + deflateBytes }
  }

  /// The samples in `count` orders: as given (the run's shuffle) first, then `count - 1`
  /// Fisher-Yates shuffles of that order drawn one after another from one Xoshiro256** generator
  /// on the stream "dict-train-orders" seeded by the run's seed, so the same seed draws the same
  /// orders.
  static func orders(of samples: [[UInt8]], seed: UInt64, count: Int = orderCount) -> [[[UInt8]]] {
    var generator = Xoshiro256StarStar(seed: seed, stream: "dict-train-orders")
    return [samples] + (1..<max(count, 1)).map { _ in ZstdDictionaryTrainer.shuffle(samples, using: &generator) }
  }

  /// The candidate with the fewest summed bytes; the earlier order on a tie, so the seed's order
  /// is kept unless another is strictly smaller.
  static func kept(_ candidates: [OrderCandidate]) -> OrderCandidate? {
    candidates.min { ($0.totalBytes, $0.order) < ($1.totalBytes, $1.order) }
  }

  /// `trainer` on every sample in each order while the budget lasts (the first always), the kept
  /// dictionary, and one summary line saying what was kept.
  func bestOfOrders(_ trainer: Trainer, startedAt start: ContinuousClock.Instant) throws(DictionaryTrainingError)
    -> (dictionary: [UInt8], summary: String)
  {
    let clock = ContinuousClock()
    var candidates: [OrderCandidate] = []
    var seedOrderDictionary: [UInt8] = []
    var trained = 0
    for (index, samples) in Self.orders(of: set.samples, seed: seed).enumerated() {
      if index > 0, (clock.now - start).seconds >= budgetSeconds { break }
      let dictionary = try trainer.train(SampleSet(samples), size: size)
      trained += 1
      if index == 0 { seedOrderDictionary = dictionary }
      // A dictionary a scorer refuses is no candidate.
      if let zstd = try? zstdScore(dictionary, set.samples), let deflate = try? deflateScore(dictionary, set.samples) {
        candidates.append(
          OrderCandidate(order: index + 1, dictionary: dictionary, zstdBytes: zstd, deflateBytes: deflate))
      }
    }
    // Without the seed's order's bytes nothing is compared against it: that order is written.
    guard let seedOrder = candidates.first, seedOrder.order == 1, let kept = Self.kept(candidates) else {
      return (seedOrderDictionary, "written: \(writtenWhat(trainer)), in the seed's order (not scored)")
    }
    let keptText =
      kept.order == 1
      ? "kept the seed's order"
      : "kept order \(kept.order) (\(percent(Double(seedOrder.zstdBytes) / Double(kept.zstdBytes))) and "
        + "\(percent(Double(seedOrder.deflateBytes) / Double(kept.deflateBytes))) against the seed's order)"
    return (
      kept.dictionary,
      "written: \(writtenWhat(trainer)) in \(trained) sample orders (the seed's and \(trained - 1) drawn from it"
        + (trained < Self.orderCount ? "; the budget ran out before the other \(Self.orderCount - trained)" : "")
        + "), \(keptText): \(kept.zstdBytes) + \(kept.deflateBytes) bytes for the \(set.samples.count) training "
        + "samples (zstd \(Self.scoreLevel) + zlib \(Self.deflateLevel) with the preset), the fewest"
    )
  }

  private func writtenWhat(_ trainer: Trainer) -> String {
    (trainer == .reference ? "zstd's own procedure run" : "the chosen parameters trained")
      + " on all \(set.samples.count) samples"
  }
}
