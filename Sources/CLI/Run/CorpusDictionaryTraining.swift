import DeflateBenchCodecs
import DeflateBenchCorpora
import DeflateBenchSupport
import Foundation

/// A corpus's `"dictionary": {...}` trained for one payload set on a separate sample: the same
/// profile and split generated with another seed, or a leading share of a file corpus's
/// payloads that is then removed from the measured set. The dictionary's origin names both.
enum CorpusDictionaryTraining {
  static func train(
    corpus: CorpusDefinition, split: PayloadSplit, measured set: inout PayloadSet, size: Int, seed: UInt64?,
    share: Double?, seedOverride: UInt64?
  ) throws(CLIError) -> CompressionDictionary {
    let samples: [[UInt8]]
    let origin: String
    if let seed {
      let measuredSeed = seedOverride ?? corpus.seed
      guard seed != measuredSeed else {
        throw .usage(
          "corpus \"\(corpus.name)\": the dictionary's training seed \(seed) is the seed being measured; "
            + "a dictionary is never measured on its training payloads")
      }
      let training: PayloadSet
      do throws(CorpusError) {
        training = try corpus.makePayloadSet(split: split, seedOverride: seed)
      } catch {
        throw CorpusLoading.cliError(error)
      }
      samples = training.payloads.map { Array($0) }
      origin =
        "trained on \(set.label) generated with seed \(seed) (\(samples.count) payloads); "
        + "measured on seed \(measuredSeed)"
    } else {
      let share = share ?? DictionaryRequest.defaultShare
      let count = set.payloads.count
      let held = Int(Double(count) * share)
      guard held >= 1, held < count else {
        throw .dataError(
          "corpus \"\(corpus.name)\": a \(share) share of \(count) payloads of \(set.label) leaves "
            + "nothing to train on or nothing to measure")
      }
      samples = set.payloads.prefix(held).map { Array($0) }
      set = withoutTrainingShare(set, count: held)
      origin =
        "trained on the first \(held) of \(count) payloads of \(set.label); measured on the other \(set.payloads.count)"
    }
    let bytes: [UInt8]
    do throws(DictionaryTrainingError) {
      // One pass (no search) keeps a run's set-up short; shuffled with the run's seed (default 1).
      bytes = try ZstdDictionaryTrainer.train(samples: samples, size: size, seed: seedOverride ?? 1, method: .fast)
        .dictionary
    } catch {
      throw .dataError("corpus \"\(corpus.name)\" (\(set.label)): \(error.description)")
    }
    do throws(CodecError) {
      var dictionary = try CompressionDictionary(
        name: "\(set.corpus).\(set.split).\(size >> 10)k.dict", bytes: bytes, sha256: SHA256.hash(bytes).bytes)
      dictionary.origin = origin
      return dictionary
    } catch {
      throw .failure("the trainer wrote an unusable dictionary: \(error.description)")
    }
  }

  /// The measured part of a set whose first `count` payloads trained its dictionary.
  static func withoutTrainingShare(_ set: PayloadSet, count: Int) -> PayloadSet {
    let rest = set.payloads.dropping(first: count)
    var hasher = SHA256()
    for payload in rest { hasher.update(payload) }
    return PayloadSet(
      corpus: set.corpus, kind: set.kind, split: set.split, bodies: rest, sha256: hasher.finalize().hex)
  }

  /// Writes the configuration's dictionaries into a new temporary folder, for a local upload server that
  /// must hold them; returns the folder (to remove afterwards) and the file paths.
  static func writeForServer(_ dictionaries: [CompressionDictionary]) throws(CLIError) -> (URL, [String])? {
    guard !dictionaries.isEmpty else { return nil }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "deflate-bench-dictionaries-\(UUID().uuidString)", isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      var paths: [String] = []
      for (index, dictionary) in dictionaries.enumerated() {
        let file = folder.appendingPathComponent("\(index)-\(dictionary.name)")
        try AtomicFile.write(dictionary.bytes, to: file.path)
        paths.append(file.path)
      }
      return (folder, paths)
    } catch {
      throw CLIError(.cannotCreate, "cannot write trained dictionaries for the upload server: \(error)")
    }
  }
}
