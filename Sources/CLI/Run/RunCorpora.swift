import DeflateBenchCodecs
import DeflateBenchCorpora
import DeflateBenchMeasurement
import Foundation

/// Reads the corpora a run measures through the loader `corpora` uses too, so both commands
/// accept the same values and fail with the same exit codes (66 missing input, 64 usage), and
/// prepares the dictionaries each payload set is also measured with. Payloads themselves are
/// made later, one set at a time.
enum RunCorpora {
  /// The payload sets as sources and, in the same order, the dictionaries of each.
  struct Prepared {
    /// Loaded one at a time when the run reaches them, so the run never holds more than one
    /// (`SetBySetRun`).
    var sources: [PayloadSetSource]
    var dictionaries: [[CompressionDictionary]]
    /// The dictionaries the configuration named or asked for (not `--dictionary` files), which a
    /// local upload server is given as files of its own.
    var fromConfiguration: [CompressionDictionary]
  }

  /// Reads and validates the configuration and prepares every dictionary now. A dictionary
  /// trained on a held-out share needs its set: that set is made for the training, released, and
  /// made again (without the training share) when its turn comes.
  static func prepare(_ options: RunOptions) throws(CLIError) -> Prepared {
    let configuration = try CorpusLoading.configuration(
      configPath: options.configPath, specs: options.corpusSpecs)
    let seedOverride = options.seedGiven ? options.settings.seed : nil
    var prepared = Prepared(sources: [], dictionaries: [], fromConfiguration: [])
    for (corpus, split) in configuration.plan {
      var dictionaries = options.dictionaries
      var trainingPayloads = 0
      switch corpus.dictionary {
      case nil:
        break
      case .file(let path):
        let dictionary = try DictionaryFiles.load(path)
        dictionaries.append(dictionary)
        if !prepared.fromConfiguration.contains(dictionary) { prepared.fromConfiguration.append(dictionary) }
      case .trained(let size, let seed, let share):
        var set: PayloadSet
        do throws(CorpusError) {
          set = try corpus.makePayloadSet(split: split, seedOverride: seedOverride)
        } catch {
          throw CorpusLoading.cliError(error)
        }
        let whole = set.payloads.count
        let dictionary = try CorpusDictionaryTraining.train(
          corpus: corpus, split: split, measured: &set, size: size, seed: seed, share: share,
          seedOverride: seedOverride)
        trainingPayloads = whole - set.payloads.count
        dictionaries.append(dictionary)
        prepared.fromConfiguration.append(dictionary)
      }
      let dropped = trainingPayloads
      prepared.sources.append(
        PayloadSetSource(corpus: corpus.name, kind: corpus.kind.rawValue, split: split.description) {
          () throws(CorpusError) in
          let set = try corpus.makePayloadSet(split: split, seedOverride: seedOverride)
          return dropped == 0 ? set : CorpusDictionaryTraining.withoutTrainingShare(set, count: dropped)
        })
      prepared.dictionaries.append(dictionaries)
    }
    return prepared
  }
}
