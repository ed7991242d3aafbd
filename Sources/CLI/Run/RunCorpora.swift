import DeflateBenchCorpora
import DeflateBenchMeasurement
import Foundation

/// Reads the corpora a run measures through the loader `corpora` uses too, so both commands
/// accept the same values and fail with the same exit codes (66 missing input, 64 usage).
/// Payloads themselves are made later, one set at a time.
enum RunCorpora {
  /// The payload sets as sources loaded one at a time when the run reaches them, so the run
  /// never holds more than one (`SetBySetRun`). The configuration is read and validated now.
  static func sources(_ options: RunOptions, command: String) throws(CLIError) -> [PayloadSetSource] {
    let configuration = try CorpusLoading.configuration(
      configPath: options.configPath, specs: options.corpusSpecs, command: command)
    let seedOverride = options.seedGiven ? options.settings.seed : nil
    return configuration.plan.map { corpus, split in
      PayloadSetSource(corpus: corpus.name, kind: corpus.kind.rawValue, split: split.description) {
        () throws(CorpusError) in try corpus.makePayloadSet(split: split, seedOverride: seedOverride)
      }
    }
  }
}
