import DeflateBenchCorpora
import Foundation
import TestSupport

/// Writes a configuration file into a scratch folder and loads it.
struct ConfigurationFixture {
  let scratch: ScratchDirectory
  let file: URL

  init(_ json: String, name: String = "corpora.json") throws {
    scratch = try ScratchDirectory("config")
    file = try scratch.write(name, text: json)
  }

  func load() throws(CorpusError) -> CorpusConfiguration {
    try CorpusConfiguration.load(from: file)
  }

  /// The error loading throws, or nil when the configuration is valid.
  func loadError() -> CorpusError? {
    do {
      _ = try load()
      return nil
    } catch {
      return error
    }
  }
}

/// A configuration with one corpus object (given as JSON members).
func oneCorpus(_ members: String) -> String {
  "{\"corpora\": [{\(members)}]}"
}

/// The error parsing a `--corpus` value throws, or nil.
func specError(_ spec: String, relativeTo base: URL? = nil) -> CorpusError? {
  do {
    _ = try CorpusSpec.parse(spec, relativeTo: base)
    return nil
  } catch {
    return error
  }
}
