import DeflateBenchCorpora
import Foundation
import TestSupport
import Testing

@Suite("File, directory and glob corpora")
struct FileCorpusTests {
  /// A small tree: nested folders, a hidden file and folder, an empty file.
  private func makeTree() throws -> ScratchDirectory {
    let scratch = try ScratchDirectory("tree")
    try scratch.write("data/b.json", text: "{\"b\":1}")
    try scratch.write("data/a.json", text: "{\"a\":1}")
    try scratch.write("data/sub/c.ndjson", text: "{\"c\":1}\n{\"c\":2}\n")
    try scratch.write("data/sub/deeper/d1.json", text: "[1]")
    try scratch.write("data/sub/deeper/d2.log", text: "log line")
    try scratch.write("data/empty.json", [])
    try scratch.write("data/.secret.json", text: "hidden")
    try scratch.write("data/.git/config", text: "hidden folder")
    return scratch
  }

  @Test func directoryIsRecursiveSortedAndSkipsHidden() throws {
    let scratch = try makeTree()
    let definition = try CorpusSpec.parse(scratch.path("data"))
    #expect(definition.name == "data")
    #expect(definition.kind == .directory)
    guard case .directory(_, let files) = definition.source else {
      Issue.record("expected a directory source")
      return
    }
    let relative = files.map { String($0.dropFirst(scratch.path("data").count + 1)) }
    #expect(relative == ["a.json", "b.json", "empty.json", "sub/c.ndjson", "sub/deeper/d1.json", "sub/deeper/d2.log"])
    let set = try definition.makePayloadSets()[0]
    #expect(set.payloads.count == 6)
    #expect(set.payloads[2] == [])
    #expect(set.split == "whole")
    #expect((0..<6).map(set.fileExtension(ofPayload:)) == ["json", "json", "json", "ndjson", "json", "log"])
  }

  @Test(arguments: [
    ("data/*.json", ["a.json", "b.json", "empty.json"]),
    ("data/?.json", ["a.json", "b.json"]),
    ("data/[a-b].json", ["a.json", "b.json"]),
    ("data/[!a].json", ["b.json"]),
    ("data/**/*.json", ["a.json", "b.json", "empty.json", "sub/deeper/d1.json"]),
    ("data/**", ["a.json", "b.json", "empty.json", "sub/c.ndjson", "sub/deeper/d1.json", "sub/deeper/d2.log"]),
    ("data/sub/**/d?.*", ["sub/deeper/d1.json", "sub/deeper/d2.log"]),
    ("data/.*.json", [".secret.json"]),
    ("data/sub/c.ndjson", ["sub/c.ndjson"]),
  ])
  func globPatterns(pattern: String, expected: [String]) throws {
    let scratch = try makeTree()
    // Patterns are relative to the configuration file's folder: put the config beside `data`.
    let config = try scratch.write(
      "corpora.json", text: oneCorpus("\"name\": \"g\", \"kind\": \"glob\", \"pattern\": \"\(pattern)\""))
    let definition = try CorpusConfiguration.load(from: config).corpora[0]
    guard case .glob(_, let files) = definition.source else {
      Issue.record("expected a glob source")
      return
    }
    #expect(files.map { String($0.dropFirst(scratch.path("data").count + 1)) } == expected)
  }

  @Test func absoluteGlobFromTheCommandLine() throws {
    let scratch = try makeTree()
    let definition = try CorpusSpec.parse(scratch.path("data") + "/*.json")
    #expect(definition.kind == .glob)
    #expect(try definition.makePayloadSets()[0].payloads.count == 3)
  }

  @Test func fileCorpusIsNamedAfterItsFile() throws {
    let scratch = try makeTree()
    let definition = try CorpusSpec.parse("data/a.json", relativeTo: scratch.url)
    #expect(definition.name == "a.json")
    #expect(try definition.makePayloadSets()[0].payloads == [Array("{\"a\":1}".utf8)])
  }

  @Test func sameFileNamesOnTheCommandLineGetSuffixes() throws {
    let scratch = try makeTree()
    try scratch.write("other/a.json", text: "{}")
    let configuration = try CorpusConfiguration(specs: ["data/a.json", "other/a.json"], relativeTo: scratch.url)
    #expect(configuration.corpora.map(\.name) == ["a.json", "a.json-2"])
  }

  /// 10,000 small files: resolved, read and hashed, one payload each, in sorted order.
  @Test func directoryOfTenThousandFiles() throws {
    let scratch = try ScratchDirectory("many")
    let folder = try scratch.makeFolder("many")
    for bucket in 0..<20 {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(bucket < 10 ? "0\(bucket)" : "\(bucket)"), withIntermediateDirectories: true)
    }
    // Plain open/write/close: FileManager writes atomically (temporary file and rename), which
    // would make this setup, not the code under test, the slow part.
    for index in 0..<10_000 {
      let bucket = index % 20
      let number = String(index)
      let name =
        (bucket < 10 ? "0\(bucket)" : "\(bucket)") + "/file-" + String(repeating: "0", count: 5 - number.count)
        + number + ".json"
      let descriptor = open(folder.appendingPathComponent(name).path, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
      try #require(descriptor >= 0)
      let body = Array("{\"i\":\(index)}".utf8)
      #expect(body.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == body.count)
      close(descriptor)
    }
    let configuration = try CorpusConfiguration(specs: [folder.path])
    let sets = try configuration.makePayloadSets()
    #expect(sets[0].payloads.count == 10_000)
    #expect(String(decoding: sets[0].payloads[0], as: UTF8.self) == "{\"i\":0}")
    #expect(String(decoding: sets[0].payloads[1], as: UTF8.self) == "{\"i\":20}")
    #expect(sets[0].totalBytes == (0..<10_000).reduce(0) { $0 + "{\"i\":\($1)}".utf8.count })
  }
}
