import DeflateBenchCorpora
import Foundation
import TestSupport
import Testing

/// `har` corpora: a DevTools-style export becomes payloads equal to its request bodies byte
/// for byte, however they were stored (text, base64, gzip-encoded); filters, splits, notes and
/// every kind of malformed file.
@Suite("HAR corpora")
struct HARCorpusTests {
  /// The fixture written as `name` in a scratch folder.
  static func written(_ name: String = "session.har") throws -> (ScratchDirectory, HARFixture) {
    let fixture = try HARFixture.make()
    let scratch = try ScratchDirectory("har")
    try scratch.write(name, fixture.bytes)
    return (scratch, fixture)
  }

  static func sets(_ spec: String, in scratch: ScratchDirectory) throws -> [PayloadSet] {
    try CorpusConfiguration(specs: [spec], relativeTo: scratch.url).makePayloadSets()
  }

  static func config(_ members: String, in scratch: ScratchDirectory) throws(CorpusError) -> [PayloadSet] {
    let file = scratch.url.appendingPathComponent("corpora.json")
    try? Data("{\"corpora\": [{\(members)}]}".utf8).write(to: file)
    return try CorpusConfiguration.load(from: file).makePayloadSets()
  }

  @Test("every body comes out byte for byte, in file order, text, base64 and gzip-encoded alike")
  func bodiesAreByteIdentical() throws {
    let (scratch, fixture) = try Self.written()
    let sets = try Self.sets("session.har", in: scratch)
    #expect(sets.count == 1)
    #expect(sets[0].kind == "har")
    #expect(sets[0].split == "whole")
    #expect(sets[0].payloads == fixture.bodies)
    #expect(sets[0].fileExtension(ofPayload: 0) == "json")
    #expect(sets[0].fileExtension(ofPayload: 1) == "bin")
    #expect(sets[0].fileExtension(ofPayload: 3) == "ndjson")
    #expect(sets[0].fileExtension(ofPayload: 4) == "txt")
  }

  @Test("the notes count bodies per endpoint, bodiless requests and undone encodings, and hold no secrets")
  func notes() throws {
    let (scratch, fixture) = try Self.written()
    let notes = try Self.sets("session.har", in: scratch)[0].notes
    #expect(
      notes.contains(
        "bodies per endpoint: POST api.example.com/track 2, POST api.example.com/v1/batch 1, "
          + "POST logs.example.com/ingest 1, PUT upload.example.com/v1/blobs/7 1"))
    #expect(notes.contains("requests without a body, not measured: 2 (GET 1, OPTIONS 1)"))
    #expect(notes.contains("Content-Encoding undone before measuring: gzip 1"))
    for secret in fixture.secrets + ["SECRET"] {
      #expect(!notes.joined().contains(secret))
    }
  }

  @Test(
    "the gzip-encoded body the fixture stores is one the system gzip decodes to the original",
    .enabled(if: Judge.gzip.isAvailable, Comment(rawValue: Judge.gzip.missing)))
  func gzipJudgesTheStoredBody() throws {
    let decoded = try ProcessRunner.run("gzip", arguments: ["-dc"], stdin: HARFixture.gzipped())
    #expect(decoded.succeeded, "\(decoded.stderrText)")
    #expect(decoded.stdout == HARFixture.segmentBatch)
  }

  @Test("a .json file is recognised as a HAR by its content, other JSON stays a file")
  func detectionByContent() throws {
    let (scratch, _) = try Self.written("export.json")
    #expect(try CorpusSpec.parse("export.json", relativeTo: scratch.url).kind == .har)
    try scratch.write("plain.json", text: "[{\"log\": 1}]")
    #expect(try CorpusSpec.parse("plain.json", relativeTo: scratch.url).kind == .file)
    try scratch.write("logish.json", text: " \n{ \"logs\": [] }")
    #expect(try CorpusSpec.parse("logish.json", relativeTo: scratch.url).kind == .file)
  }

  @Test("url (glob or substring) and method filters choose the requests")
  func filters() throws {
    let (scratch, fixture) = try Self.written()
    let glob = try Self.config(
      #""kind": "har", "path": "session.har", "url": "https://api.example.com/*""#, in: scratch)
    #expect(glob[0].payloads == [fixture.bodies[0], fixture.bodies[2], fixture.bodies[4]])
    #expect(glob[0].notes.contains("2 requests left out by the url or method filter"))
    let substring = try Self.config(#""kind": "har", "path": "session.har", "url": "/v1/""#, in: scratch)
    #expect(substring[0].payloads == [fixture.bodies[1], fixture.bodies[2]])
    let put = try Self.config(#""kind": "har", "path": "session.har", "method": "put""#, in: scratch)
    #expect(put[0].payloads == [fixture.bodies[1]])
    #expect(throws: CorpusError.self) {
      try Self.config(#""kind": "har", "path": "session.har", "url": "nowhere.example""#, in: scratch)
    }
    // The fixture has no PATCH request: a filter that keeps nothing is the user's error, 64.
    let patch = #expect(throws: CorpusError.self) {
      try Self.config(#""kind": "har", "path": "session.har", "method": "PATCH""#, in: scratch)
    }
    #expect(patch?.exitCode == 64)
    #expect(patch?.description.contains("no request with a body") == true, "\(String(describing: patch))")
  }

  @Test("events=N regroups JSON-array bodies, element bytes kept, and measures other bodies whole")
  func eventsSplit() throws {
    let (scratch, fixture) = try Self.written()
    let sets = try Self.config(#""kind": "har", "path": "session.har", "split": "events=1""#, in: scratch)
    let events = try #require(try JSONSerialization.jsonObject(with: Data(fixture.bodies[0])) as? [Any])
    // Entry 0 is an array of two events: two payloads of one, then the four other bodies whole.
    #expect(sets[0].payloads.count == events.count + 4)
    #expect(sets[0].payloads[2...].map { Array($0) } == Array(fixture.bodies[1...]))
    let rejoined =
      "["
      + sets[0].payloads[0..<2].map { String(decoding: $0.dropFirst().dropLast(), as: UTF8.self) }
      .joined(separator: ",") + "]"
    #expect(Array(rejoined.utf8) == fixture.bodies[0])
    #expect(sets[0].notes.contains("events=1: 4 bodies are not JSON arrays and are measured whole"))
  }

  @Test("splits cut the bodies: bytes, lines (NDJSON)")
  func splits() throws {
    let (scratch, fixture) = try Self.written()
    let sets = try Self.config(
      #""kind": "har", "path": "session.har", "url": "ingest", "split": ["whole", "lines=1", "bytes=10"]"#,
      in: scratch)
    #expect(sets.map(\.split) == ["whole", "lines=1", "bytes=10"])
    #expect(
      sets[1].payloads.map { String(decoding: $0, as: UTF8.self) } == ["{\"a\":1}\n", "{\"b\":2}\n", "{\"c\":3}\n"])
    #expect(sets[2].payloads.count == 3)
    #expect(Array(sets[2].payloads.joined()) == fixture.bodies[3])
    #expect(throws: CorpusError.self) {
      try Self.config(#""kind": "har", "path": "session.har", "pattern": "*""#, in: scratch)
    }
  }

  @Test(
    "a malformed HAR is a data error (65) that says what and which entry",
    arguments: [
      ("{\"log\": [", "not JSON: line 1, column 10"),
      ("[1, 2]", "(top level): expected an object"),
      ("{\"log\": {\"version\": \"1.2\"}}", "has no \"log.entries\" list"),
      ("{\"entries\": []}", "has no \"log\" object"),
      (
        #"{"log": {"entries": [{"request": {"method": "GET", "url": "a"}}, {"request": {"method": "POST", "url": 7}}]}}"#,
        "entry 1 (log.entries[1]): request.url: expected a string"
      ),
      (
        #"{"log": {"entries": [{"request": {"method": "GET", "url": "a"}}, {"request": {"method": "POST", "url": "b", "postData": {"text": "not*base64", "encoding": "base64"}}}]}}"#,
        "entry 1 (log.entries[1]): request.postData.text is not valid base64"
      ),
      (
        #"{"log": {"entries": [{"request": {"method": "POST", "url": "b", "headers": [{"name": "Content-Encoding", "value": "gzip"}], "postData": {"text": "H4sIAAAAAAAAAw==", "encoding": "base64"}}}]}}"#,
        "entry 0 (log.entries[0]): the body's Content-Encoding cannot be undone"
      ),
      (#"{"log": {"entries": [{"response": {}}]}}"#, "entry 0 (log.entries[0]): has no \"request\" object"),
      (#"{"log": {"entries": [{"request": {"method": "GET", "url": "a"}}]}}"#, "has no request with a body"),
    ])
  func malformed(text: String, message: String) throws {
    let scratch = try ScratchDirectory("har-bad")
    try scratch.write("bad.har", text: text)
    do {
      _ = try Self.sets("bad.har", in: scratch)
      Issue.record("expected an error for \(text)")
    } catch let error as CorpusError {
      #expect(error.exitCode == 65, "\(error)")
      #expect(error.description.contains(message), "\(error)")
      #expect(error.description.contains("bad.har"))
    }
  }
}
