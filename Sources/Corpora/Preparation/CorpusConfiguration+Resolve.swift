import Foundation

extension CorpusConfiguration {
  /// The configuration a command measures when neither `--config` nor `--corpus` is given,
  /// relative to the current folder.
  public static let defaultPath = "Corpora/default.json"

  /// The corpora a command's `--config` and `--corpus` values name: the `--corpus` specs when
  /// there are any (they replace the configuration, which is then not read at all), else the
  /// configuration file, `defaultPath` when none is given. Relative paths start at the current
  /// folder.
  public static func resolve(configPath: String?, specs: [String]) throws(CorpusError) -> CorpusConfiguration {
    if !specs.isEmpty { return try CorpusConfiguration(specs: specs) }
    let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    return try load(from: URL(fileURLWithPath: configPath ?? defaultPath, relativeTo: cwd))
  }
}
