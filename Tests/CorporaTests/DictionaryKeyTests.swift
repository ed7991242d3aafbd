import Foundation
import Testing

/// A corpus's `"dictionary"` key: a file, or training on a separate sample that fits the kind;
/// anything that would train on the measured payloads is refused.
@Suite("Corpus dictionary key")
struct DictionaryKeyTests {
  static let events = #""name": "mp", "kind": "json-events", "profile": "mixpanel", "count": 50, "split": "events=1""#

  @Test func generatedCorporaTrainOnAnotherSeedByDefault() throws {
    let configuration = try ConfigurationFixture(oneCorpus(Self.events + #", "dictionary": {"size": 4096}"#)).load()
    #expect(configuration.corpora[0].dictionary == .trained(size: 4096, seed: 2, share: nil))
  }

  @Test func fileCorporaHoldOutAShareAndFilesResolveRelativeToTheConfiguration() throws {
    let fixture = try ConfigurationFixture(
      #"{"corpora": [{"kind": "file", "path": "events.ndjson", "split": "lines=1", "dictionary": {"share": 0.25}},"#
        + #" {"name": "b", "kind": "file", "path": "events.ndjson", "dictionary": "events.dict"}]}"#)
    _ = try fixture.scratch.write("events.ndjson", text: "{\"a\":1}\n{\"a\":2}\n")
    _ = try fixture.scratch.write("events.dict", text: "{\"a\":")
    let corpora = try fixture.load().corpora
    #expect(corpora[0].dictionary == .trained(size: 16384, seed: nil, share: 0.25))
    #expect(corpora[1].dictionary == .file(path: fixture.scratch.path("events.dict")))
  }

  @Test(arguments: [
    (#"{"seed": 1}"#, "is the corpus's own"),
    (#"{"share": 0.5}"#, "\"share\" applies to file kinds"),
    (#"{"size": 10}"#, "size must be from 256"),
    (#"{"sizes": 4096}"#, "unknown key \"sizes\""),
    (#""missing.dict""#, "missing.dict"),
  ])
  func badDictionaryRequestsAreRefused(value: String, message: String) throws {
    let error = try #require(
      try ConfigurationFixture(oneCorpus(Self.events + ", \"dictionary\": \(value)")).loadError())
    #expect(error.description.contains(message), "\(error)")
  }
}
