import DeflateBenchCodecs

/// The corpora a run measures, resolved and prepared by one call: the configuration or the
/// `--corpus` specs (`CorpusConfiguration.resolve`), every payload set's names and dictionaries.
/// A dictionary trained on a held-out share needs its set: that set is made for the training,
/// released, and made again (without the training share) when its turn comes.
public struct PreparedCorpora: Sendable {
  /// One per corpus and split, in configuration order.
  public var sets: [PreparedSet] = []
  /// The dictionaries the configuration named or had trained (not the `--dictionary` files),
  /// which a local upload server is given as files of its own.
  public var configurationDictionaries: [CompressionDictionary] = []

  /// - Parameters:
  ///   - configPath: `--config`; ignored when `specs` is not empty; `CorpusConfiguration.defaultPath` when nil.
  ///   - specs: `--corpus` values, which replace the configuration's corpora.
  ///   - seedOverride: `--seed` when given: generated corpora are made with it instead of their own.
  ///   - shuffleSeed: the run's seed (given or default), which shuffles a trainer's samples.
  ///   - extraDictionaries: `--dictionary` files, measured with every set.
  public static func prepare(
    configPath: String?, specs: [String], seedOverride: UInt64?, shuffleSeed: UInt64,
    extraDictionaries: [CompressionDictionary]
  ) throws(CorpusError) -> PreparedCorpora {
    let configuration = try CorpusConfiguration.resolve(configPath: configPath, specs: specs)
    var prepared = PreparedCorpora()
    for (corpus, split) in configuration.plan {
      var dictionaries = extraDictionaries
      var heldOut = 0
      switch corpus.dictionary {
      case nil:
        break
      case .file(let path):
        let dictionary = try DictionaryFiles.load(path)
        dictionaries.append(dictionary)
        if !prepared.configurationDictionaries.contains(dictionary) {
          prepared.configurationDictionaries.append(dictionary)
        }
      case .trained(let size, let seed, let share):
        let trained = try SetDictionaryTraining.train(
          corpus, split: split, size: size, seed: seed, share: share, seedOverride: seedOverride,
          shuffleSeed: shuffleSeed)
        heldOut = trained.heldOut
        dictionaries.append(trained.dictionary)
        prepared.configurationDictionaries.append(trained.dictionary)
      }
      prepared.sets.append(
        PreparedSet(name: corpus.setName(split), dictionaries: dictionaries) { [heldOut] () throws(CorpusError) in
          let set = try corpus.makePayloadSet(split: split, seedOverride: seedOverride)
          return heldOut == 0 ? set : set.droppingHeldOut(heldOut)
        })
    }
    return prepared
  }
}
