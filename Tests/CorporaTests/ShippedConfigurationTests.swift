import DeflateBenchCorpora
import Foundation
import Testing

/// The configurations in `Corpora/` load and hold what the README promises.
@Suite("Shipped configurations")
struct ShippedConfigurationTests {
  private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Corpora")

  @Test func defaultSuiteCoversEveryProfileAndTwoBinaryKinds() throws {
    let configuration = try CorpusConfiguration.load(from: Self.folder.appendingPathComponent("default.json"))
    var profiles = Set<EventProfile>()
    var binaries = Set<BinaryProfile>()
    for corpus in configuration.corpora {
      switch corpus.source {
      case .jsonEvents(let profile, _): profiles.insert(profile)
      case .binary(let profile, _): binaries.insert(profile)
      default: break
      }
    }
    #expect(profiles == Set(EventProfile.allCases))
    #expect(binaries.count >= 2)
    let mixpanelSplits = configuration.corpora.filter { $0.source.kind == .jsonEvents && $0.name.hasPrefix("mixpanel") }
      .flatMap(\.splits)
    #expect(Set(mixpanelSplits).isSuperset(of: [.events(1), .events(50), .events(2000)]))
  }

  @Test func ciSuiteIsSmall() throws {
    let configuration = try CorpusConfiguration.load(from: Self.folder.appendingPathComponent("ci.json"))
    let summaries = try configuration.summaries()
    #expect(!summaries.isEmpty)
    #expect(summaries.allSatisfy { $0.bytes < 200_000 })
    #expect(summaries.reduce(0) { $0 + $1.bytes } < 600_000)
  }
}
