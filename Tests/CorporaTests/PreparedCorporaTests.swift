import DeflateBenchCorpora
import DeflateBenchSupport
import Foundation
import TestSupport
import Testing

/// `PreparedCorpora.prepare`, the one call that resolves a run's corpora and prepares its sets:
/// a trained dictionary never sees the payloads its set is measured on.
@Suite("Prepared corpora: names, dictionaries and what a set measures")
struct PreparedCorporaTests {
  /// A folder of 32 JSON files and a configuration whose directory corpus holds out a quarter.
  static func folderCorpus(_ scratch: ScratchDirectory, share: Double) throws -> String {
    for index in 0..<32 {
      let events = (0..<40).map { "{\"event\":\"view\",\"n\":\(index * 40 + $0),\"page\":\"/items/\($0 % 7)\"}" }
      _ = try scratch.write("files/\(index).json", text: "[" + events.joined(separator: ",") + "]")
    }
    let file = try scratch.write(
      "suite.json",
      text: oneCorpus(
        "\"name\": \"files\", \"kind\": \"directory\", \"path\": \"files\", \"dictionary\": {\"size\": 1024, \"share\": \(share)}"
      ))
    return file.path
  }

  @Test("a held-out share trains the dictionary and is left out of the set measured, which is hashed again")
  func heldOutShareIsNotMeasured() throws {
    let scratch = try ScratchDirectory("prepared-share")
    let config = try Self.folderCorpus(scratch, share: 0.25)
    let prepared = try PreparedCorpora.prepare(
      configPath: config, specs: [], seedOverride: nil, shuffleSeed: 1, extraDictionaries: [])
    let set = try #require(prepared.sets.first)
    #expect(set.name == PayloadSetName(corpus: "files", kind: "directory", split: "whole"))
    let dictionary = try #require(set.dictionaries.first)
    #expect(prepared.configurationDictionaries == [dictionary])
    #expect(dictionary.origin == "trained on the first 8 of 32 payloads of files/whole; measured on the other 24")

    let whole = try CorpusConfiguration.load(from: URL(fileURLWithPath: config)).makePayloadSets()[0]
    let measured = try set.load()
    #expect(measured.payloads.count == 24)
    #expect(measured.payloads.map { Array($0) } == whole.payloads.dropping(first: 8).map { Array($0) })
    var hasher = SHA256()
    for payload in measured.payloads { hasher.update(payload) }
    #expect(measured.sha256 == hasher.finalize().hex)
    #expect(measured.sha256 != whole.sha256)
  }

  @Test("a share that leaves nothing to measure is bad data naming the corpus")
  func shareLeavingNothingIsRefused() throws {
    let scratch = try ScratchDirectory("prepared-share-none")
    let config = try Self.folderCorpus(scratch, share: 0.02)
    #expect {
      try PreparedCorpora.prepare(
        configPath: config, specs: [], seedOverride: nil, shuffleSeed: 1, extraDictionaries: [])
    } throws: { error in
      let error = try #require(error as? CorpusError)
      return error.category == .invalidData && error.description.hasPrefix("corpus \"files\": a 0.02 share of 32")
    }
  }

  @Test("a generated corpus trains on another seed, and --seed equal to the training seed is refused")
  func trainingSeedIsNeverMeasured() throws {
    let scratch = try ScratchDirectory("prepared-seed")
    let config = try scratch.write(
      "suite.json",
      text: oneCorpus(
        "\"name\": \"mixpanel\", \"kind\": \"json-events\", \"profile\": \"mixpanel\", \"count\": 40, \"split\": {\"events\": 1}, \"dictionary\": {\"size\": 1024, \"seed\": 5}"
      )
    ).path
    let prepared = try PreparedCorpora.prepare(
      configPath: config, specs: [], seedOverride: 9, shuffleSeed: 9, extraDictionaries: [])
    #expect(
      prepared.sets[0].dictionaries.first?.origin
        == "trained on mixpanel/events=1 generated with seed 5 (40 payloads); measured on seed 9")
    #expect(try prepared.sets[0].load().payloads.count == 40)
    #expect {
      try PreparedCorpora.prepare(configPath: config, specs: [], seedOverride: 5, shuffleSeed: 5, extraDictionaries: [])
    } throws: { error in
      (error as? CorpusError)?.description.contains("the dictionary's training seed 5 is the seed being measured")
        == true
    }
  }

  @Test("--corpus specs replace the configuration, which is then not read")
  func specsReplaceTheConfiguration() throws {
    let prepared = try PreparedCorpora.prepare(
      configPath: "/nonexistent/suite.json", specs: ["json-events:segment:count=4,events=2"], seedOverride: nil,
      shuffleSeed: 1, extraDictionaries: [])
    #expect(prepared.sets.map(\.label) == ["segment/events=2"])
    #expect(try prepared.sets[0].load().generator == "json-events/segment")
  }
}
