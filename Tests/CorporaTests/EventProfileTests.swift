import DeflateBenchCorpora
import Foundation
import TestSupport
import Testing

/// Written payloads parse as JSON (envelopes line by line) and carry their profile's fields.
@Suite("JSON event profiles")
struct EventProfileTests {
  private func payloads(_ spec: String) throws -> [[UInt8]] {
    let definition = try CorpusSpec.parse(spec)
    return try definition.makePayloadSets()[0].payloads.map { Array($0) }
  }

  private func object(_ bytes: some Collection<UInt8>) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
  }

  @Test func mixpanelBatchesAreArraysOfEvents() throws {
    let batches = try payloads("json-events:mixpanel:count=120,events=50")
    #expect(batches.count == 3)
    var times: [Int] = []
    var insertIds = Set<String>()
    for batch in batches {
      let events = try #require(try JSONSerialization.jsonObject(with: Data(batch)) as? [[String: Any]])
      for event in events {
        #expect(event["event"] is String)
        let properties = try #require(event["properties"] as? [String: Any])
        for key in ["token", "time", "distinct_id", "$insert_id", "$os", "mp_lib"] {
          #expect(properties[key] != nil, "missing \(key)")
        }
        // `$app_version_string` is what the mobile SDKs send; the web SDK has none.
        if properties["mp_lib"] as? String != "web" { #expect(properties["$app_version_string"] != nil) }
        times.append(try #require(properties["time"] as? Int))
        insertIds.insert(try #require(properties["$insert_id"] as? String))
      }
    }
    #expect(times.count == 120)
    #expect(times == times.sorted(), "timestamps move forward")
    #expect(insertIds.count == 120, "insert ids are random, hence unique")
  }

  @Test func segmentBatchesCarryMessagesAndContext() throws {
    let batches = try payloads("json-events:segment:count=80,events=40")
    #expect(batches.count == 2)
    var types = Set<String>()
    for batch in batches {
      let body = try object(batch)
      #expect(body["sentAt"] is String)
      #expect(body["writeKey"] is String)
      let messages = try #require(body["batch"] as? [[String: Any]])
      #expect(messages.count == 40)
      for message in messages {
        types.insert(try #require(message["type"] as? String))
        #expect(message["messageId"] is String)
        #expect(message["anonymousId"] is String)
        let timestamp = try #require(message["timestamp"] as? String)
        #expect(timestamp.count == 24 && timestamp.hasSuffix("Z"), "ISO-8601 with milliseconds: \(timestamp)")
        let context = try #require(message["context"] as? [String: Any])
        #expect(context["library"] is [String: Any])
        #expect(context["locale"] is String)
      }
    }
    #expect(types.contains("track"))
    #expect(types.isSubset(of: ["track", "screen", "page", "identify"]))
  }

  @Test func otlpLogsAreOneResourceLogsDocumentGroupedByScope() throws {
    let batches = try payloads("json-events:otlp-logs:count=60,events=60")
    let body = try object(try #require(batches.first))
    let resourceLogs = try #require(body["resourceLogs"] as? [[String: Any]])
    #expect(resourceLogs.count == 1)
    let resource = try #require(resourceLogs[0]["resource"] as? [String: Any])
    let attributes = try #require(resource["attributes"] as? [[String: Any]])
    #expect(attributes.contains { $0["key"] as? String == "service.name" })
    let scopeLogs = try #require(resourceLogs[0]["scopeLogs"] as? [[String: Any]])
    var records = 0
    var scopeNames = Set<String>()
    for scopeLog in scopeLogs {
      let scope = try #require(scopeLog["scope"] as? [String: Any])
      scopeNames.insert(try #require(scope["name"] as? String))
      for record in try #require(scopeLog["logRecords"] as? [[String: Any]]) {
        records += 1
        let time = try #require(record["timeUnixNano"] as? String)
        #expect(time.count == 19 && time.allSatisfy(\.isNumber))
        #expect(record["severityNumber"] is Int)
        #expect(record["severityText"] is String)
        #expect((record["body"] as? [String: Any])?["stringValue"] is String)
        #expect((record["traceId"] as? String)?.count == 32)
        #expect((record["spanId"] as? String)?.count == 16)
        #expect(record["attributes"] is [[String: Any]])
      }
    }
    #expect(records == 60)
    #expect(scopeNames.count == scopeLogs.count, "one scopeLogs entry per scope")
  }

  /// An envelope is a header line, then per event an item header (with the exact length) and
  /// the event.
  @Test func sentryEnvelopesParseLineByLine() throws {
    let envelopes = try payloads("json-events:sentry:count=7,events=3")
    #expect(envelopes.count == 3)
    var events = 0
    for envelope in envelopes {
      #expect(envelope.last == 0x0A)
      let lines = envelope.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
      let header = try object(lines.first!)
      #expect(header["sent_at"] is String)
      #expect(header["sdk"] is [String: Any])
      let items = Array(lines.dropFirst())
      #expect(items.count % 2 == 0)
      for pair in stride(from: 0, to: items.count, by: 2) {
        let itemHeader = try object(items[pair])
        #expect(itemHeader["type"] as? String == "event")
        #expect(itemHeader["length"] as? Int == items[pair + 1].count)
        let event = try object(items[pair + 1])
        #expect((event["event_id"] as? String)?.count == 32)
        #expect(event["platform"] as? String == "javascript")
        #expect(event["timestamp"] is Double)
        let exception = try #require(event["exception"] as? [String: Any])
        let values = try #require(exception["values"] as? [[String: Any]])
        let stacktrace = try #require(values.first?["stacktrace"] as? [String: Any])
        #expect(((stacktrace["frames"] as? [[String: Any]])?.count ?? 0) >= 4)
        #expect(((event["breadcrumbs"] as? [[String: Any]])?.count ?? 0) >= 6)
        events += 1
      }
      if envelope == envelopes.last! { #expect(items.count == 2) }
    }
    #expect(events == 7)
  }

  @Test(arguments: EventProfile.allCases)
  func ndjsonLinesAreEventObjects(profile: EventProfile) throws {
    let chunks = try payloads("json-events:\(profile.rawValue):count=25,lines=10")
    #expect(chunks.count == 3)
    var lines = 0
    for chunk in chunks {
      #expect(chunk.last == 0x0A)
      for line in chunk.split(separator: 0x0A) {
        _ = try object(line)
        lines += 1
      }
    }
    #expect(lines == 25)
  }

  /// The batch size changes how events are wrapped, never which events there are.
  @Test(arguments: EventProfile.allCases)
  func splitsHoldTheSameEvents(profile: EventProfile) throws {
    let definition = try CorpusSpec.parse("json-events:\(profile.rawValue):count=30,lines=1+30")
    let sets = try definition.makePayloadSets()
    #expect(sets[0].payloads.count == 30)
    #expect(sets[0].payloads.flatMap { $0 } == sets[1].payloads[0])
  }
}
