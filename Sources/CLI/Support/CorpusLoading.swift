import DeflateBenchCorpora
import Foundation

/// Reads corpora from `--config` or `--corpus` values, shared by `run` and `corpora`, and turns
/// corpus problems into the tool's exit codes: a missing or unreadable path is 66, a wrong
/// configuration or `--corpus` value is 64, a malformed input (a HAR file) 65, an unwritable
/// output 73.
enum CorpusLoading {
  /// The configuration the main job measures when neither `--config` nor `--corpus` is given.
  static let defaultConfigPath = "Corpora/default.json"

  /// - Parameters:
  ///   - configPath: the configuration file; ignored when `specs` is not empty.
  ///   - specs: `--corpus` values, which replace the configuration's corpora.
  static func configuration(configPath: String?, specs: [String]) throws(CLIError)
    -> CorpusConfiguration
  {
    do throws(CorpusError) {
      if !specs.isEmpty { return try CorpusConfiguration(specs: specs) }
      let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      return try CorpusConfiguration.load(from: URL(fileURLWithPath: configPath ?? defaultConfigPath, relativeTo: cwd))
    } catch {
      throw cliError(error)
    }
  }

  static func payloadSets(_ configuration: CorpusConfiguration, seedOverride: UInt64?)
    throws(CLIError) -> [PayloadSet]
  {
    do throws(CorpusError) {
      return try configuration.makePayloadSets(seedOverride: seedOverride)
    } catch {
      throw cliError(error)
    }
  }

  static func cliError(_ error: CorpusError) -> CLIError {
    let message = error.description
    switch error.category {
    case .missingInput: return .missingInput(message)
    case .cannotCreate: return CLIError(.cannotCreate, message)
    case .usage: return .usage(message)
    case .invalidData: return .dataError(message)
    }
  }
}
