import DeflateBenchCodecs
import DeflateBenchCorpora
import Foundation

/// Reads the corpora a run measures through the loader `corpora` uses too, so both commands
/// accept the same values and fail with the same exit codes (66 missing input, 64 usage), and
/// prepares the dictionaries each payload set is also measured with.
enum RunCorpora {
  /// The payload sets and, in the same order, the dictionaries of each.
  struct Prepared {
    var payloadSets: [PayloadSet]
    var dictionaries: [[CompressionDictionary]]
    /// The dictionaries the configuration named or asked for (not `--dictionary` files), which a
    /// local upload server is given as files of its own.
    var fromConfiguration: [CompressionDictionary]
  }

  static func load(_ options: RunOptions) throws(CLIError) -> Prepared {
    let configuration = try CorpusLoading.configuration(
      configPath: options.configPath, specs: options.corpusSpecs)
    let seedOverride = options.seedGiven ? options.settings.seed : nil
    var prepared = Prepared(payloadSets: [], dictionaries: [], fromConfiguration: [])
    for corpus in configuration.corpora {
      for split in corpus.splits {
        var set: PayloadSet
        do throws(CorpusError) {
          set = try corpus.makePayloadSet(split: split, seedOverride: seedOverride)
        } catch {
          throw CorpusLoading.cliError(error)
        }
        var dictionaries = options.dictionaries
        switch corpus.dictionary {
        case nil:
          break
        case .file(let path):
          let dictionary = try DictionaryFiles.load(path)
          dictionaries.append(dictionary)
          if !prepared.fromConfiguration.contains(dictionary) { prepared.fromConfiguration.append(dictionary) }
        case .trained(let size, let seed, let share):
          let dictionary = try CorpusDictionaryTraining.train(
            corpus: corpus, split: split, measured: &set, size: size, seed: seed, share: share,
            seedOverride: seedOverride)
          dictionaries.append(dictionary)
          prepared.fromConfiguration.append(dictionary)
        }
        prepared.payloadSets.append(set)
        prepared.dictionaries.append(dictionaries)
      }
    }
    return prepared
  }
}
