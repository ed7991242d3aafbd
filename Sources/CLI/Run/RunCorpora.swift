import DeflateBenchCorpora
import Foundation

/// Reads the corpora a run measures through the loader `corpora` uses too, so both commands
/// accept the same values and fail with the same exit codes (66 missing input, 64 usage).
enum RunCorpora {
  static func load(_ options: RunOptions, command: String) throws(CLIError) -> [PayloadSet] {
    let configuration = try CorpusLoading.configuration(
      configPath: options.configPath, specs: options.corpusSpecs, command: command)
    return try CorpusLoading.payloadSets(
      configuration, seedOverride: options.seedGiven ? options.settings.seed : nil, command: command)
  }
}
