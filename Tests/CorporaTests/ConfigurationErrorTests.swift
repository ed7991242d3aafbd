import DeflateBenchCorpora
import Foundation
import TestSupport
import Testing

/// Every bad input of issue 3, point 6: the exit code and the words of the message.
@Suite("Configuration errors")
struct ConfigurationErrorTests {
  @Test func missingConfigurationFileIsMissingInput() {
    let url = URL(fileURLWithPath: "/nonexistent/deflatebench/corpora.json")
    #expect(throws: CorpusError.missingPath(path: url.path, role: "configuration file")) {
      try CorpusConfiguration.load(from: url)
    }
    let error = CorpusError.missingPath(path: url.path, role: "configuration file")
    #expect(error.exitCode == 66)
    #expect(error.description == "configuration file does not exist: /nonexistent/deflatebench/corpora.json")
  }

  @Test func invalidJSONGivesLineColumnAndExpectation() throws {
    let fixture = try ConfigurationFixture(
      "{\n  \"corpora\": [\n    {\"kind\": \"binary\" \"profile\": \"zeros\"}\n  ]\n}")
    let error = try #require(fixture.loadError())
    #expect(error.exitCode == 64)
    #expect(
      error.description
        == "\(fixture.file.path):3:23: invalid JSON: expected ',' or '}' after an object member, found '\"'")
  }

  @Test func emptyConfigurationFileIsInvalidJSON() throws {
    let fixture = try ConfigurationFixture("")
    let error = try #require(fixture.loadError())
    #expect(
      error
        == .invalidJSON(
          file: fixture.file.path, line: 1, column: 1, message: "expected a JSON value, found the end of the file"))
    #expect(error.exitCode == 64)
  }

  @Test(arguments: [
    (
      oneCorpus("\"kind\": \"json-events\", \"profile\": \"mixpanel\", \"count\": \"50\""),
      "corpora[0].count: expected a whole number"
    ),
    (
      oneCorpus("\"kind\": \"binary\", \"profile\": \"random\", \"seed\": -1"),
      "corpora[0].seed: expected a whole number from 0 to 18446744073709551615"
    ),
    (oneCorpus("\"kind\": 7"), "corpora[0].kind: expected a string"),
    ("{\"corpora\": {}}", "corpora: expected a list of corpus objects"),
    ("[1, 2]", "(top level): expected an object with a \"corpora\" list"),
  ])
  func wrongTypesNameTheField(json: String, message: String) throws {
    let fixture = try ConfigurationFixture(json)
    let error = try #require(fixture.loadError())
    #expect(error.description == "\(fixture.file.path): \(message)")
    #expect(error.exitCode == 64)
  }

  @Test func unknownKindListsKnownKinds() throws {
    let fixture = try ConfigurationFixture(oneCorpus("\"name\": \"x\", \"kind\": \"jsonevents\""))
    let error = try #require(fixture.loadError())
    #expect(error.exitCode == 64)
    #expect(
      error.description.hasSuffix(
        "corpus \"x\": unknown kind \"jsonevents\"; known kinds: file, directory, glob, json-events, binary, har"))
  }

  @Test(arguments: [
    ("json-events", "amplitude", "known profiles: mixpanel, segment, otlp-logs, sentry"),
    ("binary", "noise", "known profiles: random, zeros, sparse, records, image"),
  ])
  func unknownProfileListsKnownProfiles(kind: String, profile: String, known: String) throws {
    let fixture = try ConfigurationFixture(oneCorpus("\"kind\": \"\(kind)\", \"profile\": \"\(profile)\""))
    let error = try #require(fixture.loadError())
    #expect(error.exitCode == 64)
    #expect(error.description.hasSuffix("unknown \(kind) profile \"\(profile)\"; \(known)"))
  }

  @Test(arguments: [
    ("\"kind\": \"json-events\", \"profile\": \"segment\", \"count\": 0", "count must be at least 1, found 0"),
    ("\"kind\": \"json-events\", \"profile\": \"segment\", \"count\": -5", "count must be at least 1, found -5"),
    ("\"kind\": \"binary\", \"profile\": \"zeros\", \"bytes\": 0", "bytes must be at least 1, found 0"),
    (
      "\"kind\": \"json-events\", \"profile\": \"segment\", \"batch\": 0", "split events=0: the size must be at least 1"
    ),
    (
      "\"kind\": \"json-events\", \"profile\": \"segment\", \"split\": {\"events\": 0}",
      "split events=0: the size must be at least 1"
    ),
    (
      "\"kind\": \"binary\", \"profile\": \"zeros\", \"split\": [{\"bytes\": 0}]",
      "split bytes=0: the size must be at least 1"
    ),
    (
      "\"kind\": \"json-events\", \"profile\": \"sentry\", \"split\": \"lines=0\"",
      "split lines=0: the size must be at least 1"
    ),
    (
      "\"kind\": \"json-events\", \"profile\": \"mixpanel\", \"split\": {\"events\": 5000}",
      "split events=5000 exceeds the mixpanel limit of 2000 events per request"
    ),
    (
      "\"kind\": \"binary\", \"profile\": \"zeros\", \"split\": {\"events\": 5}",
      "split events=5 needs kind \"json-events\" or \"har\"; use lines, bytes or whole"
    ),
    (
      "\"kind\": \"binary\", \"profile\": \"zeros\", \"split\": {\"lines\": 5}",
      "split lines=5 does not apply to binary data; use bytes or whole"
    ),
    (
      "\"kind\": \"binary\", \"profile\": \"zeros\", \"split\": []",
      "the split list is empty; give at least one split such as \"whole\""
    ),
    (
      "\"kind\": \"binary\", \"profile\": \"zeros\", \"split\": [\"whole\", \"whole\"]",
      "split whole is listed more than once"
    ),
    (
      "\"kind\": \"binary\", \"profile\": \"zeros\", \"split\": {\"chunk\": 5}",
      "unknown split \"chunk\"; known splits: whole, bytes, events, lines"
    ),
    (
      "\"kind\": \"binary\", \"profile\": \"zeros\", \"split\": {\"bytes\": 5, \"lines\": 2}",
      "a split object has exactly one key (bytes, events or lines), found bytes, lines"
    ),
    (
      "\"kind\": \"json-events\", \"profile\": \"segment\", \"batch\": 5, \"split\": \"whole\"",
      "give either \"split\" or \"batch\", not both"
    ),
    (
      "\"kind\": \"binary\", \"profile\": \"zeros\", \"splits\": \"whole\"",
      "unknown key \"splits\"; kind \"binary\" takes: name, kind, split, description, dictionary, profile, bytes, seed"
    ),
    (
      "\"kind\": \"binary\", \"profile\": \"zeros\", \"count\": 5",
      "key \"count\" does not apply to kind \"binary\"; kind \"binary\" takes: name, kind, split, description, dictionary, profile, bytes, seed"
    ),
  ])
  func impossibleParametersAreRejected(members: String, message: String) throws {
    let fixture = try ConfigurationFixture(oneCorpus(members))
    let error = try #require(fixture.loadError())
    #expect(error.exitCode == 64)
    #expect(error.description.hasSuffix(message), "\(error)")
  }

  @Test func missingFileIsNamedAndMissingInput() throws {
    let fixture = try ConfigurationFixture(
      oneCorpus("\"name\": \"docs\", \"kind\": \"file\", \"path\": \"data/docs.json\""))
    let error = try #require(fixture.loadError())
    #expect(error.exitCode == 66)
    let expected = fixture.scratch.url.appendingPathComponent("data/docs.json").standardizedFileURL.path
    #expect(error.description == "\(fixture.file.path): corpus \"docs\" file does not exist: \(expected)")
  }

  @Test func missingFolderIsNamedAndMissingInput() throws {
    let fixture = try ConfigurationFixture(oneCorpus("\"kind\": \"directory\", \"path\": \"/nonexistent/uploads\""))
    let error = try #require(fixture.loadError())
    #expect(error.exitCode == 66)
    #expect(error.description.hasSuffix("corpus \"uploads\" folder does not exist: /nonexistent/uploads"))
  }

  /// A file of mode 0 that the reader may not read. Root reads everything (access(2) says yes
  /// to it), so as root, as CI runs, the built executable is started as `nobody` through
  /// setpriv: the kernel then really refuses, and the permission check is what answers.
  @Test(.enabled(if: Condition.unprivileged != nil, Comment(rawValue: Condition.unprivilegedMissing)))
  func unreadableFileIsMissingInput() throws {
    let fixture = try ConfigurationFixture(oneCorpus("\"kind\": \"file\", \"path\": \"secret.bin\""))
    let secret = try fixture.scratch.write("secret.bin", [1, 2, 3])
    // The folder and configuration stay readable to nobody; only the corpus file is shut.
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fixture.scratch.url.path)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: fixture.file.path)
    try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: secret.path)
    let command = try #require(Condition.unprivileged) + [try DeflateBenchExecutable.url.path]
    let result = try ProcessRunner.run(
      command[0], arguments: Array(command.dropFirst()) + ["corpora", "--config", fixture.file.path],
      currentDirectory: fixture.scratch.url.path)
    #expect(result.status == 66, "\(result.stderrText)")
    #expect(result.stderrText.contains("cannot be read: \(secret.path) (permission denied)"), "\(result.stderrText)")
  }

  @Test func emptyDirectoryIsRejected() throws {
    let fixture = try ConfigurationFixture(oneCorpus("\"kind\": \"directory\", \"path\": \"empty\""))
    try fixture.scratch.makeFolder("empty")
    try fixture.scratch.write("empty/.hidden", text: "hidden files do not count")
    let error = try #require(fixture.loadError())
    #expect(error.exitCode == 64)
    #expect(
      error.description.hasSuffix(
        "corpus \"empty\": directory holds no files (hidden files are skipped): \(fixture.scratch.path("empty"))"))
  }

  @Test func globWithoutMatchesIsRejected() throws {
    let fixture = try ConfigurationFixture(
      oneCorpus("\"name\": \"logs\", \"kind\": \"glob\", \"pattern\": \"*.ndjson\""))
    let error = try #require(fixture.loadError())
    #expect(error.exitCode == 64)
    #expect(error.description.hasSuffix("corpus \"logs\": glob pattern matches no files: *.ndjson"))
  }

  @Test func globWithMissingBaseFolderIsMissingInput() throws {
    let fixture = try ConfigurationFixture(
      oneCorpus("\"name\": \"logs\", \"kind\": \"glob\", \"pattern\": \"nowhere/*.log\""))
    let error = try #require(fixture.loadError())
    #expect(error.exitCode == 66)
    #expect(
      error.description.hasSuffix("corpus \"logs\" glob base folder does not exist: \(fixture.scratch.path("nowhere"))")
    )
  }

  @Test func topLevelProblems() throws {
    for (json, message) in [
      ("{}", "corpora: is required: the list of corpora to generate or read"),
      ("{\"corpora\": []}", "corpora: is empty; list at least one corpus"),
      (
        "{\"version\": 2, \"corpora\": [{\"kind\": \"binary\", \"profile\": \"zeros\"}]}",
        "version: must be 1, the only format version, found 2"
      ),
      (
        "{\"corpus\": [], \"corpora\": [{\"kind\": \"binary\", \"profile\": \"zeros\"}]}",
        "corpus: unknown key; known keys: version, seed, description, corpora"
      ),
      (
        oneCorpus("\"profile\": \"zeros\""),
        "corpora[0].kind: is required; known kinds: file, directory, glob, json-events, binary, har"
      ),
      (oneCorpus("\"kind\": \"file\""), "corpora[0].path: is required for kind \"file\""),
      (
        oneCorpus("\"kind\": \"binary\""),
        "corpora[0].profile: is required for kind \"binary\"; known profiles: random, zeros, sparse, records, image"
      ),
      (
        oneCorpus("\"name\": \"a/b\", \"kind\": \"binary\", \"profile\": \"zeros\""),
        "corpora[0].name: must not contain \"/\" (it names a folder when payloads are written)"
      ),
    ] {
      let fixture = try ConfigurationFixture(json)
      let error = try #require(fixture.loadError())
      #expect(error.description == "\(fixture.file.path): \(message)")
      #expect(error.exitCode == 64)
    }
  }

  @Test func kindMismatchWithThePath() throws {
    let fixture = try ConfigurationFixture(
      "{\"corpora\": [{\"name\": \"a\", \"kind\": \"file\", \"path\": \".\"}, {\"name\": \"b\", \"kind\": \"directory\", \"path\": \"corpora.json\"}]}"
    )
    let error = try #require(fixture.loadError())
    #expect(
      error.description.contains(
        "corpus \"a\": \(fixture.scratch.url.standardizedFileURL.path) is a folder; use kind \"directory\""))
    #expect(error.description.contains("corpus \"b\": \(fixture.file.path) is not a folder; use kind \"file\""))
  }

  @Test func duplicateNamesAreRejected() throws {
    let fixture = try ConfigurationFixture(
      "{\"corpora\": [{\"kind\": \"binary\", \"profile\": \"zeros\"}, {\"kind\": \"binary\", \"profile\": \"zeros\", \"bytes\": 10}]}"
    )
    let error = try #require(fixture.loadError())
    #expect(error.exitCode == 64)
    #expect(error.description.hasSuffix("corpus name \"zeros\" is used more than once; names must be unique"))
  }

  /// All problems come back in one report, before anything is generated: the 10-million-event
  /// corpus next to the broken ones is never built.
  @Test func everyProblemIsReportedAtOnce() throws {
    let fixture = try ConfigurationFixture(
      """
      {"corpora": [
        {"name": "huge", "kind": "json-events", "profile": "mixpanel", "count": 10000000},
        {"name": "bad-count", "kind": "json-events", "profile": "segment", "count": 0},
        {"name": "gone", "kind": "file", "path": "gone.json"},
        {"name": "odd", "kind": "binary", "profile": "pink"}
      ]}
      """)
    let error = try #require(fixture.loadError())
    let lines = error.description.split(separator: "\n").map(String.init)
    #expect(lines.first == "\(fixture.file.path): 3 problems:")
    #expect(lines.count == 4)
    #expect(lines[1].hasSuffix("corpus \"bad-count\": count must be at least 1, found 0"))
    #expect(lines[2].contains("corpus \"gone\" file does not exist"))
    #expect(
      lines[3].hasSuffix("unknown binary profile \"pink\"; known profiles: random, zeros, sparse, records, image"))
    #expect(error.exitCode == 64)
  }

  @Test func onlyMissingInputsMeansMissingInput() throws {
    let fixture = try ConfigurationFixture(
      "{\"corpora\": [{\"name\": \"a\", \"kind\": \"file\", \"path\": \"a.json\"}, {\"name\": \"b\", \"kind\": \"file\", \"path\": \"b.json\"}]}"
    )
    let error = try #require(fixture.loadError())
    #expect(error.exitCode == 66)
    #expect(error.description.hasPrefix("\(fixture.file.path): 2 problems:"))
  }

  @Test func writeFailureIsCannotCreate() throws {
    let scratch = try ScratchDirectory("write-fail")
    let blocker = try scratch.write("blocker", text: "a file where a folder should go")
    let set = try CorpusSpec.parse("binary:zeros:bytes=10").makePayloadSet(split: .whole)
    #expect(throws: CorpusError.self) { try PayloadWriter.write([set], to: blocker) }
    do {
      try PayloadWriter.write([set], to: blocker)
    } catch {
      #expect(error.exitCode == 73)
      #expect(error.description.hasPrefix("cannot write \(blocker.path)/zeros"))
    }
  }
}
