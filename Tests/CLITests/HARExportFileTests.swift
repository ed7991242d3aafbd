import Foundation
import TestSupport
import Testing

/// HAR files in the shapes Firefox, mitmproxy and Charles export, and HAR 1.2's form fields
/// without a body text, read through the built executable (`corpora --write`) byte for byte.
/// The files are in Tests/Fixtures/har-exports (made by its make-fixtures.py, whose comments
/// say which exporter source each shape follows); the gzip body in charles.har was compressed
/// by Python's gzip, not by us.
@Suite("HAR exports of Firefox, mitmproxy and Charles through the executable")
struct HARExportFileTests {
  static let fixtures = DeflateBenchExecutable.packageRoot.appendingPathComponent("Tests/Fixtures/har-exports")
  static let batch = #"[{"event":"view","id":1,"path":"/p/42"},{"event":"buy","id":2,"sku":"SKU-42","price":19.99}]"#
  static let track = #"{"event":"add_to_cart","properties":{"distinct_id":"u-7","sku":"SKU-9","qty":2}}"#

  struct Expectation: Sendable, CustomTestStringConvertible {
    var file: String
    var bodies: [[UInt8]]
    var extensions: [String]
    var notes: [String]
    var testDescription: String { file }
  }

  static let expectations = [
    Expectation(
      file: "firefox.har",
      bodies: [Array(batch.utf8), Array("user=ada&next=%2Fcart%3Fx%3D1".utf8)], extensions: ["json", "bin"],
      notes: [
        "bodies per endpoint: POST api.example.com/v1/batch 1, POST shop.example.com/login 1",
        "requests without a body, not measured: 1 (GET 1)",
      ]),
    Expectation(
      file: "mitmproxy.har",
      bodies: [Array(batch.utf8), Array("q=red+shoes&page=2".utf8)], extensions: ["json", "bin"],
      notes: [
        "requests without a body, not measured: 1 (GET 1)",
        "1 bodies were stored decoded under a Content-Encoding header (as mitmproxy and browsers export them)",
      ]),
    Expectation(
      file: "charles.har",
      bodies: [Array(batch.utf8), Array(track.utf8), (0..<96).map { UInt8(($0 * 73 + 11) % 256) }],
      extensions: ["json", "json", "pb"],
      notes: [
        "bodies per endpoint: POST api.example.com/v1/batch 1, POST api.example.com/v1/track 1, PUT upload.example.com/v1/blob 1",
        "Content-Encoding undone before measuring: gzip 1",
      ]),
    Expectation(
      file: "form-params.har",
      bodies: [
        Array("user=ada+lovelace&next=%2Fcart%3Fx%3D1%26y%3D%C3%BC&remember=".utf8),
        Array(
          ("------WebKitFormBoundary7MA4YWxkTrZu0gW\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nGrüße\r\n"
            + "------WebKitFormBoundary7MA4YWxkTrZu0gW\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\n"
            + "line 1\r\nline 2\r\n------WebKitFormBoundary7MA4YWxkTrZu0gW\r\n"
            + "Content-Disposition: form-data; name=\"file\"; filename=\"hello.txt\"\r\nContent-Type: text/plain\r\n\r\n"
            + "Hello World\r\n------WebKitFormBoundary7MA4YWxkTrZu0gW--\r\n").utf8),
        Array(
          ("--DeflateBenchFormBoundary\r\nContent-Disposition: form-data; name=\"foo\"\r\n\r\nbar\r\n"
            + "--DeflateBenchFormBoundary--\r\n").utf8),
      ],
      extensions: ["bin", "bin", "bin"],
      notes: [
        "form bodies rebuilt from postData.params (the HAR holds the fields, not the bytes sent; "
          + "percent-encoding or boundary may differ): multipart 2, urlencoded 1"
      ]),
  ]

  func deflateBench(_ arguments: [String], in scratch: ScratchDirectory) throws -> ProcessOutput {
    try ProcessRunner.run(
      try DeflateBenchExecutable.url.path, arguments: arguments, currentDirectory: scratch.url.path,
      timeoutSeconds: 300)
  }

  func copyFixture(_ name: String, into scratch: ScratchDirectory) throws {
    try scratch.write(name, [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(name))))
  }

  @Test("corpora --write gives each export's request bodies byte for byte, with the notes", arguments: expectations)
  func bodies(_ expected: Expectation) throws {
    let scratch = try ScratchDirectory("har-export")
    try copyFixture(expected.file, into: scratch)
    let listing = try deflateBench(["corpora", "--corpus", expected.file, "--json", "--write", "out"], in: scratch)
    #expect(listing.status == 0, "\(listing.stderrText)")
    for (index, body) in expected.bodies.enumerated() {
      let number = String(index + 1)
      let name =
        "out/\(expected.file)/whole/" + String(repeating: "0", count: 6 - number.count) + number + "."
        + expected.extensions[index]
      let written = try [UInt8](Data(contentsOf: scratch.url.appendingPathComponent(name)))
      #expect(written == body, "\(name): \(String(decoding: written, as: UTF8.self))")
    }
    let corpus = try #require(
      ((try JSONSerialization.jsonObject(with: Data(listing.stdout))) as? [[String: Any]])?.first)
    #expect(corpus["kind"] as? String == "har")
    #expect(corpus["payloads"] as? Int == expected.bodies.count)
    let notes = corpus["notes"] as? [String] ?? []
    for note in expected.notes {
      #expect(notes.contains { $0.hasPrefix(note) }, "missing note \(note) in \(notes)")
    }
    #expect(!(listing.stdoutText + listing.stderrText).contains("SECRET"))
  }

  /// An independent judge of the rebuilt form bodies: Python's urllib and email parsers read
  /// each body back into the very fields the HAR lists (names, values, file names and types).
  @Test(
    "Python parses each body rebuilt from postData.params back into the HAR's fields",
    .enabled(if: Judge.python3.isAvailable, Comment(rawValue: Judge.python3.missing)))
  func formBodiesParseBack() throws {
    let python = try #require(Judge.python3.path)
    let scratch = try ScratchDirectory("har-forms")
    try copyFixture("form-params.har", into: scratch)
    let listing = try deflateBench(["corpora", "--corpus", "form-params.har", "--write", "out"], in: scratch)
    #expect(listing.status == 0, "\(listing.stderrText)")
    let judge = try ProcessRunner.run(
      python, arguments: ["-c", Self.parseBack, "form-params.har", "out/form-params.har/whole"],
      currentDirectory: scratch.url.path)
    #expect(judge.status == 0, "\(judge.stdoutText)\(judge.stderrText)")
    #expect(judge.stdoutText == "3 form bodies match their fields\n", "\(judge.stdoutText)")
  }

  static let parseBack = #"""
    import email, email.policy, json, sys, urllib.parse
    har, folder = sys.argv[1], sys.argv[2]
    entries = json.load(open(har, encoding="utf-8"))["log"]["entries"]
    checked = 0
    for index, entry in enumerate(entries):
        post = entry["request"]["postData"]
        body = open("%s/%06d.bin" % (folder, index + 1), "rb").read()
        wanted = [(p["name"], p["value"], p.get("fileName"), p.get("contentType")) for p in post["params"]]
        if post["mimeType"].startswith("multipart/form-data"):
            boundary = post["mimeType"].partition("boundary=")[2] or "DeflateBenchFormBoundary"
            head = ("Content-Type: multipart/form-data; boundary=%s\r\n\r\n" % boundary).encode()
            message = email.message_from_bytes(head + body, policy=email.policy.HTTP)
            found = []
            for part in message.iter_parts():
                name = part.get_param("name", header="content-disposition")
                filename = part.get_filename()
                found.append((name, part.get_payload(decode=True).decode("utf-8"), filename,
                              part.get_content_type() if filename else None))
        else:
            found = [(name, value, None, None)
                     for name, value in urllib.parse.parse_qsl(body.decode("ascii"), keep_blank_values=True)]
        if found != wanted:
            print("entry %d: %r != %r" % (index, found, wanted))
            sys.exit(1)
        checked += 1
    print("%d form bodies match their fields" % checked)
    """#

  @Test("run measures all four exports in one run, every body verified")
  func runMeasuresTheExports() throws {
    let scratch = try ScratchDirectory("har-export-run")
    var arguments = ["run", "--allow-debug", "--quick", "--backends", "zlib", "--levels", "1", "--out", "out"]
    for expected in Self.expectations {
      try copyFixture(expected.file, into: scratch)
      arguments += ["--corpus", expected.file]
    }
    let run = try deflateBench(arguments, in: scratch)
    #expect(run.status == 0, "\(run.stderrText)")
    let results = try #require(try scratch.jsonObject("out/results.json"))
    let corpora = try #require(results["corpora"] as? [[String: Any]])
    #expect(corpora.compactMap { $0["payloads"] as? Int } == Self.expectations.map(\.bodies.count))
    #expect(
      corpora.compactMap { $0["bytes"] as? Int } == Self.expectations.map { $0.bodies.reduce(0) { $0 + $1.count } })
    let cells = try #require(results["cells"] as? [[String: Any]])
    #expect(!cells.isEmpty && cells.allSatisfy { $0["verified"] as? Bool == true })
  }
}
