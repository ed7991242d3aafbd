import DeflateBenchCorpora
import Foundation
import TestSupport
import Testing

@Suite("--corpus shorthand")
struct ShorthandTests {
  @Test func generatorWithEveryParameter() throws {
    let definition = try CorpusSpec.parse(
      "json-events:segment:count=300,events=1+50,lines=100,chunk=4096,whole,seed=7,name=seg")
    #expect(definition.name == "seg")
    #expect(definition.seed == 7)
    #expect(definition.source == .jsonEvents(profile: .segment, count: 300))
    #expect(definition.splits == [.events(1), .events(50), .lines(100), .bytes(4096), .whole])
  }

  @Test func defaults() throws {
    let events = try CorpusSpec.parse("json-events:mixpanel:events=50")
    #expect(events.name == "mixpanel")
    #expect(events.seed == CorpusDefinition.defaultSeed)
    #expect(events.source == .jsonEvents(profile: .mixpanel, count: 1000))
    let binary = try CorpusSpec.parse("binary:random:bytes=1048576")
    #expect(binary.source == .binary(profile: .random, bytes: 1_048_576))
    #expect(binary.splits == [.whole])
    // A batch larger than the default count raises the count so the batch is full.
    #expect(
      try CorpusSpec.parse("json-events:mixpanel:events=2000").source == .jsonEvents(profile: .mixpanel, count: 2000))
  }

  @Test(arguments: [
    ("", "--corpus \"\": is empty; give a path or a generator"),
    (
      "json-events:",
      "--corpus \"json-events:\": needs a profile after \"json-events:\"; known profiles: mixpanel, segment, otlp-logs, sentry"
    ),
    (
      "json-event:mixpanel",
      "--corpus \"json-event:mixpanel\": unknown generator kind \"json-event\"; generator kinds: json-events, binary (or give an existing file or folder)"
    ),
    (
      "json-events:mixpanel:batch=5",
      "--corpus \"json-events:mixpanel:batch=5\": unknown parameter \"batch\"; parameters: count, bytes, seed, name, whole, events, lines, chunk"
    ),
    (
      "json-events:mixpanel:events=ten",
      "--corpus \"json-events:mixpanel:events=ten\": events must be a whole number, found \"ten\""
    ),
    (
      "json-events:mixpanel:seed=-1",
      "--corpus \"json-events:mixpanel:seed=-1\": seed must be a whole number from 0 to 18446744073709551615, found \"-1\""
    ),
    (
      "json-events:mixpanel:fast",
      "--corpus \"json-events:mixpanel:fast\": parameter \"fast\" is not NAME=VALUE; parameters: count, bytes, seed, name, whole, events, lines, chunk"
    ),
    (
      "json-events:mixpanel:bytes=5",
      "--corpus \"json-events:mixpanel:bytes=5\": bytes= does not apply to json-events; count= sets events (json-events), bytes= sets the size (binary), chunk=N cuts into N-byte pieces"
    ),
    (
      "json-events:amplitude",
      "corpus \"amplitude\": unknown json-events profile \"amplitude\"; known profiles: mixpanel, segment, otlp-logs, sentry"
    ),
    ("json-events:mixpanel:count=0", "corpus \"mixpanel\": count must be at least 1, found 0"),
    ("json-events:mixpanel:events=0", "corpus \"mixpanel\": split events=0: the size must be at least 1"),
    (
      "json-events:mixpanel:events=2001",
      "corpus \"mixpanel\": split events=2001 exceeds the mixpanel limit of 2000 events per request"
    ),
    ("binary:random:bytes=0", "corpus \"random\": bytes must be at least 1, found 0"),
    ("binary:random:chunk=0", "corpus \"random\": split bytes=0: the size must be at least 1"),
    (
      "binary:random:events=5",
      "corpus \"random\": split events=5 needs kind \"json-events\" or \"har\"; use lines, bytes or whole"
    ),
  ])
  func usageErrors(spec: String, message: String) throws {
    let error = try #require(specError(spec))
    #expect(error.description == message)
    #expect(error.exitCode == 64)
  }

  @Test func missingPathIsMissingInput() throws {
    let scratch = try ScratchDirectory("spec")
    let error = try #require(specError("uploads/photo.jpg", relativeTo: scratch.url))
    #expect(error.exitCode == 66)
    #expect(error.description == "corpus \"photo.jpg\" file does not exist: \(scratch.path("uploads/photo.jpg"))")
  }

  @Test func severalBadValuesAreReportedTogether() {
    do {
      _ = try CorpusConfiguration(specs: ["json-events:mixpanel:count=0", "binary:pink", "binary:zeros"])
      Issue.record("expected an error")
    } catch {
      #expect(error.description.hasPrefix("--corpus: 2 problems:\n"))
      #expect(error.description.contains("count must be at least 1"))
      #expect(error.description.contains("unknown binary profile \"pink\""))
      #expect(error.exitCode == 64)
    }
  }
}
