import DeflateBenchCorpora
import Foundation
import TestSupport
import Testing

@Suite("Listing and writing payloads")
struct ListingTests {
  @Test func summariesDescribeEachPayloadSet() throws {
    let configuration = try CorpusConfiguration(specs: [
      "json-events:sentry:count=5,events=1+5", "binary:zeros:bytes=100",
    ])
    let summaries = try configuration.summaries()
    #expect(summaries.map(\.name) == ["sentry", "sentry", "zeros"])
    #expect(summaries.map(\.split) == ["events=1", "events=5", "whole"])
    #expect(summaries.map(\.payloads) == [5, 1, 1])
    let sets = try configuration.makePayloadSets()
    for (summary, set) in zip(summaries, sets) {
      #expect(summary.bytes == set.totalBytes)
      #expect(summary.sha256 == set.sha256)
      #expect(summary.minPayloadBytes == set.payloads.map(\.count).min())
      #expect(summary.maxPayloadBytes == set.payloads.map(\.count).max())
    }
    #expect(summaries[0].minPayloadBytes < summaries[0].maxPayloadBytes)
  }

  @Test func tableAndJSON() throws {
    let summaries = try CorpusConfiguration(specs: ["binary:zeros:bytes=100,chunk=60"]).summaries()
    let table = CorpusListing.table(summaries)
    let lines = table.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines[0].hasPrefix("corpus  kind    split     bytes  payloads  payload bytes  sha256"))
    #expect(lines[1].hasPrefix("zeros   binary  bytes=60  100    2         40-60          "))
    let json = CorpusListing.json(summaries)
    let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    #expect(parsed.count == 1)
    #expect(parsed[0]["name"] as? String == "zeros")
    #expect(parsed[0]["kind"] as? String == "binary")
    #expect(parsed[0]["bytes"] as? Int == 100)
    #expect(parsed[0]["payloads"] as? Int == 2)
    #expect(parsed[0]["sha256"] as? String == summaries[0].sha256)
    #expect(CorpusListing.json([]) == "[]\n")
  }

  @Test func writesEveryPayloadWithItsExtension() throws {
    let scratch = try ScratchDirectory("write")
    let sets = try CorpusConfiguration(specs: [
      "json-events:mixpanel:count=3,events=1,lines=2", "json-events:sentry:count=1,events=1",
    ])
    .makePayloadSets()
    let written = try PayloadWriter.write(sets, to: scratch.url)
    #expect(written == 6)
    let expected = [
      "mixpanel/events=1/000001.json", "mixpanel/events=1/000003.json", "mixpanel/lines=2/000002.ndjson",
      "sentry/events=1/000001.envelope",
    ]
    for path in expected { #expect(FileManager.default.fileExists(atPath: scratch.path(path)), "\(path)") }
    let first = try Data(contentsOf: scratch.url.appendingPathComponent(expected[0]))
    #expect([UInt8](first) == sets[0].payloads[0])
    #expect(PayloadWriter.fileURL(for: sets[0], payload: 2, in: scratch.url).path == scratch.path(expected[1]))
  }
}
