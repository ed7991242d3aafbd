import DeflateBenchCorpora
import DeflateBenchSupport
import Foundation
import Testing

@Suite("Payload splitting")
struct SplittingTests {
  @Test func eventBatchesRoundUpWithAShortLastBatch() throws {
    let definition = try CorpusSpec.parse("json-events:mixpanel:count=120,events=1+50+2000")
    let sets = try definition.makePayloadSets()
    #expect(sets.map(\.split) == ["events=1", "events=50", "events=2000"])
    #expect(sets.map(\.payloads.count) == [120, 3, 1])
    #expect(sets.allSatisfy { $0.corpus == "mixpanel" && $0.kind == "json-events" })
  }

  @Test func byteChunksReassembleToTheWhole() throws {
    let definition = try CorpusSpec.parse("binary:records:bytes=10000,whole,chunk=4096")
    let sets = try definition.makePayloadSets()
    #expect(sets[1].payloads.map(\.count) == [4096, 4096, 1808])
    #expect(sets[1].payloads.flatMap { $0 } == Array(sets[0].payloads[0]))
    // The set digest covers the concatenation, so cutting does not change it.
    #expect(sets[0].sha256 == sets[1].sha256)
    #expect(sets[0].sha256 == SHA256.hash(sets[0].payloads[0]).hex)
  }

  @Test func wholeJSONEventsCutIntoBytes() throws {
    let definition = try CorpusSpec.parse("json-events:segment:count=20,whole,chunk=1000")
    let sets = try definition.makePayloadSets()
    #expect(sets[0].payloads.count == 1)
    #expect(sets[1].payloads.dropLast().allSatisfy { $0.count == 1000 })
    #expect(sets[1].payloads.flatMap { $0 } == Array(sets[0].payloads[0]))
    #expect(sets[1].fileExtension(ofPayload: 0) == "bin")
    #expect(sets[0].fileExtension(ofPayload: 0) == "json")
  }

  @Test func fileLinesKeepTheirBreaks() throws {
    let fixture = try ConfigurationFixture(
      oneCorpus(
        "\"name\": \"log\", \"kind\": \"file\", \"path\": \"app.ndjson\", \"split\": [{\"lines\": 2}, \"whole\", {\"bytes\": 4}]"
      ))
    try fixture.scratch.write("app.ndjson", text: "{\"a\":1}\n{\"a\":2}\n{\"a\":3}\n{\"a\":4}\n{\"a\":5}")
    let sets = try fixture.load().makePayloadSets()
    let text = sets[0].payloads.map { String(decoding: $0, as: UTF8.self) }
    #expect(text == ["{\"a\":1}\n{\"a\":2}\n", "{\"a\":3}\n{\"a\":4}\n", "{\"a\":5}"])
    #expect(sets[0].fileExtension(ofPayload: 0) == "ndjson")
    #expect(sets[1].payloads.count == 1)
    #expect(sets[2].payloads.count == 10)
  }

  @Test func emptyFileFlowsThroughEverySplit() throws {
    let fixture = try ConfigurationFixture(
      oneCorpus("\"kind\": \"file\", \"path\": \"empty.json\", \"split\": [\"whole\", {\"bytes\": 10}, {\"lines\": 3}]")
    )
    try fixture.scratch.write("empty.json", [])
    let sets = try fixture.load().makePayloadSets()
    #expect(sets.count == 3)
    for set in sets {
      #expect(set.corpus == "empty.json")
      #expect(set.payloads == [[]])
      #expect(set.totalBytes == 0)
      #expect(set.sha256 == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
  }

  @Test func defaultSplits() throws {
    #expect(try CorpusSpec.parse("json-events:sentry").splits == [.events(50)])
    #expect(try CorpusSpec.parse("binary:zeros").splits == [.whole])
    let fixture = try ConfigurationFixture(
      oneCorpus("\"kind\": \"json-events\", \"profile\": \"sentry\", \"batch\": [1, 10]"))
    #expect(try fixture.load().corpora[0].splits == [.events(1), .events(10)])
  }
}
