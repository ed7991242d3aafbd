import DeflateBenchCodecs
import DeflateBenchSupport

/// A corpus's `"dictionary": {...}` trained for one payload set on a separate sample, so that a
/// dictionary is never measured on the payloads it was trained on: a generated corpus trains on
/// the same profile and split generated with another seed (the measured seed is refused), a file
/// corpus on a leading share of its payloads, which the measured set then leaves out. The
/// dictionary's origin names both.
enum SetDictionaryTraining {
  /// The dictionary, and how many leading payloads of the measured set trained it (0 for a seed).
  struct Trained {
    var dictionary: CompressionDictionary
    var heldOut: Int
  }

  /// - Parameters:
  ///   - seedOverride: the run's `--seed`, which generated corpora are measured with when given.
  ///   - shuffleSeed: the run's seed (given or default), which shuffles the trainer's samples.
  static func train(
    _ corpus: CorpusDefinition, split: PayloadSplit, size: Int, seed: UInt64?, share: Double?,
    seedOverride: UInt64?, shuffleSeed: UInt64
  ) throws(CorpusError) -> Trained {
    let name = corpus.setName(split)
    let sample: (payloads: [[UInt8]], origin: String, heldOut: Int)
    if let seed {
      sample = try otherSeed(corpus, split: split, label: name.label, seed: seed, seedOverride: seedOverride)
    } else {
      let measured = try corpus.makePayloadSet(split: split, seedOverride: seedOverride)
      sample = try heldOutShare(corpus, measured: measured, share: share ?? DictionaryRequest.defaultShare)
    }
    let bytes: [UInt8]
    do throws(DictionaryTrainingError) {
      // One pass (no search) keeps a run's set-up short; shuffled with the run's seed.
      bytes = try ZstdDictionaryTrainer.train(samples: sample.payloads, size: size, seed: shuffleSeed, method: .fast)
        .dictionary
    } catch {
      throw .untrainableDictionary(corpus: corpus.name, set: name.label, message: error.description)
    }
    do throws(CodecError) {
      var dictionary = try CompressionDictionary(
        name: "\(name.corpus).\(name.split).\(size >> 10)k.dict", bytes: bytes,
        sha256: SHA256.hash(bytes).bytes)
      dictionary.origin = sample.origin
      return Trained(dictionary: dictionary, heldOut: sample.heldOut)
    } catch {
      throw .untrainableDictionary(
        corpus: corpus.name, set: name.label,
        message: "the trainer wrote an unusable dictionary: \(error.description)")
    }
  }

  /// The same profile and split generated with the training seed, which must not be the one
  /// measured.
  private static func otherSeed(
    _ corpus: CorpusDefinition, split: PayloadSplit, label: String, seed: UInt64, seedOverride: UInt64?
  ) throws(CorpusError) -> (payloads: [[UInt8]], origin: String, heldOut: Int) {
    let measuredSeed = seedOverride ?? corpus.seed
    guard seed != measuredSeed else {
      throw .invalidParameter(
        corpus: corpus.name,
        message: "the dictionary's training seed \(seed) is the seed being measured; "
          + "a dictionary is never measured on its training payloads")
    }
    let training = try corpus.makePayloadSet(split: split, seedOverride: seed)
    let payloads = training.payloads.map { Array($0) }
    let origin =
      "trained on \(label) generated with seed \(seed) (\(payloads.count) payloads); measured on seed \(measuredSeed)"
    return (payloads, origin, 0)
  }

  /// The leading `share` of the measured set's payloads, held out of what is measured.
  private static func heldOutShare(
    _ corpus: CorpusDefinition, measured: PayloadSet, share: Double
  ) throws(CorpusError) -> (payloads: [[UInt8]], origin: String, heldOut: Int) {
    let count = measured.payloads.count
    let held = Int(Double(count) * share)
    guard held >= 1, held < count else {
      throw .untrainableDictionary(
        corpus: corpus.name, set: nil,
        message: "a \(share) share of \(count) payloads of \(measured.label) leaves nothing to train on or nothing "
          + "to measure")
    }
    let origin =
      "trained on the first \(held) of \(count) payloads of \(measured.label); measured on the other \(count - held)"
    return (measured.payloads.prefix(held).map { Array($0) }, origin, held)
  }
}
